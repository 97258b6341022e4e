import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { isAdminLevel, isSuperAdmin, SUPER_ADMIN_ROLE, USER_STATUS } from '../../../lib/access/permissions.ts';
import { COUNTRY_STATUS } from '../../../lib/countries/schema.ts';
import type { Whoami } from '../../../lib/identity/schema.ts';
import { NAME_MAX, PHONE_MAX } from '../../../lib/identity/schema.ts';
import {
  USER_EDIT_FIELDS,
  USER_STATUS_LABELS,
  UserEditBodySchema,
  UserListItemSchema,
  type UserEditBody,
  type UserListItem,
} from '../../../lib/users/schema.ts';
import { ApiError, conflictOf } from '../lib/api.ts';
import { fieldErrorsOf, invalidProps, serverFieldErrors, type FieldErrors } from '../lib/field-errors.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { formatDate } from '../ui/format.ts';
import { ErrorState, FieldError } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { UserConflictPanel } from './user-conflict-panel.tsx';
import { conflictRows } from './user-conflict.ts';
import { $grantableRoles, $saveUser, $userConflict, reloadTheirVersion } from './user-form-store.ts';
import { $countryChoices } from './user-list-store.ts';

function refusalTitle(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return 'This change was refused';
  if (error instanceof ApiError && error.status === 403) return 'You may not make this change';
  return 'The user was not saved';
}

