import type { PasswordValidationStatus } from 'firebase/auth';
import { m } from './messages.ts';

/** Length the portal asks for before the identity service is even called. */
export const MIN_PASSWORD_LENGTH = 8;

export interface PasswordRequirement {
  id: string;
  label: string;
  met: boolean;
}

/**
 * The requirements of the project's password policy, each with whether `status` meets it.
 * Only the options the policy sets are listed; the policy itself comes from the identity
 * service (spec §5: its content is not ours to know in advance).
 */
export function policyRequirements(status: PasswordValidationStatus): PasswordRequirement[] {
  const options = status.passwordPolicy.customStrengthOptions;
  const list: PasswordRequirement[] = [];
  // The portal already asks for MIN_PASSWORD_LENGTH; a lower policy minimum (the SDK reports 6 by default) adds
  // nothing.
  if (options.minPasswordLength !== undefined && options.minPasswordLength > MIN_PASSWORD_LENGTH) {
    list.push({
      id: 'min',
      label: m('policy.min', { count: options.minPasswordLength }),
      met: status.meetsMinPasswordLength !== false,
    });
  }
  if (options.maxPasswordLength !== undefined) {
    list.push({
      id: 'max',
      label: m('policy.max', { count: options.maxPasswordLength }),
      met: status.meetsMaxPasswordLength !== false,
    });
  }
  if (options.containsLowercaseLetter) {
    list.push({ id: 'lower', label: m('policy.lower'), met: status.containsLowercaseLetter !== false });
  }
  if (options.containsUppercaseLetter) {
    list.push({ id: 'upper', label: m('policy.upper'), met: status.containsUppercaseLetter !== false });
  }
  if (options.containsNumericCharacter) {
    list.push({ id: 'number', label: m('policy.number'), met: status.containsNumericCharacter !== false });
  }
  if (options.containsNonAlphanumericCharacter) {
    const allowed = status.passwordPolicy.allowedNonAlphanumericCharacters;
    list.push({
      id: 'symbol',
      label: allowed ? m('policy.symbolOf', { symbols: allowed }) : m('policy.symbol'),
      met: status.containsNonAlphanumericCharacter !== false,
    });
  }
  return list;
}

/** Client-side checks of a new password and its confirmation; null when they pass. */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return m('check.atLeast', { count: MIN_PASSWORD_LENGTH });
  if (password !== confirmation) return m('check.mismatch');
  return null;
}
