import { CountryListResponseSchema } from '../../../lib/countries/schema.ts';
import { GenericResponseSchema } from '../../../lib/http/schema.ts';
import { ProfileBodySchema, WhoamiSchema, type ProfileBody } from '../../../lib/identity/schema.ts';
import { api, ApiError, conflictOf } from '../lib/api.ts';
import { fieldErrorsOf, type FieldErrors } from '../lib/field-errors.ts';
import { createFetcherStore, createMutatorStore, fetchWith } from '../lib/query.ts';
import { notifySuccess } from '../notifications/snackbar-store.ts';
import { refreshIdentity } from '../session.ts';
import { m } from './messages.ts';

/** Countries a user may choose: the active ones. */
export const $activeCountries = createFetcherStore('countries/all?status=1', {
  fetcher: fetchWith(CountryListResponseSchema),
});

/** Checks the form with the schema the server uses, so most mistakes show before a round trip. */
export function checkProfile(input: ProfileBody): FieldErrors {
  const result = ProfileBodySchema.safeParse(input);
  const errors = result.success ? {} : fieldErrorsOf(result.error.issues);
  if (!input.country_code) errors['country_code'] = [m('chooseCountry')];
  return errors;
}

/**
 * Saves the profile, then re-reads whoami. The guards take it from there: with a country set,
 * profile completion sends on to /dashboard, which sends an inactive account on to
 * /unauthorized-access?reason=inactive (the account awaits activation).
 */
export const $saveProfile = createMutatorStore<ProfileBody, string>(async ({ data }) => {
  let saved;
  try {
    saved = await api.request('POST', 'user/saved/profile', { schema: GenericResponseSchema, body: data });
  } catch (error) {
    if (conflictOf(error, WhoamiSchema)) {
      // Changed meanwhile (by an administrator): the next save is based on the account as it is now.
      await refreshIdentity();
      throw new ApiError(409, m('conflict'));
    }
    throw error;
  }
  notifySuccess(saved.message);
  await refreshIdentity();
  return saved.message;
});
