import { atom, computed, onMount } from 'nanostores';
import { MODULE_NAMES, RULE_ACTIONS, type ModuleName, type RuleAction } from '../../../lib/access/permissions.ts';
import {
  AclResponseSchema,
  AclSaveResponseSchema,
  type AclResponse,
  type AclSaveBody,
  type AclSaveResponse,
} from '../../../lib/access/schema.ts';
import { api } from '../lib/api.ts';
import { createFetcherStore, fetchWith, mutateCache } from '../lib/query.ts';
import { versionedEdit } from '../lib/versioned-edit.ts';
import { notifySuccess } from '../notifications/snackbar-store.ts';
import { refreshIdentity } from '../session.ts';
import { m } from './messages.ts';

export const ACL_KEY = 'administration/acl';

export const $acl = createFetcherStore(ACL_KEY, { fetcher: fetchWith(AclResponseSchema) });

/** Cells the administrator changed and has not saved: `module|roleId|action` → enabled. */
export const $aclEdits = atom<Readonly<Record<string, boolean>>>({});

export function cellKey(module: string, roleId: number, action: string): string {
  return `${module}|${roleId}|${action}`;
}

/** Whether a rule is enabled as saved on the server. */
export function savedRule(acl: AclResponse, module: string, roleId: number, action: string): boolean {
  const permission = acl.modules.find((m) => m.module === module)?.permissions.find((p) => p.id === roleId);
  return permission?.rules.find((rule) => rule.action === action)?.enabled ?? false;
}

/** Edits that still differ from what the server holds. */
export const $aclChanges = computed([$acl, $aclEdits], ({ data }, edits) => {
  if (!data) return 0;
  return Object.entries(edits).filter(([key, enabled]) => {
    const [module = '', roleId = '', action = ''] = key.split('|');
    return savedRule(data, module, Number(roleId), action) !== enabled;
  }).length;
});

export function setRule(module: string, roleId: number, action: string, enabled: boolean): void {
  const { data } = $acl.get();
  const edits = { ...$aclEdits.get() };
  const key = cellKey(module, roleId, action);
  if (data && savedRule(data, module, roleId, action) === enabled) delete edits[key];
  else edits[key] = enabled;
  $aclEdits.set(edits);
}

export function resetAclEdits(): void {
  $aclEdits.set({});
}

/**
 * The whole edited matrix in the shape of AclSaveBodySchema: every role × rule of every module,
 * on top of the version of the matrix shown.
 */
export function aclSaveBody(acl: AclResponse, edits: Readonly<Record<string, boolean>>): AclSaveBody {
  const known = acl.modules.filter((m): m is typeof m & { module: ModuleName } =>
    (MODULE_NAMES as readonly string[]).includes(m.module),
  );
  return {
    version: acl.version,
    modules: known.map((m) => ({
      module: m.module,
      permissions: m.permissions.map((permission) => ({
        id: permission.id,
        rules: m.rules
          .filter((rule): rule is typeof rule & { action: RuleAction } =>
            (RULE_ACTIONS as readonly string[]).includes(rule.action),
          )
          .map((rule) => ({
            action: rule.action,
            enabled:
              edits[cellKey(m.module, permission.id, rule.action)] ??
              savedRule(acl, m.module, permission.id, rule.action),
          })),
      })),
    })),
  };
}

/**
 * Saves the matrix on top of the version shown (a refusal because someone else saved it after it
 * was loaded keeps the edits in $aclEdits until the person chooses), shows what the server now
 * holds and re-reads the signed-in user's rights. The edits wait in the tab (sessionStorage) until
 * saved or reset, so a reload on the same version keeps them.
 */
export const aclEdit = versionedEdit<AclResponse, AclSaveBody, AclSaveResponse, Record<string, boolean>>({
  schema: AclResponseSchema,
  send: (body) => api.request('POST', 'administration/acl/saved', { schema: AclSaveResponseSchema, body }),
  onSaved: async (saved) => {
    const { roles, modules, version, updated_at, updated_by } = saved;
    mutateCache(ACL_KEY, { roles, modules, version, updated_at, updated_by } satisfies AclResponse);
    resetAclEdits();
    notifySuccess(saved.message);
    await refreshIdentity();
  },
  draftKey: () => 'acl',
});

/** Saves the edits on top of the matrix shown. */
export function saveAcl(): void {
  const { data } = $acl.get();
  if (!data) throw new Error(m('notLoaded'));
  void aclEdit.save(aclSaveBody(data, $aclEdits.get()), data);
}

/** The edits kept from before a reload come back, if they were made on the matrix shown. */
export function restoreAclEdits(acl: AclResponse): void {
  const kept = aclEdit.readDraft();
  if (kept && kept.version === acl.version && Object.keys($aclEdits.get()).length === 0) $aclEdits.set(kept.values);
}

$aclEdits.listen((edits) => {
  const version = $acl.get().data?.version;
  if (Object.keys(edits).length === 0 || version === undefined) aclEdit.clearDraft();
  else aclEdit.keepDraft({ ...edits }, version);
});

/**
 * After a conflict: the matrix as the other person saved it, with this person's edits still on
 * top (edits that now match the saved matrix simply stop counting). Saving again sends both.
 */
export function showTheirAclKeepingMine(): void {
  const theirs = aclEdit.takeTheirs();
  if (!theirs) return;
  mutateCache(ACL_KEY, theirs);
  aclEdit.keepDraft({ ...$aclEdits.get() }, theirs.version);
}

/** After a conflict: the matrix as the other person saved it, and this person's edits dropped. */
export function discardMineForTheirs(): void {
  showTheirAclKeepingMine();
  resetAclEdits();
}

onMount($aclEdits, () => {
  // Leaving the page (reload, sign-in elsewhere) with unsaved edits asks first.
  const warn = (event: BeforeUnloadEvent) => {
    if ($aclChanges.get() > 0) event.preventDefault();
  };
  addEventListener('beforeunload', warn);
  return () => removeEventListener('beforeunload', warn);
});
