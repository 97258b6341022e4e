import { PageHeading } from '../ui/page-heading.tsx';
import { ui } from '../ui/styles.ts';

/** Unmatched back-office path, shown inside the signed-in layout. */
export function NotFoundView() {
  return (
    <section>
      <PageHeading>Page not found</PageHeading>
      <p className="text-slate-700">There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <p className="mt-4">
        <a href="/dashboard" className={ui.link}>
          Go to the dashboard
        </a>
      </p>
    </section>
  );
}

/** An error thrown while rendering a screen. */
export function ServerErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <section>
      <PageHeading>Something went wrong</PageHeading>
      <div role="alert" className="text-slate-700">
        This screen could not be shown because of an error on our side. Try again; if it keeps happening, tell the portal
        administrators.
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <button type="button" className={ui.primaryButton} onClick={onRetry}>
          Try again
        </button>
        <a href="/dashboard" className={ui.link}>
          Go to the dashboard
        </a>
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
