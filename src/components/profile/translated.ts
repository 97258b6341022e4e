/**
 * The urbanisation profile's themes and indicators in a page's language (decision 044): the
 * administrators' translations where there are some, else the English, marked `lang="en"`.
 */
import type { Locale } from '../../i18n/locales.ts';
import { shownText, translationsOf } from '../../lib/public-api/translations.ts';
import type { CountryProfile, ProfileCategoryData } from './data.ts';
import { keyFactField, keyFactNumber, keyFactParts } from './key-facts.ts';

/** `lang` for a text shown on a page: none when it is in the page's language, `en` when the English stands in. */
export type TextLang = 'en' | undefined;

export type TranslatedIndicator = ProfileCategoryData['indicators'][number] & { nameLang: TextLang };
/**
 * A key fact as a page shows it: its texts in the language where translated, its value and unit written the language's
 * way.
 */
export interface ShownKeyFact {
  label: string;
  labelLang: TextLang;
  year: number | null;
  /** The value ("91,78", "37 468") and its unit with what joins it (" %", " milliers d’habitants"). */
  value: string;
  unit: string;
  valueLang: TextLang;
  source: string | null;
  sourceLang: TextLang;
}
export type TranslatedCategory = Omit<ProfileCategoryData, 'indicators' | 'key_facts'> & {
  indicators: TranslatedIndicator[];
  key_facts: ShownKeyFact[];
  langs: { name: TextLang; description: TextLang; body: TextLang; hero_alt: TextLang };
  /** The overview shows in English on a page in another language. */
  bodyInEnglish: boolean;
};

/**
 * `category` with its name, description, overview, picture description and its indicators' names and units in `locale`.
 */
export async function translatedCategory(category: ProfileCategoryData, locale: Locale): Promise<TranslatedCategory> {
  const entities = await translationsOf(locale);
  const of = (field: string, english: string) =>
    shownText(entities, locale, 'profile-category', category.slug, field, english);
  const lang = (shown: { lang: Locale }): TextLang => (locale !== 'en' && shown.lang === 'en' ? 'en' : undefined);
  const name = of('name', category.name);
  const description = of('description', category.description);
  const body = of('body', category.body);
  const heroAlt = of('hero_alt', category.hero_alt);
  const indicators = category.indicators.map((indicator) => {
    const shown = shownText(entities, locale, 'profile-indicator', indicator.code, 'name', indicator.name);
    const unit = indicator.unit
      ? shownText(entities, locale, 'profile-indicator', indicator.code, 'unit', indicator.unit).text
      : indicator.unit;
    return { ...indicator, name: shown.text, unit, nameLang: lang(shown) };
  });
  const keyFacts = category.key_facts.map((fact, index): ShownKeyFact => {
    const text = (part: 'label' | 'value' | 'unit' | 'source', english: string) =>
      shownText(entities, locale, 'profile-category', category.slug, keyFactField(index, part), english);
    const label = text('label', fact.label);
    // A number is written by Intl, whatever the language; only a value in words is translated.
    const value = keyFactNumber(fact.value) ? { text: fact.value, lang: locale } : text('value', fact.value);
    const unit = fact.unit ? text('unit', fact.unit) : null;
    const source = fact.source ? text('source', fact.source) : null;
    return {
      label: label.text,
      labelLang: lang(label),
      year: fact.year,
      ...keyFactParts(locale, value.text, unit?.text ?? null),
      valueLang: lang(value) ?? (unit ? lang(unit) : undefined),
      source: source?.text ?? null,
      sourceLang: source ? lang(source) : undefined,
    };
  });
  return {
    ...category,
    key_facts: keyFacts,
    name: name.text,
    description: description.text,
    body: body.text,
    hero_alt: heroAlt.text,
    indicators,
    langs: { name: lang(name), description: lang(description), body: lang(body), hero_alt: lang(heroAlt) },
    bodyInEnglish: body.fallback && body.text.trim() !== '',
  };
}

type CountryCategory = CountryProfile['categories'][number];
export type TranslatedCountryCategory = Omit<CountryCategory, 'indicators'> & {
  nameLang: TextLang;
  indicators: (CountryCategory['indicators'][number] & { nameLang: TextLang })[];
};

/** A country's profile with its themes' names and its indicators' names and units in `locale`. */
export async function translatedCountryCategories(
  profile: CountryProfile,
  locale: Locale,
): Promise<TranslatedCountryCategory[]> {
  const entities = await translationsOf(locale);
  const lang = (shown: { lang: Locale }): TextLang => (locale !== 'en' && shown.lang === 'en' ? 'en' : undefined);
  return profile.categories.map((category) => {
    const name = shownText(entities, locale, 'profile-category', category.slug, 'name', category.name);
    return {
      ...category,
      name: name.text,
      nameLang: lang(name),
      indicators: category.indicators.map((indicator) => {
        const shown = shownText(entities, locale, 'profile-indicator', indicator.code, 'name', indicator.name);
        const unit = indicator.unit
          ? shownText(entities, locale, 'profile-indicator', indicator.code, 'unit', indicator.unit).text
          : indicator.unit;
        return { ...indicator, name: shown.text, unit, nameLang: lang(shown) };
      }),
    };
  });
}
