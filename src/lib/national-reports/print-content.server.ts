import type { Db } from '../db/client.server.ts';
import type { Locale } from '../../i18n/locales.ts';
import { translationsInto } from '../translations/queries.server.ts';
import {
  isQuestionTranslated,
  localisedQuestion,
  localisedSubcategory,
  localisedThrust,
  type ContentLookup,
} from '../translations/localise.ts';
import { pdfWords } from './pdf-words.ts';
import type { ReportGroup } from './schema.ts';

/** A printed report's groups in a language, and which of the portal's texts stay English for want of a translation. */
export interface GroupsIn {
  groups: ReportGroup[];
  /** `thrust:<code>`, `subcategory:<code>`, `question:<uuid>` of the texts printed in English. */
  english: ReadonlySet<string>;
}

/** The content translations (decision 044) into `locale` of what a report prints, as a lookup. */
async function contentLookup(db: Db, locale: Exclude<Locale, 'en'>): Promise<ContentLookup> {
  const [thrusts, subcategories, questions] = await Promise.all([
    translationsInto(db, 'thrust', locale),
    translationsInto(db, 'subcategory', locale),
    translationsInto(db, 'question', locale),
  ]);
  const by = { thrust: thrusts, subcategory: subcategories, question: questions } as const;
  return (entity, key, field) => (entity in by ? by[entity as keyof typeof by].get(key)?.[field] : undefined);
}

/**
 * `groups` in the reader's language (decision 060): thrusts, subcategories and questions as
 * administrators translated them in `content_translations` — the same as the form and the public
 * pages show — else in English; each answer's value written again in the language (numbers, yes
 * and no, choices and parts by their translated names). What the country wrote is untouched.
 */
export async function groupsIn(db: Db, groups: readonly ReportGroup[], locale: Locale): Promise<GroupsIn> {
  if (locale === 'en') return { groups: [...groups], english: new Set() };
  const lookup = await contentLookup(db, locale);
  const words = pdfWords(locale);
  const english = new Set<string>();
  const mark = (translated: boolean, key: string) => translated || english.add(key);
  const translated = groups.map((group) => {
    mark(Boolean(lookup('thrust', group.thrust.code, 'name')), `thrust:${group.thrust.code}`);
    return {
      thrust: localisedThrust(group.thrust, lookup),
      subcategories: group.subcategories.map(({ subcategory, items }) => {
        mark(Boolean(lookup('subcategory', subcategory.code, 'name')), `subcategory:${subcategory.code}`);
        return {
          subcategory: localisedSubcategory(subcategory, lookup),
          items: items.map(({ question, answer }) => {
            mark(isQuestionTranslated(question, lookup), `question:${question.uuid}`);
            const shown = localisedQuestion(question, lookup);
            return { question: shown, answer, display: answer ? words.display(shown, answer.value) : '' };
          }),
        };
      }),
    };
  });
  return { groups: translated, english };
}
