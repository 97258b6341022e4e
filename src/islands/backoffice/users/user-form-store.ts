import { atom, computed } from 'nanostores';
import {
  RoleListResponseSchema,
  UserEditResponseSchema,
  UserListItemSchema,
  type UserEditBody,
  type UserListItem,
} from '../../../lib/users/schema.ts';
import { api, conflictOf } from '../lib/api.ts';
import { createFetcherStore, createMutatorStore, fetchWith, invalidatePrefixes, mutateCache } from '../lib/query.ts';
import { notifySuccess } from '../notifications/snackbar-store.ts';
import { $router } from '../router.ts';
import { $identity, refreshIdentity } from '../session.ts';

const $editedUuid = computed($router, (page) => (page?.route === 'userForm' ? page.params.uuid : null));

export const $editedUser = createFetcherStore(['user/show/', $editedUuid], { fetcher: fetchWith(UserListItemSchema) });

/** Roles the signed-in user may grant: the server lists only those. */
export const $grantableRoles = createFetcherStore([computed($editedUuid, (uuid) => (uuid ? 'role/list' : null))], {
  fetcher: fetchWith(RoleListResponseSchema),
});

/**
 * A save refused because someone else saved the user after the form was opened: the user as
 * they are now (`theirs`), the version the form showed (`base`) and the refused body (`yours`).
 */
export interface UserConflict {
  base: UserListItem;
  theirs: UserListItem;
  yours: UserEditBody;
}

export const $userConflict = atom<UserConflict | null>(null);

function showSaved(uuid: string, user: UserListItem): void {
  mutateCache(`user/show/${uuid}`, user);
  invalidatePrefixes('user/list', 'user/inactive', 'user/stats');
}

/** Saves the form's changes on top of the version `base` shows. */
export const $saveUser = createMutatorStore<{ base: UserListItem; body: UserEditBody }, UserListItem>(
  async ({ data }) => {
    const { base, body } = data;
    $userConflict.set(null);
    try {
      const saved = await api.request('POST', `user/edit/${encodeURIComponent(base.uuid)}`, {
        schema: UserEditResponseSchema,
        body: { ...body, version: base.version },
      });
      showSaved(base.uuid, saved.data);
      notifySuccess(saved.message);
      const me = $identity.get();
      if (me.status === 'ready' && me.identity.uuid === base.uuid) await refreshIdentity();
      return saved.data;
    } catch (error) {
      const theirs = conflictOf(error, UserListItemSchema);
      if (theirs) $userConflict.set({ base, theirs, yours: body });
      throw error;
    }
  },
);

/** "Reload their version": the form shows the user as saved by the other person; the typed changes go. */
export function reloadTheirVersion(): void {
  const conflict = $userConflict.get();
  if (!conflict) return;
  $userConflict.set(null);
  resetSaveUser();
  showSaved(conflict.theirs.uuid, conflict.theirs);
}

/** Clears a previous save's outcome, so a form opened later starts clean. */
export function resetSaveUser(): void {
  $saveUser.set({ mutate: $saveUser.mutate, loading: false });
  $userConflict.set(null);
}
