import { useStore } from '@nanostores/react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { Completeness, Question, QuestionTier } from '../../../lib/questionnaires/schema.ts';
import { Chips } from '../ui/filters.tsx';
import { Icon } from '../ui/icons.tsx';
import { ui } from '../ui/styles.ts';
import type { QuestionGroup, QuestionnaireForm, ShowFilter } from './form-store.ts';
import { m } from './messages.ts';
import { QuestionField } from './question-field.tsx';
import { SaveBar } from './save-bar.tsx';
import { addSkipLink } from '../layout/skip-links.ts';
import { tierChips } from './tier-chips.ts';

const TIERS = tierChips(m('filter.allTiers'), (tier) => m('filter.tier', { tier }));

const SHOW = [
  { value: 'all', label: m('filter.all') },
  { value: 'unanswered', label: m('filter.unanswered') },
  { value: 'invalid', label: m('filter.attention') },
  { value: 'commented', label: m('filter.commented') },
] as const satisfies readonly { value: ShowFilter; label: string }[];

/** Enter in a one-line input moves on to the next input, as Tab does. */
function moveOnEnter(container: HTMLElement, event: KeyboardEvent): void {
  if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement) || !target.hasAttribute('data-qf'))
    return;
  event.preventDefault();
  const inputs = [...container.querySelectorAll<HTMLElement>('[data-qf]:not(:disabled)')];
  const next = inputs[inputs.indexOf(target) + 1];
  next?.focus();
}

function CompletenessMark({ completeness }: { completeness: Completeness }) {
  const done = completeness.answered === completeness.total;
  return (
    <span className={`shrink-0 tabular-nums ${done ? 'text-emerald-800' : 'text-slate-600'}`}>
      {done && <Icon name="check" className="mr-0.5 inline size-3.5" />}
      {m('rail.count', { answered: completeness.answered, total: completeness.total })}
      {completeness.invalid > 0 && (
        <span
          className="ml-1 rounded-full bg-red-100 px-1.5 text-xs font-semibold text-red-800"
          title={m('rail.toCorrect', { count: completeness.invalid })}
        >
          <span aria-hidden="true">!</span>
          <span className="sr-only">{m('rail.toCorrectAfter', { count: completeness.invalid })}</span>
        </span>
      )}
    </span>
  );
}

