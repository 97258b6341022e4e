/**
 * Country names in the interface's languages: CLDR's (`Intl.DisplayNames`) except where the
 * United Nations' own short names in that language differ (UNTERM), e.g. the Lao People's
 * Democratic Republic, which CLDR calls "Laos".
 */
import { LOCALE_INFO, type Locale } from './locales.ts';

export const UN_NAMES: Partial<Record<string, Partial<Record<Locale, string>>>> = {
  LA: {
    zh: '老挝人民民主共和国',
    fr: 'République démocratique populaire lao',
    ru: 'Лаосская Народно-Демократическая Республика',
  },
  KR: { zh: '大韩民国', fr: 'République de Corée', ru: 'Республика Корея' },
  KP: {
    zh: '朝鲜民主主义人民共和国',
    fr: 'République populaire démocratique de Corée',
    ru: 'Корейская Народно-Демократическая Республика',
  },
  IR: { zh: '伊朗伊斯兰共和国', fr: 'Iran (République islamique d’)', ru: 'Иран (Исламская Республика)' },
  FM: { zh: '密克罗尼西亚联邦', fr: 'Micronésie (États fédérés de)', ru: 'Микронезия (Федеративные Штаты)' },
  MM: { fr: 'Myanmar', ru: 'Мьянма' },
  TL: { fr: 'Timor-Leste', ru: 'Тимор-Лешти' },
  BN: { zh: '文莱达鲁萨兰国', fr: 'Brunéi Darussalam', ru: 'Бруней-Даруссалам' },
  TR: { fr: 'Türkiye' },
  VN: { fr: 'Viet Nam' },
};

const regionNames = new Map<Locale, Intl.DisplayNames>();

/**
 * A country's name in the language: the UN's short name where it differs from CLDR, else CLDR's; `fallback` (the
 * English name) otherwise.
 */
export function countryNameIn(locale: Locale, code: string | null | undefined, fallback: string): string {
  if (locale === 'en' || !code) return fallback;
  const un = UN_NAMES[code.toUpperCase()]?.[locale];
  if (un) return un;
  let names = regionNames.get(locale);
  if (!names)
    regionNames.set(
      locale,
      (names = new Intl.DisplayNames([LOCALE_INFO[locale].tag], { type: 'region', fallback: 'none' })),
    );
  try {
    return names.of(code.toUpperCase()) ?? fallback;
  } catch {
    return fallback;
  }
}
