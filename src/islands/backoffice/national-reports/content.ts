/**
 * The questionnaire's own words in the page's language (decision 044): thrusts, subcategories
 * and questions (wording, help, unit, the text box's label, choices, parts) as administrators
 * translated them, else the English — the same translation the printed report uses
 * (src/lib/translations/localise.ts). Loaded with the national reports' part (top-level await),
 * only on a page not in English.
 */
import type { Question, Subcategory, Thrust } from '../../../lib/national-reports/question-schema.ts';
import {
  isQuestionTranslated,
  localisedQuestion,
  localisedSubcategory,
  localisedThrust,
  type ContentLookup,
} from '../../../lib/translations/localise.ts';
import { LOCALE_INFO } from '../../../i18n/locales.ts';
import { loadContentTranslations } from '../../i18n/content.ts';
import { PAGE_LOCALE } from '../../i18n/page-locale.ts';

const entities = await loadContentTranslations();
const lookup: ContentLookup = (entity, key, field) => entities[entity]?.[key]?.[field];

/** A question with its words in the page's language. */
export const localQuestion = (question: Question): Question => localisedQuestion(question, lookup);
export const localThrust = (thrust: Thrust): Thrust => localisedThrust(thrust, lookup);
export const localSubcategory = (sub: Subcategory): Subcategory => localisedSubcategory(sub, lookup);

/** The language a question's wording is shown in: the page's when translated, else English (for `lang`). */
export const questionLang = (question: Pick<Question, 'uuid'>): string =>
  PAGE_LOCALE !== 'en' && !isQuestionTranslated(question, lookup) ? 'en' : LOCALE_INFO[PAGE_LOCALE].tag;
/** The language a thrust's or subcategory's name is shown in. */
export const headingLang = (entity: 'thrust' | 'subcategory', code: string): string =>
  PAGE_LOCALE !== 'en' && !lookup(entity, code, 'name') ? 'en' : LOCALE_INFO[PAGE_LOCALE].tag;
