import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { AclResponse } from '../../../lib/access/schema.ts';
import type { ScreenProps } from '../screen-props.ts';
import { PageHeading } from '../ui/page-heading.tsx';
import { ConflictNotice } from '../ui/conflict-notice.tsx';
import { ErrorState, Skeleton } from '../ui/states.tsx';
import { useLeaveGuard } from '../lib/leave-guard.ts';
import { LeaveDialog } from '../ui/confirm-dialog.tsx';
import { roleLabel } from '../ui/format.ts';
import { ui } from '../ui/styles.ts';
import { m } from './messages.ts';
import {
  $acl,
  $aclChanges,
  $aclEdits,
  aclEdit,
  cellKey,
  discardMineForTheirs,
  resetAclEdits,
  restoreAclEdits,
  saveAcl,
  savedRule,
  setRule,
  showTheirAclKeepingMine,
} from './acl-store.ts';

/** The modules and rules of the matrix in the page's language, by code (the API names them in English). */
const MODULE_TEXTS: Partial<Record<string, string>> = {
  national_report: m('module.national_report'),
  'urban-profile-overview': m('module.urban-profile-overview'),
  'urban-profile-analytics': m('module.urban-profile-analytics'),
  'best-practice': m('module.best-practice'),
};
const RULE_TEXTS: Partial<Record<string, string>> = {
  view: m('rule.view'),
  create: m('rule.create'),
  update: m('rule.update'),
};

/** /admin/acl: which role may view, create and update in each module. */
export function AclScreen(_: ScreenProps) {
  const acl = useStore($acl);
  const save = useStore(aclEdit.$state);
  const changes = useStore($aclChanges);
  const guard = useLeaveGuard(changes > 0);
  const conflict = save.conflict?.theirs ?? null;
  // Edits kept from before a reload come back once the matrix they were made on is shown.
  useEffect(() => {
    if (acl.data) restoreAclEdits(acl.data);
  }, [acl.data]);

  return (
    <>
      <PageHeading description={m('intro')}>{m('title')}</PageHeading>
      {acl.error !== undefined && !acl.data ? (
        <ErrorState error={acl.error} title={m('loadFailed')} onRetry={() => $acl.invalidate()} />
      ) : !acl.data ? (
        <Skeleton rows={6} label={m('loading')} />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            saveAcl();
          }}
        >
          <div
            className={
              'sticky top-16 z-20 -mx-2 mb-6 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 ' +
              'bg-white/95 px-4 py-3 shadow-xs backdrop-blur'
            }
          >
            <p
              role="status"
              className={`flex-1 text-sm ${changes > 0 ? 'font-semibold text-amber-900' : 'text-slate-600'}`}
            >
              {changes === 0 ? m('allSaved') : m('unsaved', { count: changes })}
            </p>
            <button
              type="button"
              className={ui.secondaryButton}
              disabled={changes === 0 || save.saving}
              onClick={resetAclEdits}
            >
              {m('reset')}
            </button>
            <button type="submit" className={ui.primaryButton} disabled={changes === 0 || save.saving}>
              {save.saving ? m('saving') : m('save')}
            </button>
          </div>
          {conflict ? (
            <div className="mb-6">
              <AclConflictNotice conflict={conflict} />
            </div>
          ) : (
            save.error !== null && (
              <div className="mb-6">
                <ErrorState error={save.error} title={m('notSaved')} />
              </div>
            )
          )}
          <div className="space-y-8">
            {acl.data.modules.map((module) => (
              <ModuleMatrix key={module.module} acl={acl.data!} module={module} />
            ))}
          </div>
          <LeaveDialog guard={guard} title={m('leaveTitle')} confirmLabel={m('leaveConfirm')} onLeave={resetAclEdits}>
            <p>{m('leaveText', { count: changes })}</p>
          </LeaveDialog>
        </form>
      )}
    </>
  );
}

/** Someone saved the access control meanwhile: show theirs with my changes on top, or discard mine. */
function AclConflictNotice({ conflict }: { conflict: AclResponse }) {
  return (
    <ConflictNotice
      title={m('conflictTitle')}
      record={conflict}
      what={m('conflictWhat')}
      actions={
        <>
          <button type="button" className={ui.primaryButton} onClick={showTheirAclKeepingMine}>
            {m('showTheirs')}
          </button>
          <button type="button" className={ui.secondaryButton} onClick={discardMineForTheirs}>
            {m('discardMine')}
          </button>
        </>
      }
    >
      <p className="mt-1 text-sm text-slate-700">{m('conflictText')}</p>
    </ConflictNotice>
  );
}

function ModuleMatrix({ acl, module }: { acl: AclResponse; module: AclResponse['modules'][number] }) {
  const edits = useStore($aclEdits);
  const headingId = `acl-${module.module}`;
  const moduleLabel = MODULE_TEXTS[module.module] ?? module.label;
  return (
    <section aria-labelledby={headingId} className={`${ui.cardFlush}`}>
      <h2 id={headingId} className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900">
        {moduleLabel}
      </h2>
      <div>
        <table className="stack-table stack-inline-cells min-w-full">
          <caption className="sr-only">{m('caption', { module: moduleLabel })}</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={ui.th}>
                {m('role')}
              </th>
              {module.rules.map((rule) => (
                <th key={rule.action} scope="col" className={`${ui.th} text-center`}>
                  {RULE_TEXTS[rule.action] ?? rule.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {module.permissions.map((role) => (
              <tr key={role.id}>
                <th scope="row" className={`${ui.td} text-left font-medium`}>
                  {roleLabel(role)}
                </th>
                {module.rules.map((rule) => {
                  const key = cellKey(module.module, role.id, rule.action);
                  const saved = savedRule(acl, module.module, role.id, rule.action);
                  const checked = edits[key] ?? saved;
                  const changed = checked !== saved;
                  return (
                    <td key={rule.action} className={`${ui.td} text-center ${changed ? 'bg-amber-50' : ''}`}>
                      {/* On phones the rule's name shows beside its box (the column headers are hidden there). */}
                      <label className="inline-flex min-h-11 items-center gap-2 md:min-h-0">
                        <input
                          type="checkbox"
                          className="size-5 accent-brand-600"
                          checked={checked}
                          onChange={(event) => setRule(module.module, role.id, rule.action, event.target.checked)}
                          aria-label={m('cell', {
                            role: roleLabel(role),
                            rule: RULE_TEXTS[rule.action] ?? rule.label,
                            module: moduleLabel,
                          })}
                        />
                        <span aria-hidden="true" className="text-sm md:hidden">
                          {RULE_TEXTS[rule.action] ?? rule.label}
                        </span>
                      </label>
                      {changed && <span className="sr-only">{m('unsavedMark')}</span>}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
