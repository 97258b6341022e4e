import { eq, inArray } from 'drizzle-orm';
import type { AuthedUser } from '../http/context.server.ts';
import type { Db } from '../db/client.server.ts';
import { recordAudit, type DbOrTx } from '../audit/service.server.ts';
import { bestPracticeCategories, bestPractices } from '../db/schema.ts';
import { ApiError, notFound, StaleWriteError } from '../http/errors.server.ts';
import { missingForSubmission } from './completeness.ts';
import { toNarrative, type PracticeRow } from './mappers.server.ts';
import { AUDIT_ENTITY, findPractice, practiceDetail } from './queries.server.ts';
import { FORM_SECTIONS, type PracticeAction, type PracticeSaveInput, type PracticeStatus, type SectionKey } from './schema.ts';
import type { StoredAttachment, StoredImage } from './stored.ts';
import { canEditContent, transition, type PracticeActor } from './workflow.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function invalid(field: string, message: string): ApiError {
  return new ApiError(400, `Invalid body: check ${field}`, { [field]: [message] });
}

/** The row, locked for the transaction, after checking the version the client sent. */
export async function lockForWrite(tx: Tx, uuid: string, version: number | undefined): Promise<PracticeRow> {
  const [row] = await tx.select().from(bestPractices).where(eq(bestPractices.uuid, uuid)).for('update');
  if (!row) throw notFound('No best practice with this id');
  if (version === undefined) throw invalid('version', 'is required: send the version of the practice you read');
  if (row.version !== version) {
    const found = await findPractice(tx, uuid);
    throw new StaleWriteError(await practiceDetail(tx, found!.row, found!.country));
  }
  return row;
}

async function checkCategories(db: DbOrTx, slugs: readonly string[] | undefined): Promise<void> {
  if (!slugs || slugs.length === 0) return;
  const known = await db.select({ slug: bestPracticeCategories.slug }).from(bestPracticeCategories).where(inArray(bestPracticeCategories.slug, [...slugs]));
  const unknown = slugs.filter((s) => !known.some((k) => k.slug === s));
  if (unknown.length > 0) throw invalid('categories', `unknown category ${unknown.join(', ')}`);
}

/** Row values for the fields the body carries; the others keep theirs. */
function changedValues(input: PracticeSaveInput, before: PracticeRow | null): Partial<typeof bestPractices.$inferInsert> {
  const v: Partial<typeof bestPractices.$inferInsert> = {};
  const set = <K extends keyof typeof v>(key: K, value: (typeof v)[K] | undefined) => {
    if (value !== undefined) v[key] = value;
  };
  set('title', input.title);
  set('countryCode', input.country_code);
  set('city', input.city);
  set('lat', input.lat);
  set('lng', input.lng);
  set('leadOrganisation', input.lead_organisation);
  set('orgType', input.org_type);
  set('partners', input.partners);
  set('startDate', input.start_date);
  set('endDate', input.end_date);
  set('ongoing', input.ongoing);
  set('categories', input.categories && [...new Set(input.categories)]);
  set('sdgTargets', input.sdg_targets && [...new Set(input.sdg_targets)]);
  set('nuaThrusts', input.nua_thrusts && [...new Set(input.nua_thrusts)]);
  set('summary', input.summary);
  if (input.narrative) {
    const merged = { ...toNarrative(before?.narrative ?? {}) };
    for (const [key, value] of Object.entries(input.narrative)) if (value !== undefined) merged[key as keyof typeof merged] = value;
    v.narrative = merged;
  }
  set('figures', input.figures);
  set('keyDates', input.key_dates && [...input.key_dates].sort((a, b) => a.date.localeCompare(b.date)));
  set('links', input.links);
  if (input.contact) {
    set('contactName', input.contact.name);
    set('contactEmail', input.contact.email);
    set('contactPhone', input.contact.phone);
  }
  return v;
}

function checkPeriod(row: { startDate: string | null; endDate: string | null; ongoing: boolean }): void {
  if (row.startDate && row.endDate && row.endDate < row.startDate) throw invalid('end_date', 'must not be before the start date');
  if (row.ongoing && row.endDate) throw invalid('end_date', 'must be empty for an ongoing practice');
}

/** The images kept by a save, in the order sent, with captions and exactly one cover. */
function keptImages(current: readonly StoredImage[], sent: NonNullable<PracticeSaveInput['images']>): StoredImage[] {
  const kept = sent.map((s) => {
    const found = current.find((i) => i.id === s.id);
    if (!found) throw invalid('images', `no uploaded image ${s.id}: upload it first`);
    return { ...found, caption: s.caption === undefined ? found.caption : s.caption, credit: s.credit === undefined ? found.credit : s.credit, isCover: s.is_cover };
  });
  return withOneCover(kept);
}

export function withOneCover(images: StoredImage[]): StoredImage[] {
  const cover = images.findIndex((i) => i.isCover);
  return images.map((i, index) => ({ ...i, isCover: index === (cover === -1 ? 0 : cover) }));
}

function keptAttachments(current: readonly StoredAttachment[], sent: NonNullable<PracticeSaveInput['attachments']>): StoredAttachment[] {
  return sent.map((s) => {
    const found = current.find((a) => a.id === s.id);
    if (!found) throw invalid('attachments', `no uploaded document ${s.id}: upload it first`);
    return { ...found, title: s.title };
  });
}

export interface SaveResult {
  before: PracticeRow | null;
  after: PracticeRow;
  /** Images and documents the save dropped: their files go once the change is committed. */
  dropped: { images: StoredImage[]; attachments: StoredAttachment[] };
}

