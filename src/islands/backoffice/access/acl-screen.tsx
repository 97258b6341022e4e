import { useStore } from '@nanostores/react';
import type { AclResponse } from '../../../lib/access/schema.ts';
import type { ScreenProps } from '../screens.tsx';
import { PageHeading } from '../ui/page-heading.tsx';
import { ErrorState, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { $acl, $aclChanges, $aclEdits, $saveAcl, cellKey, resetAclEdits, savedRule, setRule } from './acl-store.ts';

/** /admin/acl: which role may view, create and update in each module. */
export function AclScreen(_: ScreenProps) {
  const acl = useStore($acl);
  const save = useStore($saveAcl);
  const changes = useStore($aclChanges);

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
          {save.error !== undefined && (
            <div className="mb-6">
              <ErrorState error={save.error} title="The access control was not saved" />
            </div>
          )}
          <div className="space-y-8">
            {acl.data.modules.map((module) => (
              <ModuleMatrix key={module.module} acl={acl.data!} module={module} />
            ))}
          </div>
        </form>
      )}
    </>
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
      <div className="overflow-x-auto">
        <table className="min-w-full">
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
                  <span className="block text-xs font-normal text-slate-600">{role.name}</span>
                </th>
                {module.rules.map((rule) => {
                  const key = cellKey(module.module, role.id, rule.action);
                  const saved = savedRule(acl, module.module, role.id, rule.action);
                  const checked = edits[key] ?? saved;
                  const changed = checked !== saved;
                  return (
                    <td key={rule.action} className={`${ui.td} text-center ${changed ? 'bg-amber-50' : ''}`}>
                      <input
                        type="checkbox"
                        className="size-5 accent-brand-600"
                        checked={checked}
                        onChange={(event) => setRule(module.module, role.id, rule.action, event.target.checked)}
                        aria-label={`${role.description} may ${rule.label} in ${module.label}`}
                      />
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
