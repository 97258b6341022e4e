import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { recordAudit } from '../audit/service.server.ts';
import { demoSvg } from '../best-practices/demo.server.ts';
import type { Db } from '../db/client.server.ts';
import { auditEvents, nationalReports } from '../db/schema.ts';
import type { FileStore } from '../storage/file-store.server.ts';
import { storeCover } from './cover-service.server.ts';

/** Two published demo reports get a cover: an illustration drawn here (no download). */
const DEMO_COVERS = [
  {
    year: 2026,
    country: 'ID',
    palette: ['#0f4c5c', '#cde7ea', '#e36414'],
    scene: 'river',
    alt: 'Illustration: a city by a river at sunrise, with trees along the bank (demonstration picture)',
  },
  {
    year: 2026,
    country: 'MY',
    palette: ['#283d3b', '#d8e2dc', '#197278'],
    scene: 'transit',
    alt: 'Illustration: a tram passing in front of city towers (demonstration picture)',
  },
] as const;

/**
 * Covers for `npm start`'s demo reports (never in tests), passed through the same pipeline as
 * uploads. Each is given once: a report whose cover was ever changed (a `cover` event) is left
 * as the person left it.
 */
export async function seedDemoReportCovers(db: Db, storage: FileStore): Promise<void> {
  for (const demo of DEMO_COVERS) {
    const [report] = await db
      .select()
      .from(nationalReports)
      .where(
        and(
          eq(nationalReports.year, demo.year),
          eq(nationalReports.countryCode, demo.country),
          eq(nationalReports.demo, true),
          eq(nationalReports.status, 'published'),
        ),
      );
    if (!report || report.cover) continue;
    const [changed] = await db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entity, 'national_report'),
          eq(auditEvents.entityId, report.uuid),
          eq(auditEvents.action, 'cover'),
        ),
      )
      .limit(1);
    if (changed) continue;
    const png = await sharp(Buffer.from(demoSvg({ palette: [...demo.palette], scene: demo.scene })))
      .png()
      .toBuffer();
    const { cover } = await storeCover(storage, report.uuid, png);
    await db.transaction(async (tx) => {
      await tx.update(nationalReports).set({ cover, coverAlt: demo.alt }).where(eq(nationalReports.id, report.id));
      await recordAudit(tx, {
        actorId: null,
        entity: 'national_report',
        entityId: report.uuid,
        action: 'cover',
        before: { cover: null },
        after: { cover: cover.url, cover_alt: demo.alt },
        note: 'Demonstration data',
      });
    });
  }
}
