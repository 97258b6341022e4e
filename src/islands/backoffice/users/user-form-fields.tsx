import { COUNTRY_STATUS, type CountryListResponse } from '../../../lib/countries/schema.ts';
import { NAME_MAX, PHONE_MAX } from '../../../lib/identity/schema.ts';
import type { Role, UserListItem } from '../../../lib/users/schema.ts';
import { invalidProps, type FieldErrors } from '../lib/field-errors.ts';
import { formatDate } from '../ui/format.ts';
import { Field, InputField, Labelled } from '../ui/field.tsx';
import { Fact } from '../ui/fact.tsx';
import { FieldError } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { countryName } from '../../i18n/countries.ts';
import { roleLabel } from '../ui/format.ts';
import { USER_STATUS_TEXTS } from '../ui/status-chip.tsx';
import { m } from './messages.ts';

type Country = CountryListResponse['data'][number];

/** What the form does not change: the email, the member ID and when the account was made. */
export function UserFacts({ user }: { user: UserListItem }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-3">
      <Fact term={m('field.email')} value={user.email} valueClass="break-all font-medium text-slate-900" />
      <Fact term={m('field.memberId')} value={user.member_id} valueClass="font-mono text-slate-900" />
      <Fact term={m('field.created')} value={formatDate(user.created_at)} />
    </dl>
  );
}

export function NameAndPhoneFields({
  name,
  setName,
  phone,
  setPhone,
  errors,
}: {
  name: string;
  setName: (name: string) => void;
  phone: string;
  setPhone: (phone: string) => void;
  errors: FieldErrors;
}) {
  return (
    <>
      <InputField
        id="user-name"
        name="name"
        label={m('field.name')}
        errors={errors}
        value={name}
        onValue={setName}
        input={{ dir: 'auto', maxLength: NAME_MAX, autoComplete: 'off' }}
      />

      <InputField
        id="user-phone_number"
        name="phone_number"
        label={m('field.phone')}
        optional={m('field.optional')}
        errorId="user-phone-error"
        errors={errors}
        value={phone}
        onValue={setPhone}
        input={{ type: 'tel', maxLength: PHONE_MAX, autoComplete: 'off' }}
      />
    </>
  );
}

/** The user's country: a choice for administrators, read-only for a country administrator. */
export function CountryField({
  user,
  adminLevel,
  countries,
  countryCode,
  setCountryCode,
  errors,
}: {
  user: UserListItem;
  adminLevel: boolean;
  countries: readonly Country[] | undefined;
  countryCode: string;
  setCountryCode: (code: string) => void;
  errors: FieldErrors;
}) {
  return (
    <Field
      id="user-country_code"
      label={m('field.country')}
      errorId="user-country-error"
      messages={errors['country_code']}
    >
      {adminLevel ? (
        <select
          id="user-country_code"
          className={`${ui.input} mt-1`}
          value={countryCode}
          onChange={(event) => setCountryCode(event.target.value)}
          {...invalidProps(errors, 'country_code', 'user-country-error')}
        >
          <option value="">{m('noCountry')}</option>
          {countries?.map((country) => (
            <option key={country.code} value={country.code}>
              {countryName(country.code, country.name)}
              {country.status === COUNTRY_STATUS.active ? '' : m('field.inactive')}
            </option>
          ))}
          {!countries && user.country && (
            <option value={user.country.code}>{countryName(user.country.code, user.country.name)}</option>
          )}
        </select>
      ) : (
        <input
          dir="auto"
          id="user-country_code"
          className={`${ui.input} mt-1 read-only:bg-slate-100 read-only:text-slate-700`}
          value={user.country ? countryName(user.country.code, user.country.name) : m('noCountry')}
          readOnly
          aria-describedby="user-country-hint"
        />
      )}
      {!adminLevel && (
        <p id="user-country-hint" className="mt-1 text-xs text-slate-600">
          {m('field.countryHint')}
        </p>
      )}
    </Field>
  );
}

interface StatusRoleProps {
  status: string;
  setStatus: (status: string) => void;
  role: string;
  setRole: (role: string) => void;
  lockedSuper: boolean;
  rolesLoading: boolean;
  rolesFailed: boolean;
  /** The user's role when the person may not grant it (it is still shown). */
  currentRole: Role | undefined;
  roleOptions: readonly Role[];
  errors: FieldErrors;
}

/** The status and the role, side by side; locked for a Super Administrator unless the person is one. */
export function StatusAndRoleFields({
  status,
  setStatus,
  role,
  setRole,
  lockedSuper,
  rolesLoading,
  rolesFailed,
  currentRole,
  roleOptions,
  errors,
}: StatusRoleProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field id="user-status" label={m('field.status')} messages={errors['status']}>
        <select
          id="user-status"
          className={`${ui.input} mt-1`}
          value={status}
          onChange={(event) => setStatus(event.target.value)}
          disabled={lockedSuper}
          {...invalidProps(errors, 'status', 'user-status-error')}
          {...(lockedSuper && { 'aria-describedby': 'user-super-hint' })}
        >
          {Object.entries(USER_STATUS_TEXTS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <Labelled id="user-roles" label={m('field.role')}>
        <select
          id="user-roles"
          className={`${ui.input} mt-1`}
          value={role}
          onChange={(event) => setRole(event.target.value)}
          disabled={lockedSuper || rolesLoading}
          {...invalidProps(errors, 'roles', 'user-roles-error')}
          {...(lockedSuper && { 'aria-describedby': 'user-super-hint' })}
        >
          <option value="">{m('noRole')}</option>
          {currentRole && <option value={currentRole.name}>{roleLabel(currentRole)}</option>}
          {roleOptions.map((option) => (
            <option key={option.id} value={option.name}>
              {roleLabel(option)}
            </option>
          ))}
        </select>
        <FieldError id="user-roles-error" messages={errors['roles']} />
        {rolesFailed && <p className="mt-1 text-sm text-red-700">{m('field.rolesFailed')}</p>}
      </Labelled>
      {lockedSuper && (
        <p id="user-super-hint" className="text-xs text-slate-600 sm:col-span-2">
          {m('field.superHint')}
        </p>
      )}
    </div>
  );
}
