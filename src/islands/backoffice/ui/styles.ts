/** Shared class lists, so buttons and fields look the same on every screen. */
const button =
  'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

export const ui = {
  primaryButton: `${button} bg-brand-600 text-white hover:bg-brand-700`,
  secondaryButton: `${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`,
  dangerButton: `${button} bg-red-700 text-white hover:bg-red-800`,
  link:
    'font-medium text-brand-600 underline decoration-brand-200 underline-offset-2 hover:text-brand-800 ' +
    'hover:decoration-brand-600',
  input:
    'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs ' +
    'placeholder:text-slate-500 focus:border-brand-500 aria-invalid:border-red-600 disabled:bg-slate-100 ' +
    'disabled:text-slate-600',
  label: 'block text-sm font-medium text-slate-800',
  card: 'rounded-lg border border-slate-200 bg-white p-5 shadow-xs',
  /** A card whose content (a table) runs to its edges. */
  cardFlush: 'rounded-lg border border-slate-200 bg-white shadow-xs',
  /**
   * Count tiles (a figure under a short label): as many columns as the card's own width holds,
   * each wide enough for its label to wrap between words, never cut.
   */
  tileGrid: 'grid grid-cols-[repeat(auto-fill,minmax(min(100%,8rem),1fr))] gap-3',
  th: 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600',
  td: 'px-3 py-3 align-middle text-sm text-slate-800',
} as const;
