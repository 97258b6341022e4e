import { asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { editorOf, updater, updaterColumns } from '../db/editors.server.ts';
import { trustedAuthorities } from '../db/schema.ts';
import { certificateFromPem, type TrustedAuthority as Trusted } from './cms-verify.server.ts';
import type { TrustedAuthority } from './schema.ts';

export type AuthorityRow = typeof trustedAuthorities.$inferSelect;
type AuthorityWithEditor = AuthorityRow & { updaterId: number | null; updaterName: string | null };

export function toTrustedAuthority(row: AuthorityWithEditor): TrustedAuthority {
  return {
    uuid: row.uuid,
    country_code: row.countryCode,
    name: row.name,
    subject: row.subject,
    fingerprint: row.fingerprint,
    not_before: row.notBefore.toISOString(),
    not_after: row.notAfter.toISOString(),
    note: row.note,
    demo: row.demo,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    created_by: editorOf(row),
  };
}

function selectAuthorities(db: DbOrTx) {
  return db
    .select({ authority: trustedAuthorities, ...updaterColumns })
    .from(trustedAuthorities)
    .leftJoin(updater, eq(updater.id, trustedAuthorities.createdBy));
}

const withEditor = (row: {
  authority: AuthorityRow;
  updaterId: number | null;
  updaterName: string | null;
}): AuthorityWithEditor => ({
  ...row.authority,
  updaterId: row.updaterId,
  updaterName: row.updaterName,
});

/** Every trusted authority: the region's first, then by country, then by name. */
export async function listAuthorities(db: DbOrTx): Promise<TrustedAuthority[]> {
  const rows = await selectAuthorities(db).orderBy(
    sql`${trustedAuthorities.countryCode} is not null`,
    asc(trustedAuthorities.countryCode),
    asc(trustedAuthorities.name),
    asc(trustedAuthorities.id),
  );
  return rows.map((row) => toTrustedAuthority(withEditor(row)));
}

export async function findAuthority(db: DbOrTx, uuid: string): Promise<TrustedAuthority | null> {
  const [row] = await selectAuthorities(db).where(eq(trustedAuthorities.uuid, uuid));
  return row ? toTrustedAuthority(withEditor(row)) : null;
}

/**
 * The authorities a signature on a report of `countryCode` may chain to: the region's and the
 * country's own, as certificates (a stored PEM that no longer reads is left out).
 */
export async function trustedFor(db: DbOrTx, countryCode: string): Promise<Trusted[]> {
  const rows = await db
    .select({ name: trustedAuthorities.name, pem: trustedAuthorities.pem })
    .from(trustedAuthorities)
    .where(or(isNull(trustedAuthorities.countryCode), eq(trustedAuthorities.countryCode, countryCode.toUpperCase())));
  return rows.flatMap((row) => {
    const certificate = certificateFromPem(row.pem);
    return certificate ? [{ name: row.name, certificate }] : [];
  });
}
