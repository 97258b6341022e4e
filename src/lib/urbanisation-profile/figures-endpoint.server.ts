import { requireCountryScope, requireModuleRule } from '../access/guards.server.ts';
import type { DbOrTx } from '../audit/service.server.ts';
import type { AuthedUser } from '../deps.server.ts';
import { ApiError, notFound, StaleWriteError } from '../http/errors.server.ts';
import { text } from '../http/schema.ts';
import { say } from '../i18n/said.ts';
import { headAfter, readAnswers, type AnswersEndpoint } from '../questionnaires/answers-route.server.ts';
import { completeness } from '../questionnaires/engine.ts';
import { saveAnswersIn } from '../questionnaires/save.server.ts';
import type { Answer, AnswerInput, FormAnswersRead } from '../questionnaires/schema.ts';
import { indicatorCatalogue, profileFiguresForm, type DatasetKey } from './figures-form.server.ts';
import { createDataset } from './figures.server.ts';
import { countryNames, datasetWhere, loadCategory, type DatasetRow } from './queries.server.ts';
import { profileDatasets } from '../db/schema.ts';
import { NARRATIVE_QUESTION_UUID, profileEngineOptions } from './rows.ts';
import { NARRATIVE_MAX, VALUES_PER_SAVE_MAX } from './schema.ts';
import type { AppDeps } from '../deps.server.ts';

/**
 * A profile dataset (theme × country × year) on the answers route (decision 071):
 * `/api/forms/urbanisation-profile/{year}-{CC}-{theme}/answers`, e.g. `2025-TH-demography-urbanisation`.
 * Its questions are the theme's indicators (a figure is an answer) and its narrative, a text
 * question whose answer the dataset's row keeps with a version of its own. Reading and saving
 * follow the `urban-profile-analytics` rules in the person's country scope; a dataset that does not
 * exist yet reads as empty and is made by its first save.
 */

const INSTANCE = /^(\d{4})-([A-Za-z]{2})-([a-z0-9][a-z0-9-]{0,59})$/;
const NarrativeSchema = text({ max: NARRATIVE_MAX, multiline: true }).nullable();

const instanceOf = (key: DatasetKey) => `${key.year}-${key.countryCode}-${key.slug}`;

function guard(c: Parameters<AnswersEndpoint<DatasetKey>['read']>[0], key: DatasetKey, save: boolean): AuthedUser {
  const auth = requireModuleRule(c, 'urban-profile-analytics', save ? ['create', 'update'] : ['view']);
  requireCountryScope(auth, key.countryCode);
  return auth;
}

/** The theme, or 404 when the theme or the country does not exist. */
async function themeOf(db: DbOrTx, key: DatasetKey) {
  const category = await loadCategory(db, key.slug, { includeRetired: true });
  if (!category || !(await countryNames(db)).has(key.countryCode))
    throw notFound('There is no such category or country');
  return category;
}

/** The narrative as the dataset keeps it, as an answer; null when it was never written. */
/** What the narrative's answer is made of: the dataset row's narrative, its version and time. */
type NarrativeRow = Pick<DatasetRow, 'narrative' | 'narrativeVersion' | 'updatedAt'>;

function narrativeAnswer(row: NarrativeRow, by: Answer['updated_by'] = null): Answer | null {
  if (row.narrativeVersion === 0) return null;
  return {
    question_uuid: NARRATIVE_QUESTION_UUID,
    value: row.narrative,
    text: null,
    data_year: null,
    source: null,
    comment: null,
    state: row.narrative ? 'saved' : 'empty',
    warnings: [],
    version: row.narrativeVersion,
    updated_at: row.updatedAt.toISOString(),
    updated_by: by,
  };
}

/** The narrative a save sends, checked against the version it replaces (409 with the narrative as it is now). */
function sentNarrative(inputs: readonly AnswerInput[], row: NarrativeRow | null) {
  const at = inputs.findIndex((input) => input.question_uuid === NARRATIVE_QUESTION_UUID);
  if (at === -1) return undefined;
  const input = inputs[at]!;
  const parsed = NarrativeSchema.safeParse(input.value ?? null);
  if (!parsed.success) throw invalid({ [`answers.${at}.value`]: parsed.error.issues.map((issue) => issue.message) });
  if ((input.version ?? 0) !== (row?.narrativeVersion ?? 0))
    throw new StaleWriteError(
      row ? [narrativeAnswer(row)].filter((a) => a !== null) : [],
      'Someone else changed these figures after you opened them',
    );
  return parsed.data || null;
}

