/**
 * How a comparison cell reads (issue 35 item 4, decision 081), shared by the page's first render
 * and the browser's: the value in the page's language with its unit, its year, the class in words
 * and, for a subregion or the region, how many countries it averages. No figure is "no data",
 * never a zero. Browser-safe: no catalogue or formatter library is imported.
 */
import type { CompareCell } from '../../lib/progress/compare.ts';
import { PROGRESS_CLASSES } from '../../lib/progress/escap.ts';
import { CLASS_STYLE } from './words.ts';

/** The comparison's file, and a country's comparison page. */
export const comparePaths = {
  data: '/urbanisation-profile/compare.json',
  page: (code: string) => `/urbanisation-profile/view/${code}/compare`,
};

/** The words the browser needs, written by the page into the table's `data-words`. */
export interface CompareWords {
  /** The class words, in PROGRESS_CLASSES order. */
  classes: string[];
  none: string;
  /** "# countries" for each plural category of the language (Intl.PluralRules), `#` for the number. */
  countries: Record<string, string>;
}

/** How an indicator's values are written: its decimals (null: up to two) and its unit's suffix ("%", " km²"). */
interface ValueFormat {
  decimals: number | null;
  suffix: string;
}

interface CellText {
  /** null: no figure. */
  value: string | null;
  year: string | null;
  cls: number;
  countries: string | null;
}

function formatValue(value: number, format: ValueFormat, tag: string): string {
  const text = value.toLocaleString(tag, {
    minimumFractionDigits: format.decimals ?? 0,
    maximumFractionDigits: format.decimals ?? 2,
  });
  return `${text}${format.suffix}`;
}

export function cellText(
  cell: CompareCell | undefined,
  format: ValueFormat,
  words: CompareWords,
  tag: string,
): CellText {
  if (!cell) return { value: null, year: null, cls: 3, countries: null };
  const [value, year, cls, n] = cell;
  const countOf = (count: number) =>
    (words.countries[new Intl.PluralRules(tag).select(count)] ?? words.countries['other'] ?? '#').replace(
      '#',
      count.toLocaleString(tag),
    );
  return {
    value: value === null ? null : formatValue(value, format, tag),
    year: year === null ? null : String(year),
    cls,
    countries: n === undefined || value === null ? null : countOf(n),
  };
}

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A cell's inner HTML, the same on the page and in the browser: the value, then its year (and
 * countries), then the class in words on its tint; "—" and "no data" without a figure.
 */
export function cellHtml(text: CellText, words: CompareWords): string {
  if (text.value === null) {
    return (
      `<span class="block font-semibold text-slate-600" aria-hidden="true">—</span>` +
      `<span class="block text-xs text-slate-600">${escape(words.none)}</span>`
    );
  }
  const cls = PROGRESS_CLASSES[text.cls] ?? 'not_assessed';
  const when = [text.year, text.countries].filter((part): part is string => part !== null).join(' · ');
  return (
    `<span class="block font-semibold tabular-nums">${escape(text.value)}</span>` +
    `<span class="block text-xs text-slate-600 tabular-nums">${escape(when)}</span>` +
    `<span class="mt-1 inline-block rounded border px-1.5 py-0.5 text-xs font-medium ${CLASS_STYLE[cls]}">` +
    `${escape(words.classes[text.cls] ?? '')}</span>`
  );
}
