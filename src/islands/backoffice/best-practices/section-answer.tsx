import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { PRACTICE_NARRATIVE_MAX, type NarrativeKey } from '../../../lib/best-practices/schema.ts';
import { AnswerOutcome } from '../questionnaire/field-status.tsx';
import { ErrorLine } from '../questionnaire/question-parts.tsx';
import { errorText } from '../questionnaire/raw-answer.ts';
import { fieldId, TextAreaControl } from './fields.tsx';
import { SECTION_FORM_QUESTIONS, uuidOfSection, type SectionsForm } from './sections-form.ts';

/**
 * One narrative section's text on the data-entry kit (decision 047): typed text is kept in the
 * browser at once and saved when focus leaves the field, with the section's version; the line
 * under it says where the text stands, and a conflict shows theirs and yours side by side.
 */
export function SectionAnswer({
  form,
  section,
  label,
  hint,
  rows,
  lang,
}: {
  form: SectionsForm;
  section: NarrativeKey;
  label: string;
  hint: ReactNode;
  rows: number;
  lang?: string | undefined;
}) {
  const uuid = uuidOfSection(section);
  const question = SECTION_FORM_QUESTIONS.find((q) => q.uuid === uuid)!;
  const raw = useStore(form.$raw)[uuid];
  const state = useStore(form.$fields)[uuid] ?? { kind: 'idle' as const };
  const stored = useStore(form.$server)[uuid];
  const id = fieldId(`narrative.${section}`);
  const error = state.kind === 'invalid' ? errorText(state.errors['value'], label) : null;
  const text = typeof raw?.value === 'string' ? raw.value : '';
  const described = [`${id}-hint`, error ? `${id}-error` : '', `${id}-status`].filter(Boolean).join(' ');
  return (
    <div>
      <TextAreaControl
        id={id}
        label={label}
        hideLabel
        hint={hint}
        lang={lang}
        rows={rows}
        maxLength={PRACTICE_NARRATIVE_MAX}
        value={text}
        onChange={(event) => form.change(uuid, { value: event.target.value })}
        onBlur={() => void form.leave(uuid)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      <ErrorLine id={`${id}-error`} text={error} />
      <AnswerOutcome id={`${id}-status`} form={form} question={question} state={state} raw={raw} stored={stored} />
    </div>
  );
}
