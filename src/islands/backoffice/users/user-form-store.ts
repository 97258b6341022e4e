import { computed } from 'nanostores';
import {
  RoleListResponseSchema,
  UserEditResponseSchema,
  UserListItemSchema,
  type UserEditBody,
  type UserEditResponse,
  type UserListItem,
} from '../../../lib/users/schema.ts';
import { api } from '../lib/api.ts';
import { createFetcherStore, fetchWith, invalidatePrefixes, mutateCache } from '../lib/query.ts';
import { versionedEdit, type EditConflict } from '../lib/versioned-edit.ts';
import { notifySuccess } from '../notifications/snackbar-store.ts';
import { $router } from '../router.ts';
import { $identity, refreshIdentity } from '../session.ts';

const $editedUuid = computed($router, (page) => (page?.route === 'userForm' ? page.params.uuid : null));

export const $editedUser = createFetcherStore(['user/show/', $editedUuid], { fetcher: fetchWith(UserListItemSchema) });

/** Roles the signed-in user may grant: the server lists only those. */
export const $grantableRoles = createFetcherStore([computed($editedUuid, (uuid) => (uuid ? 'role/list' : null))], {
  fetcher: fetchWith(RoleListResponseSchema),
});

/** A save refused because someone else saved the user after the form was opened. */
export type UserConflict = EditConflict<UserListItem, UserEditBody>;

function showSaved(uuid: string, user: UserListItem): void {
  mutateCache(`user/show/${uuid}`, user);
  invalidatePrefixes('user/list', 'user/inactive', 'user/stats');
}

/** Saves the form's changes on top of the version the form shows (or after a conflict, theirs). */
export const userEdit = versionedEdit<UserListItem, UserEditBody, UserEditResponse>({
  schema: UserListItemSchema,
  send: (body, base) =>
    api.request('POST', `user/edit/${encodeURIComponent(base!.uuid)}`, { schema: UserEditResponseSchema, body }),
  onSaved: async (saved, { base }) => {
    showSaved(base!.uuid, saved.data);
    notifySuccess(saved.message);
    const me = $identity.get();
    if (me.status === 'ready' && me.identity.uuid === base!.uuid) await refreshIdentity();
  },
});

/** "Reload their version": the form shows the user as saved by the other person; the typed changes go. */
export function reloadTheirVersion(): void {
  const theirs = userEdit.takeTheirs();
  if (theirs) showSaved(theirs.uuid, theirs);
}
