import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { isAdminLevel, isSuperAdmin, SUPER_ADMIN_ROLE, USER_STATUS } from '../../../lib/access/permissions.ts';
import type { Whoami } from '../../../lib/identity/schema.ts';
import {
  USER_EDIT_FIELDS,
  UserEditBodySchema,
  type UserEditBody,
  type UserListItem,
} from '../../../lib/users/schema.ts';
import { ApiError } from '../lib/api.ts';
import { checkForm, type FieldErrors } from '../lib/field-errors.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { ErrorState } from '../ui/states.tsx';
import { refusalOf } from '../lib/versioned-edit.ts';
import { ui } from '../ui/styles.ts';
import { UserConflictPanel } from './user-conflict-panel.tsx';
import { conflictRows } from './user-conflict.ts';
import { CountryField, NameAndPhoneFields, StatusAndRoleFields, UserFacts } from './user-form-fields.tsx';
import { $grantableRoles, reloadTheirVersion, userEdit } from './user-form-store.ts';
import { $countryChoices } from './user-list-store.ts';
import { countryName } from '../../i18n/countries.ts';
import { roleLabel } from '../ui/format.ts';
import { m } from './messages.ts';

function refusalTitle(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return m('form.refused');
  if (error instanceof ApiError && error.status === 403) return m('form.forbidden');
  return m('form.notSaved');
}

type Props = { user: UserListItem; identity: Whoami };

export function UserForm({ user, identity }: Props) {
  const form = useUserForm({ user, identity });
  const {
    values,
    errors,
    save,
    conflict,
    roles,
    countries,
    currentRole,
    roleOptions,
    deactivating,
    removingRole,
    basisRole,
    confirming,
  } = form;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    form.saveForm();
  };

  return (
    <form noValidate onSubmit={onSubmit} className={`${ui.card} max-w-2xl space-y-5`}>
      {conflict && conflict.theirs.uuid === user.uuid && (
        <UserConflictPanel
          conflict={conflict}
          rows={conflictRows(conflict.base ?? user, conflict.theirs, form.formBody(), form.conflictNames)}
          saving={save.saving}
          onReload={reloadTheirVersion}
          onKeepMine={form.saveForm}
        />
      )}
      {form.refusal && <ErrorState error={form.refusal} title={refusalTitle(form.refusal)} />}
      <UserFacts user={user} />
      <NameAndPhoneFields
        name={values.name}
        setName={values.setName}
        phone={values.phone}
        setPhone={values.setPhone}
        errors={errors}
      />
      <CountryField
        user={user}
        adminLevel={form.adminLevel}
        countries={countries.data?.data}
        countryCode={values.countryCode}
        setCountryCode={values.setCountryCode}
        errors={errors}
      />
      <StatusAndRoleFields
        status={values.status}
        setStatus={values.setStatus}
        role={values.role}
        setRole={values.setRole}
        lockedSuper={form.lockedSuper}
        rolesLoading={!roles.data && !roles.error}
        rolesFailed={roles.error !== undefined}
        currentRole={
          currentRole && !roleOptions.some((option) => option.name === currentRole.name) ? currentRole : undefined
        }
        roleOptions={roleOptions}
        errors={errors}
      />

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={ui.primaryButton} disabled={save.saving}>
          {save.saving ? m('form.saving') : m('form.save')}
        </button>
        <a href="/admin/users" className={ui.secondaryButton}>
          {m('form.cancel')}
        </a>
      </div>

      <ConfirmDialog
        open={confirming !== null}
        title={m(deactivating ? 'form.deactivateWho' : 'form.removeRoleWho', { name: user.name ?? user.email })}
        confirmLabel={
          deactivating && removingRole
            ? m('form.deactivateAndRemove')
            : deactivating
              ? m('form.deactivate')
              : m('form.removeRole')
        }
        onConfirm={() => confirming && form.submit(confirming)}
        onCancel={() => form.setConfirming(null)}
      >
        <ul className="list-disc space-y-1 pl-5">
          {deactivating && <li>{m('form.deactivateText')}</li>}
          {removingRole && basisRole && <li>{m('form.removeRoleText', { role: roleLabel(basisRole) })}</li>}
        </ul>
      </ConfirmDialog>
    </form>
  );
}

