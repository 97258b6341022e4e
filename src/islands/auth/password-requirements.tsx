import { validatePassword, type Auth, type PasswordValidationStatus } from 'firebase/auth';
import { useCallback, useRef, useState } from 'react';
import { m } from './messages.ts';
import { policyRequirements } from './password-policy.ts';

/**
 * The project's password policy, once the identity service has told us about it. When a
 * password is refused (`auth/password-does-not-meet-requirements`), `refresh` re-validates it,
 * which also refreshes the cached policy (spec §5); from then on `follow` re-checks the
 * password as it is typed, so the requirements update live.
 */
export function usePasswordPolicy(auth: Auth | null) {
  const [status, setStatus] = useState<PasswordValidationStatus | null>(null);
  const lastRequest = useRef(0);

  const refresh = useCallback(
    async (value: string) => {
      if (!auth) return;
      const request = ++lastRequest.current;
      try {
        const next = await validatePassword(auth, value);
        if (request === lastRequest.current) setStatus(next);
      } catch {
        // No policy available (for example the local emulator): keep the portal's own checks.
      }
    },
    [auth],
  );

  const follow = useCallback(
    (value: string) => {
      if (status) void refresh(value);
    },
    [status, refresh],
  );

  return { status, refresh, follow };
}

export function PasswordRequirements({ status }: { status: PasswordValidationStatus | null }) {
  if (!status) return null;
  const requirements = policyRequirements(status);
  if (requirements.length === 0) return null;
  return (
    <div className="mt-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2.5 text-sm">
      <p className="font-medium text-slate-800">{m('policy.title')}</p>
      <ul className="mt-1 space-y-0.5">
        {requirements.map((requirement) => (
          <li key={requirement.id} className={requirement.met ? 'text-emerald-800' : 'text-red-700'}>
            <span aria-hidden="true">{requirement.met ? '✓ ' : '✗ '}</span>
            {requirement.label}
            <span className="sr-only">{requirement.met ? m('policy.met') : m('policy.notMet')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
