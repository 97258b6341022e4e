import { atom, computed } from 'nanostores';
import { GenericResponseSchema } from '../../../lib/http/schema.ts';
import {
  TrustedAuthorityListResponseSchema,
  TrustedAuthorityResponseSchema,
  TrustedAuthoritySchema,
  type TrustedAuthority,
} from '../../../lib/signatures/schema.ts';
import { api, ApiError, conflictOf, errorMessage } from '../lib/api.ts';
import { createFetcherStore, fetchWith, invalidateKeys } from '../lib/query.ts';
import { notifyError, notifySuccess } from '../notifications/snackbar-store.ts';
import { m } from './messages.ts';

/**
 * The trusted certificate authorities' screen (decision 056): the list, the form that adds one
 * (a PEM certificate, for the region or a country) and the removal of one on its version.
 */

export const AUTHORITIES_KEY = 'trusted-authority/list';
export const $authorities = createFetcherStore(AUTHORITIES_KEY, {
  fetcher: fetchWith(TrustedAuthorityListResponseSchema),
});

/**
 * The list as the table shows it: each authority with whether its certificate has expired (worked out when the list
 * arrives).
 */
export const $authorityRows = computed($authorities, ({ data }) => {
  const now = Date.now();
  return data?.data.map((authority) => ({ ...authority, expired: Date.parse(authority.not_after) < now }));
});
export type AuthorityRow = TrustedAuthority & { expired: boolean };

export interface AuthorityForm {
  pem: string;
  /** '' for the whole region, else a country code. */
  country: string;
  note: string;
  saving: boolean;
  errors: Record<string, string[]>;
  message: string | null;
}

const EMPTY: AuthorityForm = { pem: '', country: '', note: '', saving: false, errors: {}, message: null };
export const $authorityForm = atom<AuthorityForm>(EMPTY);
/** uuids of authorities whose removal is on its way. */
export const $removing = atom<readonly string[]>([]);

export function editAuthorityForm(change: Partial<Pick<AuthorityForm, 'pem' | 'country' | 'note'>>): void {
  const form = $authorityForm.get();
  const errors = { ...form.errors };
  for (const field of Object.keys(change)) delete errors[field === 'country' ? 'country_code' : field];
  $authorityForm.set({ ...form, ...change, errors, message: null });
}

/** Reads a certificate file chosen by the administrator into the form (PEM is text; a binary file is refused). */
export async function readPemFile(file: File | undefined): Promise<void> {
  if (!file) return;
  const text = await file.text().catch(() => '');
  if (!text.includes('-----BEGIN CERTIFICATE-----')) {
    $authorityForm.set({ ...$authorityForm.get(), errors: { pem: [m('add.fileNotPem')] }, message: null });
    return;
  }
  editAuthorityForm({ pem: text.trim() });
}

/** Sends the form: the authority is trusted and the list shows it, or the form says why not. */
export async function addTrustedAuthority(): Promise<void> {
  const form = $authorityForm.get();
  if (form.saving) return;
  $authorityForm.set({ ...form, saving: true, errors: {}, message: null });
  try {
    const saved = await api.request('POST', 'trusted-authority/create', {
      schema: TrustedAuthorityResponseSchema,
      body: { pem: form.pem, country_code: form.country || null, note: form.note.trim() || null },
    });
    $authorityForm.set(EMPTY);
    notifySuccess(saved.message);
    invalidateKeys(AUTHORITIES_KEY);
  } catch (error) {
    const errors = error instanceof ApiError ? error.errors : {};
    $authorityForm.set({
      ...$authorityForm.get(),
      saving: false,
      errors,
      message: m('add.failed', { message: errorMessage(error) }),
    });
  }
}

/** Stops trusting `authority` on the version shown; if it changed meanwhile, the list is read again. */
export async function removeTrustedAuthority(authority: TrustedAuthority): Promise<void> {
  $removing.set([...$removing.get(), authority.uuid]);
  try {
    await api.request('POST', `trusted-authority/delete/${encodeURIComponent(authority.uuid)}`, {
      schema: GenericResponseSchema,
      body: { version: authority.version },
    });
    notifySuccess(m('removed', { name: authority.name }));
  } catch (error) {
    notifyError(conflictOf(error, TrustedAuthoritySchema) ? m('changedMeanwhile') : errorMessage(error));
  } finally {
    $removing.set($removing.get().filter((uuid) => uuid !== authority.uuid));
    invalidateKeys(AUTHORITIES_KEY);
  }
}
