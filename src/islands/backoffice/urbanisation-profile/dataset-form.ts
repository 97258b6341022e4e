import { answerState } from '../../../lib/questionnaires/engine.ts';
import type { Answer, Question, Subcategory, Thrust } from '../../../lib/questionnaires/schema.ts';
import { indicatorRules, profileEngineOptions } from '../../../lib/urbanisation-profile/rows.ts';
import type { DatasetResponse, Indicator } from '../../../lib/urbanisation-profile/schema.ts';
import { ErrorResponseSchema } from '../../../lib/http/schema.ts';
import { firebaseToken, API_BASE } from '../lib/api.ts';
import { invalidatePrefixes } from '../lib/query.ts';
import { createQuestionnaireForm, type QuestionnaireForm } from '../questionnaire/form-store.ts';
import type { SendResult } from '../questionnaire/autosave-queue.ts';
import type { AnswerSend } from '../questionnaire/raw-answer.ts';
import { browserStorage, draftKey } from '../questionnaire/storage.ts';
import { DatasetConflictSchema, DatasetResponseSchema, datasetPath, gridPath } from './profile-api.ts';

type DatasetData = DatasetResponse['data'];

/** An indicator as a numeric question of the questionnaire renderer (the server checks it the same way). */
export function indicatorQuestion(indicator: Indicator, index: number): Question {
  return {
    ...indicatorRules(indicator),
    uuid: indicator.code,
    thrust: indicator.category,
    subcategory: indicator.category,
    text: indicator.name,
    help: `Source: ${indicator.source}${indicator.source_series ? ` (series ${indicator.source_series})` : ''}.`,
    text_label: null,
    sdg_refs: indicator.sdg_ref ? [indicator.sdg_ref] : [],
    sdg_tier: null,
    nua_paragraphs: null,
    source_hint: indicator.source,
    sort: index,
    retired_at: indicator.retired_at,
    version: 1,
  };
}

/**
 * The dataset's figures as the renderer's answers. With the dataset's indicators, each figure's
 * state is the engine's verdict under the profile's rules (data years from 1950); a figure of a
 * retired indicator is left out, as its question is.
 */
export function answersOf(
  dataset: Pick<DatasetData, 'values' | 'version' | 'updated_at' | 'updated_by' | 'year'> & { warnings?: Record<string, string[]>; indicators?: readonly Indicator[] },
): Answer[] {
  const questions = dataset.indicators ? new Map(dataset.indicators.map((i, n) => [i.code, indicatorQuestion(i, n)])) : null;
  const values = questions ? dataset.values.filter((v) => questions.has(v.indicator)) : dataset.values;
  return values.map((v) => ({
    question_uuid: v.indicator,
    value: v.value,
    text: null,
    data_year: v.data_year,
    source: v.source,
    comment: v.note,
    state: questions
      ? answerState(questions.get(v.indicator)!, { value: v.value, data_year: v.data_year, source: v.source, comment: v.note }, profileEngineOptions(dataset.year))
      : dataset.warnings?.[v.indicator]?.length
        ? 'warning'
        : 'saved',
    warnings: dataset.warnings?.[v.indicator] ?? [],
    version: dataset.version,
    updated_at: dataset.updated_at,
    updated_by: dataset.updated_by,
  }));
}

/** Sends changed figures to …/saved with the dataset's version; maps the answer back. */
export function datasetTransport(key: { slug: string; code: string; year: number }, startVersion: number, onSaved: (dataset: DatasetData) => void) {
  let version = startVersion;
  return async (batch: AnswerSend[]): Promise<SendResult<Answer, DatasetData>> => {
    const token = await firebaseToken();
    if (!token) return { kind: 'signedOut', message: 'Your sign-in has expired.' };
    const body = {
      values: batch.map((a) => ({ indicator: a.question_uuid, value: a.value, data_year: a.data_year, source: a.source, note: a.comment })),
      ...(version > 0 && { version }),
    };
    let response: Response;
    try {
      response = await fetch(`${API_BASE}${datasetPath(key.slug, key.code, key.year)}/saved`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
    } catch {
      return { kind: 'offline', message: 'No connection: your figures are kept in this browser and sent when it returns.' };
    }
    const json: unknown = await response.json().catch(() => undefined);
    if (response.ok) {
      const parsed = DatasetResponseSchema.safeParse(json);
      if (!parsed.success) return { kind: 'failed', message: 'The server’s answer could not be read.' };
      version = parsed.data.data.version;
      onSaved(parsed.data.data);
      invalidatePrefixes(gridPath(key.slug), 'profile/dashboard');
      const sent = new Set(batch.map((a) => a.question_uuid));
      return { kind: 'saved', answers: answersOf(parsed.data.data).filter((a) => sent.has(a.question_uuid)), extra: parsed.data.data };
    }
    const error = ErrorResponseSchema.safeParse(json);
    const message = error.success ? error.data.message : `The server answered with status ${response.status}.`;
    if (response.status === 409) {
      const conflict = DatasetConflictSchema.safeParse(json);
      if (!conflict.success) return { kind: 'failed', message };
      version = conflict.data.current.version;
      const sent = new Set(batch.map((a) => a.question_uuid));
      return { kind: 'conflict', current: answersOf(conflict.data.current).filter((a) => sent.has(a.question_uuid)), message };
    }
    if (response.status === 400) {
      const errors: Record<string, string[]> = {};
      for (const [field, list] of Object.entries(error.success ? (error.data.errors ?? {}) : {})) {
        errors[field.replace(/^values\./, 'answers.').replace(/\.note$/, '.comment')] = list;
      }
      return { kind: 'invalid', errors, message };
    }
    if (response.status === 401) return { kind: 'signedOut', message };
    if (response.status >= 502 && response.status <= 504) return { kind: 'offline', message };
    return { kind: 'failed', message };
  };
}

let current: { key: string; form: QuestionnaireForm<DatasetData> } | null = null;

/** The form of one dataset, made once per person and dataset (revalidation keeps what is typed). */
export function formForDataset(dataset: DatasetData, userUuid: string, canEdit: boolean, onSaved: (d: DatasetData) => void): QuestionnaireForm<DatasetData> {
  const key = `${userUuid}:${dataset.category}:${dataset.country_code}:${dataset.year}`;
  if (current?.key === key) return current.form;
  current?.form.queue.stop();
  const thrust: Thrust = { code: dataset.category, name: 'Figures', nua_paragraphs: null, sort: 1 };
  const subcategory: Subcategory = { code: dataset.category, thrust: dataset.category, name: 'Indicators', sort: 1 };
  const form = createQuestionnaireForm<DatasetData>({
    storageKey: draftKey(userUuid, `profile:${dataset.category}:${dataset.country_code}:${dataset.year}`),
    storage: browserStorage(),
    questions: dataset.indicators.map(indicatorQuestion),
    answers: answersOf(dataset),
    thrusts: [thrust],
    subcategories: [subcategory],
    cycleYear: dataset.year,
    dataYearMin: profileEngineOptions(dataset.year).dataYearMin,
    lockedMessage: canEdit ? null : 'Your role may read these figures but not change them.',
    transport: datasetTransport({ slug: dataset.category, code: dataset.country_code, year: dataset.year }, dataset.exists ? dataset.version : 0, onSaved),
  });
  current = { key, form };
  return form;
}
