import { formQuestion } from '../../../lib/questionnaires/form-question.ts';
import type {
  Answer,
  FormAnswers,
  FormAnswersRead,
  FormQuestion,
  FormSection,
} from '../../../lib/questionnaires/schema.ts';
import {
  NARRATIVE_QUESTION_UUID,
  indicatorQuestion as profileQuestion,
  profileEngineOptions,
} from '../../../lib/urbanisation-profile/rows.ts';
import type { DatasetResponse, Indicator } from '../../../lib/urbanisation-profile/schema.ts';
import { invalidatePrefixes } from '../lib/query.ts';
import { formAnswersTransport } from '../questionnaire/answers-transport.ts';
import { createQuestionnaireForm, type QuestionnaireForm } from '../questionnaire/form-store.ts';
import { browserStorage, draftKey } from '../questionnaire/storage.ts';
import { m } from './messages.ts';
import { gridPath } from './profile-api.ts';

type DatasetData = DatasetResponse['data'];

/**
 * An indicator as the renderer's question: the profile form's question (rows.ts, the one the
 * server's catalogue checks figures with), under the id the answers route gives it, with the help
 * in the reader's language. The estimate mark is a checkbox of its own, not a narrative field.
 */
export function indicatorQuestion(indicator: Indicator, index: number, uuid: string): FormQuestion {
  return {
    ...profileQuestion(indicator, uuid),
    section: INDICATORS,
    help: indicator.source_series
      ? m('dataset.sourceSeries', { source: indicator.source, series: indicator.source_series })
      : m('dataset.source', { source: indicator.source }),
    with_text: false,
    sort: index,
    version: 1,
  };
}

/** The sections of the figures form: the figures, with the indicators and the narrative under them. */
const FIGURES = 'figures';
const INDICATORS = 'indicators';
const NARRATIVE_SECTION = 'narrative';

function datasetSections(): FormSection[] {
  return [
    { code: FIGURES, name: m('dataset.figures'), sort: 1, parent: null, tags: [] },
    { code: INDICATORS, name: m('dataset.indicators'), sort: 1, parent: FIGURES, tags: [] },
    { code: NARRATIVE_SECTION, name: m('analytics.narrative'), sort: 2, parent: FIGURES, tags: [] },
  ];
}

/**
 * The dataset's narrative, a text question of the profile's form (decision 071), in a section of
 * its own and shown plainly (its text alone, no data year, source or comment): it autosaves, waits
 * offline and settles a conflict as every figure does, with a version of its own.
 */
export function narrativeQuestion(sort: number): FormQuestion {
  return formQuestion({
    uuid: NARRATIVE_QUESTION_UUID,
    code: 'narrative',
    section: NARRATIVE_SECTION,
    text: m('analytics.narrative'),
    help: m('analytics.narrativeHelp'),
    answer_type: 'txt',
    sort,
  });
}

/**
 * The form's questions: the theme's indicators in use, under the ids the answers route reads them
 * with, then the narrative. A figure of a retired indicator stays on the server, out of the form.
 */
export function datasetQuestions(indicators: readonly Indicator[], read: Pick<FormAnswersRead, 'questions'>) {
  const uuids = new Map(read.questions.map((q) => [q.code, q.uuid]));
  const figures = indicators.flatMap((indicator, n) => {
    const uuid = uuids.get(indicator.code);
    return uuid ? [indicatorQuestion(indicator, n, uuid)] : [];
  });
  return [...figures, narrativeQuestion(figures.length)];
}

/** The answers of the form's questions. */
export const answersIn = (questions: readonly FormQuestion[], answers: readonly Answer[]) => {
  const asked = new Set(questions.map((q) => q.uuid));
  return answers.filter((a) => asked.has(a.question_uuid));
};

/** The answers route's name of a dataset: `{year}-{country}-{theme}`. */
export const datasetInstance = (dataset: Pick<DatasetData, 'category' | 'country_code' | 'year'>) =>
  `${dataset.year}-${dataset.country_code}-${dataset.category}`;

let current: { key: string; form: QuestionnaireForm<FormAnswers> } | null = null;

const keyOf = (userUuid: string, dataset: Pick<DatasetData, 'category' | 'country_code' | 'year'>) =>
  `${userUuid}:${dataset.category}:${dataset.country_code}:${dataset.year}`;

/**
 * The form of one dataset, made once per person and dataset (revalidation keeps what is typed):
 * its figures and narrative as the answers route read them, saved through the kit's one transport.
 */
export function formForDataset(
  dataset: DatasetData,
  read: FormAnswersRead,
  userUuid: string,
  canEdit: boolean,
  onSaved: (saved: FormAnswers) => void,
): QuestionnaireForm<FormAnswers> {
  const key = keyOf(userUuid, dataset);
  if (current?.key === key) return current.form;
  current?.form.queue.stop();
  const sdg = new Map(dataset.indicators.map((i) => [i.code, i.sdg_ref]));
  const questions = datasetQuestions(dataset.indicators, read);
  // Each indicator is named by its name, SDG reference and unit, its code in small print.
  const form = createQuestionnaireForm<FormAnswers>({
    storageKey: draftKey(userUuid, `profile-answers:${dataset.category}:${dataset.country_code}:${dataset.year}`),
    storage: browserStorage(),
    questions,
    answers: answersIn(questions, read.answers),
    sections: datasetSections(),
    dataYearMax: dataset.year,
    dataYearMin: profileEngineOptions(dataset.year).dataYearMin,
    lockedMessage: canEdit ? null : m('dataset.locked'),
    display: {
      codes: 'small',
      sectionCodes: false,
      plain: [NARRATIVE_QUESTION_UUID],
      labels: (question) => {
        const ref = sdg.get(question.code);
        return ref ? [m('entry.question.sdg', { refs: ref })] : [];
      },
    },
    transport: formAnswersTransport('urbanisation-profile', datasetInstance(dataset)),
    onSaved: (saved) => {
      invalidatePrefixes(gridPath(dataset.category), 'profile/dashboard');
      onSaved(saved);
    },
  });
  current = { key, form };
  return form;
}
