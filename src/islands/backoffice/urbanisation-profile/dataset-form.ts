import { answerState } from '../../../lib/questionnaires/engine.ts';
import { formQuestion } from '../../../lib/questionnaires/form-question.ts';
import type { Answer, FormQuestion, FormSection } from '../../../lib/questionnaires/schema.ts';
import { indicatorQuestion as profileQuestion, profileEngineOptions } from '../../../lib/urbanisation-profile/rows.ts';
import { DatasetSchema, type DatasetResponse, type Indicator } from '../../../lib/urbanisation-profile/schema.ts';
import { api, ApiError, conflictOf } from '../lib/api.ts';
import { invalidatePrefixes } from '../lib/query.ts';
import { createQuestionnaireForm, type QuestionnaireForm } from '../questionnaire/form-store.ts';
import type { SendOptions, SendResult } from '../questionnaire/autosave-queue.ts';
import type { AnswerSend } from '../questionnaire/raw-answer.ts';
import { sendFailure } from '../questionnaire/send-failure.ts';
import { browserStorage, draftKey } from '../questionnaire/storage.ts';
import { m } from './messages.ts';
import { DatasetResponseSchema, datasetPath, gridPath } from './profile-api.ts';

type DatasetData = DatasetResponse['data'];

/**
 * An indicator as the renderer's question: the profile form's question (rows.ts, the one the
 * server's catalogue checks figures with), named by its code, with the help in the reader's
 * language. The estimate mark is a checkbox of its own, not a narrative field.
 */
export function indicatorQuestion(indicator: Indicator, index: number): FormQuestion {
  return {
    ...profileQuestion(indicator, indicator.code),
    section: INDICATORS,
    help: indicator.source_series
      ? m('dataset.sourceSeries', { source: indicator.source, series: indicator.source_series })
      : m('dataset.source', { source: indicator.source }),
    with_text: false,
    sort: index,
    version: 1,
  };
}

/** The form's id of the dataset's narrative (indicator codes are capitals: no figure has it). */
export const NARRATIVE = 'narrative';

/** The sections of the figures form: the figures, with the indicators and the narrative under them. */
const FIGURES = 'figures';
const INDICATORS = 'indicators';

function datasetSections(): FormSection[] {
  return [
    { code: FIGURES, name: m('dataset.figures'), sort: 1, parent: null, tags: [] },
    { code: INDICATORS, name: m('dataset.indicators'), sort: 1, parent: FIGURES, tags: [] },
    { code: NARRATIVE, name: m('analytics.narrative'), sort: 2, parent: FIGURES, tags: [] },
  ];
}

/**
 * The dataset's narrative as a question of the form, in a section of its own and shown plainly
 * (its text alone, no data year, source or comment): it autosaves, waits offline and settles a
 * conflict as every figure does, and the transport sends it as the dataset's `narrative`.
 */
export function narrativeQuestion(sort: number): FormQuestion {
  return formQuestion({
    uuid: NARRATIVE,
    code: NARRATIVE,
    section: NARRATIVE,
    text: m('analytics.narrative'),
    help: m('analytics.narrativeHelp'),
    answer_type: 'txt',
    sort,
  });
}

/**
 * The dataset's figures as the renderer's answers. With the dataset's indicators, each figure's
 * state is the engine's verdict under the profile's rules (data years from 1950); a figure of a
 * retired indicator is left out, as its question is.
 */
export function answersOf(
  dataset: Pick<DatasetData, 'values' | 'version' | 'updated_at' | 'updated_by' | 'year'> & {
    narrative?: string | null;
    warnings?: Record<string, string[]>;
    indicators?: readonly Indicator[];
  },
): Answer[] {
  const stamp = { version: dataset.version, updated_at: dataset.updated_at, updated_by: dataset.updated_by };
  const narrative: Answer[] = dataset.narrative
    ? [
        {
          question_uuid: NARRATIVE,
          value: dataset.narrative,
          text: null,
          data_year: null,
          source: null,
          comment: null,
          state: 'saved',
          warnings: [],
          ...stamp,
        },
      ]
    : [];
  return [...figureAnswers(dataset), ...narrative];
}

function figureAnswers(dataset: Parameters<typeof answersOf>[0]): Answer[] {
  const questions = dataset.indicators
    ? new Map(dataset.indicators.map((i, n) => [i.code, indicatorQuestion(i, n)]))
    : null;
  const values = questions ? dataset.values.filter((v) => questions.has(v.indicator)) : dataset.values;
  return values.map((v) => ({
    question_uuid: v.indicator,
    value: v.value,
    text: null,
    data_year: v.data_year,
    source: v.source,
    comment: v.note,
    state: questions
      ? answerState(
          questions.get(v.indicator)!,
          { value: v.value, data_year: v.data_year, source: v.source, comment: v.note },
          profileEngineOptions(dataset.year),
        )
      : dataset.warnings?.[v.indicator]?.length
        ? 'warning'
        : 'saved',
    warnings: dataset.warnings?.[v.indicator] ?? [],
    version: dataset.version,
    updated_at: dataset.updated_at,
    updated_by: dataset.updated_by,
  }));
}

/** The dataset version the next save of figures is based on, moved on by every write of the dataset. */
export interface DatasetVersion {
  current: number;
}