export function UserForm({ user, identity }: { user: UserListItem; identity: Whoami }) {
  const adminLevel = isAdminLevel(identity);
  const roles = useStore($grantableRoles);
  const countries = useStore($countryChoices);
  const save = useStore($saveUser);
  const conflict = useStore($userConflict);
  const currentRole = user.roles[0];
  // Only a Super Administrator changes a Super Administrator's role or status (the server says so too).
  const lockedSuper = user.roles.some((r) => r.name === SUPER_ADMIN_ROLE) && !isSuperAdmin(identity);
  const [name, setName] = useState(user.name ?? '');
  const [phone, setPhone] = useState(user.phone_number ?? '');
  const [countryCode, setCountryCode] = useState(user.country_code ?? '');
  const [status, setStatus] = useState(String(user.status));
  const [role, setRole] = useState(currentRole?.name ?? '');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState<UserEditBody | null>(null);

  const errors = { ...serverFieldErrors(save.error), ...clientErrors };
  const stale = conflictOf(save.error, UserListItemSchema) !== null;
  const refusal = save.error && !stale && Object.keys(serverFieldErrors(save.error)).length === 0 ? save.error : null;
  const roleOptions = roles.data?.data ?? [];
  const showCurrentRole = currentRole && !roleOptions.some((option) => option.name === currentRole.name);
  // A save is based on the version shown, or after a conflict on the one saved meanwhile: what it
  // would deactivate or take away is judged against that one.
  const basis = conflict && conflict.base.uuid === user.uuid ? conflict.theirs : user;
  const basisRole = basis.roles[0];
  const deactivating = basis.status === USER_STATUS.active && Number(status) !== USER_STATUS.active;
  const removingRole = basisRole !== undefined && role === '';
  const conflictNames = {
    country: (code: string) => countries.data?.data.find((c) => c.code === code)?.name ?? (user.country?.code === code ? user.country.name : undefined),
    role: (name: string) =>
      [...roleOptions, ...user.roles, ...(conflict?.theirs.roles ?? [])].find((r) => r.name === name)?.description,
  };

  /** Saves on top of `base`: the version the form opened on, or after a conflict the one saved meanwhile. */
  const submit = (body: UserEditBody) => {
    setConfirming(null);
    void $saveUser.mutate({ base: basis, body });
  };

  /** The form's values as an edit. */
  const formBody = (): UserEditBody => ({
    ...(name.trim() !== '' || user.name !== null ? { name } : {}),
    phone_number: phone.trim() === '' ? null : phone,
    status: Number(status) as 0 | 1 | 2,
    roles: role ? [role] : [],
    // A country administrator's users stay in its country: the field is read-only for them.
    ...(adminLevel ? { country_code: countryCode || null } : {}),
  });

  /** The form's values as an edit, or null (with the first bad field focused) when they do not pass. */
  const checkedBody = (): UserEditBody | null => {
    const body = formBody();
    const checked = UserEditBodySchema.safeParse(body);
    const found = checked.success ? {} : fieldErrorsOf(checked.error.issues);
    setClientErrors(found);
    const first = USER_EDIT_FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(`user-${first}`)?.focus();
      return null;
    }
    return body;
  };

  /** Saves the form's values, asking first when they deactivate the user or take their role away. */
  const saveForm = () => {
    const body = checkedBody();
    if (!body) return;
    if (deactivating || removingRole) setConfirming(body);
    else submit(body);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    saveForm();
  };

  return (
    <form noValidate onSubmit={onSubmit} className={`${ui.card} max-w-2xl space-y-5`}>
      {conflict && conflict.base.uuid === user.uuid && (
        <UserConflictPanel
          conflict={conflict}
          rows={conflictRows(conflict.base, conflict.theirs, formBody(), conflictNames)}
          saving={save.loading === true}
          onReload={reloadTheirVersion}
          onKeepMine={saveForm}
        />
      )}
      {refusal && <ErrorState error={refusal} title={refusalTitle(refusal)} />}
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Email</dt>
          <dd className="break-all font-medium text-slate-900">{user.email}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Member ID</dt>
          <dd className="font-mono text-slate-900">{user.member_id}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Created</dt>
          <dd className="font-medium text-slate-900">{formatDate(user.created_at)}</dd>
        </div>
      </dl>

      <div>
        <label htmlFor="user-name" className={ui.label}>Name</label>
        <input dir="auto" id="user-name" className={`${ui.input} mt-1`} value={name} maxLength={NAME_MAX} autoComplete="off"
          onChange={(event) => setName(event.target.value)} {...invalidProps(errors, 'name', 'user-name-error')} />
        <FieldError id="user-name-error" messages={errors['name']} />
      </div>

      <div>
        <label htmlFor="user-phone_number" className={ui.label}>
          Phone number <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <input id="user-phone_number" type="tel" className={`${ui.input} mt-1`} value={phone} maxLength={PHONE_MAX} autoComplete="off"
          onChange={(event) => setPhone(event.target.value)} {...invalidProps(errors, 'phone_number', 'user-phone-error')} />
        <FieldError id="user-phone-error" messages={errors['phone_number']} />
      </div>

      <div>
        <label htmlFor="user-country_code" className={ui.label}>Country</label>
        {adminLevel ? (
          <select id="user-country_code" className={`${ui.input} mt-1`} value={countryCode}
            onChange={(event) => setCountryCode(event.target.value)} {...invalidProps(errors, 'country_code', 'user-country-error')}>
            <option value="">No country</option>
            {countries.data?.data.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}{country.status === COUNTRY_STATUS.active ? '' : ' (inactive)'}
              </option>
            ))}
            {!countries.data && user.country && <option value={user.country.code}>{user.country.name}</option>}
          </select>
        ) : (
          <input dir="auto" id="user-country_code" className={`${ui.input} mt-1 read-only:bg-slate-100 read-only:text-slate-700`} value={user.country?.name ?? 'No country'} readOnly
            aria-describedby="user-country-hint" />
        )}
        {!adminLevel && (
          <p id="user-country-hint" className="mt-1 text-xs text-slate-600">Only administrators can move a user to another country.</p>
        )}
        <FieldError id="user-country-error" messages={errors['country_code']} />
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="user-status" className={ui.label}>Status</label>
          <select id="user-status" className={`${ui.input} mt-1`} value={status} onChange={(event) => setStatus(event.target.value)}
            disabled={lockedSuper} {...invalidProps(errors, 'status', 'user-status-error')}
            {...(lockedSuper && { 'aria-describedby': 'user-super-hint' })}>
            {Object.entries(USER_STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>{label}</option>
            ))}
          </select>
          <FieldError id="user-status-error" messages={errors['status']} />
        </div>
        <div>
          <label htmlFor="user-roles" className={ui.label}>Role</label>
          <select id="user-roles" className={`${ui.input} mt-1`} value={role} onChange={(event) => setRole(event.target.value)}
            disabled={lockedSuper || (!roles.data && !roles.error)} {...invalidProps(errors, 'roles', 'user-roles-error')}
            {...(lockedSuper && { 'aria-describedby': 'user-super-hint' })}>
            <option value="">No role</option>
            {showCurrentRole && <option value={currentRole.name}>{currentRole.description}</option>}
            {roleOptions.map((option) => (
              <option key={option.id} value={option.name}>{option.description}</option>
            ))}
          </select>
          <FieldError id="user-roles-error" messages={errors['roles']} />
          {roles.error !== undefined && <p className="mt-1 text-sm text-red-700">The roles could not be loaded.</p>}
        </div>
        {lockedSuper && (
          <p id="user-super-hint" className="text-xs text-slate-600 sm:col-span-2">
            Only a Super Administrator can change the status or role of a Super Administrator.
          </p>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={ui.primaryButton} disabled={save.loading}>
          {save.loading ? 'Saving…' : 'Save changes'}
        </button>
        <a href="/admin/users" className={ui.secondaryButton}>Cancel</a>
      </div>

      <ConfirmDialog
        open={confirming !== null}
        title={deactivating ? `Deactivate ${user.name ?? user.email}?` : `Remove the role of ${user.name ?? user.email}?`}
        confirmLabel={deactivating && removingRole ? 'Deactivate and remove role' : deactivating ? 'Deactivate' : 'Remove role'}
        onConfirm={() => confirming && submit(confirming)}
        onCancel={() => setConfirming(null)}
      >
        <ul className="list-disc space-y-1 pl-5">
          {deactivating && <li>They will no longer be able to use the back-office until someone activates them again.</li>}
          {removingRole && basisRole && <li>They will lose the role “{basisRole.description}” and everything it lets them do.</li>}
        </ul>
      </ConfirmDialog>
    </form>
  );
}
