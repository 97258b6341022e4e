/**
 * The urbanisation profile's own words in the page's language (issue 32 item 1, decision 044):
 * the themes' names and descriptions and the indicators' names and units as administrators
 * translated them (the translations the public pages show), else the English, with the language
 * each is in for `lang`. Loaded with the profile's part (top-level await), only on a page not in
 * English. The theme and indicator editors keep the English they edit.
 */
import type { Indicator } from '../../../lib/urbanisation-profile/schema.ts';
import { contentText, loadContentTranslations } from '../../i18n/content.ts';

const entities = await loadContentTranslations();

/** A text as shown, with the language it is in. */
export interface Shown {
  text: string;
  lang: string;
}

/** A theme's name in the page's language. */
export const themeName = (theme: { slug: string; name: string }): Shown =>
  contentText(entities, 'profile-category', theme.slug, 'name', theme.name);

/** A theme's short description in the page's language. */
export const themeDescription = (theme: { slug: string; description: string }): Shown =>
  contentText(entities, 'profile-category', theme.slug, 'description', theme.description);

/** An indicator with its name and unit in the page's language (the figures' form shows them). */
export function localIndicator<I extends Pick<Indicator, 'code' | 'name' | 'unit'>>(indicator: I): I {
  const name = contentText(entities, 'profile-indicator', indicator.code, 'name', indicator.name).text;
  const unit =
    indicator.unit === null
      ? null
      : contentText(entities, 'profile-indicator', indicator.code, 'unit', indicator.unit).text;
  return { ...indicator, name, unit };
}
