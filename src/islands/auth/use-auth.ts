import { onAuthStateChanged, type Auth, type User } from 'firebase/auth';
import { useEffect, useState } from 'react';
import { getFirebaseAuth, loadClientConfig, type ClientConfig } from '../../lib/client/firebase.ts';
import { authErrorMessage } from './auth-errors.ts';
import { speakPageLanguage } from './language.ts';

export type AuthState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; auth: Auth; config: ClientConfig; user: User | null };

/** The identity service for an auth page: its instance, the portal's config and the current user. */
export function useAuth(): AuthState {
  const [state, setState] = useState<AuthState>({ status: 'loading' });

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    Promise.all([getFirebaseAuth(), loadClientConfig()])
      .then(([auth, config]) => {
        if (cancelled) return;
        unsubscribe = onAuthStateChanged(
          auth,
          (user) => setState({ status: 'ready', auth: speakPageLanguage(auth), config, user }),
          (error) => setState({ status: 'error', message: authErrorMessage(error) }),
        );
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const message = error instanceof Error && !('code' in error) ? error.message : authErrorMessage(error);
        setState({ status: 'error', message });
      });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, []);

  return state;
}
