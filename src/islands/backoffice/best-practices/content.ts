/**
 * The best-practice categories' names in the page's language (issue 32 item 1, decision 044): as
 * administrators translated them (the translations the public library shows), else the English,
 * with the language each is in. Loaded with the best-practices part (top-level await), only on a
 * page not in English.
 */
import { contentText, loadContentTranslations } from '../../i18n/content.ts';

const entities = await loadContentTranslations();

/** A category's name as shown, with the language it is in (for `lang`). */
export const categoryName = (category: { slug: string; name: string }): { text: string; lang: string } =>
  contentText(entities, 'practice-category', category.slug, 'name', category.name);
