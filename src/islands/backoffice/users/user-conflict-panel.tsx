import { ConflictActions, ConflictNotice } from '../ui/conflict-notice.tsx';
import type { ConflictRow } from './user-conflict.ts';
import type { UserConflict } from './user-form-store.ts';
import { m } from './messages.ts';

/**
 * Someone else saved the user while this form was open: what they saved next to what this
 * person is about to save, and the two ways on. Nothing typed is lost until "Reload" is chosen.
 */
export function UserConflictPanel({
  conflict,
  rows,
  saving,
  onReload,
  onKeepMine,
}: {
  conflict: UserConflict;
  rows: readonly ConflictRow[];
  saving: boolean;
  onReload: () => void;
  onKeepMine: () => void;
}) {
  return (
    <ConflictNotice
      title={m('conflict.title')}
      record={conflict.theirs}
      what={m('conflict.what')}
      actions={<ConflictActions saving={saving} onReload={onReload} onKeepMine={onKeepMine} />}
    >
      <p className="mt-1 text-sm text-slate-700">{m('conflict.notSaved')}</p>
      {rows.length > 0 ? (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">{m('conflict.caption')}</caption>
          <thead>
            <tr className="text-xs uppercase tracking-wide text-slate-600">
              <th scope="col" className="py-1 pr-3 font-semibold">
                {m('conflict.field')}
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                {m('conflict.theirs')}
              </th>
              <th scope="col" className="py-1 font-semibold">
                {m('conflict.yours')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.field} className="border-t border-amber-200">
                <th scope="row" className="py-2 pr-3 font-medium">
                  {row.label}
                </th>
                <td className="py-2 pr-3">
                  {row.theirs}
                  {row.changedByThem && (
                    <span className="ml-1 text-xs text-amber-800">{m('conflict.changedByThem')}</span>
                  )}
                </td>
                <td className="py-2">{row.yours}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-2 text-sm text-slate-700">{m('conflict.same')}</p>
      )}
    </ConflictNotice>
  );
}
