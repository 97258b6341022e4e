import type { PasswordValidationStatus } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { newPasswordProblem, policyRequirements } from './password-policy.ts';

const policy = {
  customStrengthOptions: {
    minPasswordLength: 10,
    containsUppercaseLetter: true,
    containsNonAlphanumericCharacter: true,
  },
  allowedNonAlphanumericCharacters: '!#$',
  enforcementState: 'ENFORCE',
  forceUpgradeOnSignin: false,
};

describe('policyRequirements', () => {
  it('lists only what the policy sets, each with whether it is met', () => {
    const status = {
      isValid: false,
      meetsMinPasswordLength: false,
      containsUppercaseLetter: true,
      containsNonAlphanumericCharacter: false,
      passwordPolicy: policy,
    } as PasswordValidationStatus;
    expect(policyRequirements(status)).toEqual([
      { id: 'min', label: 'At least 10 characters', met: false },
      { id: 'upper', label: 'An uppercase letter (A–Z)', met: true },
      { id: 'symbol', label: 'A symbol, one of !#$', met: false },
    ]);
  });
  it('leaves out a policy minimum the portal already exceeds', () => {
    const status = {
      isValid: true,
      meetsMinPasswordLength: true,
      passwordPolicy: { ...policy, customStrengthOptions: { minPasswordLength: 6 } },
    } as PasswordValidationStatus;
    expect(policyRequirements(status)).toEqual([]);
  });
});

describe('newPasswordProblem', () => {
  it('asks for 8 characters and a matching confirmation', () => {
    expect(newPasswordProblem('short', 'short')).toMatch(/8 characters/);
    expect(newPasswordProblem('long enough', 'long enougH')).toMatch(/do not match/);
    expect(newPasswordProblem('long enough', 'long enough')).toBeNull();
  });
});
