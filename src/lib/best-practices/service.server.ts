import { eq, inArray } from 'drizzle-orm';
import type { AppDeps, AuthedUser } from '../deps.server.ts';
import type { AuditEvent, DbOrTx } from '../audit/service.server.ts';
import { bestPracticeCategories, bestPractices } from '../db/schema.ts';
import type { Tx, Write } from '../events/change-bus.server.ts';
import type { ChangeEvent } from '../events/change-events.ts';
import { ApiError, notFound, StaleWriteError } from '../http/errors.server.ts';
import { missingForSubmission } from './completeness.ts';
import { toNarrative, type PracticeRow } from './mappers.server.ts';
import { keysOfImage, practiceFolder } from './media.server.ts';
import { AUDIT_ENTITY, COMMENT_FORM, findPractice, practiceDetail } from './queries.server.ts';
import { FORM_SECTIONS, type PracticeAction, type PracticeSaveInput, type SectionKey } from './schema.ts';
import type { StoredAttachment, StoredImage } from './stored.ts';
import { copyColumns, isPublicChange } from '../site/publication-copies.server.ts';
import { contextOf, filesInUse, filesOfDroppedCopy, publicCopyOf } from './public-copy.server.ts';
import { transition, type PracticeActor } from './workflow.ts';
import { saveNarrativeIn } from './sections.server.ts';
import { deleteFormComments } from '../questionnaires/comments.server.ts';
import { PracticeStatusSchema } from './schema.ts';
import { say } from '../i18n/said.ts';

/**
 * The writes of best practices (DESIGN.md §12, §13, §15): each in one transaction through the
 * change bus, holding the change, its audit event and its change event. An event's `site` says
 * whether the public library shows the change (the practice was or becomes published): the bus's
 * standing subscribers then clear the public cache and queue the site's rebuild.
 */

/** A practice's change event: the practice, its country and the event's own fields. */
export function practiceEvent(
  type: `practice.${string}` & ChangeEvent['type'],
  row: PracticeRow,
  change: { actorId: number; site: boolean; data?: Record<string, unknown> },
): ChangeEvent {
  // Every practice event carries the practice and its country (ChangeEventMap); TypeScript cannot follow the union
  // here.
  return {
    type,
    data: { uuid: row.uuid, country: row.countryCode, ...change.data },
    actorId: change.actorId,
    site: change.site,
  } as ChangeEvent;
}

/** The events of workflow actions. */
const ACTION_EVENTS = {
  submit: 'practice.submitted',
  withdraw: 'practice.withdrawn',
  request_changes: 'practice.returned',
  reject: 'practice.rejected',
  publish: 'practice.published',
  archive: 'practice.archived',
  unarchive: 'practice.restored',
  feature: 'practice.featured',
  unfeature: 'practice.unfeatured',
  revise: 'practice.revised',
} as const satisfies Record<PracticeAction, ChangeEvent['type']>;

