/**
 * A language's name in the interface's language (issue 32 item 1, decision 059): `Intl.DisplayNames`
 * in the reader's language, and where the browser's copy of CLDR has no name (Chromium ships none
 * for the Pacific's languages, Tetum, Dzongkha or Fiji Hindi), CLDR's own, kept here; English only
 * when neither has one. Pure: the back-office's pickers and their tests use it.
 */
import { LOCALE_INFO, type Locale } from '../../i18n/locales.ts';

type Other = Exclude<Locale, 'en'>;

/**
 * CLDR 48's names (ICU 78) of the written languages browsers' reduced data lack, in the
 * interface's languages other than English. Fiji Hindi has none in Chinese or Russian in CLDR:
 * those two are the usual renderings (斐济印地语, фиджийский хинди), as CLDR's French is.
 */
const CLDR_NAMES: Record<string, Record<Other, string>> = {
  tet: { zh: '德顿语', fr: 'tétoum', ru: 'тетум' },
  dz: { zh: '宗卡语', fr: 'dzongkha', ru: 'дзонг-кэ' },
  fj: { zh: '斐济语', fr: 'fidjien', ru: 'фиджи' },
  hif: { zh: '斐济印地语', fr: 'hindi fidjien', ru: 'фиджийский хинди' },
  gil: { zh: '吉尔伯特语', fr: 'gilbertin', ru: 'гилбертский' },
  mh: { zh: '马绍尔语', fr: 'marshallais', ru: 'маршалльский' },
  na: { zh: '瑙鲁语', fr: 'nauruan', ru: 'науру' },
  pau: { zh: '帕劳语', fr: 'palau', ru: 'палау' },
  tpi: { zh: '托克皮辛语', fr: 'tok pisin', ru: 'ток-писин' },
  ho: { zh: '希里莫图语', fr: 'hiri motu', ru: 'хиримоту' },
  pis: { zh: '皮京语', fr: 'pijin', ru: 'соломонский пиджин' },
  tvl: { zh: '图瓦卢语', fr: 'tuvalu', ru: 'тувалу' },
  bi: { zh: '比斯拉马语', fr: 'bichelamar', ru: 'бислама' },
  rar: { zh: '拉罗汤加语', fr: 'rarotongien', ru: 'раротонга' },
  niu: { zh: '纽埃语', fr: 'niuéen', ru: 'ниуэ' },
  ty: { zh: '塔希提语', fr: 'tahitien', ru: 'таитянский' },
  ch: { zh: '查莫罗语', fr: 'chamorro', ru: 'чаморро' },
};

/** A language's name in the interface's language as this runtime's `Intl` knows it, or undefined. */
export type NameLookup = (tag: string) => string | undefined;

const lookups = new Map<Locale, NameLookup>();

/** `Intl.DisplayNames` in `locale` (no name rather than the tag when it has none). */
export function intlLanguageNames(locale: Locale): NameLookup {
  let lookup = lookups.get(locale);
  if (!lookup) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([LOCALE_INFO[locale].tag], { type: 'language', fallback: 'none' });
    } catch {
      names = null;
    }
    lookup = (tag) => {
      try {
        const name = names?.of(tag);
        return name && name !== tag ? name : undefined;
      } catch {
        return undefined;
      }
    };
    lookups.set(locale, lookup);
  }
  return lookup;
}

/** The name of the language `tag` (`english` in English) for a reader of `locale`. */
export function languageName(
  tag: string,
  locale: Locale,
  english: string,
  lookup: NameLookup = intlLanguageNames(locale),
): string {
  if (locale === 'en') return lookup(tag) ?? english;
  return lookup(tag) ?? CLDR_NAMES[tag]?.[locale] ?? english;
}
