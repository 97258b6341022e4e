/** Reading translations (decision 044): one record's for its form, one language's for a page. */
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import { editorOf, updater, updaterColumns } from '../db/editors.server.ts';
import { cmsItems, contentTranslations, profileCategories } from '../db/schema.ts';
import {
  TRANSLATABLE,
  type LocaleTranslation,
  type PublicTranslations,
  type Translatable,
  type TranslationField,
  type TranslationListItem,
  type TranslationListQuery,
  type TranslationLocale,
  type TranslationState,
} from './schema.ts';
import { allEnglishFields } from './sources.server.ts';
import { keyFactField } from '../urbanisation-profile/key-facts.ts';

type Row = typeof contentTranslations.$inferSelect & { updaterId: number | null; updaterName: string | null };

function rowsOf(db: Db, entity: Translatable, key: string) {
  return db
    .select({ ...getTableColumns(contentTranslations), ...updaterColumns })
    .from(contentTranslations)
    .leftJoin(updater, eq(updater.id, contentTranslations.updatedBy))
    .where(and(eq(contentTranslations.entity, entity), eq(contentTranslations.key, key)));
}

/**
 * A language's translation as the API gives it: the fields still in the record, and those whose English changed since.
 */
export function toLocaleTranslation(
  locale: TranslationLocale,
  row: Row | undefined,
  english: readonly TranslationField[],
): LocaleTranslation {
  if (!row) return { locale, fields: {}, outdated: [], version: null, updated_at: null, updated_by: null };
  const fields: Record<string, string> = {};
  const outdated: string[] = [];
  for (const field of english) {
    const translated = row.fields[field.name];
    if (translated === undefined) continue;
    fields[field.name] = translated;
    if (row.source[field.name] !== field.english) outdated.push(field.name);
  }
  return {
    locale,
    fields,
    outdated,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
    updated_by: editorOf(row),
  };
}

/** Each language's translation of one record, against its English `fields`. */
export async function findTranslations(
  db: Db,
  entity: Translatable,
  key: string,
  english: readonly TranslationField[],
): Promise<Record<TranslationLocale, LocaleTranslation>> {
  const rows = await rowsOf(db, entity, key);
  const byLocale = new Map(rows.map((row) => [row.locale, row]));
  const of = (locale: TranslationLocale) => toLocaleTranslation(locale, byLocale.get(locale), english);
  return { zh: of('zh'), fr: of('fr'), ru: of('ru') };
}

/** One record's row in one language, with its editor. */
export async function findTranslationRow(
  db: Db,
  entity: Translatable,
  key: string,
  locale: TranslationLocale,
): Promise<Row | undefined> {
  return (await rowsOf(db, entity, key)).find((row) => row.locale === locale);
}

/**
 * Every translation of `entity` into `locale`, by record key: what a page in that language shows
 * instead of the English (a page reads `translated.get(key)?.name ?? english`).
 */
export async function translationsInto(
  db: Db,
  entity: Translatable,
  locale: TranslationLocale,
): Promise<Map<string, Record<string, string>>> {
  const rows = await db
    .select({ key: contentTranslations.key, fields: contentTranslations.fields })
    .from(contentTranslations)
    .where(and(eq(contentTranslations.entity, entity), eq(contentTranslations.locale, locale)));
  return new Map(rows.filter((row) => Object.keys(row.fields).length > 0).map((row) => [row.key, row.fields]));
}

/** Which records a list filter keeps: their progress in `locale` (or in any language) is `state`. */
function inState(
  item: TranslationListItem,
  state: TranslationState | undefined,
  locale: TranslationLocale | undefined,
): boolean {
  if (!state) return true;
  const states = (locale ? [locale] : (['zh', 'fr', 'ru'] as const)).map((l) => {
    const progress = item.languages[l];
    if (progress.outdated > 0) return 'outdated';
    return progress.translated < item.fields ? 'missing' : 'done';
  });
  return states.includes(state);
}

