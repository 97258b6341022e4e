import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../audit/service.server.ts';
import { questions, subcategories } from '../db/schema.ts';
import type { Write } from '../events/change-bus.server.ts';
import type { AppDeps, AuthedUser } from '../deps.server.ts';
import { ApiError, notFound, StaleWriteError } from '../http/errors.server.ts';
import { overStored } from '../http/schema.ts';
import { keepLockedWordings, recountOpenCycles } from './answers.server.ts';
import { loadCatalogue } from './question-catalogue.server.ts';
import { listQuestions, toQuestion } from './questions.server.ts';
import { QuestionSaveBodySchema, type Question, type QuestionReorderBodySchema } from './question-schema.ts';
import { keepWording } from './question-versions.server.ts';
import { sameWording } from './question-versions.ts';
import { NUMERIC_ANSWER_TYPES } from '../questionnaires/schema.ts';
import { say } from '../i18n/said.ts';

type CleanQuestion = z.output<typeof QuestionSaveBodySchema>;

const fieldError = (field: string, message: string) =>
  new ApiError(400, say('Invalid {what}: check {fields}', { what: 'body', fields: field }), { [field]: [message] });

/** What a question's save may change: every field of the body but the key and the version. */
const QUESTION_FIELDS = Object.keys(QuestionSaveBodySchema.shape).filter(
  (field) => field !== 'uuid' && field !== 'version',
);

/**
 * The body of POST question/saved laid over the stored question it names, if there is one: fields
 * an update leaves out keep their value (DESIGN.md §12) instead of falling back to a new
 * question's defaults. Checked by QuestionSaveBodySchema afterwards.
 */
export async function overStoredQuestion(db: DbOrTx, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const uuid = body['uuid'];
  if (typeof uuid !== 'string' || !z.uuid().safeParse(uuid).success) return body;
  const [row] = await db.select().from(questions).where(eq(questions.uuid, uuid));
  return row ? overStored(QUESTION_FIELDS, toQuestion(row), body) : body;
}

/**
 * After a question write, in its transaction: the open cycles' reports recount their completeness
 * on the catalogue as the transaction now has it.
 */
async function afterQuestionWrite(w: Write): Promise<void> {
  await recountOpenCycles(w, () => loadCatalogue(w.tx));
}

/**
 * The question's checks name questions of the form (decision 078): another question in use, a number for a
 * comparison, and a value the other question can have for "required if"; 400 on the check's field otherwise.
 */
async function checkReviewRules(tx: DbOrTx, body: CleanQuestion): Promise<void> {
  if (body.checks.length === 0) return;
  const rows = await tx
    .select({ code: questions.code, answerType: questions.answerType, options: questions.options })
    .from(questions)
    .where(and(inArray(questions.code, [...new Set(body.checks.map((c) => c.other))]), isNull(questions.retiredAt)));
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const errors: Record<string, string[]> = {};
  body.checks.forEach((check, i) => {
    const other = check.other === body.code ? undefined : byCode.get(check.other);
    const problem = !other
      ? check.other === body.code
        ? 'must name another question'
        : say('names no question of the form: {code}', { code: check.other })
      : check.kind === 'compare'
        ? compareProblem(body.answer_type, other.answerType)
        : equalsProblem(other.answerType, other.options, check.equals);
    if (problem) (errors[`checks.${i}.${problem === EQUALS ? 'equals' : 'other'}`] ??= []).push(problem);
  });
  const fields = Object.keys(errors);
  if (fields.length)
    throw new ApiError(400, say('Invalid {what}: check {fields}', { what: 'body', fields: fields.join(', ') }), errors);
}

const NUMERIC: readonly string[] = NUMERIC_ANSWER_TYPES;
const EQUALS = 'is not a value the other question can have';

function compareProblem(own: string, other: string): string | null {
  if (!NUMERIC.includes(own)) return 'only a figure can be compared with another question';
  return NUMERIC.includes(other) ? null : 'must name a question answered with a figure';
}

