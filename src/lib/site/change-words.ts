/**
 * A change to the public site in the reader's language (issue 32, item 1): the publishing status
 * lists what waits to go live from the facts stored with each change (its kind and verb, a
 * country's code, a year, a theme's slug, what a person wrote), worded at read time through
 * `src/lib/i18n/site-change-messages/{en,zh,fr,ru}.json`. Country names are the UN's or CLDR's
 * (`countryNameIn`), theme names the administrators' translations, the English otherwise; a
 * practice's or an item's title is kept as written, isolated when it runs right to left.
 */
import { z } from 'zod';
import en from '../i18n/site-change-messages/en.json' with { type: 'json' };
import fr from '../i18n/site-change-messages/fr.json' with { type: 'json' };
import ru from '../i18n/site-change-messages/ru.json' with { type: 'json' };
import zh from '../i18n/site-change-messages/zh.json' with { type: 'json' };
import type { Locale } from '../../i18n/locales.ts';
import { countryNameIn, fillMessage, type TextCatalogue } from '../i18n/format.ts';

export const SITE_CHANGE_CATALOGUES: Record<Locale, TextCatalogue> = { en, zh, fr, ru };

export const SITE_CHANGE_KINDS = [
  'report',
  'practice',
  'cms',
  'figures',
  'theme',
  'indicators',
  'import',
  'cycle',
  'questions',
  'other',
] as const;

/** The kinds of CMS items named by their own word ("Banner"); any other is an "Item". */
export const CMS_ITEM_KINDS = ['banner', 'video', 'partner', 'photo'] as const;

/**
 * What a change was, as stored in `site_changes.facts`: `verb` names what happened (`published`,
 * `withdrawn`…, the catalogue's keys), `countryName` and `themeName` are the English names then
 * (what shows when no translation exists), `name` is what a person wrote, kept as written.
 */
export const SiteChangeFactsSchema = z.object({
  kind: z.enum(SITE_CHANGE_KINDS),
  verb: z.string().optional(),
  country: z.string().optional(),
  countryName: z.string().optional(),
  year: z.number().int().optional(),
  theme: z.string().optional(),
  themeName: z.string().optional(),
  name: z.string().nullable().optional(),
  cmsKind: z.string().optional(),
  rows: z.number().int().optional(),
});
export type SiteChangeFacts = z.output<typeof SiteChangeFactsSchema>;

/** The catalogue's key for a change's line. */
export function siteChangeKey(facts: SiteChangeFacts): string {
  const unnamed = facts.name ? '' : '.unnamed';
  switch (facts.kind) {
    case 'report':
    case 'figures':
    case 'theme':
      return `${facts.kind}.${facts.verb ?? 'updated'}`;
    case 'practice':
      return `practice.${facts.verb ?? 'updated'}${unnamed}`;
    case 'cms': {
      const kind = (CMS_ITEM_KINDS as readonly string[]).includes(facts.cmsKind ?? '') ? facts.cmsKind : 'item';
      return `cms.${kind}.${facts.verb ?? 'updated'}${unnamed}`;
    }
    case 'cycle':
      return 'cycle.updated';
    case 'questions':
      return 'questions.changed';
    case 'indicators':
      return 'indicators.changed';
    case 'import':
      return 'import.figures';
    default:
      return 'other';
  }
}

/** Theme names in the reader's language, by slug (the English fills what is not translated). */
export type ThemeNames = ReadonlyMap<string, string>;

/**
 * The line for one change in `locale`; null when the facts name no line of the catalogue (the
 * stored English title stands in).
 */
export function siteChangeText(locale: Locale, facts: SiteChangeFacts, themes: ThemeNames = new Map()): string | null {
  const key = siteChangeKey(facts);
  if (!(key in SITE_CHANGE_CATALOGUES.en)) return null;
  const theme = facts.theme ?? '';
  return fillMessage(SITE_CHANGE_CATALOGUES, locale, key, {
    country: countryNameIn(locale, facts.country, facts.countryName ?? facts.country ?? ''),
    year: facts.year,
    theme: (locale === 'en' ? undefined : themes.get(theme)) ?? facts.themeName ?? theme,
    name: facts.name,
    count: facts.rows,
  });
}

/** The stored facts, checked: null for rows written before facts were kept, or facts this version cannot read. */
export function readFacts(stored: unknown): SiteChangeFacts | null {
  const parsed = SiteChangeFactsSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
