/**
 * A published report's thrusts, subcategories and questions in a page's language (decision 044):
 * the administrators' translations where there are some (wording, help, unit, choices, parts),
 * else the English, marked `lang="en"`. What the country answered stays as written.
 */
import type { Locale } from '../../i18n/locales.ts';
import type { PublicReportGroup } from '../../lib/national-reports/public-schema.ts';
import { shownText, translationsOf } from '../../lib/public-api/translations.ts';
import type { Translatable } from '../../lib/translations/schema.ts';

type TextLang = 'en' | undefined;
type Item = PublicReportGroup['subcategories'][number]['items'][number];
export type TranslatedItem = Item & { textLang: TextLang };
export type TranslatedGroup = Omit<PublicReportGroup, 'thrust' | 'subcategories'> & {
  thrust: PublicReportGroup['thrust'] & { nameLang: TextLang };
  subcategories: (Omit<PublicReportGroup['subcategories'][number], 'subcategory' | 'items'> & {
    subcategory: PublicReportGroup['subcategories'][number]['subcategory'] & { nameLang: TextLang };
    items: TranslatedItem[];
  })[];
};

/** The report's groups with their words in `locale`. */
export async function translatedGroups(
  groups: readonly PublicReportGroup[],
  locale: Locale,
): Promise<TranslatedGroup[]> {
  const entities = await translationsOf(locale);
  const shown = (entity: Translatable, key: string, field: string, english: string) =>
    shownText(entities, locale, entity, key, field, english);
  const lang = (text: { lang: Locale }): TextLang => (locale !== 'en' && text.lang === 'en' ? 'en' : undefined);
  const question = (item: Item): TranslatedItem => {
    const q = item.question;
    const of = (field: string, english: string) => shown('question', q.uuid, field, english).text;
    const text = shown('question', q.uuid, 'text', q.text);
    return {
      ...item,
      textLang: lang(text),
      question: {
        ...q,
        text: text.text,
        help: q.help === null ? null : of('help', q.help),
        unit: q.unit === null ? null : of('unit', q.unit),
        text_label: q.text_label === null ? null : of('text_label', q.text_label),
        options: q.options.map((o) => ({ ...o, label: of(`option.${o.value}`, o.label) })),
        parts: q.parts.map((p) => ({ ...p, label: of(`part.${p.key}`, p.label) })),
      },
    };
  };
  return groups.map((group) => {
    const thrust = shown('thrust', group.thrust.code, 'name', group.thrust.name);
    return {
      ...group,
      thrust: { ...group.thrust, name: thrust.text, nameLang: lang(thrust) },
      subcategories: group.subcategories.map((s) => {
        const name = shown('subcategory', s.subcategory.code, 'name', s.subcategory.name);
        return {
          ...s,
          subcategory: { ...s.subcategory, name: name.text, nameLang: lang(name) },
          items: s.items.map(question),
        };
      }),
    };
  });
}

/** Whether any thrust, subcategory or question of the groups is shown in English on a page in another language. */
export function partsInEnglish(groups: readonly TranslatedGroup[]): boolean {
  return groups.some(
    (g) =>
      g.thrust.nameLang === 'en' ||
      g.subcategories.some((s) => s.subcategory.nameLang === 'en' || s.items.some((i) => i.textLang === 'en')),
  );
}
