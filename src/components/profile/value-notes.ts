/**
 * The notes of the curated open data (data/README.md, "note"; written by scripts/data-refresh.ts
 * and, for cities, by the import) in the page's language (issue 32): each note is a list of known
 * parts separated by "; ", so a page writes each part from its catalogue, numbers through `Intl`.
 * A note with a part this module does not know is shown as written, marked as English.
 */
import { LOCALE_INFO, type Locale } from '../../i18n/locales.ts';
import { formatNumber, t, type MessageKey } from '../../i18n/t.ts';

const NATURES = {
  'country data': 'note.nature.countryData',
  'country adjusted': 'note.nature.countryAdjusted',
  estimated: 'note.nature.estimated',
  'global monitoring data': 'note.nature.globalMonitoring',
  modelled: 'note.nature.modelled',
  'non-relevant': 'note.nature.nonRelevant',
  'not specified': 'note.nature.notSpecified',
} as const satisfies Record<string, MessageKey>;
type Nature = keyof typeof NATURES;

/** The statistical concepts of a city in World Urbanization Prospects, and the projection flag. */
const FLAGS = {
  'Urban Agglomeration': 'note.urbanAgglomeration',
  'City Proper': 'note.cityProper',
  'Metropolitan area': 'note.metropolitanArea',
  projection: 'note.projection',
  'location: urban': 'note.urban',
} as const satisfies Record<string, MessageKey>;

const isNature = (text: string): text is Nature => Object.hasOwn(NATURES, text);

/** One part of a note in `locale`; null when the part is not one the curated data write. */
function partText(locale: Locale, part: string): string | null {
  const m = (key: MessageKey, params?: Record<string, string | number>) => t(locale, key, params);
  const num = (text: string) => formatNumber(locale, Number(text), 6);
  if (Object.hasOwn(FLAGS, part)) return m(FLAGS[part as keyof typeof FLAGS]);
  let match = /^city: (.+)$/.exec(part);
  if (match) return m('note.city', { city: match[1]! });
  match = /^nature: (.+)$/.exec(part);
  if (match && isNature(match[1]!)) return m('note.nature', { nature: m(NATURES[match[1]]) });
  match = /^change of source type: (.+) \((\d{4})\) to (.+)$/.exec(part);
  if (match && isNature(match[1]!) && isNature(match[3]!))
    return m('note.sourceChange', { from: m(NATURES[match[1]]), year: match[2]!, to: m(NATURES[match[3]]) });
  match = /^series break: source value (jumps|drops) from (-?[\d.]+) \((\d{4})\) to (-?[\d.]+) \((\d{4})\)$/.exec(part);
  if (match)
    return m(match[1] === 'jumps' ? 'note.jump' : 'note.drop', {
      from: num(match[2]!),
      fromYear: match[3]!,
      to: num(match[4]!),
      toYear: match[5]!,
    });
  match = /^differs from ([\w-]+): (-?[\d.]+) for the same year$/.exec(part);
  if (match) return m('note.differs', { series: match[1]!, value: num(match[2]!) });
  match = new RegExp(
    String.raw`^same values as ([A-Z]{3}(?: [A-Z]{3})*) for every year ` +
      String.raw`\(likely a regional estimate rather than a national figure\)$`,
  ).exec(part);
  if (match) return m('note.sameValues', { countries: match[1]!.split(' ').join(', ') });
  return null;
}

/** "Median of 3 cities: A, B, C" (and "… and 4 more"), as the import writes a figure made of cities. */
function cityMedianText(locale: Locale, note: string): string | null {
  const match = /^Median of (\d+) cit(?:y|ies): (.*?)(?: and (\d+) more)?$/.exec(note);
  if (!match) return null;
  const list = match[3] ? t(locale, 'note.andMore', { list: match[2]!, count: Number(match[3]) }) : match[2]!;
  return t(locale, 'note.cityMedian', { count: Number(match[1]), list });
}

/** A note of the open data in `locale`, or null when it holds something else (shown as written). */
export function openDataNote(locale: Locale, note: string): string | null {
  const text = cityMedianText(locale, note) ?? partsText(locale, note);
  return text === null ? null : text.charAt(0).toLocaleUpperCase(LOCALE_INFO[locale].tag) + text.slice(1);
}

function partsText(locale: Locale, note: string): string | null {
  const parts = note.split(';').map((part) => partText(locale, part.trim()));
  return parts.every((part) => part !== null) ? parts.join(t(locale, 'note.separator')) : null;
}

/** The city a figure of the largest city names: from "city: Tokyo; Urban Agglomeration", or the whole note. */
export function cityOfNote(note: string): string {
  return /(?:^|; )city: ([^;]+)/.exec(note)?.[1]?.trim() ?? note;
}

/**
 * The licences of the curated data that are sentences rather than names (data/manifest.json):
 * each written from the catalogue. A licence's name (CC BY 4.0) reads the same in every language.
 */
const LICENCE_TEXTS: Readonly<Record<string, MessageKey>> = {
  'none stated (the repository has no licence); UN DESA publication: credit UN DESA (reuse terms not verified)':
    'profile.licenceUnverified',
};

/** Whether a licence is written in the page's language by `licenceText` (or is a name that needs none). */
export function isLicenceWritten(licence: string): boolean {
  return (
    Object.hasOwn(LICENCE_TEXTS, licence) ||
    /^CC[ -]BY(?:[ -][A-Z]{2})*(?: \d\.\d)?(?: IGO)?$|^CC0(?: 1\.0)?$/.test(licence)
  );
}

/** A figure's licence in `locale`. */
export function licenceText(locale: Locale, licence: string): string {
  const key = LICENCE_TEXTS[licence];
  return key ? t(locale, key) : licence;
}
