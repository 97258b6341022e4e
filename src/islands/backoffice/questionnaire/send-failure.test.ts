import { describe, expect, it } from 'vitest';
import { ApiError, DataValidationError } from '../lib/api.ts';
import { sendFailure } from './send-failure.ts';

describe('sendFailure', () => {
  it('keeps answers waiting when the server cannot be reached or its gateway fails', () => {
    expect(sendFailure(new ApiError(0, 'Could not reach the server.'))).toEqual({
      kind: 'offline',
      message: 'Could not reach the server.',
    });
    expect(sendFailure(new ApiError(503, 'Unavailable')).kind).toBe('offline');
    expect(sendFailure(new ApiError(500, 'Broken')).kind).toBe('failed');
  });

  it('keeps answers for after sign-in on a 401 and when no token could be had', () => {
    expect(sendFailure(new ApiError(401, 'Sign in to continue'))).toEqual({
      kind: 'signedOut',
      message: 'Sign in to continue',
    });
    expect(sendFailure(new Error('auth/user-token-expired')).kind).toBe('signedOut');
  });

  it('passes the field errors of a 400 and reads an unreadable answer as failed', () => {
    expect(sendFailure(new ApiError(400, 'Invalid body', { 'answers.0.value': ['too large'] }))).toEqual({
      kind: 'invalid',
      errors: { 'answers.0.value': ['too large'] },
      message: 'Invalid body',
    });
    expect(sendFailure(new DataValidationError([]))).toEqual({
      kind: 'failed',
      message: 'The server’s answer could not be read.',
    });
  });
});
