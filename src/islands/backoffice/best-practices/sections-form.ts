import { atom } from 'nanostores';
import {
  PracticeStatusSchema,
  type BestPractice,
  type NarrativeKey,
  type PracticeSectionsResponse,
} from '../../../lib/best-practices/schema.ts';
import { SECTION_QUESTIONS } from '../../../lib/best-practices/sections.ts';
import type { Answer } from '../../../lib/questionnaires/schema.ts';
import { api, type ApiClient } from '../lib/api.ts';
import { formAnswersTransport } from '../questionnaire/answers-transport.ts';
import type { SendOptions, SendResult } from '../questionnaire/autosave-types.ts';
import { createQuestionnaireForm, type QuestionnaireForm } from '../questionnaire/form-store.ts';
import type { AnswerSend } from '../questionnaire/raw-answer.ts';
import { browserStorage, draftKey, type DraftStorage } from '../questionnaire/storage.ts';
import { sectionLabel } from './labels.ts';
import { inPracticeOrder, onFlush } from './practice-writes.ts';

/**
 * The practice's narrative sections on the questionnaire's data-entry kit (decision 047): the
 * kit's form store, autosave queue, offline drafts, per-field state and "Theirs / Yours" conflict
 * view, over the server's engine (the answers route `forms/best-practice/{uuid}/answers`, a version per section).
 */

export type SectionsMeta = PracticeSectionsResponse['data']['practice'];
export type SectionsForm = QuestionnaireForm<SectionsMeta>;

/** The sections' questions with their headings in the page's language. */
export const SECTION_FORM_QUESTIONS = SECTION_QUESTIONS.map((s) => ({ ...s.question, text: sectionLabel(s.key) }));

export const uuidOfSection = (key: NarrativeKey) => SECTION_QUESTIONS.find((s) => s.key === key)!.question.uuid;

/**
 * The kit's one transport (`formAnswersTransport`) on the practice's sections, after the practice's
 * writes already under way; a save's new version of the practice is taken at once.
 */
export function sectionsTransport(
  uuid: string,
  onSaved: (meta: SectionsMeta, answers: Answer[]) => void,
  client: ApiClient = api,
) {
  const send = formAnswersTransport('best-practice', uuid, client);
  return (batch: AnswerSend[], options?: SendOptions): Promise<SendResult<Answer, SectionsMeta>> =>
    inPracticeOrder(uuid, async () => {
      const result = await send(batch, options);
      if (result.kind !== 'saved') return result;
      const meta: SectionsMeta = {
        version: result.extra.version,
        status: PracticeStatusSchema.parse(result.extra.status),
        updated_at: result.extra.updated_at,
      };
      // The record's next save, queued behind this one, sends the practice's new version.
      onSaved(meta, result.answers);
      return { ...result, extra: meta };
    });
}

let current: { key: string; form: SectionsForm; stop: () => void } | null = null;
export const $sectionsForm = atom<SectionsForm | null>(null);
const storage: DraftStorage = browserStorage();

/**
 * The sections' form of the practice on screen: made once per person and practice (a revalidated
 * practice keeps what is being typed), started at once (drafts kept from an earlier visit go).
 */
export function openSections(
  practice: BestPractice,
  userUuid: string,
  lockedMessage: string | null,
  onSaved: (meta: SectionsMeta, answers: Answer[]) => void,
): SectionsForm {
  const key = `${userUuid}:${practice.uuid}`;
  if (current?.key === key) return current.form;
  closeSections();
  const form = createQuestionnaireForm<SectionsMeta>({
    storageKey: draftKey(userUuid, `best-practice-sections:${practice.uuid}`),
    storage,
    questions: SECTION_FORM_QUESTIONS,
    answers: practice.sections,
    // The sections are questions under no heading.
    sections: [],
    dataYearMax: new Date().getUTCFullYear(),
    lockedMessage,
    display: { codes: 'small', sectionCodes: false },
    transport: sectionsTransport(practice.uuid, onSaved),
    currentUserUuid: userUuid,
  });
  const stopForm = form.start();
  const stopFlush = onFlush(practice.uuid, () => flushSections(form));
  current = { key, form, stop: () => (stopForm(), stopFlush()) };
  $sectionsForm.set(form);
  return form;
}

export function closeSections(): void {
  current?.stop();
  current = null;
  $sectionsForm.set(null);
}

/**
 * Every section left (sent if changed), then waits until nothing is on its way; false when something
 * waits or needs the person. A locked form sends nothing: a workflow step does not wait for it.
 */
async function flushSections(form: SectionsForm): Promise<boolean> {
  if (form.$locked.get()) return true;
  await Promise.all(SECTION_FORM_QUESTIONS.map((q) => form.leave(q.uuid)));
  return new Promise((resolve) => {
    let stop: (() => void) | null = null;
    let done = false;
    stop = form.$saveBar.subscribe((bar) => {
      if (done || bar.tone === 'busy') return;
      done = true;
      queueMicrotask(() => stop?.());
      resolve(bar.tone === 'quiet');
    });
  });
}

/** The narrative as the sections' inputs show it (the completeness rules and the submit check read it). */
export function narrativeOnScreen(raw: Record<string, { value: unknown }>): Record<NarrativeKey, string> {
  return Object.fromEntries(
    SECTION_QUESTIONS.map((s) => [
      s.key,
      typeof raw[s.question.uuid]?.value === 'string' ? (raw[s.question.uuid]!.value as string) : '',
    ]),
  ) as Record<NarrativeKey, string>;
}
