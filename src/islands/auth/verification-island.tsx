import { useState } from 'react';
import { ResetPasswordAction, VerifyEmailAction } from './action-links.tsx';
import { authHref } from './language.ts';
import { m } from './messages.ts';
import { useAuth } from './use-auth.ts';
import { HeadingWithLink } from './form-blocks.tsx';
import { ErrorAlert, Loading, usePageTitle } from './ui.tsx';
import { VerificationStatus } from './verification-status.tsx';

type Action = { mode: 'verifyEmail' | 'resetPassword'; oobCode: string } | { mode: 'unsupported' } | null;

/** The action link's parameters, as the identity service's emails (or its hosted handler) send them. */
function readAction(search: string): Action {
  const params = new URLSearchParams(search);
  const mode = params.get('mode');
  const oobCode = params.get('oobCode');
  if (!mode || !oobCode) return null;
  if (mode === 'verifyEmail' || mode === 'resetPassword') return { mode, oobCode };
  return { mode: 'unsupported' };
}

/**
 * /email/verification: the signed-in person's verification status, or the completion of an
 * action link (email verification, password reset) that points here.
 */
export default function VerificationIsland() {
  usePageTitle(m('verify.title'));
  const state = useAuth();
  // Read once on the client: the page is prerendered, so the query string is only known here.
  const [action] = useState<Action>(() => (typeof location === 'undefined' ? null : readAction(location.search)));

  if (state.status === 'error') return <ErrorAlert id="verification-error" message={state.message} />;
  if (state.status === 'loading') return <Loading />;

  const localMode = state.config.authEmulatorUrl !== null;
  if (action?.mode === 'verifyEmail') return <VerifyEmailAction auth={state.auth} oobCode={action.oobCode} />;
  if (action?.mode === 'resetPassword') return <ResetPasswordAction auth={state.auth} oobCode={action.oobCode} />;
  if (action?.mode === 'unsupported') {
    return (
      <HeadingWithLink title={m('verify.unsupported')} intro={m('verify.unsupportedIntro')} href={authHref('/login')}>
        {m('verify.goToSignIn')}
      </HeadingWithLink>
    );
  }
  if (state.user) return <VerificationStatus auth={state.auth} user={state.user} localMode={localMode} />;
  return (
    <HeadingWithLink title={m('verify.title')} intro={m('verify.signInIntro')} href={authHref('/login')}>
      {m('signup.signIn')}
    </HeadingWithLink>
  );
}
