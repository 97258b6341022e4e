import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { profileDatasets, profileFigures } from '../db/schema.ts';
import type { AppDeps } from '../deps.server.ts';
import type { Write } from '../events/change-bus.server.ts';
import { ApiError } from '../http/errors.server.ts';
import { saveAnswersIn, type BulkSave } from '../questionnaires/save.server.ts';
import type { AnswerInput } from '../questionnaires/schema.ts';
import { indicatorCatalogue, profileFiguresForm, type DatasetKey, type FigureSaver } from './figures-form.server.ts';
import { ESTIMATE_MARK } from './rows.ts';
import type { Indicator, ValueInput } from './schema.ts';
import { say } from '../i18n/said.ts';

/**
 * The profile's writes of figures, all through the engine's save (decision 046): the dataset form
 * (`saveDataset`) and the CSV/Excel import (`applyImport`) each run `saveFigures` in their own
 * transaction, after creating the datasets that do not exist yet.
 */

/** One figure as the form or an import sends it (`ValueInputSchema` after parsing). */
export type FigureInput = Omit<ValueInput, 'value'> & { value?: unknown };

/** The engine's fields under their names in the profile's API. */
const FIELD_NAMES: Record<string, string> = { question_uuid: 'indicator', comment: 'note', text: 'is_estimate' };

function invalid(errors: Record<string, string[]>): ApiError {
  return new ApiError(
    400,
    say('Invalid {what}: check {fields}', { what: 'body', fields: Object.keys(errors).join(', ') }),
    errors,
  );
}

/** The stored versions of a dataset's figures by indicator id. */
async function figureVersions(db: DbOrTx, datasetId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ q: profileFigures.indicatorId, v: profileFigures.version })
    .from(profileFigures)
    .where(eq(profileFigures.datasetId, datasetId));
  return new Map(rows.map((r) => [r.q, r.v]));
}

/** One figure as the engine's answer: a removed figure (value null) drops its other fields too. */
function answerOf(input: FigureInput, uuid: string, version: number | undefined): AnswerInput {
  const estimate = input.is_estimate === undefined ? undefined : input.is_estimate ? ESTIMATE_MARK : null;
  const fields =
    input.value === null
      ? { text: null, data_year: null, source: null, comment: null }
      : { text: estimate, data_year: input.data_year, source: input.source, comment: input.note };
  return { question_uuid: uuid, value: input.value, ...fields, ...(version !== undefined && { version }) };
}

/**
 * The figures of one save as the engine's answers, each with the version stored now (the caller
 * holds the dataset's lock). Figures the theme does not take (another theme's, retired, twice)
 * are refused here with the theme's words; `refused` gets them by their place in `values`.
 */
export async function figureInputs(
  deps: AppDeps,
  tx: DbOrTx,
  category: { name: string; indicators: Indicator[] },
  values: readonly FigureInput[],
  datasetId: number | null,
): Promise<{ inputs: AnswerInput[]; places: number[]; refused: Record<string, string[]> }> {
  const byCode = new Map(category.indicators.map((i) => [i.code, i]));
  const catalogue = await indicatorCatalogue(deps.changes).fresh(tx);
  const questions = new Map(catalogue.all.map((q) => [q.question.code, q]));
  const versions = datasetId === null ? new Map<number, number>() : await figureVersions(tx, datasetId);
  const refused: Record<string, string[]> = {};
  const inputs: AnswerInput[] = [];
  const places: number[] = [];
  const seen = new Set<string>();
  values.forEach((input, i) => {
    const at = `values.${i}.indicator`;
    const indicator = byCode.get(input.indicator);
    const q = questions.get(input.indicator);
    if (!indicator || !q) return void (refused[at] ??= []).push(`is not an indicator of ${category.name}`);
    if (indicator.retired_at) return void (refused[at] ??= []).push('is retired: it takes no new figures');
    if (seen.has(input.indicator)) return void (refused[at] ??= []).push('appears twice in this save');
    seen.add(input.indicator);
    inputs.push(answerOf(input, q.question.uuid, versions.get(q.id)));
    places.push(i);
  });
  return { inputs, places, refused };
}

/** A dataset that does not exist yet, made in the save's transaction (its first save gives it version 1). */
export async function createDataset(tx: DbOrTx, key: DatasetKey): Promise<void> {
  await tx
    .insert(profileDatasets)
    .values({ categorySlug: key.slug, countryCode: key.countryCode, year: key.year, version: 0 });
}

/** One dataset's save: its figures (from `figureInputs`) and what it does to the dataset's row. */
export interface FiguresSave extends BulkSave<DatasetKey, FigureSaver> {
  /** The place in the request's `values` of each input, for the 400's field names. */
  places: readonly number[];
  /** Refusals found before the engine (`figureInputs`): reported with the engine's own. */
  refused?: Record<string, string[]>;
}

/**
 * Saves figures through the engine in the caller's write `w`, all or nothing: 400 naming
 * `values.<i>.<field>` (the engine's and `refused` together), 409 or the form's refusal.
 */
export async function saveFigures(deps: AppDeps, w: Write, saves: readonly FiguresSave[]): Promise<void> {
  const refused = Object.assign({}, ...saves.map((s) => s.refused ?? {})) as Record<string, string[]>;
  try {
    await saveAnswersIn(deps.changes, w, profileFiguresForm, saves);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400 || !error.errors) throw error;
    const places = saves.length === 1 ? saves[0]!.places : null;
    for (const [field, messages] of Object.entries(error.errors)) {
      const parts = /^answers\.(\d+)\.(\w+)$/.exec(field);
      const name =
        parts && places
          ? `values.${places[Number(parts[1])] ?? parts[1]}.${FIELD_NAMES[parts[2]!] ?? parts[2]}`
          : field;
      (refused[name] ??= []).push(...messages);
    }
  }
  if (Object.keys(refused).length > 0) throw invalid(sortedFields(refused));
}

/** Field errors in the order of the request's values. */
function sortedFields(errors: Record<string, string[]>): Record<string, string[]> {
  const place = (k: string) => Number(/^values\.(\d+)\./.exec(k)?.[1] ?? -1);
  return Object.fromEntries(Object.entries(errors).sort(([a], [b]) => place(a) - place(b)));
}
