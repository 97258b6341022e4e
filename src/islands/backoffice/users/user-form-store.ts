import { computed } from 'nanostores';
import { RoleListResponseSchema, UserEditResponseSchema, UserListItemSchema, type UserEditBody, type UserListItem } from '../../../lib/users/schema.ts';
import { api } from '../lib/api.ts';
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

export const $saveUser = createMutatorStore<{ uuid: string; body: UserEditBody }, UserListItem>(async ({ data }) => {
  const saved = await api(`user/edit/${encodeURIComponent(data.uuid)}`, UserEditResponseSchema, { method: 'POST', body: data.body });
  mutateCache(`user/show/${data.uuid}`, saved.data);
  invalidatePrefixes('user/list', 'user/inactive', 'user/stats');
  notifySuccess(saved.message);
  const me = $identity.get();
  if (me.status === 'ready' && me.identity.uuid === data.uuid) await refreshIdentity();
  return saved.data;
});

/** Clears a previous save's outcome, so a form opened later starts clean. */
export function resetSaveUser(): void {
  $saveUser.set({ mutate: $saveUser.mutate, loading: false });
}