/** Retired indicators take no new figures (the figures they have stay). */
async function refuseRetired(deps: AppDeps, tx: DbOrTx, inputs: readonly AnswerInput[]): Promise<void> {
  const catalogue = await indicatorCatalogue(deps.changes).get(tx);
  const errors: Record<string, string[]> = {};
  inputs.forEach((input, i) => {
    if (catalogue.byUuid.get(input.question_uuid)?.retiredAt)
      errors[`answers.${i}.question_uuid`] = ['is retired: it takes no new figures'];
  });
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

const invalid = (errors: Record<string, string[]>) =>
  new ApiError(
    400,
    say('Invalid {what}: check {fields}', { what: 'body', fields: Object.keys(errors).join(', ') }),
    errors,
  );

/**
 * The engine's 400 on the figures, named by their place among all the answers sent (the narrative
 * is not the engine's).
 */
function inPlaces(error: unknown, places: readonly number[]): unknown {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.errors) return error;
  return invalid(
    Object.fromEntries(
      Object.entries(error.errors).map(([field, messages]) => [
        field.replace(/^answers\.(\d+)/, (_, i: string) => `answers.${places[Number(i)] ?? i}`),
        messages,
      ]),
    ),
  );
}

async function readDataset(deps: AppDeps, key: DatasetKey): Promise<FormAnswersRead> {
  const category = await themeOf(deps.db, key);
  const read = await readAnswers(deps, profileFiguresForm, key);
  const head = { form: 'urbanisation-profile', instance: instanceOf(key) };
  const narrativeQuestion = { uuid: NARRATIVE_QUESTION_UUID, code: 'narrative' };
  if (!read) {
    const catalogue = await indicatorCatalogue(deps.changes).get(deps.db);
    const questions = catalogue.all
      .filter((q) => q.question.section === category.slug && q.retiredAt === null)
      .map((q) => q.question);
    return {
      ...head,
      status: 'draft',
      version: 0,
      updated_at: new Date(0).toISOString(),
      completeness: completeness(questions, [], profileEngineOptions(key.year)),
      answers: [],
      questions: [...questions.map((q) => ({ uuid: q.uuid, code: q.code })), narrativeQuestion],
    };
  }
  const narrative = narrativeAnswer(read.instance);
  return {
    ...head,
    ...headAfter(null, read.instance),
    completeness: read.completeness,
    answers: narrative ? [...read.answers, narrative] : read.answers,
    questions: [...read.questions, narrativeQuestion],
  };
}

export const profileFigureAnswers: AnswersEndpoint<DatasetKey> = {
  form: 'urbanisation-profile',
  key(instance) {
    const parts = INSTANCE.exec(instance);
    return parts ? { year: Number(parts[1]), countryCode: parts[2]!.toUpperCase(), slug: parts[3]! } : null;
  },
  maxAnswers: VALUES_PER_SAVE_MAX + 1,
  async read(c, key) {
    guard(c, key, false);
    return readDataset(c.get('deps'), key);
  },
  async save(c, key, inputs) {
    const auth = guard(c, key, true);
    const deps = c.get('deps');
    const places = inputs.flatMap((input, i) => (input.question_uuid === NARRATIVE_QUESTION_UUID ? [] : [i]));
    const figures = places.map((i) => inputs[i]!);
    const saved = await deps.changes.write(deps.db, async (w) => {
      await themeOf(w.tx, key);
      // The narrative's version is checked under the dataset's lock; the engine's save then reads the figures.
      const [row] = await w.tx
        .select({
          narrative: profileDatasets.narrative,
          narrativeVersion: profileDatasets.narrativeVersion,
          updatedAt: profileDatasets.updatedAt,
        })
        .from(profileDatasets)
        .where(datasetWhere(key, 'country'))
        .for('update');
      const narrative = sentNarrative(inputs, row ?? null);
      await refuseRetired(deps, w.tx, inputs);
      if (!row) await createDataset(w.tx, key);
      const [result] = await saveAnswersIn(deps.changes, w, profileFiguresForm, [
        { key, user: { auth, narrative }, inputs: figures },
      ]).catch((error: unknown) => {
        throw inPlaces(error, places);
      });
      return result!;
    });
    // The dataset's row as the save wrote it (a save of the profile's form always writes it: one more version).
    const after = saved.row!;
    const byUuid = new Map(saved.answers.map((a) => [a.question_uuid, a]));
    const narrative = narrativeAnswer(
      {
        narrative: after['narrative'] as string | null,
        narrativeVersion: after['narrative_version'] as number,
        updatedAt: new Date(after['updated_at'] as string),
      },
      { name: auth.user.name?.trim() || auth.user.username, uuid: auth.user.uuid },
    );
    return {
      form: 'urbanisation-profile',
      instance: instanceOf(key),
      ...headAfter(after, saved.instance),
      completeness: saved.completeness,
      answers: inputs.flatMap((input) => {
        const answer = input.question_uuid === NARRATIVE_QUESTION_UUID ? narrative : byUuid.get(input.question_uuid);
        return answer ? [answer] : [];
      }),
    };
  },
};
