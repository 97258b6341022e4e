import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { bestPractices, bestPracticeSections, countries } from '../db/schema.ts';
import type { AppDeps, AuthedUser } from '../deps.server.ts';
import type { Write } from '../events/change-bus.server.ts';
import { ApiError, notFound } from '../http/errors.server.ts';
import { personName } from '../national-reports/rows.server.ts';
import { readStoredAnswers } from '../questionnaires/answers-sql.server.ts';
import { FixedCatalogueCache } from '../questionnaires/fixed-catalogue.server.ts';
import type { FormDefinition } from '../questionnaires/forms.server.ts';
import { answerOut, saveAnswersIn } from '../questionnaires/save.server.ts';
import type { Answer, AnswerInput, Completeness } from '../questionnaires/schema.ts';
import { writeCheck } from './access.server.ts';
import type { PracticeRow } from './mappers.server.ts';
import { isPublicChange } from '../site/publication-copies.server.ts';
import { PracticeStatusSchema, type NarrativeKey, type PracticeStatus } from './schema.ts';
import { SECTION_QUESTIONS, sectionByKey } from './sections.ts';
import { say } from '../i18n/said.ts';

/**
 * A practice's narrative sections as a form of the questionnaire engine (decisions 023, 047): the
 * practice is the instance, the sections are the `txt` questions of a fixed catalogue, and the
 * review workflow decides in `admit` whether they take answers now. The engine validates, checks
 * each section's version, writes the answers with an audit event each and publishes the change
 * event; `best_practices.narrative` keeps a copy, written in the same transaction.
 */

/** The fixed catalogue's stamp: a new one (when the sections change in code) recounts completeness. */
const SECTIONS_STAMP = `practice-sections:${SECTION_QUESTIONS.length}:1`;
const sectionsCatalogue = new FixedCatalogueCache(SECTIONS_STAMP, SECTION_QUESTIONS);
/** The engine's data-year rules do not apply to text; any year will do. */
const OPTIONS = { dataYearMax: 2100 };
const actorOf = (auth: AuthedUser) => ({ id: auth.user.id, uuid: auth.user.uuid, name: personName(auth.user) });

export const practiceSectionsForm: FormDefinition<string, PracticeRow, AuthedUser> = {
  kind: 'practice_sections',
  answerEntity: 'best_practice_section',
  answers: {
    table: bestPracticeSections,
    id: bestPracticeSections.id,
    instance: bestPracticeSections.practiceId,
    question: bestPracticeSections.questionId,
    value: bestPracticeSections.value,
    text: bestPracticeSections.text,
    dataYear: bestPracticeSections.dataYear,
    source: bestPracticeSections.source,
    comment: bestPracticeSections.comment,
    explanation: bestPracticeSections.explanation,
    version: bestPracticeSections.version,
    updatedAt: bestPracticeSections.updatedAt,
    updatedBy: bestPracticeSections.updatedBy,
  },
  instances: {
    table: bestPractices,
    id: bestPractices.id,
    completeness: bestPractices.sectionCompleteness,
    basis: bestPractices.sectionBasis,
    updatedAt: bestPractices.updatedAt,
    updatedBy: bestPractices.updatedBy,
  },
  questionSource: () => sectionsCatalogue,
  keyOf: (uuid) => uuid,
  async load(db, keys, extra) {
    const query = db
      .select({ row: bestPractices, answers: extra.answers(bestPractices.id) })
      .from(bestPractices)
      // The join makes the query name its columns with their table (the answers' subquery has an `id` too).
      .innerJoin(countries, eq(countries.code, bestPractices.countryCode))
      .where(inArray(bestPractices.uuid, [...keys]))
      .orderBy(bestPractices.id)
      .$dynamic();
    const rows = await (extra.lock ? query.for('update', { of: bestPractices }) : query);
    return rows.map(({ row, answers }) => ({ key: row.uuid, instance: row, stamp: SECTIONS_STAMP, answers }));
  },
  missing: () => notFound('No best practice with this id'),
  instance: (catalogue, row) => ({
    id: row.id,
    auditId: row.uuid,
    completeness: row.sectionCompleteness,
    storedBasis: row.sectionBasis,
    basis: catalogue.stamp,
    options: OPTIONS,
    questions: catalogue.all,
  }),
  admit(row, auth) {
    // Scope, authorship and the workflow's turn (decision 010): 403 or 409 before anything is written.
    writeCheck(auth, 'edit')(row);
    return {
      actor: actorOf(auth),
      // Who may write at all is decided above: the ACL's create/update split of questionnaires does not apply.
      may: { create: true, update: true },
      effects: () => ({}),
      saved: (sections) => ({
        type: 'practice.sections.saved',
        data: { uuid: row.uuid, country: row.countryCode, sections },
        actorId: auth.user.id,
        site: isPublicChange(row, row),
      }),
    };
  },
  refusals: {
    create: 'Your role may not change this practice',
    update: 'Your role may not change this practice',
    stale: 'Someone else changed these sections after you opened the practice',
  },
};

