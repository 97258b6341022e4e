import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { recordAudit } from '../audit/service.server.ts';
import type { Db } from '../db/client.server.ts';
import { bestPractices, bestPracticeSections, formComments, users } from '../db/schema.ts';
import type { FileStore } from '../storage/file-store.server.ts';
import { DEMO_PRACTICES, type DemoPractice } from './demo-data.ts';
import { storePracticeImage } from './media.server.ts';
import { AUDIT_ENTITY, COMMENT_FORM } from './queries.server.ts';
import { sectionRowsOf } from './sections.server.ts';

/** A calm illustration of the practice's scene, drawn as SVG (no download, no text). */
export function demoSvg(p: Pick<DemoPractice, 'palette' | 'scene'>, width = 1600, height = 1000): string {
  const [deep, light, accent] = p.palette;
  const ground = height * 0.7;
  const buildings = Array.from({ length: 14 }, (_, i) => {
    const w = 70 + ((i * 37) % 60);
    const h = 120 + ((i * 83) % 260);
    return (
      `<rect x="${i * 118}" y="${ground - h}" width="${w}" height="${h}" fill="${deep}" ` +
      `opacity="${0.55 + (i % 3) * 0.12}"/>`
    );
  }).join('');
  const trees = Array.from(
    { length: 11 },
    (_, i) =>
      `<circle cx="${60 + i * 150}" cy="${ground - 30}" r="${38 + (i % 3) * 10}" fill="${accent}" opacity="0.85"/>`,
  ).join('');
  const stalls = Array.from(
    { length: 8 },
    (_, i) => `<path d="M${i * 200 + 20} ${ground + 40} l90 -70 l90 70 z" fill="${accent}"/>`,
  ).join('');
  const waves = Array.from(
    { length: 6 },
    (_, i) =>
      `<path d="M0 ${ground + 40 + i * 45} q 200 -25 400 0 t 400 0 t 400 0 t 400 0" stroke="${light}" ` +
      `stroke-width="6" fill="none"/>`,
  ).join('');
  const windows = Array.from(
    { length: 7 },
    (_, i) => `<rect x="${330 + i * 86}" y="${ground - 70}" width="60" height="45" rx="6" fill="${light}"/>`,
  ).join('');
  const scenes: Record<DemoPractice['scene'], string> = {
    river:
      `${buildings}<path d="M0 ${ground} C 400 ${ground - 40}, 900 ${ground + 80}, ${width} ${ground - 20} ` +
      `L ${width} ${height} L 0 ${height} Z" fill="${light}"/>${trees}`,
    skyline:
      `${buildings}<rect y="${ground}" width="${width}" height="${height - ground}" fill="${accent}" ` +
      `opacity="0.35"/>`,
    market: `${buildings}${stalls}<rect ` + `y="${ground + 40}" width="${width}" height="${height}" fill="${light}"/>`,
    green:
      `${trees}${trees.replace(/cy="[\d.]+"/g, `cy="${ground + 80}"`)}<rect y="${ground + 120}" width="${width}" ` +
      `height="${height}" fill="${deep}" opacity="0.4"/>`,
    coast:
      `<rect y="${ground}" width="${width}" height="${height}" fill="${accent}" ` + `opacity="0.6"/>${waves}${trees}`,
    transit:
      `${buildings}<rect y="${ground}" width="${width}" height="${height}" fill="#334155"/><rect x="300" ` +
      `y="${ground - 90}" width="640" height="120" rx="24" ` +
      `fill="${accent}"/>${windows}`,
  };
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/>` +
    `<stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>` +
    `<circle cx="${width * 0.8}" cy="${height * 0.22}" r="80" fill="#fde68a" opacity="0.9"/>${scenes[p.scene]}</svg>`
  );
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * Example practices for `npm start` (DESIGN: demo data is never in the reference seed the
 * tests use): a dozen across countries, themes and statuses, each marked `demo`, with covers
 * drawn here and passed through the same image pipeline as uploads. Runs once.
 */
export async function seedDemoPractices(db: Db, storage: FileStore): Promise<void> {
  const [existing] = await db
    .select({ id: bestPractices.id })
    .from(bestPractices)
    .where(eq(bestPractices.demo, true))
    .limit(1);
  if (existing) return;
  const idOf = async (email: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? null;
  const member = await idOf('member@apua.example');
  const admin = await idOf('admin@apua.example');
  for (const [i, p] of DEMO_PRACTICES.entries()) {
    const author = p.author === 'member' ? member : admin;
    const created = new Date(Date.now() - (120 - i * 7) * DAY);
    const [row] = await db
      .insert(bestPractices)
      .values({
        demo: true,
        title: p.title,
        countryCode: p.country,
        city: p.city,
        lat: p.lat,
        lng: p.lng,
        leadOrganisation: p.lead,
        orgType: p.orgType,
        partners: p.partners,
        startDate: p.start,
        endDate: p.end,
        ongoing: p.end === null,
        categories: p.categories,
        sdgTargets: p.sdg,
        nuaThrusts: p.thrusts,
        summary: p.summary,
        writtenIn: 'en',
        narrative: p.narrative,
        figures: p.figures,
        keyDates: [{ date: p.start, label: 'Work began' }],
        contactName: 'Demonstration contact',
        contactEmail: 'focal.point@apua.example',
        status: p.status,
        featured: p.featured ?? false,
        createdBy: author,
        updatedBy: author,
        createdAt: created,
        updatedAt: created,
        submittedAt: p.status === 'draft' ? null : new Date(created.getTime() + 10 * DAY),
        publishedAt:
          p.status === 'published' || p.status === 'archived' ? new Date(created.getTime() + 20 * DAY) : null,
      })
      .returning();
    const png = await sharp(Buffer.from(demoSvg(p)))
      .png()
      .toBuffer();
    const { image } = await storePracticeImage(storage, row!.uuid, png, {
      crop: null,
      caption: `${p.city}: illustration`,
      credit: 'Illustration for demonstration',
    });
    await db
      .update(bestPractices)
      .set({ images: [{ ...image, isCover: true }] })
      .where(eq(bestPractices.id, row!.id));
    const sections = sectionRowsOf(p.narrative);
    if (sections.length)
      await db
        .insert(bestPracticeSections)
        .values(sections.map((s) => ({ ...s, practiceId: row!.id, updatedBy: author, updatedAt: created })));
    /** One step of the practice's history in its audit log: `from` → `to` by `actorId`. */
    const step = (actorId: number | null, action: string, from: string | null, to: string, note?: string) =>
      recordAudit(db, {
        actorId,
        entity: AUDIT_ENTITY,
        entityId: row!.uuid,
        action,
        ...(from === null ? {} : { before: { status: from } }),
        after: { status: to },
        ...(note === undefined ? {} : { note }),
      });
    await step(author, 'create', null, 'draft');
    if (p.status !== 'draft') await step(author, 'submit', 'draft', 'submitted');
    if (p.status === 'changes_requested') {
      await db.insert(formComments).values({
        form: COMMENT_FORM,
        instance: row!.uuid,
        question: 'results',
        body: 'Please add what changed after the first rainy season, with figures if you have them.',
        authorId: admin,
      });
      await step(
        admin,
        'request_changes',
        'submitted',
        'changes_requested',
        'Thank you. The results section needs evidence of impact before we can publish.',
      );
    }
    if (p.status === 'published' || p.status === 'archived') await step(admin, 'publish', 'submitted', 'published');
    if (p.status === 'archived') await step(admin, 'archive', 'published', 'archived');
  }
}
