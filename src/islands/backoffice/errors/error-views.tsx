import { m } from '../messages.ts';
import { DashboardLink } from '../ui/back-link.tsx';
import { PageHeading } from '../ui/page-heading.tsx';
import { ui } from '../ui/styles.ts';

/** Unmatched back-office path, shown inside the signed-in layout. */
export function NotFoundView() {
  return (
    <section>
      <PageHeading>{m('route.notFound')}</PageHeading>
      <p className="text-slate-700">{m('errors.notFoundText')}</p>
      <p className="mt-4">
        <DashboardLink label={m('errors.toDashboard')} />
      </p>
    </section>
  );
}

/** An error thrown while rendering a screen. */
export function ServerErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <section>
      <PageHeading>{m('errors.somethingWrong')}</PageHeading>
      <div role="alert" className="text-slate-700">
        {m('errors.serverText')}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <button type="button" className={ui.primaryButton} onClick={onRetry}>
          {m('errors.tryAgain')}
        </button>
        <DashboardLink label={m('errors.toDashboard')} />
      </div>
    </section>
  );
}

/** The same, when even the layout could not render. */
export function FullPageServerError({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center p-6">
      <ServerErrorView onRetry={onRetry} />
    </main>
  );
}
