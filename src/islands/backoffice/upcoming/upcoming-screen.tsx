import { m } from '../messages.ts';
import { ROUTE_META } from '../route-meta.ts';
import type { ScreenProps } from '../screen-props.ts';
import { DashboardLink } from '../ui/back-link.tsx';
import { Icon } from '../ui/icons.tsx';
import { PageHeading } from '../ui/page-heading.tsx';
import { ui } from '../ui/styles.ts';

/** Screens of later issues: guarded like the real ones, honest about not being there yet. */
export function UpcomingScreen({ page }: ScreenProps) {
  const meta = ROUTE_META[page.route];
  return (
    <section>
      <PageHeading>{meta.title}</PageHeading>
      <div className={`${ui.card} flex max-w-2xl items-start gap-4`}>
        <Icon name="tools" className="mt-0.5 size-6 shrink-0 text-brand-600" />
        <div>
          <p className="font-semibold text-slate-900">{m('upcoming.title')}</p>
          <p className="mt-1 text-slate-700">
            {meta.upcoming ? m('upcoming.will', { what: meta.upcoming }) : m('upcoming.later')}
          </p>
          <p className="mt-4">
            <DashboardLink label={m('upcoming.back')} />
          </p>
        </div>
      </div>
    </section>
  );
}