/** Sends changed figures to …/saved with the dataset's version; maps the answer back. */
export function datasetTransport(
  key: { slug: string; code: string; year: number },
  base: DatasetVersion,
  onSaved: (dataset: DatasetData) => void,
) {
  return async (batch: AnswerSend[], options?: SendOptions): Promise<SendResult<Answer, DatasetData>> => {
    const version = base.current;
    const sent = new Set(batch.map((a) => a.question_uuid));
    const figures = batch.filter((a) => a.question_uuid !== NARRATIVE);
    const narrative = batch.find((a) => a.question_uuid === NARRATIVE);
    const body = {
      values: figures.map((a) => ({
        indicator: a.question_uuid,
        value: a.value,
        data_year: a.data_year,
        source: a.source,
        note: a.comment,
      })),
      ...(narrative && { narrative: typeof narrative.value === 'string' ? narrative.value : null }),
      ...(version > 0 && { version }),
    };
    let reply: DatasetResponse;
    try {
      reply = await api.request('POST', `${datasetPath(key.slug, key.code, key.year)}/saved`, {
        schema: DatasetResponseSchema,
        body,
        ...(options?.keepalive && { keepalive: true }),
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const current = conflictOf(error, DatasetSchema);
        if (!current) return { kind: 'failed', message: error.message };
        base.current = current.version;
        return {
          kind: 'conflict',
          current: answersOf(current).filter((a) => sent.has(a.question_uuid)),
          message: error.message,
        };
      }
      const failure = sendFailure(error);
      // The server names the fields of a figure; the form those of an answer.
      return failure.kind === 'invalid' ? { ...failure, errors: answerFieldErrors(failure.errors, batch) } : failure;
    }
    base.current = reply.data.version;
    onSaved(reply.data);
    invalidatePrefixes(gridPath(key.slug), 'profile/dashboard');
    return {
      kind: 'saved',
      answers: answersOf(reply.data).filter((a) => sent.has(a.question_uuid)),
      extra: reply.data,
    };
  };
}

/**
 * The server's field names (`values.<i>.note`, `narrative`) as the batch's (`answers.<n>.comment`,
 * `answers.<n>.value`).
 */
function answerFieldErrors(errors: Record<string, string[]>, batch: readonly AnswerSend[]): Record<string, string[]> {
  const places = batch.flatMap((a, n) => (a.question_uuid === NARRATIVE ? [] : [n]));
  const narrative = batch.findIndex((a) => a.question_uuid === NARRATIVE);
  return Object.fromEntries(
    Object.entries(errors).map(([field, list]) => {
      if (field === 'narrative') return [`answers.${narrative}.value`, list];
      const named = field.replace(/^values\.(\d+)/, (_, i: string) => `answers.${places[Number(i)] ?? i}`);
      return [named.replace(/\.note$/, '.comment'), list];
    }),
  );
}

let current: { key: string; form: QuestionnaireForm<DatasetData>; version: DatasetVersion } | null = null;

const keyOf = (userUuid: string, dataset: Pick<DatasetData, 'category' | 'country_code' | 'year'>) =>
  `${userUuid}:${dataset.category}:${dataset.country_code}:${dataset.year}`;

/**
 * The dataset as another write of the page left it (publish, withdraw, narrative): the figures'
 * next save is based on its version, so it is not refused as someone else's change.
 */
export function acceptDatasetWrite(userUuid: string, dataset: DatasetData): void {
  if (current?.key === keyOf(userUuid, dataset)) current.version.current = dataset.version;
}

/** The form of one dataset, made once per person and dataset (revalidation keeps what is typed). */
export function formForDataset(
  dataset: DatasetData,
  userUuid: string,
  canEdit: boolean,
  onSaved: (d: DatasetData) => void,
): QuestionnaireForm<DatasetData> {
  const key = keyOf(userUuid, dataset);
  if (current?.key === key) return current.form;
  const version: DatasetVersion = { current: dataset.exists ? dataset.version : 0 };
  current?.form.queue.stop();
  const sdg = new Map(dataset.indicators.map((i) => [i.code, i.sdg_ref]));
  // Each indicator is named by its name, SDG reference and unit, its code in small print.
  const form = createQuestionnaireForm<DatasetData>({
    storageKey: draftKey(userUuid, `profile:${dataset.category}:${dataset.country_code}:${dataset.year}`),
    storage: browserStorage(),
    questions: [...dataset.indicators.map(indicatorQuestion), narrativeQuestion(dataset.indicators.length)],
    answers: answersOf(dataset),
    sections: datasetSections(),
    dataYearMax: dataset.year,
    dataYearMin: profileEngineOptions(dataset.year).dataYearMin,
    lockedMessage: canEdit ? null : m('dataset.locked'),
    display: {
      codes: 'small',
      sectionCodes: false,
      plain: [NARRATIVE],
      labels: (question) => {
        const ref = sdg.get(question.code);
        return ref ? [m('entry.question.sdg', { refs: ref })] : [];
      },
    },
    transport: datasetTransport(
      { slug: dataset.category, code: dataset.country_code, year: dataset.year },
      version,
      onSaved,
    ),
  });
  current = { key, form, version };
  return form;
}
