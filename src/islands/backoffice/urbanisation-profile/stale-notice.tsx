import { ConflictNotice } from '../ui/conflict-notice.tsx';
import { ui } from '../ui/styles.ts';

/** The words of a stale-write notice, from the profile's catalogue. */
export interface StaleTexts {
  title: string;
  what: string;
  text: string;
  keepMine: string;
  loadTheirs: string;
}

/**
 * Someone saved this theme or indicator while the person was editing (profile records carry no
 * author, only the time): keep the person's changes over the new version, or load the new one.
 */
export function StaleNotice({
  className,
  updatedAt,
  texts,
  onKeepMine,
  onLoadTheirs,
}: {
  className: string;
  updatedAt: string | null;
  texts: StaleTexts;
  onKeepMine: () => void;
  onLoadTheirs: () => void;
}) {
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