export function invalid(field: string, message: string): ApiError {
  return new ApiError(400, say('Invalid {what}: check {fields}', { what: 'body', fields: field }), {
    [field]: [message],
  });
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

/** What one versioned change of a practice's row records beside its new values. */
export interface PracticeChange {
  actorId: number;
  /** The row's new values (the version, updatedAt and updatedBy follow). */
  set: Partial<typeof bestPractices.$inferInsert>;
  at?: Date;
  /** The audit event's action and what it keeps, given the row as written. */
  audit: (after: PracticeRow) => Pick<AuditEvent, 'action' | 'before' | 'after' | 'note'>;
  event: `practice.${string}` & ChangeEvent['type'];
  data?: Record<string, unknown>;
}

/**
 * Writes `change` to the locked row `before` as its next version, with its audit event and its
 * change event (a change of the public site when the practice was or becomes published).
 */
export async function writePracticeRow(w: Write, before: PracticeRow, change: PracticeChange): Promise<PracticeRow> {
  const [after] = await w.tx
    .update(bestPractices)
    .set({ ...change.set, version: before.version + 1, updatedAt: change.at ?? new Date(), updatedBy: change.actorId })
    .where(eq(bestPractices.id, before.id))
    .returning();
  await w.audit({ actorId: change.actorId, entity: AUDIT_ENTITY, entityId: before.uuid, ...change.audit(after!) });
  await w.emit(
    practiceEvent(change.event, after!, {
      actorId: change.actorId,
      site: isPublicChange(before, after!),
      data: change.data ?? {},
    }),
  );
  return after!;
}

async function checkCategories(db: DbOrTx, slugs: readonly string[] | undefined): Promise<void> {
  if (!slugs || slugs.length === 0) return;
  const known = await db
    .select({ slug: bestPracticeCategories.slug })
    .from(bestPracticeCategories)
    .where(inArray(bestPracticeCategories.slug, [...slugs]));
  const unknown = slugs.filter((s) => !known.some((k) => k.slug === s));
  if (unknown.length > 0) throw invalid('categories', `unknown category ${unknown.join(', ')}`);
}

/** Row values for the fields the body carries; the others keep theirs. */
function changedValues(
  input: PracticeSaveInput,
  before: PracticeRow | null,
): Partial<typeof bestPractices.$inferInsert> {
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
  set('writtenIn', input.written_in);
  if (input.narrative) {
    const merged = { ...toNarrative(before?.narrative ?? {}) };
    for (const [key, value] of Object.entries(input.narrative))
      if (value !== undefined) merged[key as keyof typeof merged] = value;
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
  if (row.startDate && row.endDate && row.endDate < row.startDate)
    throw invalid('end_date', 'must not be before the start date');
  if (row.ongoing && row.endDate) throw invalid('end_date', 'must be empty for an ongoing practice');
}

/** The images kept by a save, in the order sent, with captions and exactly one cover. */
function keptImages(current: readonly StoredImage[], sent: NonNullable<PracticeSaveInput['images']>): StoredImage[] {
  const kept = sent.map((s) => {
    const found = current.find((i) => i.id === s.id);
    if (!found) throw invalid('images', `no uploaded image ${s.id}: upload it first`);
    return {
      ...found,
      caption: s.caption === undefined ? found.caption : s.caption,
      credit: s.credit === undefined ? found.credit : s.credit,
      isCover: s.is_cover,
    };
  });
  return withOneCover(kept);
}

export function withOneCover(images: StoredImage[]): StoredImage[] {
  const cover = images.findIndex((i) => i.isCover);
  return images.map((i, index) => ({ ...i, isCover: index === (cover === -1 ? 0 : cover) }));
}

function keptAttachments(
  current: readonly StoredAttachment[],
  sent: NonNullable<PracticeSaveInput['attachments']>,
): StoredAttachment[] {
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
export async function createPractice(deps: AppDeps, input: PracticeSaveInput, auth: AuthedUser): Promise<SaveResult> {
  const { db } = deps;
  if (!input.title) throw invalid('title', 'is required');
  if (!input.country_code) throw invalid('country_code', 'is required');
  if (input.images?.length) throw invalid('images', 'upload images after the practice is first saved');
  if (input.attachments?.length) throw invalid('attachments', 'upload documents after the practice is first saved');
  await checkCategories(db, input.categories);
  const values = changedValues(input, null);
  checkPeriod({
    startDate: values.startDate ?? null,
    endDate: values.endDate ?? null,
    ongoing: values.ongoing ?? false,
  });
  return deps.changes.write(db, async (w) => {
    const [after] = await w.tx
      .insert(bestPractices)
      .values({
        ...values,
        title: input.title!,
        countryCode: input.country_code!,
        createdBy: auth.user.id,
        updatedBy: auth.user.id,
      })
      .returning();
    // Sections given at creation become the engine's first answers (decision 047).
    if (input.narrative) await saveNarrativeIn(deps, w, auth, after!, input.narrative);
    await w.audit({ actorId: auth.user.id, entity: AUDIT_ENTITY, entityId: after!.uuid, action: 'create', after });
    await w.emit(practiceEvent('practice.saved', after!, { actorId: auth.user.id, site: false }));
    return { before: null, after: after!, dropped: { images: [], attachments: [] } };
  });
}

/**
 * Updates the practice `uuid` if it is still at `version` (else a 409 with the practice as it
 * is now). `mayEdit` checks the row found (scope, authorship, workflow) inside the transaction.
 * The files of the images and documents the save dropped go once it is committed.
 */
export async function updatePractice(
  deps: AppDeps,
  uuid: string,
  input: PracticeSaveInput,
  version: number | undefined,
  auth: AuthedUser,
  mayEdit: (row: PracticeRow) => void,
): Promise<SaveResult> {
  await checkCategories(deps.db, input.categories);
  const result = await deps.changes.write(deps.db, async (w): Promise<SaveResult> => {
    const { tx } = w;
    const before = await lockForWrite(tx, uuid, version);
    mayEdit(before);
    // The narrative sections are answers of the questionnaire engine (decision 047): saved through it, with an audit
    // event each.
    const narrative = input.narrative ? await saveNarrativeIn(deps, w, auth, before, input.narrative) : undefined;
    const values = changedValues(narrative ? { ...input, narrative } : input, before);
    const images = input.images ? keptImages(before.images, input.images) : before.images;
    const attachments = input.attachments ? keptAttachments(before.attachments, input.attachments) : before.attachments;
    checkPeriod({
      startDate: values.startDate ?? before.startDate,
      endDate: values.endDate ?? before.endDate,
      ongoing: values.ongoing ?? before.ongoing,
    });
    const after = await writePracticeRow(w, before, {
      actorId: auth.user.id,
      set: { ...values, images, attachments },
      audit: (row) => ({ action: 'update', before, after: row }),
      event: 'practice.saved',
    });
    return {
      before,
      after,
      dropped: {
        images: before.images.filter((i) => !images.some((k) => k.id === i.id)),
        attachments: before.attachments.filter((a) => !attachments.some((k) => k.id === a.id)),
      },
    };
  });
  const dropped = [...result.dropped.images.flatMap(keysOfImage), ...result.dropped.attachments.map((a) => a.key)];
  // Files shared with a kept image (the same picture uploaded twice) stay, and so do those of the published copy the
  // public library keeps.
  const inUse = filesInUse(result.after);
  await deps.storage.delete(dropped.filter((k) => !inUse.has(k))).catch(() => {});
  return result;
}

/**
 * Moves the practice through the workflow (workflow.ts decides), recording the transition with
 * its note: the timeline is read back from these records.
 */
export async function transitionPractice(
  deps: AppDeps,
  uuid: string,
  body: { action: PracticeAction; note?: string | null },
  version: number | undefined,
  auth: AuthedUser,
  actor: PracticeActor,
  mayAct: (row: PracticeRow) => void,
): Promise<{ before: PracticeRow; after: PracticeRow }> {
  const done = await deps.changes.write(deps.db, async (w) => {
    const { tx } = w;
    const before = await lockForWrite(tx, uuid, version);
    mayAct(before);
    const status = PracticeStatusSchema.parse(before.status);
    const result = transition(status, body.action, actor, body.note, contextOf(before));
    if (!result.ok) {
      if (result.kind === 'note')
        throw invalid('note', result.reason.toLowerCase().replace(/^write/, 'is required: write'));
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
          say('Complete these sections before submitting: {sections}', { sections: missing.map(label).join(', ') }),
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
    Object.assign(changes, await publicCopyChanges(before, body.action, now));
    const flags = (row: PracticeRow) => ({
      status: row.status,
      featured: row.featured,
      public_copy: row.publishedSnapshot !== null,
    });
    const after = await writePracticeRow(w, before, {
      actorId: auth.user.id,
      set: changes,
      at: now,
      audit: (row) => ({ action: body.action, before: flags(before), after: flags(row), note: body.note ?? null }),
      event: ACTION_EVENTS[body.action],
      data: body.action === 'request_changes' || body.action === 'reject' ? { note: body.note ?? null } : {},
    });
    return { before, after };
  });
  // The files only the dropped public copy used (pictures the revision replaced) go once it is committed.
  await deps.storage.delete(filesOfDroppedCopy(done.before, done.after)).catch(() => {});
  return done;
}

/**
 * The kept public copy (decisions 033, 066): "Revise" keeps the practice as the public library
 * shows it; publishing the new version or archiving drops the copy (the row is public, or nothing is).
 */
async function publicCopyChanges(before: PracticeRow, action: PracticeAction, now: Date) {
  const change =
    action === 'revise' ? 'revise' : action === 'publish' ? 'publish' : action === 'archive' ? 'withdraw' : null;
  return change ? copyColumns(before, change, () => publicCopyOf(before), now) : {};
}

/** Deletes the practice (its comments go with it), then its files. */
export async function deletePractice(deps: AppDeps, row: PracticeRow, auth: AuthedUser): Promise<void> {
  await deps.changes.write(deps.db, async (w) => {
    const [deleted] = await w.tx.delete(bestPractices).where(eq(bestPractices.id, row.id)).returning();
    if (!deleted) throw notFound('No best practice with this id');
    await deleteFormComments(w.tx, { form: COMMENT_FORM, instance: row.uuid });
    await w.audit({
      actorId: auth.user.id,
      entity: AUDIT_ENTITY,
      entityId: row.uuid,
      action: 'delete',
      before: deleted,
    });
    await w.emit(
      practiceEvent('practice.deleted', deleted, { actorId: auth.user.id, site: isPublicChange(deleted, null) }),
    );
  });
  await deps.storage.deleteFolder(practiceFolder(row.uuid));
}
