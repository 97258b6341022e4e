import type { QuestionnaireForm } from './form-store.ts';

/**
 * The keyboard shortcut of "Next unanswered question": Alt+N (Option+N on a Mac), by the key's place, whatever the
 * layout.
 */
export function isNextUnansweredKey(
  event: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code'>,
): boolean {
  return event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.code === 'KeyN';
}

/**
 * The question to go to from `current` (a question's uuid, or null from the top): the next
 * unanswered one in the questionnaire's order, round to the start; null when every question has
 * an answer. `order`: every question in order; `unanswered`: those without an answer.
 */
export function nextUnansweredAfter(
  order: readonly string[],
  unanswered: readonly string[],
  current: string | null,
): string | null {
  const open = new Set(unanswered);
  if (open.size === 0) return null;
  const start = current === null ? -1 : order.indexOf(current);
  for (let step = 1; step <= order.length; step++) {
    const candidate = order[(start + step) % order.length]!;
    if (open.has(candidate) && candidate !== current) return candidate;
  }
  return open.has(current ?? '') ? current : null;
}

/**
 * Puts the focus on the first input of a question (scrolled to the middle of the screen); false when it is not on
 * screen.
 */
function focusQuestion(container: HTMLElement, question: string): boolean {
  const section = container.querySelector<HTMLElement>(`[data-question="${CSS.escape(question)}"]`);
  const input = section?.querySelector<HTMLElement>('[data-qf]:not(:disabled)');
  if (!input) return false;
  input.scrollIntoView({ block: 'center' });
  input.focus({ preventScroll: true });
  return true;
}

/**
 * "Next unanswered question" (the save bar's button, Alt+N): the focus goes to the next question
 * without an answer after the one it is in (or was last in, when it is on the button). One the
 * filters hide is shown first (the filters go back to every question). False when every question
 * has an answer.
 */
export function goToNextUnanswered(form: QuestionnaireForm, container: HTMLElement | null): boolean {
  if (!container) return false;
  const current =
    (document.activeElement?.closest('[data-question]') as HTMLElement | null)?.dataset['question'] ??
    form.lastQuestion();
  const order = form.$order.get();
  const target = nextUnansweredAfter(order, form.$unanswered.get(), current);
  if (target === null) return false;
  if (!focusQuestion(container, target)) {
    form.setFilters({ tag: null, show: 'all' });
    requestAnimationFrame(() => focusQuestion(container, target));
  }
  return true;
}