/** The records of one kind with how much of each is translated, filtered and paged (GET /api/translation/list). */
export async function listTranslations(
  db: Db,
  query: TranslationListQuery,
): Promise<{ items: TranslationListItem[]; total: number }> {
  const records = (await allEnglishFields(db, query.entity)).filter((record) => record.fields.length > 0);
  const rows = await db
    .select({
      key: contentTranslations.key,
      locale: contentTranslations.locale,
      fields: contentTranslations.fields,
      source: contentTranslations.source,
    })
    .from(contentTranslations)
    .where(eq(contentTranslations.entity, query.entity));
  const byRecord = new Map<string, typeof rows>();
  for (const row of rows) byRecord.set(row.key, [...(byRecord.get(row.key) ?? []), row]);
  const needle = query.q?.toLocaleLowerCase();
  const items = records
    .map((record): TranslationListItem => {
      const progress = (locale: TranslationLocale) => {
        const row = byRecord.get(record.key)?.find((r) => r.locale === locale);
        const done = record.fields.filter((f) => row?.fields[f.name] !== undefined);
        return { translated: done.length, outdated: done.filter((f) => row?.source[f.name] !== f.english).length };
      };
      return {
        key: record.key,
        english: record.fields[0]!.english,
        fields: record.fields.length,
        languages: { zh: progress('zh'), fr: progress('fr'), ru: progress('ru') },
      };
    })
    .filter((item) => inState(item, query.state, query.locale))
    .filter(
      (item) =>
        !needle || item.english.toLocaleLowerCase().includes(needle) || item.key.toLocaleLowerCase().includes(needle),
    );
  const start = (query.page - 1) * query.per_page;
  return { items: items.slice(start, start + query.per_page), total: items.length };
}

/**
 * Every translation into `locale` of what the public site shows: CMS items only once published,
 * profile themes only while published; the rest (questions, thrusts, indicators, categories) are
 * public wherever they are shown.
 */
export async function publicTranslations(db: Db, locale: TranslationLocale): Promise<PublicTranslations> {
  const rows = await db
    .select({
      entity: contentTranslations.entity,
      key: contentTranslations.key,
      fields: contentTranslations.fields,
      source: contentTranslations.source,
    })
    .from(contentTranslations)
    .where(eq(contentTranslations.locale, locale));
  const themes = await db
    .select({ key: profileCategories.slug, keyFacts: profileCategories.keyFacts })
    .from(profileCategories)
    .where(eq(profileCategories.published, true));
  const published = {
    'cms-item': new Set(
      (await db.select({ key: cmsItems.uuid }).from(cmsItems).where(eq(cmsItems.status, 'published'))).map(
        (r) => r.key,
      ),
    ),
    'profile-category': new Set(themes.map((r) => r.key)),
  };
  const facts = new Map(themes.map((theme) => [theme.key, keyFactEnglish(theme.keyFacts)]));
  const entities: PublicTranslations['entities'] = {};
  for (const row of rows) {
    if (!oneOfTranslatable(row.entity) || Object.keys(row.fields).length === 0) continue;
    if ((row.entity === 'cms-item' || row.entity === 'profile-category') && !published[row.entity].has(row.key))
      continue;
    (entities[row.entity] ??= {})[row.key] =
      row.entity === 'profile-category' ? currentFacts(row, facts.get(row.key)!) : row.fields;
  }
  return { locale, entities };
}

const KEY_FACT_FIELD = /^fact\./;

/** A theme's key-fact texts in English by field name (`fact.2.label` …). */
function keyFactEnglish(
  keyFacts: readonly { label: string; value: string; unit: string | null; source: string | null }[],
): Map<string, string> {
  const english = new Map<string, string>();
  for (const [index, fact] of keyFacts.entries()) {
    for (const part of ['label', 'value', 'unit', 'source'] as const)
      if (fact[part]) english.set(keyFactField(index, part), fact[part]);
  }
  return english;
}

/**
 * A theme's translated fields without the key facts' texts translated from other English (decision
 * 061): key facts are a list, and once one is added, removed or moved, the translation kept under
 * its place belongs to another fact. The English shows until the translation is saved again.
 */
function currentFacts(
  row: { fields: Record<string, string>; source: Record<string, string> },
  english: Map<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(row.fields).filter(
      ([field]) => !KEY_FACT_FIELD.test(field) || (english.has(field) && row.source[field] === english.get(field)),
    ),
  );
}

const oneOfTranslatable = (value: string): value is Translatable => (TRANSLATABLE as readonly string[]).includes(value);
