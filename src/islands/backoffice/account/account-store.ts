import { EmailAuthProvider, reauthenticateWithCredential, sendEmailVerification, updatePassword } from 'firebase/auth';
import { getFirebaseAuth } from '../../../lib/client/firebase.ts';
import { CMS_UPLOAD_TYPES } from '../../../lib/cms/schema.ts';
import { GenericResponseSchema } from '../../../lib/http/schema.ts';
import {
  PHOTO_MAX_BYTES,
  PhotoResponseSchema,
  ProfileBodySchema,
  WhoamiSchema,
  type Whoami,
} from '../../../lib/identity/schema.ts';
import { authErrorCode, authErrorMessage } from '../../auth/auth-errors.ts';
import { speakPageLanguage } from '../../auth/language.ts';
import { newPasswordProblem } from '../../auth/password-policy.ts';
import { api, ApiError, conflictOf } from '../lib/api.ts';
import { fieldErrorsOf, type FieldErrors } from '../lib/field-errors.ts';
import { createMutatorStore } from '../lib/query.ts';
import { notifySuccess } from '../notifications/snackbar-store.ts';
import { refreshIdentity } from '../session.ts';
import { m } from './messages.ts';

export interface DetailsInput {
  name: string;
  phone_number: string;
}

/** The same checks as the server's (the profile body), before a round trip. */
export function checkDetails(input: DetailsInput, countryCode: string): FieldErrors {
  const result = ProfileBodySchema.safeParse({ ...input, country_code: countryCode });
  return result.success ? {} : fieldErrorsOf(result.error.issues);
}

/**
 * Saves name and phone through POST /api/user/saved/profile, sending the country the account
 * already has (the server refuses to change it there), then re-reads whoami.
 */
export const $saveDetails = createMutatorStore<{ input: DetailsInput; identity: Whoami }, string>(async ({ data }) => {
  const body = {
    name: data.input.name,
    phone_number: data.input.phone_number.trim() === '' ? null : data.input.phone_number,
    country_code: data.identity.country_code ?? '',
    // The account as the form was filled from it (DESIGN.md §12).
    version: data.identity.version,
  };
  let saved;
  try {
    saved = await api.request('POST', 'user/saved/profile', { schema: GenericResponseSchema, body });
  } catch (error) {
    if (conflictOf(error, WhoamiSchema)) {
      // Changed meanwhile (by an administrator): the next save is based on the account as it is now.
      await refreshIdentity();
      throw new ApiError(409, m('details.conflict'));
    }
    throw error;
  }
  await refreshIdentity();
  notifySuccess(m('details.saved'));
  return saved.message;
});

export const PHOTO_ACCEPT = CMS_UPLOAD_TYPES.join(',');
/** The largest photo, in megabytes, for the hint and the refusal. */
export const PHOTO_MAX_MB = PHOTO_MAX_BYTES / 1024 / 1024;

/** The server's limits, checked before any byte is sent; null when the file may go. */
export function checkPhotoFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(CMS_UPLOAD_TYPES as readonly string[]).includes(file.type)) {
    return m('photo.wrongType');
  }
  if (file.size > PHOTO_MAX_BYTES) return m('photo.tooLarge', { mb: PHOTO_MAX_MB });
  if (file.size === 0) return m('photo.empty');
  return null;
}

async function photoRequest(method: 'POST' | 'DELETE', body?: FormData): Promise<string | null> {
  return (await api.request(method, 'user/photo', { schema: PhotoResponseSchema, body })).data.photo;
}

/** Sends a new photo (the server makes one square WebP of it), then re-reads whoami. */
export const $uploadPhoto = createMutatorStore<File, string | null>(async ({ data: file }) => {
  const problem = checkPhotoFile(file);
  if (problem) throw new ApiError(400, problem);
  const form = new FormData();
  form.append('file', file);
  const photo = await photoRequest('POST', form);
  await refreshIdentity();
  notifySuccess(m('photo.saved'));
  return photo;
});

export const $removePhoto = createMutatorStore<void, null>(async () => {
  await photoRequest('DELETE');
  await refreshIdentity();
  notifySuccess(m('photo.removed'));
  return null;
});

const WRONG_PASSWORD_CODES = new Set([
  'auth/wrong-password',
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
]);

/** A failed password change, in words, with the field it concerns. */
export class PasswordChangeError extends Error {
  readonly field: 'current' | 'next' | null;
  constructor(message: string, field: 'current' | 'next' | null) {
    super(message);
    this.field = field;
  }
}

/**
 * Changes the password with the identity service: signs in again with the current password
 * (it asks for a recent sign-in), then sets the new one.
 */
export async function changePassword(current: string, next: string, confirmation: string): Promise<void> {
  if (!current) throw new PasswordChangeError(m('password.enterCurrent'), 'current');
  const problem = newPasswordProblem(next, confirmation);
  if (problem) throw new PasswordChangeError(problem, 'next');
  if (next === current) throw new PasswordChangeError(m('password.different'), 'next');
  const auth = await getFirebaseAuth();
  const user = auth.currentUser;
  if (!user?.email) throw new PasswordChangeError(m('password.signInAgain'), null);
  try {
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, current));
  } catch (error) {
    if (WRONG_PASSWORD_CODES.has(authErrorCode(error) ?? ''))
      throw new PasswordChangeError(m('password.wrong'), 'current');
    throw new PasswordChangeError(authErrorMessage(error), null);
  }
  try {
    await updatePassword(user, next);
  } catch (error) {
    const code = authErrorCode(error);
    throw new PasswordChangeError(
      authErrorMessage(error),
      code === 'auth/password-does-not-meet-requirements' || code === 'auth/weak-password' ? 'next' : null,
    );
  }
}

/** Sends a new verification email to the signed-in address, in the page's language. */
export async function sendVerification(): Promise<void> {
  const auth = speakPageLanguage(await getFirebaseAuth());
  const user = auth.currentUser;
  if (!user) throw new Error(m('email.signInAgain'));
  try {
    await sendEmailVerification(user, { url: `${location.origin}/email/verification` });
  } catch (error) {
    throw new Error(authErrorMessage(error));
  }
}
