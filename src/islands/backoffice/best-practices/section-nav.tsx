import { SECTION_COUNT } from '../../../lib/best-practices/completeness.ts';
import { FORM_SECTIONS, type ReviewComment, type SectionKey } from '../../../lib/best-practices/schema.ts';
import { Icon } from '../ui/icons.tsx';
import { ui } from '../ui/styles.ts';
import { openComments } from './comments-store.ts';
import { sectionLabel } from './labels.ts';
import { m } from './messages.ts';

/** The form's sections: how many are filled, a link to each, and the number of open review comments on it. */
export function SectionNav({
  comments: all,
  filled,
}: {
  comments: readonly ReviewComment[];
  filled: Record<SectionKey, boolean>;
}) {
  const filledCount = Object.values(filled).filter(Boolean).length;
  return (
    <nav aria-label={m('nav.label')} className="lg:sticky lg:top-20 lg:self-start">
      <div className={ui.card}>
        <p className="text-sm font-semibold text-slate-900" id="bp-progress-label">
          {m('nav.filled', { count: filledCount, total: SECTION_COUNT })}
        </p>
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-labelledby="bp-progress-label"
          aria-valuemin={0}
          aria-valuemax={SECTION_COUNT}
          aria-valuenow={filledCount}
        >
          <div
            className="h-full rounded-full bg-emerald-600 transition-[width]"
            style={{ width: `${(filledCount / SECTION_COUNT) * 100}%` }}
          />
        </div>
        <ol className="mt-3 hidden space-y-1 text-sm lg:block">
          {FORM_SECTIONS.map((s) => {
            const comments = openComments(all, s.key).length;
            return (
              <li key={s.key}>
                <a
                  href={`#section-${s.key}`}
                  className={
                    'flex items-center gap-2 rounded px-1 py-0.5 text-slate-700 hover:bg-slate-50 ' +
                    'hover:text-brand-700'
                  }
                >
                  <span
                    aria-hidden="true"
                    className={
                      `flex size-4 shrink-0 items-center justify-center ` +
                      `rounded-full ${filled[s.key] ? 'bg-emerald-600 text-white' : 'ring-1 ring-slate-300'}`
                    }
                  >
                    {filled[s.key] && <Icon name="check" className="size-3" />}
                  </span>
                  <span className="truncate">{sectionLabel(s.key)}</span>
                  <span className="sr-only">{filled[s.key] ? m('nav.isFilled') : m('nav.notFilled')}</span>
                  {comments > 0 && (
                    <span className="ml-auto rounded-full bg-amber-100 px-1.5 text-xs text-amber-900">
                      {comments}
                      <span className="sr-only">{m('nav.openComments', { count: comments })}</span>
                    </span>
                  )}
                </a>
              </li>
            );
          })}
        </ol>
      </div>
    </nav>
  );
}
