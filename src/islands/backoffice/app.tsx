import { useStore } from '@nanostores/react';
import { Suspense, useEffect } from 'react';
import { loadAllScriptFonts } from '../../lib/fonts/web-fonts.ts';
import { ErrorBoundary } from './errors/error-boundary.tsx';
import { FullPageServerError, NotFoundView, ServerErrorView } from './errors/error-views.tsx';
import { $guard, startGuardNavigation, type GuardDecision } from './guards.ts';
import { SignedInLayout } from './layout/signed-in-layout.tsx';
import { SnackbarRegion } from './notifications/snackbar-region.tsx';
import { m } from './messages.ts';
import { startPageEffects } from './page-effects.ts';
import { ROUTE_META } from './route-meta.ts';
import { ProfileCompletionScreen, screenFor } from './screens.tsx';
import { FullPageStatus, Skeleton } from './ui/states.tsx';

/** The signed-in back-office: one client-only island (DESIGN.md §5). */
export default function BackofficeApp() {
  useEffect(() => {
    const stops = [startGuardNavigation(), startPageEffects()];
    // What people write comes in any script: the fonts of every script, each file fetched only when shown.
    loadAllScriptFonts();
    return () => stops.forEach((stop) => stop());
  }, []);
  return (
    <>
      <ErrorBoundary fallback={(_, retry) => <FullPageServerError onRetry={retry} />}>
        <Content />
      </ErrorBoundary>
      <SnackbarRegion />
    </>
  );
}

function Content() {
  const decision = useStore($guard);
  return renderDecision(decision);
}

function renderDecision(decision: GuardDecision) {
  switch (decision.kind) {
    case 'wait':
      return (
        <FullPageStatus message={decision.reason === 'signingOut' ? m('app.signingOut') : m('app.loadingWorkspace')} />
      );
    case 'leave':
    case 'redirect':
      return <FullPageStatus message={m('app.redirecting')} />;
    case 'notFound':
      return (
        <SignedInLayout identity={decision.identity} activeItem={null}>
          <NotFoundView />
        </SignedInLayout>
      );
    case 'render': {
      const { page, identity } = decision;
      if (page.route === 'profileCompletion') {
        return (
          <Suspense fallback={<FullPageStatus message={m('app.loading')} />}>
            <ProfileCompletionScreen page={page} identity={identity} />
          </Suspense>
        );
      }
      const Screen = screenFor(page.route);
      return (
        <SignedInLayout identity={identity} activeItem={ROUTE_META[page.route].menuItem}>
          <ErrorBoundary key={page.path} fallback={(_, retry) => <ServerErrorView onRetry={retry} />}>
            <Suspense fallback={<Skeleton rows={4} label={m('app.loadingScreen')} />}>
              <Screen page={page} identity={identity} />
            </Suspense>
          </ErrorBoundary>
        </SignedInLayout>
      );
    }
  }
}
