import { type UserEditBody, type UserEditField, type UserListItem } from '../../../lib/users/schema.ts';
import { USER_STATUS_TEXTS } from '../ui/status-chip.tsx';
import { m } from './messages.ts';

/** One field of a refused save whose saved value ("theirs") is not what the person sent ("yours"). */
export interface ConflictRow {
  field: UserEditField;
  label: string;
  theirs: string;
  yours: string;
  /** Whether the other person changed this field (since the version the form was opened on). */
  changedByThem: boolean;
}

const LABELS: Record<UserEditField, string> = {
  name: m('field.name'),
  phone_number: m('field.phone'),
  country_code: m('field.country'),
  status: m('field.status'),
  roles: m('field.role'),
};

/** Names to show for codes: countries and roles the screen knows. */
export interface ConflictNames {
  country(code: string): string | undefined;
  role(name: string): string | undefined;
}

/** A user's value of an edit field, in the body's terms (codes, not names). */
function valueOf(user: UserListItem, field: UserEditField): string | number | null {
  switch (field) {
    case 'roles':
      return user.roles[0]?.name ?? null;
    case 'status':
      return user.status;
    default:
      return user[field];
  }
}

function sentValue(body: UserEditBody, field: UserEditField): string | number | null | undefined {
  if (field === 'roles') return body.roles === undefined ? undefined : (body.roles[0] ?? null);
  const value = body[field];
  if (typeof value === 'string' && field !== 'country_code') return value.trim() === '' ? null : value.trim();
  return value;
}

function show(field: UserEditField, value: string | number | null, names: ConflictNames): string {
  if (value === null || value === '') {
    return field === 'roles' ? m('noRole') : field === 'country_code' ? m('noCountry') : m('notSet');
  }
  if (field === 'status') return USER_STATUS_TEXTS[Number(value)] ?? String(value);
  if (field === 'country_code') return names.country(String(value)) ?? String(value);
  if (field === 'roles') return names.role(String(value)) ?? String(value);
  return String(value);
}

/**
 * The fields where what was saved meanwhile (`theirs`) differs from what the person tried to save
 * (`yours`, the refused body), each marked if the other person changed it since `base`.
 */
export function conflictRows(
  base: UserListItem,
  theirs: UserListItem,
  yours: UserEditBody,
  names: ConflictNames,
): ConflictRow[] {
  const rows: ConflictRow[] = [];
  for (const field of Object.keys(LABELS) as UserEditField[]) {
    const sent = sentValue(yours, field);
    if (sent === undefined) continue;
    const saved = valueOf(theirs, field);
    if ((saved ?? null) === (sent ?? null)) continue;
    rows.push({
      field,
      label: LABELS[field],
      theirs: show(field, saved, names),
      yours: show(field, sent, names),
      changedByThem: valueOf(base, field) !== saved,
    });
  }
  return rows;
}
