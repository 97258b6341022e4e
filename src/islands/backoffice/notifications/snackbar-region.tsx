import { useStore } from '@nanostores/react';
import { Icon } from '../ui/icons.tsx';
import { m } from './messages.ts';
import { $visibleSnackbars, dismiss, SNACKBAR_FADE_MS, type Snackbar } from './snackbar-store.ts';

const TONES: Record<Snackbar['kind'], { box: string; icon: 'check' | 'alert' | 'info' }> = {
  success: { box: 'bg-emerald-800 text-white', icon: 'check' },
  error: { box: 'bg-red-800 text-white', icon: 'alert' },
  info: { box: 'bg-slate-800 text-white', icon: 'info' },
};

/** The queued snackbars of spec §2: a polite live region; errors interrupt as alerts. */
export function SnackbarRegion() {
  const items = useStore($visibleSnackbars);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={m('region')}
      className="pointer-events-none fixed inset-x-4 bottom-4 z-[60] flex flex-col gap-2 sm:left-auto sm:w-96"
    >
      {items.map((item) => (
        <SnackbarItem key={item.id} item={item} />
      ))}
    </div>
  );
}

function SnackbarItem({ item }: { item: Snackbar }) {
  const tone = TONES[item.kind];
  return (
    <div
      role={item.kind === 'error' ? 'alert' : undefined}
      data-phase={item.phase}
      style={{ transitionDuration: `${SNACKBAR_FADE_MS}ms` }}
      className={
        'pointer-events-auto flex items-start gap-3 rounded-md px-4 py-3 text-sm shadow-lg transition-opacity ' +
        `${tone.box} ` +
        (item.phase === 'leaving' ? 'opacity-0' : 'opacity-100')
      }
    >
      <Icon name={tone.icon} className="mt-0.5 size-5 shrink-0" />
      <p className="flex-1">{item.message}</p>
      <button
        type="button"
        onClick={() => dismiss(item.id)}
        className="-m-1 rounded p-1 text-white/90 hover:bg-white/10 hover:text-white"
        aria-label={m('dismiss')}
      >
        <Icon name="close" className="size-4" />
      </button>
    </div>
  );
}