/** The practice's section answers as stored, in the API's answer shape. */
export async function sectionAnswersOf(db: DbOrTx, practiceId: number): Promise<Answer[]> {
  const rows = await readStoredAnswers(db, practiceSectionsForm.answers, practiceId, null);
  const catalogue = sectionsCatalogue.catalogue;
  return SECTION_QUESTIONS.flatMap((s) => {
    const row = rows.find((r) => r.questionId === s.id);
    return row ? [answerOut(catalogue, practiceSectionsForm.kind, catalogue.byId.get(s.id)!, row, OPTIONS)] : [];
  });
}

/** The section rows of a narrative written directly (demonstration practices): version 1 of each section written. */
export function sectionRowsOf(
  narrative: Partial<Record<NarrativeKey, string | null>>,
): { questionId: number; value: string }[] {
  return SECTION_QUESTIONS.flatMap((s) => (narrative[s.key] ? [{ questionId: s.id, value: narrative[s.key]! }] : []));
}

/** The narrative as the saved answers leave it (the copy `best_practices.narrative` keeps). */
function narrativeOf(answers: readonly Answer[]): Partial<Record<NarrativeKey, string | null>> {
  const out: Partial<Record<NarrativeKey, string | null>> = {};
  for (const answer of answers) {
    const s = SECTION_QUESTIONS.find((q) => q.question.uuid === answer.question_uuid)!;
    out[s.key] = typeof answer.value === 'string' ? answer.value : null;
  }
  return out;
}

/**
 * Inside `updatePractice`'s write (POST best-practice/saved, whose version is the practice's):
 * the narrative sections the body sends, saved through the engine on the versions read under the
 * practice's lock. Returns the narrative as stored; 400s name `narrative.<key>` as before.
 */
export async function saveNarrativeIn(
  deps: AppDeps,
  w: Write,
  auth: AuthedUser,
  row: PracticeRow,
  narrative: Partial<Record<NarrativeKey, string | null | undefined>>,
): Promise<Partial<Record<NarrativeKey, string | null>>> {
  const keys = (Object.keys(narrative) as NarrativeKey[]).filter(
    (key) => narrative[key] !== undefined && sectionByKey.has(key),
  );
  if (keys.length === 0) return {};
  const stored = await w.tx
    .select({ questionId: bestPracticeSections.questionId, version: bestPracticeSections.version })
    .from(bestPracticeSections)
    .where(eq(bestPracticeSections.practiceId, row.id));
  const versions = new Map(stored.map((s) => [s.questionId, s.version]));
  // A section cleared that was never written stays without an answer.
  const sent = keys.filter((key) => (narrative[key] ?? null) !== null || versions.has(sectionByKey.get(key)!.id));
  if (sent.length === 0) return Object.fromEntries(keys.map((key) => [key, null]));
  const inputs: AnswerInput[] = sent.map((key) => {
    const s = sectionByKey.get(key)!;
    return { question_uuid: s.question.uuid, value: narrative[key] ?? null, version: versions.get(s.id) };
  });
  try {
    const saved = (
      await saveAnswersIn(deps.changes, w, practiceSectionsForm, [{ key: row.uuid, user: auth, inputs }])
    )[0]!;
    return { ...Object.fromEntries(keys.map((key) => [key, null])), ...narrativeOf(saved.answers) };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    const errors: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(error.errors ?? {})) {
      const at = /^answers\.(\d+)\./.exec(field);
      errors[at ? `narrative.${sent[Number(at[1])]}` : field] = messages;
    }
    throw new ApiError(
      400,
      say('Invalid {what}: check {fields}', { what: 'body', fields: Object.keys(errors).join(', ') }),
      errors,
    );
  }
}

export interface SectionsSaved {
  practice: { version: number; status: PracticeStatus; updated_at: string };
  completeness: Completeness;
  answers: Answer[];
}

/**
 * POST best-practice/{uuid}/sections: the engine's save call on the practice's sections (each with
 * the version it replaces: 409 with the sections as they are now; 400 per answer and field; the
 * workflow's 403/409). A save that changed anything moves the practice's version and its copy of
 * the narrative in the same transaction.
 */
export async function savePracticeSections(
  deps: AppDeps,
  auth: AuthedUser,
  uuid: string,
  inputs: readonly AnswerInput[],
): Promise<SectionsSaved> {
  return deps.changes.write(deps.db, async (w) => {
    const saved = (await saveAnswersIn(deps.changes, w, practiceSectionsForm, [{ key: uuid, user: auth, inputs }]))[0]!;
    const row = saved.instance;
    const changed = saved.answers.filter((answer, i) => answer.version !== inputs[i]!.version);
    let after = { version: row.version, status: row.status, updatedAt: row.updatedAt };
    if (changed.length > 0) {
      const [updated] = await w.tx
        .update(bestPractices)
        .set({
          narrative: sql`${bestPractices.narrative} || ${JSON.stringify(narrativeOf(changed))}::jsonb`,
          version: sql`${bestPractices.version} + 1`,
        })
        .where(eq(bestPractices.id, row.id))
        .returning({
          version: bestPractices.version,
          status: bestPractices.status,
          updatedAt: bestPractices.updatedAt,
        });
      after = updated!;
    }
    return {
      practice: {
        version: after.version,
        status: PracticeStatusSchema.parse(after.status),
        updated_at: after.updatedAt.toISOString(),
      },
      completeness: saved.completeness,
      answers: saved.answers,
    };
  });
}
