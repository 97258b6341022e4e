import { useStore } from '@nanostores/react';
import type { AclResponse } from '../../../lib/access/schema.ts';
import type { ScreenProps } from '../screen-props.ts';
import { PageHeading } from '../ui/page-heading.tsx';
import { ConflictNotice } from '../ui/conflict-notice.tsx';
import { ErrorState, Skeleton } from '../ui/states.tsx';
import { useLeaveGuard } from '../lib/leave-guard.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { ui } from '../ui/styles.ts';
import {
  $acl,
  $aclChanges,
  $aclConflict,
  $aclEdits,
  $saveAcl,
  cellKey,
  discardMineForTheirs,
  resetAclEdits,
  savedRule,
  setRule,
  showTheirAclKeepingMine,
} from './acl-store.ts';

/** /admin/acl: which role may view, create and update in each module. */
export function AclScreen(_: ScreenProps) {
  const acl = useStore($acl);
  const save = useStore($saveAcl);
  const changes = useStore($aclChanges);
  const guard = useLeaveGuard(changes > 0);
  const conflict = useStore($aclConflict);

  return (
    <>
      <PageHeading description="Choose what each role may do in each module. Changes apply to everyone holding the role once saved.">
        Access Control
      </PageHeading>
      {acl.error !== undefined && !acl.data ? (
        <ErrorState error={acl.error} title="The access control matrix could not be loaded" onRetry={() => $acl.invalidate()} />
      ) : !acl.data ? (
        <Skeleton rows={6} label="Loading the access control matrix…" />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void $saveAcl.mutate();
          }}
        >
          <div className="sticky top-16 z-20 -mx-2 mb-6 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white/95 px-4 py-3 shadow-xs backdrop-blur">
            <p role="status" className={`flex-1 text-sm ${changes > 0 ? 'font-semibold text-amber-900' : 'text-slate-600'}`}>
              {changes === 0 ? 'All changes saved' : changes === 1 ? '1 unsaved change' : `${changes} unsaved changes`}
            </p>
            <button type="button" className={ui.secondaryButton} disabled={changes === 0 || save.loading} onClick={resetAclEdits}>
              Reset
            </button>
            <button type="submit" className={ui.primaryButton} disabled={changes === 0 || save.loading}>
              {save.loading ? 'Saving…' : 'Save'}
            </button>
          </div>
          {conflict ? (
            <div className="mb-6">
              <AclConflictNotice conflict={conflict} />
            </div>
          ) : (
            save.error !== undefined && (
              <div className="mb-6">
                <ErrorState error={save.error} title="The access control was not saved" />
              </div>
            )
          )}
          <div className="space-y-8">
            {acl.data.modules.map((module) => (
              <ModuleMatrix key={module.module} acl={acl.data!} module={module} />
            ))}
          </div>
          <ConfirmDialog
            open={guard.pending !== null}
            title="Leave without saving?"
            confirmLabel="Leave and discard"
            onConfirm={() => guard.leave(resetAclEdits)}
            onCancel={guard.stay}
          >
            <p>
              {changes === 1 ? 'One change' : `${changes} changes`} to the access control {changes === 1 ? 'has' : 'have'} not been saved. They
              will be lost.
            </p>
          </ConfirmDialog>
        </form>
      )}
    </>
  );
}

/** Someone saved the access control meanwhile: show theirs with my changes on top, or discard mine. */
function AclConflictNotice({ conflict }: { conflict: NonNullable<ReturnType<typeof $aclConflict.get>> }) {
  return (
        <ConflictNotice
          title="The access control was changed while you were editing"
          record={conflict}
          what="the access control"
          actions={
            <>
              <button type="button" className={ui.primaryButton} onClick={showTheirAclKeepingMine}>
                Show their version with my changes
              </button>
              <button type="button" className={ui.secondaryButton} onClick={discardMineForTheirs}>
                Discard my changes
              </button>
            </>
          }
        >
          <p className="mt-1 text-sm text-slate-700">
            Your changes were not saved and are still marked below. Show their version with your changes on top, check
            them, then save again.
          </p>
        </ConflictNotice>
  );
}

function ModuleMatrix({ acl, module }: { acl: AclResponse; module: AclResponse['modules'][number] }) {
  const edits = useStore($aclEdits);
  const headingId = `acl-${module.module}`;
  return (
    <section aria-labelledby={headingId} className={`${ui.cardFlush}`}>
      <h2 id={headingId} className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900">
        {module.label}
      </h2>
      <div>
        <table className="stack-table stack-inline-cells min-w-full">
          <caption className="sr-only">Rules of each role in {module.label}</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={ui.th}>Role</th>
              {module.rules.map((rule) => (
                <th key={rule.action} scope="col" className={`${ui.th} text-center`}>
                  {rule.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {module.permissions.map((role) => (
              <tr key={role.id}>
                <th scope="row" className={`${ui.td} text-left font-medium`}>
                  {role.description}
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
                          aria-label={`${role.description} may ${rule.label} in ${module.label}`}
                        />
                        <span aria-hidden="true" className="text-sm md:hidden">
                          {rule.label}
                        </span>
                      </label>
                      {changed && <span className="sr-only"> (unsaved)</span>}
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
