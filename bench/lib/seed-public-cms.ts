import { sql } from 'drizzle-orm';
import type { Db } from '../../src/lib/db/client.server.ts';
import { rowsOf } from './seed-users.ts';

export interface PublicCmsSeed {
  /** Published partners: what GET /api/public/cms/partner answers. */
  published: number;
  /** A draft partner the write-under-load measurement edits (a draft: no site rebuild). */
  draftUuid: string;
}

/**
 * Seeds the api section's CMS rows with SQL before the server answers anything: `count`
 * published partners (no images, like a partner list before logos are uploaded) and one draft.
 */
export async function seedPublicCms(db: Db, count = 24): Promise<PublicCmsSeed> {
  // A rerun against PostgreSQL (BENCH_DATABASE_URL) replaces the previous run's rows.
  await db.execute(sql`delete from cms_items where cms_type = 'partner' and title like 'Bench % partner%'`);
  await db.execute(sql`
    insert into cms_items (cms_type, title, description, link, display_order, status, published_at)
    select 'partner', 'Bench public partner ' || g, 'Partner organisation number ' || g || ' of the programme.',
           'https://partner' || g || '.example.org/', g, 'published', now()
    from generate_series(1, ${count}::int) as g
  `);
  const [draft] = rowsOf(
    await db.execute(sql`
      insert into cms_items (cms_type, title, display_order, status)
      values ('partner', 'Bench draft partner', 0, 'draft')
      returning uuid
    `),
  );
  return { published: count, draftUuid: String(draft!['uuid']) };
}