/** The sections of the questionnaire with how far each is answered; links jump to them. */
function NavigationRail({ form }: { form: QuestionnaireForm }) {
  const groups = useStore(form.$groups);
  const codes = form.display.sectionCodes;
  return (
    <nav aria-label={m('rail.label')} className="text-sm">
      <ol className="space-y-3">
        {groups.map((group) => (
          <li key={group.thrust.code}>
            <a
              href={`#thrust-${group.thrust.code}`}
              className="flex items-start justify-between gap-2 font-semibold text-slate-900 hover:text-brand-700"
            >
              <span dir="auto">
                {codes && `${group.thrust.code} · `}
                {group.thrust.name}
              </span>
              <CompletenessMark completeness={group.completeness} />
            </a>
            <div className="mt-1 h-1 rounded-full bg-slate-200" aria-hidden="true">
              <div className="h-1 rounded-full bg-brand-600" style={{ width: `${group.completeness.pct}%` }} />
            </div>
            <ol className="mt-1.5 space-y-1 pl-3">
              {group.subcategories.map((sub) => (
                <li key={sub.subcategory.code}>
                  <a
                    href={`#sub-${sub.subcategory.code}`}
                    className="flex justify-between gap-2 text-slate-700 hover:text-brand-700"
                  >
                    <span dir="auto">
                      {codes && `${sub.subcategory.code} `}
                      {sub.subcategory.name}
                    </span>
                    <CompletenessMark completeness={sub.completeness} />
                  </a>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Moves the keyboard focus to the first answer field in view (the skip link at the top). */
function focusFirstAnswer(container: HTMLElement | null): void {
  const first = container?.querySelector<HTMLElement>('[data-qf]:not(:disabled)');
  if (!first) return;
  first.scrollIntoView({ block: 'center' });
  first.focus({ preventScroll: true });
}

/**
 * The reusable questionnaire (DESIGN.md §11): filters, a navigation rail with completeness per
 * thrust and subcategory, one field per question, and the save bar. `fieldExtra` lets the host
 * screen add something to each question (the national report's answer history).
 */
export function QuestionnaireFormView({
  form,
  fieldExtra,
}: {
  form: QuestionnaireForm;
  fieldExtra?: (question: Question) => ReactNode;
}) {
  const groups = useStore(form.$groups);
  const filters = useStore(form.$filters);
  const visibleCount = useStore(form.$visibleCount);
  useEffect(() => form.start(), [form]);
  const questionsRef = useRef<HTMLDivElement>(null);
  // "Skip to the first question" comes right after the layout's "Skip to content": the second Tab stop.
  useEffect(
    () =>
      addSkipLink({
        id: 'first-question',
        label: m('form.skip'),
        href: '#first-question',
        go: () => focusFirstAnswer(questionsRef.current),
      }),
    [],
  );
  useEffect(() => {
    const container = questionsRef.current;
    if (!container) return;
    // A listener, not onKeyDown: the container only passes keys on, it is not a control itself.
    const onKey = (event: KeyboardEvent) => moveOnEnter(container, event);
    container.addEventListener('keydown', onKey);
    return () => container.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-8">
      <aside className="mb-6 lg:mb-0">
        <details className="rounded-lg border border-slate-200 bg-white p-4 lg:hidden">
          <summary className="cursor-pointer font-semibold text-slate-900">{m('form.sections')}</summary>
          <div className="mt-3">
            <NavigationRail form={form} />
          </div>
        </details>
        {/* Below the back-office's sticky top bar (4rem), as the page's scroll padding is. */}
        <div
          className={
            'sticky top-20 hidden max-h-[calc(100vh-6rem)] overflow-y-auto rounded-lg border border-slate-200 ' +
            'bg-white p-4 lg:block'
          }
        >
          <NavigationRail form={form} />
        </div>
      </aside>

      <div ref={questionsRef} id="first-question">
        <div
          className={
            'mb-5 flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:flex-wrap ' +
            'sm:items-end'
          }
        >
          {form.display.tiers && (
            <Chips
              id="questionnaire-tier"
              label={m('filter.tierLabel')}
              chips={TIERS}
              value={filters.tier === null ? '' : (String(filters.tier) as '1' | '2' | '3')}
              onPick={(value) => form.setFilters({ tier: value === '' ? null : (Number(value) as QuestionTier) })}
            />
          )}
          <Chips
            id="questionnaire-show"
            label={m('filter.showLabel')}
            chips={SHOW}
            value={filters.show}
            onPick={(show) => form.setFilters({ show })}
          />
          <p className="text-xs text-slate-600 sm:basis-full">{m('form.nextHelp')}</p>
        </div>

        {visibleCount === 0 && (
          <div className="rounded-lg border border-dashed border-slate-300 bg-slate-50 p-8 text-center">
            <p className="font-semibold text-slate-800">{m('filter.none')}</p>
            <button
              type="button"
              className={`${ui.link} mt-2 text-sm`}
              onClick={() => form.setFilters({ tier: null, show: 'all' })}
            >
              {m('filter.showEvery')}
            </button>
          </div>
        )}

        {groups.map((group) => (
          <ThrustGroup key={group.thrust.code} form={form} group={group} fieldExtra={fieldExtra} />
        ))}
        <SaveBar form={form} container={questionsRef} />
      </div>
    </div>
  );
}

/** One thrust's questions in view, by subcategory; nothing when none is in view. */
function ThrustGroup({
  form,
  group,
  fieldExtra,
}: {
  form: QuestionnaireForm;
  group: QuestionGroup;
  fieldExtra?: ((question: Question) => ReactNode) | undefined;
}) {
  const shown = group.subcategories.filter((sub) => sub.questions.length > 0);
  if (shown.length === 0) return null;
  return (
    <section
      key={group.thrust.code}
      id={`thrust-${group.thrust.code}`}
      aria-labelledby={`thrust-${group.thrust.code}-title`}
      className="mb-8 scroll-mt-4"
    >
      <h2 id={`thrust-${group.thrust.code}-title`} dir="auto" className="text-lg font-semibold text-slate-900">
        {form.display.sectionCodes && `${group.thrust.code} · `}
        {group.thrust.name}
      </h2>
      {group.thrust.nua_paragraphs && (
        <p className="text-sm text-slate-600">{m('form.nuaParagraphs', { paragraphs: group.thrust.nua_paragraphs })}</p>
      )}
      {shown.map((sub) => (
        <div key={sub.subcategory.code} id={`sub-${sub.subcategory.code}`} className="mt-4 scroll-mt-4">
          <h3 dir="auto" className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-600">
            {form.display.sectionCodes && `${sub.subcategory.code} `}
            {sub.subcategory.name}
          </h3>
          <div className="space-y-4">
            {sub.questions.map((question) => (
              <QuestionField key={question.uuid} form={form} question={question} extra={fieldExtra?.(question)} />
            ))}
          </div>
        </div>
      ))}
    </section>
  );
}
