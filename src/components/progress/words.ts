/** The words and colours of the progress pages: a class is always its word, the colour only repeats it. */
import type { ProgressClass } from '../../lib/progress/escap.ts';
import { SUBREGION_CODES, type SubregionCode } from '../../lib/progress/method.ts';
import type { MessageKey } from '../../i18n/t.ts';

/** Dark text on a light tint: each pair is above WCAG AA's 4.5:1 contrast. */
export const CLASS_STYLE: Record<ProgressClass, string> = {
  on_track: 'bg-emerald-100 text-emerald-900 border-emerald-300',
  acceleration: 'bg-amber-100 text-amber-900 border-amber-300',
  regressing: 'bg-red-100 text-red-900 border-red-300',
  not_assessed: 'bg-slate-100 text-slate-700 border-slate-300',
};

export const CLASS_ORDER: readonly ProgressClass[] = ['on_track', 'acceleration', 'regressing', 'not_assessed'];

export const classWord = (c: ProgressClass): MessageKey => `progress.class.${c}`;
export const legendWord = (c: ProgressClass): MessageKey => `progress.legend.${c}`;

/** The subregions in the download's order, with the message of their name. */
export const SUBREGION_COLUMNS = (Object.keys(SUBREGION_CODES) as SubregionCode[]).map((code) => ({
  code,
  name: `subregion.${SUBREGION_CODES[code]}` as MessageKey,
}));