function equalsProblem(type: string, options: readonly { value: string }[], equals: unknown): string | null {
  if (type === 'yn') return typeof equals === 'boolean' ? null : EQUALS;
  if (type === 'single' || type === 'multi') return options.some((o) => o.value === equals) ? null : EQUALS;
  if (NUMERIC.includes(type)) return typeof equals === 'number' ? null : EQUALS;
  return EQUALS;
}

/** Questions are shown by the public site (reports, open data): every change of one is a site change. */
const SITE = true;

/**
 * POST question/saved (admin): creates a question or updates the one named by `uuid` against
 * the version read. A new question joins the forms from the current year's cycle on.
 */
export async function saveQuestion(deps: AppDeps, auth: AuthedUser, body: CleanQuestion): Promise<Question> {
  return deps.changes.write(deps.db, async (w) => {
    const { tx } = w;
    const [sub] = await tx.select().from(subcategories).where(eq(subcategories.code, body.subcategory));
    if (!sub) throw fieldError('subcategory', 'is not a known subcategory');
    if (sub.thrustCode !== body.thrust)
      throw fieldError('subcategory', say('does not belong to thrust {thrust}', { thrust: body.thrust }));
    const [sameCode] = await tx.select({ uuid: questions.uuid }).from(questions).where(eq(questions.code, body.code));
    if (sameCode && sameCode.uuid !== body.uuid) throw fieldError('code', 'is already used by another question');
    await checkReviewRules(tx, body);
    const values = {
      code: body.code,
      thrustCode: body.thrust,
      subcategoryCode: body.subcategory,
      questionTier: body.question_tier,
      text: body.text,
      help: body.help,
      answerType: body.answer_type,
      unit: body.unit,
      options: body.options,
      min: body.min,
      max: body.max,
      expectedMin: body.expected_min,
      expectedMax: body.expected_max,
      decimals: body.decimals,
      parts: body.parts,
      withText: body.with_text,
      textLabel: body.text_label,
      compulsory: body.compulsory,
      sdgRefs: body.sdg_refs,
      sdgTier: body.sdg_tier,
      nuaParagraphs: body.nua_paragraphs,
      sourceHint: body.source_hint,
      expectedChange: body.expected_change,
      checks: body.checks,
      updatedAt: new Date(),
      updatedBy: auth.user.id,
    };
    if (body.uuid) {
      // FOR NO KEY UPDATE: an answer save that references the question (a foreign key's KEY SHARE) is
      // not blocked by it, so it cannot wait on this while holding the report this needs next.
      const [current] = await tx.select().from(questions).where(eq(questions.uuid, body.uuid)).for('no key update');
      if (!current) throw notFound('There is no question with this id');
      if (body.version === undefined) throw fieldError('version', 'is required to change a question');
      if (body.version !== current.version) throw new StaleWriteError(toQuestion(current));
      // A new wording is a new version of the question: locked reports keep the one they answered (decision 026).
      const reworded = !sameWording(toQuestion(current), toQuestion({ ...current, ...values }));
      if (reworded) {
        await keepWording(tx, current.id, current.wordingVersion, toQuestion(current), current.updatedBy);
        await keepLockedWordings(w, { id: current.id, n: current.wordingVersion });
      }
      const wordingVersion = current.wordingVersion + (reworded ? 1 : 0);
      const [after] = await tx
        .update(questions)
        .set({ ...values, wordingVersion, version: current.version + 1 })
        .where(eq(questions.id, current.id))
        .returning();
      if (reworded) await keepWording(tx, current.id, wordingVersion, toQuestion(after!), auth.user.id);
      await w.audit({
        actorId: auth.user.id,
        entity: 'question',
        entityId: current.uuid,
        action: 'update',
        before: toQuestion(current),
        after: toQuestion(after!),
      });
      await afterQuestionWrite(w);
      await w.emit({ type: 'question.saved', data: { uuid: current.uuid }, actorId: auth.user.id, site: SITE });
      return toQuestion(after!);
    }
    const [{ next } = { next: 0 }] = await tx
      .select({ next: sql<number>`coalesce(max(${questions.sort}), 0)::int + 1` })
      .from(questions);
    // A question with the same code created meanwhile (a double click, two administrators) wins.
    const [created] = await tx
      .insert(questions)
      .values({ ...values, sort: Number(next), firstCycle: new Date().getUTCFullYear() })
      .onConflictDoNothing({ target: questions.code })
      .returning();
    if (!created) throw fieldError('code', 'is already used by another question');
    await keepWording(tx, created.id, created.wordingVersion, toQuestion(created), auth.user.id);
    await w.audit({
      actorId: auth.user.id,
      entity: 'question',
      entityId: created.uuid,
      action: 'create',
      after: toQuestion(created),
    });
    await afterQuestionWrite(w);
    await w.emit({ type: 'question.saved', data: { uuid: created.uuid }, actorId: auth.user.id, site: SITE });
    return toQuestion(created);
  });
}

