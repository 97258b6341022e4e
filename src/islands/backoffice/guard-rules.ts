import { guardRoute, USER_STATUS } from '../../lib/access/permissions.ts';
import type { Whoami } from '../../lib/identity/schema.ts';
import type { AppPage } from './router.ts';
import type { AuthState, IdentityState } from './session.ts';

export type GuardDecision =
  | { kind: 'wait'; reason: 'loading' | 'signingOut' }
  /** Full navigation (location.replace) to a separate static page. */
  | { kind: 'leave'; to: string }
  /** Navigation inside the island, replacing the current history entry. */
  | { kind: 'redirect'; to: string }
  | { kind: 'render'; page: AppPage; identity: Whoami }
  | { kind: 'notFound'; identity: Whoami };

export interface GuardInput {
  auth: AuthState;
  identity: IdentityState;
  signingOut: boolean;
  page: AppPage | undefined;
  /** Path and query of the current location, for `/login?next=`. */
  next: string;
}

export const FORBIDDEN_URL = '/unauthorized-access?reason=forbidden';
export const INACTIVE_URL = '/unauthorized-access?reason=inactive';

/**
 * The guards of spec §4, §6 and §8 in order: signed in, email verified, whoami loaded, active,
 * has a country, then the route's own rule from the permission module.
 */
export function resolveGuard(input: GuardInput): GuardDecision {
  const { auth, identity: state, page } = input;
  if (input.signingOut) return { kind: 'wait', reason: 'signingOut' };
  if (auth.status === 'loading') return { kind: 'wait', reason: 'loading' };
  if (auth.status === 'error') return { kind: 'leave', to: '/server-error' };
  if (auth.status === 'signedOut') return { kind: 'leave', to: `/login?next=${encodeURIComponent(input.next)}` };
  if (!auth.emailVerified) return { kind: 'leave', to: '/email/verification' };
  if (state.status === 'idle' || state.status === 'loading') return { kind: 'wait', reason: 'loading' };
  if (state.status === 'error') return { kind: 'leave', to: '/server-error' };
  const identity = state.identity;

  // Profile completion is for any signed-in user still without a country, active or not:
  // after it, inactive users learn that their account awaits activation.
  if (page?.route === 'profileCompletion') {
    return identity.country_code ? { kind: 'redirect', to: '/dashboard' } : { kind: 'render', page, identity };
  }
  if (identity.status !== USER_STATUS.active) return { kind: 'leave', to: INACTIVE_URL };
  if (!identity.country_code) return { kind: 'redirect', to: '/profile/completion' };
  if (!page) return { kind: 'notFound', identity };
  // My profile: every active user with a country manages their own account.
  if (page.route === 'myProfile') return { kind: 'render', page, identity };

  switch (guardRoute(identity, page.route, page.params)) {
    case null:
      return { kind: 'render', page, identity };
    case '/login':
      return { kind: 'leave', to: `/login?next=${encodeURIComponent(input.next)}` };
    case '/profile/completion':
      return { kind: 'redirect', to: '/profile/completion' };
    case '/unauthorized-access':
      return { kind: 'leave', to: identity.status === USER_STATUS.active ? FORBIDDEN_URL : INACTIVE_URL };
  }
}
