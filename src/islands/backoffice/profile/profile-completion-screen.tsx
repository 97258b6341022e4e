import { useStore } from '@nanostores/react';
import { Labelled } from '../ui/field.tsx';
import { useEffect, useState, type FormEvent } from 'react';
import { invalidProps, serverFieldErrors, type FieldErrors } from '../lib/field-errors.ts';
import type { ScreenProps } from '../screen-props.ts';
import { $auth, logout } from '../session.ts';
import { PageHeading } from '../ui/page-heading.tsx';
import { ErrorState, FieldError } from '../ui/states.tsx';
import { BrandMark } from '../ui/brand-mark.tsx';
import { NameField, PhoneField } from '../ui/person-fields.tsx';
import { ui } from '../ui/styles.ts';
import { $activeCountries, $saveProfile, checkProfile } from './profile-store.ts';
import { Flag } from '../ui/flag.tsx';
import { countryName } from '../../i18n/countries.ts';
import { richText } from '../../i18n/rich-text.tsx';
import { m } from './messages.ts';

/** /profile/completion: a standalone page (no sidebar) for signed-in users without a country. */
export function ProfileCompletionScreen({ identity }: ScreenProps) {
  const auth = useStore($auth);
  const save = useStore($saveProfile);
  const displayName = auth.status === 'signedIn' ? auth.displayName : null;
  const [name, setName] = useState(identity.name ?? displayName ?? '');
  const [phone, setPhone] = useState(identity.phone_number ?? '');
  const [countryCode, setCountryCode] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});

  useEffect(() => {
    $saveProfile.set({ mutate: $saveProfile.mutate, loading: false });
  }, []);

  const errors = { ...serverFieldErrors(save.error), ...clientErrors };
  // Field errors show beside their fields; anything else (403, 409, network) above the form.
  const generalError = save.error && Object.keys(serverFieldErrors(save.error)).length === 0 ? save.error : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { name, phone_number: phone.trim() === '' ? null : phone, country_code: countryCode };
    const found = checkProfile(body);
    setClientErrors(found);
    const first = ['name', 'phone_number', 'country_code'].find((field) => found[field]);
    if (first) {
      document.getElementById(`profile-${first}`)?.focus();
      return;
    }
    void $saveProfile.mutate({ ...body, version: identity.version });
  };

  return (
    <div className="min-h-screen bg-slate-50">
      <CompletionHeader />
      <main id="main" tabIndex={-1} className="mx-auto max-w-xl px-4 py-10 outline-none">
        <PageHeading description={m('intro')}>{m('title')}</PageHeading>
        <form
          noValidate
          onSubmit={onSubmit}
          className={`${ui.card} space-y-5`}
          aria-describedby={generalError ? 'profile-error' : undefined}
        >
          {generalError && (
            <div id="profile-error">
              <ErrorState error={generalError} title={m('notSaved')} />
            </div>
          )}
          <p className="text-sm text-slate-700">
            {richText(m('signedInAs'), { email: <span className="font-medium">{identity.email}</span> })}
          </p>
          <NameField idPrefix="profile" value={name} onChange={setName} errors={errors} required />
          <PhoneField idPrefix="profile" value={phone} onChange={setPhone} errors={errors} />
          <CountryChoice countryCode={countryCode} setCountryCode={setCountryCode} errors={errors} />
          <button type="submit" className={ui.primaryButton} disabled={save.loading}>
            {save.loading ? m('saving') : m('save')}
          </button>
        </form>
      </main>
    </div>
  );
}

/** The bare page's header: the brand, home, and Sign out. */
function CompletionHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-4">
        <a href="/" className="flex items-center gap-2 font-semibold text-brand-800">
          <BrandMark className="size-8 shrink-0" />
          Asia-Pacific Urban Agenda
        </a>
        <button type="button" className={ui.secondaryButton} onClick={() => void logout()}>
          {m('signOut')}
        </button>
      </div>
    </header>
  );
}

/** The country the person works for, with its flag once chosen. */
function CountryChoice({
  countryCode,
  setCountryCode,
  errors,
}: {
  countryCode: string;
  setCountryCode: (code: string) => void;
  errors: FieldErrors;
}) {
  const countries = useStore($activeCountries);
  const country = countries.data?.data.find((candidate) => candidate.code === countryCode);
  return (
    <Labelled id="profile-country_code" label={m('country')}>
      <div className="mt-1 flex items-center gap-3">
        <select
          id="profile-country_code"
          className={ui.input}
          value={countryCode}
          onChange={(event) => setCountryCode(event.target.value)}
          required
          disabled={!countries.data}
          {...invalidProps(errors, 'country_code', 'profile-country-error')}
        >
          <option value="">{countries.data ? m('chooseCountry') : m('loadingCountries')}</option>
          {countries.data?.data.map((option) => (
            <option key={option.code} value={option.code}>
              {countryName(option.code, option.name)}
            </option>
          ))}
        </select>
        {country && <Flag country={country} size="lg" label />}
      </div>
      <FieldError id="profile-country-error" messages={errors['country_code']} />
      {countries.error !== undefined && (
        <div className="mt-2">
          <ErrorState
            error={countries.error}
            title={m('countriesFailed')}
            onRetry={() => $activeCountries.revalidate()}
          />
        </div>
      )}
    </Labelled>
  );
}