/** POST question/reorder (admin): sort = position in the list sent; others keep theirs after. */
export async function reorderQuestions(
  deps: AppDeps,
  auth: AuthedUser,
  body: z.output<typeof QuestionReorderBodySchema>,
) {
  if (new Set(body.uuids).size !== body.uuids.length) throw fieldError('uuids', 'must not repeat a question');
  await deps.changes.write(deps.db, async (w) => {
    const { tx } = w;
    const rows = await tx
      .select({ id: questions.id, uuid: questions.uuid, sort: questions.sort, version: questions.version })
      .from(questions)
      .where(inArray(questions.uuid, body.uuids))
      .for('no key update');
    if (rows.length !== body.uuids.length) throw fieldError('uuids', 'names a question that does not exist');
    const byUuid = new Map(rows.map((r) => [r.uuid, r]));
    if (body.versions?.some((version, i) => byUuid.get(body.uuids[i]!)!.version !== version)) {
      throw new StaleWriteError(
        await listQuestions(tx, { includeRetired: true }),
        'Someone else changed the questions after you opened them',
      );
    }
    // Only the questions that really move change (and get a new version), so an edit of another one is not made stale.
    for (const [i, uuid] of body.uuids.entries()) {
      const row = byUuid.get(uuid)!;
      if (row.sort === i + 1) continue;
      await tx
        .update(questions)
        .set({ sort: i + 1, version: sql`${questions.version} + 1`, updatedAt: new Date(), updatedBy: auth.user.id })
        .where(eq(questions.id, row.id));
    }
    await w.audit({
      actorId: auth.user.id,
      entity: 'question',
      entityId: 'order',
      action: 'reorder',
      before: rows.map((r) => ({ uuid: r.uuid, sort: r.sort })),
      after: body.uuids.map((uuid, i) => ({ uuid, sort: i + 1 })),
    });
    // The order changes no form's questions or rules, so no form needs to recount.
    await w.emit({ type: 'question.reordered', data: { questions: rows.length }, actorId: auth.user.id, site: SITE });
  });
}

/** POST question/retire/{uuid} (admin): retires (or restores) a question against the version read; its answers stay. */
export async function retireQuestion(
  deps: AppDeps,
  auth: AuthedUser,
  uuid: string,
  body: { version: number; retired: boolean },
) {
  return deps.changes.write(deps.db, async (w) => {
    const { tx } = w;
    const [current] = await tx.select().from(questions).where(eq(questions.uuid, uuid)).for('no key update');
    if (!current) throw notFound('There is no question with this id');
    if (body.version !== current.version) throw new StaleWriteError(toQuestion(current));
    const [after] = await tx
      .update(questions)
      .set({
        retiredAt: body.retired ? (current.retiredAt ?? new Date()) : null,
        version: current.version + 1,
        updatedAt: new Date(),
        updatedBy: auth.user.id,
      })
      .where(and(eq(questions.id, current.id)))
      .returning();
    await w.audit({
      actorId: auth.user.id,
      entity: 'question',
      entityId: uuid,
      action: body.retired ? 'retire' : 'restore',
      before: toQuestion(current),
      after: toQuestion(after!),
    });
    await afterQuestionWrite(w);
    await w.emit({
      type: body.retired ? 'question.retired' : 'question.restored',
      data: { uuid },
      actorId: auth.user.id,
      site: SITE,
    });
    return toQuestion(after!);
  });
}