/** The fields' values, as typed. */
function useUserValues(user: UserListItem) {
  const [name, setName] = useState(user.name ?? '');
  const [phone, setPhone] = useState(user.phone_number ?? '');
  const [countryCode, setCountryCode] = useState(user.country_code ?? '');
  const [status, setStatus] = useState(String(user.status));
  const [role, setRole] = useState(user.roles[0]?.name ?? '');
  return { name, setName, phone, setPhone, countryCode, setCountryCode, status, setStatus, role, setRole };
}

/**
 * The form's state and its save: the values, errors, a conflict, and the question asked before deactivating or taking a
 * role.
 */
function useUserForm({ user, identity }: Props) {
  const adminLevel = isAdminLevel(identity);
  const roles = useStore($grantableRoles);
  const countries = useStore($countryChoices);
  const save = useStore(userEdit.$state);
  const { conflict } = save;
  const currentRole = user.roles[0];
  // Only a Super Administrator changes a Super Administrator's role or status (the server says so too).
  const lockedSuper = user.roles.some((r) => r.name === SUPER_ADMIN_ROLE) && !isSuperAdmin(identity);
  const values = useUserValues(user);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState<UserEditBody | null>(null);

  const errors = { ...save.errors, ...clientErrors };
  const refusal = refusalOf(save);
  const roleOptions = roles.data?.data ?? [];
  // A save is based on the version shown, or after a conflict on the one saved meanwhile: what it
  // would deactivate or take away is judged against that one.
  const basis = conflict && conflict.theirs.uuid === user.uuid ? conflict.theirs : user;
  const basisRole = basis.roles[0];
  const deactivating = basis.status === USER_STATUS.active && Number(values.status) !== USER_STATUS.active;
  const removingRole = basisRole !== undefined && values.role === '';
  const conflictNames = {
    country: (code: string) => {
      const name =
        countries.data?.data.find((c) => c.code === code)?.name ??
        (user.country?.code === code ? user.country.name : undefined);
      return name === undefined ? undefined : countryName(code, name);
    },
    role: (name: string) => {
      const role = [...roleOptions, ...user.roles, ...(conflict?.theirs.roles ?? [])].find((r) => r.name === name);
      return role && roleLabel(role);
    },
  };

  /** Saves on top of `base`: the version the form opened on, or after a conflict the one saved meanwhile. */
  const submit = (body: UserEditBody) => {
    setConfirming(null);
    void userEdit.save(body, basis);
  };

  const formBody = (): UserEditBody => bodyOfValues(user, values, adminLevel);

  /** Saves the form's values, asking first when they deactivate the user or take their role away. */
  const saveForm = () => {
    const body = checkedBody(formBody(), setClientErrors);
    if (!body) return;
    if (deactivating || removingRole) setConfirming(body);
    else submit(body);
  };

  return {
    adminLevel,
    roles,
    countries,
    save,
    conflict,
    currentRole,
    lockedSuper,
    values,
    errors,
    refusal,
    roleOptions,
    basisRole,
    deactivating,
    removingRole,
    conflictNames,
    confirming,
    setConfirming,
    submit,
    formBody,
    saveForm,
  };
}

/** The form's values as an edit. */
function bodyOfValues(
  user: UserListItem,
  { name, phone, status, role, countryCode }: ReturnType<typeof useUserValues>,
  adminLevel: boolean,
): UserEditBody {
  return {
    ...(name.trim() !== '' || user.name !== null ? { name } : {}),
    phone_number: phone.trim() === '' ? null : phone,
    status: Number(status) as 0 | 1 | 2,
    roles: role ? [role] : [],
    // A country administrator's users stay in its country: the field is read-only for them.
    ...(adminLevel ? { country_code: countryCode || null } : {}),
  };
}

/** The edit, or null (with the first bad field focused) when it does not pass. */
function checkedBody(body: UserEditBody, setClientErrors: (errors: FieldErrors) => void): UserEditBody | null {
  return checkForm(UserEditBodySchema, body, USER_EDIT_FIELDS, 'user', setClientErrors) ? body : null;
}
