import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Icon } from '../ui/icons.tsx';
import { ui } from '../ui/styles.ts';
import type { QuestionnaireForm } from './form-store.ts';
import { m } from './messages.ts';
import { goToNextUnanswered, isNextUnansweredKey } from './next-unanswered.ts';

/** Moves to the first question that needs the person: the filter shows only those, focus goes there. */
function showAttention(form: QuestionnaireForm, container: HTMLElement | null): void {
  form.setFilters({ tag: null, show: 'invalid' });
  requestAnimationFrame(() => {
    const first = container?.querySelector<HTMLElement>('[data-qf]:not(:disabled)');
    first?.scrollIntoView({ block: 'center' });
    first?.focus({ preventScroll: true });
  });
}

/**
 * The bar's height is the page's scroll padding at the bottom while it shows (backoffice.css):
 * whatever takes the focus is scrolled clear of it.
 */
function useBottomBarPadding(bar: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--bo-bottom-bar', `${Math.ceil(element.getBoundingClientRect().height)}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--bo-bottom-bar');
    };
  }, [bar]);
}

/** Space kept between a focused element and the bars. */
const CLEARANCE = 8;

/**
 * Brings the whole focused element clear of the top bar and the save bar when it fits between
 * them: the scroll padding covers what the browser scrolls, but Chromium scrolls a text area only
 * as far as its caret, leaving the rest of the box under the save bar.
 */
function bringClear(target: HTMLElement, bar: HTMLElement): void {
  if (document.activeElement !== target) return;
  const box = target.getBoundingClientRect();
  const top = (document.querySelector('[data-top-bar]')?.getBoundingClientRect().bottom ?? 0) + CLEARANCE;
  const bottom = bar.getBoundingClientRect().top - CLEARANCE;
  if (box.bottom > bottom && box.height <= bottom - top) window.scrollBy(0, box.bottom - bottom);
  else if (box.top < top) window.scrollBy(0, box.top - top);
}

function useFocusClear(bar: RefObject<HTMLDivElement | null>, container: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const clear = () => {
      const target = document.activeElement;
      if (
        !(target instanceof HTMLElement) ||
        !container.current?.contains(target) ||
        !bar.current ||
        bar.current.contains(target)
      )
        return;
      bringClear(target, bar.current);
    };
    // After the browser's own scroll to the focus (next frame), and again once a save that the
    // move away started has changed the bar's height (its words take one or two lines).
    const onFocus = () => requestAnimationFrame(clear);
    const resized =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => requestAnimationFrame(clear));
    if (bar.current) resized?.observe(bar.current);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('focusin', onFocus);
      resized?.disconnect();
    };
  }, [bar, container]);
}

/**
 * Alt+N (Option+N on a Mac) anywhere on the screen goes to the next unanswered question; said
 * when every question has an answer. Not while a dialog (the answer's history) is open.
 */
function useNextUnansweredKey(
  form: QuestionnaireForm,
  container: RefObject<HTMLDivElement | null>,
  say: (text: string) => void,
): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        !isNextUnansweredKey(event) ||
        form.$locked.get() ||
        (event.target instanceof Element && event.target.closest('[role="dialog"]'))
      )
        return;
      event.preventDefault();
      if (!goToNextUnanswered(form, container.current)) say(m('saveBar.allAnswered'));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [form, container, say]);
}

/**
 * Says where the answers stand (save-bar-state.ts, the same words as each question's status):
 * "Saving…", "All answers are saved. Last saved at 14:02.", "Not saved: offline — …", "Could not
 * save …" with "Retry now"; answers only the person can settle get "Show them". "Next unanswered
 * question" (Alt+N) moves the focus on. Its height keeps the focus clear of it.
 */
export function SaveBar({ form, container }: { form: QuestionnaireForm; container: RefObject<HTMLDivElement | null> }) {
  const bar = useStore(form.$saveBar);
  const unanswered = useStore(form.$unanswered).length;
  const locked = useStore(form.$locked) !== null;
  const ref = useRef<HTMLDivElement>(null);
  const [note, setNote] = useState('');
  const say = useCallback((text: string) => {
    setNote(text);
    setTimeout(() => setNote(''), 5_000);
  }, []);
  useBottomBarPadding(ref);
  useFocusClear(ref, container);
  useNextUnansweredKey(form, container, say);
  const quiet = bar.tone === 'quiet';
  const icon = quiet ? 'check' : bar.tone === 'problem' ? 'alert' : 'info';
  const iconColour = quiet
    ? 'text-emerald-700'
    : bar.tone === 'problem'
      ? 'text-red-700'
      : bar.tone === 'busy'
        ? 'text-slate-600'
        : 'text-amber-700';
  return (
    <div
      ref={ref}
      data-sticky-bottom
      className={
        'sticky bottom-0 z-10 -mx-4 mt-6 border-t border-slate-200 bg-white/95 px-4 py-2 backdrop-blur ' +
        'print:hidden sm:-mx-6 sm:px-6 sm:py-3'
      }
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 text-sm">
        <p
          role="status"
          aria-live="polite"
          className={
            `flex items-center ` +
            `gap-2 ${quiet || bar.tone === 'busy' ? 'text-slate-700' : 'font-medium text-slate-900'}`
          }
        >
          <Icon name={icon} className={`size-4 shrink-0 ${iconColour}`} />
          {bar.message}
        </p>
        <p role="status" className="sr-only">
          {note}
        </p>
        <div className="flex flex-wrap gap-2">
          {bar.settle && (
            <button type="button" className={ui.secondaryButton} onClick={() => showAttention(form, container.current)}>
              {m('saveBar.showThem')}
            </button>
          )}
          {bar.retry && (
            <button type="button" className={ui.secondaryButton} onClick={() => void form.retry()}>
              {m('saveBar.retry')}
            </button>
          )}
          {unanswered > 0 && !locked && (
            <button
              type="button"
              className={ui.secondaryButton}
              aria-keyshortcuts="Alt+N"
              onClick={() => goToNextUnanswered(form, container.current)}
            >
              {m('saveBar.next')}
              <kbd
                className={
                  'hidden rounded border border-slate-300 bg-slate-50 px-1 font-sans text-xs text-slate-600 ' +
                  'sm:inline'
                }
              >
                {m('saveBar.nextKeys')}
              </kbd>
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
