import { ConflictNotice } from '../ui/conflict-notice.tsx';
import { ui } from '../ui/styles.ts';
import { m } from './messages.ts';

/**
 * Someone saved this theme or indicator while the person was editing (profile records carry no
 * author, only the time): keep the person's changes over the new version, or load the new one.
 * Its words are the catalogue's `conflictTitle`, `conflictWhat`, `conflictText`, `keepMine` and
 * `loadTheirs` of the theme's form (`form`) or of the indicator editor (`editor`).
 */
export function StaleNotice({
  className,
  updatedAt,
  of,
  onKeepMine,
  onLoadTheirs,
}: {
  className: string;
  updatedAt: string | null;
  of: 'form' | 'editor';
  onKeepMine: () => void;
  onLoadTheirs: () => void;
}) {
  const texts = {
    title: m(`${of}.conflictTitle`),
    what: m(`${of}.conflictWhat`),
    text: m(`${of}.conflictText`),
    keepMine: m(`${of}.keepMine`),
    loadTheirs: m(`${of}.loadTheirs`),
  };
  return (
    <div className={className}>
      <ConflictNotice
        title={texts.title}
        record={{ updated_at: updatedAt, updated_by: null }}
        what={texts.what}
        actions={
          <>
            <button type="button" className={ui.secondaryButton} onClick={onKeepMine}>
              {texts.keepMine}
            </button>
            <button type="button" className={ui.secondaryButton} onClick={onLoadTheirs}>
              {texts.loadTheirs}
            </button>
          </>
        }
      >
        <p className="mt-1 text-sm text-slate-700">{texts.text}</p>
      </ConflictNotice>
    </div>
  );
}
