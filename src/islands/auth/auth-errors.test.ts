import { describe, expect, it } from 'vitest';
import {
  AUTH_ERROR_MESSAGES,
  authErrorMessage,
  FALLBACK_AUTH_ERROR_MESSAGE,
  SPEC_IDENTITY_ERROR_CODES,
} from './auth-errors.ts';

describe('auth error messages', () => {
  it('gives every identity error of spec §8 its own message', () => {
    const messages = SPEC_IDENTITY_ERROR_CODES.map((code) => AUTH_ERROR_MESSAGES[code]);
    expect(messages.every((message) => typeof message === 'string' && message.length > 20)).toBe(true);
    expect(new Set(messages).size).toBe(SPEC_IDENTITY_ERROR_CODES.length);
    expect(messages).not.toContain(FALLBACK_AUTH_ERROR_MESSAGE);
  });

  it('maps errors by their code and falls back for unknown ones', () => {
    expect(authErrorMessage({ code: 'auth/popup-closed-by-user' })).toMatch(/closed/);
    expect(authErrorMessage({ code: 'auth/something-new' })).toBe(FALLBACK_AUTH_ERROR_MESSAGE);
    expect(authErrorMessage(new Error('boom'))).toBe(FALLBACK_AUTH_ERROR_MESSAGE);
    expect(authErrorMessage(null)).toBe(FALLBACK_AUTH_ERROR_MESSAGE);
  });
});