/** Creates a practice in `input.country_code` (a draft of `auth`'s). */
export async function createPractice(db: Db, input: PracticeSaveInput, auth: AuthedUser): Promise<SaveResult> {
  if (!input.title) throw invalid('title', 'is required');
  if (!input.country_code) throw invalid('country_code', 'is required');
  if (input.images?.length) throw invalid('images', 'upload images after the practice is first saved');
  if (input.attachments?.length) throw invalid('attachments', 'upload documents after the practice is first saved');
  await checkCategories(db, input.categories);
  const values = changedValues(input, null);
  checkPeriod({ startDate: values.startDate ?? null, endDate: values.endDate ?? null, ongoing: values.ongoing ?? false });
  return db.transaction(async (tx) => {
    const [after] = await tx
      .insert(bestPractices)
      .values({ ...values, title: input.title!, countryCode: input.country_code!, createdBy: auth.user.id, updatedBy: auth.user.id })
      .returning();
    await recordAudit(tx, { actorId: auth.user.id, entity: AUDIT_ENTITY, entityId: after!.uuid, action: 'create', after });
    return { before: null, after: after!, dropped: { images: [], attachments: [] } };
  });
}

/**
 * Updates the practice `uuid` if it is still at `version` (else a 409 with the practice as it
 * is now). `mayEdit` checks the row found (scope, authorship, workflow) inside the transaction.
 */
export async function updatePractice(
  db: Db,
  uuid: string,
  input: PracticeSaveInput,
  version: number | undefined,
  auth: AuthedUser,
  mayEdit: (row: PracticeRow) => void,
): Promise<SaveResult> {
  await checkCategories(db, input.categories);
  return db.transaction(async (tx) => {
    const before = await lockForWrite(tx, uuid, version);
    mayEdit(before);
    const values = changedValues(input, before);
    const images = input.images ? keptImages(before.images, input.images) : before.images;
    const attachments = input.attachments ? keptAttachments(before.attachments, input.attachments) : before.attachments;
    checkPeriod({ startDate: values.startDate ?? before.startDate, endDate: values.endDate ?? before.endDate, ongoing: values.ongoing ?? before.ongoing });
    const [after] = await tx
      .update(bestPractices)
      .set({ ...values, images, attachments, version: before.version + 1, updatedAt: new Date(), updatedBy: auth.user.id })
      .where(eq(bestPractices.id, before.id))
      .returning();
    await recordAudit(tx, { actorId: auth.user.id, entity: AUDIT_ENTITY, entityId: uuid, action: 'update', before, after });
    return {
      before,
      after: after!,
      dropped: {
        images: before.images.filter((i) => !images.some((k) => k.id === i.id)),
        attachments: before.attachments.filter((a) => !attachments.some((k) => k.id === a.id)),
      },
    };
  });
}

/**
 * Moves the practice through the workflow (workflow.ts decides), recording the transition with
 * its note: the timeline is read back from these records.
 */
export async function transitionPractice(
  db: Db,
  uuid: string,
  body: { action: PracticeAction; note?: string | null },
  version: number | undefined,
  auth: AuthedUser,
  actor: PracticeActor,
  mayAct: (row: PracticeRow) => void,
): Promise<{ before: PracticeRow; after: PracticeRow }> {
  return db.transaction(async (tx) => {
    const before = await lockForWrite(tx, uuid, version);
    mayAct(before);
    const status = before.status as PracticeStatus;
    const result = transition(status, body.action, actor, body.note);
    if (!result.ok) {
      if (result.kind === 'note') throw invalid('note', result.reason.toLowerCase().replace(/^write/, 'is required: write'));
      throw new ApiError(result.kind === 'role' ? 403 : 409, result.reason);
    }
    if (body.action === 'submit') {
      const missing = missingForSubmission({
        title: before.title,
        city: before.city,
        lead_organisation: before.leadOrganisation,
        start_date: before.startDate,
        categories: before.categories,
        summary: before.summary,
        narrative: toNarrative(before.narrative),
        images: before.images,
        attachments: before.attachments,
        links: before.links,
        contact: { name: before.contactName, email: before.contactEmail },
      });
      if (missing.length > 0) {
        const label = (key: SectionKey) => FORM_SECTIONS.find((s) => s.key === key)!.label;
        throw new ApiError(
          400,
          `Complete these sections before submitting: ${missing.map(label).join(', ')}`,
          Object.fromEntries(missing.map((key) => [key, ['must be filled in before submitting']])),
        );
      }
    }
    const now = new Date();
    const changes: Partial<typeof bestPractices.$inferInsert> = { status: result.next };
    if (body.action === 'submit') changes.submittedAt = now;
    if (body.action === 'publish') changes.publishedAt = now;
    if (body.action === 'feature') changes.featured = true;
    if (body.action === 'unfeature' || body.action === 'archive') changes.featured = false;
    const [after] = await tx
      .update(bestPractices)
      .set({ ...changes, version: before.version + 1, updatedAt: now, updatedBy: auth.user.id })
      .where(eq(bestPractices.id, before.id))
      .returning();
    await recordAudit(tx, {
      actorId: auth.user.id,
      entity: AUDIT_ENTITY,
      entityId: uuid,
      action: body.action,
      before: { status: before.status, featured: before.featured },
      after: { status: after!.status, featured: after!.featured },
      note: body.note ?? null,
    });
    return { before, after: after! };
  });
}

/** Deletes the practice (its comments go with it); the files are the caller's to remove after. */
export async function deletePractice(db: Db, row: PracticeRow, auth: AuthedUser): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(bestPractices).where(eq(bestPractices.id, row.id)).returning();
    if (!deleted) throw notFound('No best practice with this id');
    await recordAudit(tx, { actorId: auth.user.id, entity: AUDIT_ENTITY, entityId: row.uuid, action: 'delete', before: deleted });
  });
}

export { canEditContent };
