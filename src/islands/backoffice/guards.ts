import { computed } from 'nanostores';
import { resolveGuard } from './guard-rules.ts';
import { leave } from './lib/location.ts';
import { $router, currentPathForNext, navigate } from './router.ts';
import { $auth, $identity, $signingOut } from './session.ts';

export type { GuardDecision } from './guard-rules.ts';

export const $guard = computed([$auth, $identity, $signingOut, $router], (auth, identity, signingOut, page) =>
  resolveGuard({ auth, identity, signingOut, page, next: currentPathForNext() }),
);

/** Carries out the guard's navigations; returns the unsubscribe. */
export function startGuardNavigation(): () => void {
  let left: string | null = null;
  return $guard.subscribe((decision) => {
    if (decision.kind === 'leave' && decision.to !== left) {
      left = decision.to;
      leave.replace(decision.to);
    } else if (decision.kind === 'redirect') {
      navigate(decision.to, { replace: true });
    }
  });
}
