import type { Answer, FormQuestion } from '../../../lib/questionnaires/schema.ts';
import { PAGE_LOCALE } from '../../i18n/page-locale.ts';
import { formatDate, formatTime } from '../ui/format.ts';
import { answerWarningTexts } from './answer-format.ts';
import type { FieldState } from './form-types.ts';
import { m } from './messages.ts';

/**
 * What one question's status line says (issue 32): the same words as the save bar
 * (save-bar-state.ts) for the same state. While typed, waiting or on its way: "Saving…" (a pause
 * in typing saves it); once saved in this visit: "Saved at 14:02"; waiting on this device:
 * "Not saved: offline — …"; after a failed save: "Could not save: …". Null: nothing to say (an
 * unanswered question, or a whole form's lock said once above it).
 */
export function fieldWords(question: FormQuestion, state: FieldState, stored: Answer | undefined): string | null {
  switch (state.kind) {
    case 'idle':
      if (!stored) return null;
      return stored.updated_by
        ? m('status.savedOnBy', { date: formatDate(stored.updated_at), name: stored.updated_by.name })
        : m('status.savedOn', { date: formatDate(stored.updated_at) });
    case 'editing':
    case 'saving':
      return m('status.saving');
    case 'pending':
      if (state.signedOut) return m('status.keptSignedOut');
      return state.offline ? m('status.keptOffline') : m('status.saving');
    case 'saved':
      return stored ? m('status.savedAt', { time: formatTime(stored.updated_at) }) : m('status.saved');
    case 'warning':
      return m('status.savedWithWarnings', { warnings: warningsOf(question, state.warnings, stored) });
    case 'invalid':
      return state.stored ? m('status.storedInvalid') : m('status.invalid');
    case 'failed':
      return m('status.failed', { message: state.message });
    case 'conflict':
      return state.mine ? m('conflict.ownStatus') : m('conflict.status');
    case 'locked':
      return state.own ? state.message : null;
  }
}

/**
 * The warnings of a saved answer as sentences: the engine's in English, said again in the page's language otherwise.
 */
function warningsOf(question: FormQuestion, warnings: readonly string[], stored: Answer | undefined): string {
  const texts = PAGE_LOCALE === 'en' || !stored ? warnings : answerWarningTexts(question, stored.value);
  const end = PAGE_LOCALE === 'zh' ? '。' : '.';
  return texts
    .map((warning) => `${warning.charAt(0).toUpperCase()}${warning.slice(1)}${end}`)
    .join(PAGE_LOCALE === 'zh' ? '' : ' ');
}
