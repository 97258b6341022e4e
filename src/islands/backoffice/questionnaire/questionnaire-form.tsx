import { useStore } from '@nanostores/react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { Completeness, FormQuestion } from '../../../lib/questionnaires/schema.ts';
import { Chips } from '../ui/filters.tsx';
import { Icon } from '../ui/icons.tsx';
import { ui } from '../ui/styles.ts';
import type { FormDisplay, QuestionnaireForm, SectionGroup, ShowFilter } from './form-store.ts';
import { m } from './messages.ts';
import { QuestionField } from './question-field.tsx';
import { SaveBar } from './save-bar.tsx';
import { addSkipLink } from '../layout/skip-links.ts';

/** The id of a section's anchor: its depth's prefix (`display.anchors`) and its code. */
function sectionAnchor(display: FormDisplay, depth: number, code: string): string {
  return `${display.anchors?.[depth] ?? 'section'}-${code}`;
}

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
        {groups.map(
          ({ section, completeness, children }) =>
            section && (
              <li key={section.code}>
                <a
                  href={`#${sectionAnchor(form.display, 0, section.code)}`}
                  className="flex items-start justify-between gap-2 font-semibold text-slate-900 hover:text-brand-700"
                >
                  <span dir="auto">
                    {codes && `${section.code} · `}
                    {section.name}
                  </span>
                  <CompletenessMark completeness={completeness} />
                </a>
                <div className="mt-1 h-1 rounded-full bg-slate-200" aria-hidden="true">
                  <div className="h-1 rounded-full bg-brand-600" style={{ width: `${completeness.pct}%` }} />
                </div>
                <RailSections form={form} groups={children} />
              </li>
            ),
        )}
      </ol>
    </nav>
  );
}

/** The sections under a top-level one in the rail, at any depth. */
function RailSections({ form, groups }: { form: QuestionnaireForm; groups: readonly SectionGroup[] }) {
  if (groups.length === 0) return null;
  return (
    <ol className="mt-1.5 space-y-1 pl-3">
      {groups.map(({ section, depth, completeness, children }) => (
        <li key={section!.code}>
          <a
            href={`#${sectionAnchor(form.display, depth, section!.code)}`}
            className="flex justify-between gap-2 text-slate-700 hover:text-brand-700"
          >
            <span dir="auto">
              {form.display.sectionCodes && `${section!.code} `}
              {section!.name}
            </span>
            <CompletenessMark completeness={completeness} />
          </a>
          <RailSections form={form} groups={children} />
        </li>
      ))}
    </ol>
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
 * section, one field per question under its section's heading, and the save bar. `fieldExtra` lets the host
 * screen add something to each question's header (the national report's answer history), `fieldFooter` something
 * under its answer (the comments on it).
 */
export function QuestionnaireFormView({
  form,
  fieldExtra,
  fieldFooter,
}: {
  form: QuestionnaireForm;
  fieldExtra?: (question: FormQuestion) => ReactNode;
  fieldFooter?: (question: FormQuestion) => ReactNode;
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
          {form.display.tagFilter && (
            <Chips
              id="questionnaire-tag"
              label={form.display.tagFilter.label}
              chips={form.display.tagFilter.chips}
              value={filters.tag ?? ''}
              onPick={(value) => form.setFilters({ tag: value === '' ? null : value })}
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
              onClick={() => form.setFilters({ tag: null, show: 'all' })}
            >
              {m('filter.showEvery')}
            </button>
          </div>
        )}

        {groups.map((group) => (
          <SectionView
            key={group.section?.code ?? ''}
            form={form}
            group={group}
            fieldExtra={fieldExtra}
            fieldFooter={fieldFooter}
          />
        ))}
        <SaveBar form={form} container={questionsRef} />
      </div>
    </div>
  );
}

const hasVisible = (group: SectionGroup): boolean => group.questions.length > 0 || group.children.some(hasVisible);

/**
 * One section's questions in view, then its sections' (any depth); nothing when none is in view. A
 * top-level section is a landmark with a heading of level 2, a section under it a part with one of
 * level 3 (4 below that); the questions under no heading come without one.
 */
function SectionView({
  form,
  group,
  fieldExtra,
  fieldFooter,
}: {
  form: QuestionnaireForm;
  group: SectionGroup;
  fieldExtra?: ((question: FormQuestion) => ReactNode) | undefined;
  fieldFooter?: ((question: FormQuestion) => ReactNode) | undefined;
}) {
  if (!hasVisible(group)) return null;
  const { section, depth } = group;
  const fields = group.questions.length > 0 && (
    <div className="space-y-4">
      {group.questions.map((question) => (
        <QuestionField
          key={question.uuid}
          form={form}
          question={question}
          extra={fieldExtra?.(question)}
          footer={fieldFooter?.(question)}
        />
      ))}
    </div>
  );
  const children = group.children.map((child) => (
    <SectionView
      key={child.section!.code}
      form={form}
      group={child}
      fieldExtra={fieldExtra}
      fieldFooter={fieldFooter}
    />
  ));
  if (!section) return <div className="mb-8">{fields}</div>;
  const id = sectionAnchor(form.display, depth, section.code);
  if (depth === 0) {
    const note = form.display.sectionNote?.(section);
    return (
      <section id={id} aria-labelledby={`${id}-title`} className="mb-8 scroll-mt-4">
        <h2 id={`${id}-title`} dir="auto" className="text-lg font-semibold text-slate-900">
          {form.display.sectionCodes && `${section.code} · `}
          {section.name}
        </h2>
        {note && <p className="text-sm text-slate-600">{note}</p>}
        {fields && <div className="mt-4">{fields}</div>}
        {children}
      </section>
    );
  }
  const Heading = depth === 1 ? 'h3' : 'h4';
  return (
    <div id={id} className="mt-4 scroll-mt-4">
      <Heading dir="auto" className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-600">
        {form.display.sectionCodes && `${section.code} `}
        {section.name}
      </Heading>
      {fields}
      {children}
    </div>
  );
}
