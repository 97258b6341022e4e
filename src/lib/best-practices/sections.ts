import { formQuestion } from '../questionnaires/form-question.ts';
import type { FormQuestion } from '../questionnaires/schema.ts';
import { REQUIRED_FOR_SUBMISSION } from './completeness.ts';
import { FORM_SECTIONS, NARRATIVE_KEYS, type NarrativeKey } from './schema.ts';

/**
 * The narrative sections of a practice as a fixed catalogue of `txt` questions of the
 * questionnaire engine (decision 047): the server saves them through the engine's save call and
 * the editor fills them in with the questionnaire's data-entry kit. Their ids and uuids never
 * change (the answers table names them; the uuids are the API's `question_uuid`).
 */

/** Question ids (`best_practice_sections.question_id`) and uuids, in the form's order. */
const IDS: Record<NarrativeKey, { id: number; uuid: string }> = {
  context: { id: 1, uuid: '72ca3154-afda-5715-b9bf-3f8b66f02396' },
  objectives: { id: 2, uuid: 'a815f5f7-8751-541b-9213-f98a5c2c99a5' },
  implementation: { id: 3, uuid: 'd31a725a-cfea-5016-b707-93c80e20a7d3' },
  resources: { id: 4, uuid: 'ff39099e-23a7-5fc3-8e08-d6f10de46a27' },
  results: { id: 5, uuid: 'd6ba8b19-2ac9-5cfc-96ea-e6097f725827' },
  innovation: { id: 6, uuid: 'fb035176-2b28-5673-965a-501a209dc66f' },
  sustainability: { id: 7, uuid: '215b44ba-4b02-5790-9ecc-4e1ce437aa0c' },
  transferability: { id: 8, uuid: '756ffce6-b04f-56c0-801d-6ff0bda9d1dd' },
  lessons: { id: 9, uuid: '032b41a1-ee45-55f2-a17b-043d10441005' },
};

export interface SectionQuestion {
  key: NarrativeKey;
  id: number;
  question: FormQuestion;
}

function questionOf(key: NarrativeKey, sort: number): FormQuestion {
  // The sections are the form's top level: no heading above them.
  return formQuestion({
    uuid: IDS[key].uuid,
    code: key,
    text: FORM_SECTIONS.find((s) => s.key === key)!.label,
    answer_type: 'txt',
    compulsory: (REQUIRED_FOR_SUBMISSION as readonly string[]).includes(key),
    sort,
  });
}

export const SECTION_QUESTIONS: readonly SectionQuestion[] = NARRATIVE_KEYS.map((key, i) => ({
  key,
  id: IDS[key].id,
  question: questionOf(key, i + 1),
}));

export const sectionByUuid = new Map(SECTION_QUESTIONS.map((s) => [s.question.uuid, s]));
export const sectionByKey = new Map(SECTION_QUESTIONS.map((s) => [s.key, s]));
