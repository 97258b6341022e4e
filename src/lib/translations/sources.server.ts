/**
 * The English texts of each translatable record (decision 044), read from its own table: what a
 * translation may hold, and what it is compared with to tell it is out of date.
 */
import { asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import {
  bestPracticeCategories,
  cmsItems,
  profileCategories,
  profileIndicators,
  questions,
  subcategories,
  thrusts,
} from '../db/schema.ts';
import type { Translatable, TranslationField } from './schema.ts';
import { keyFactField, keyFactNumber } from '../urbanisation-profile/key-facts.ts';

type Texts = Record<string, { english: string | null; multiline?: boolean }>;
interface SourceRow {
  key: string;
  texts: Texts;
}
/** The entity's records (one when `key` is given; else those in use, in their order). */
type Source = (db: Db, key?: string) => Promise<SourceRow[]>;

const isUuid = (key: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key);
const by = (key: string | undefined, column: Parameters<typeof eq>[0], inUse?: SQL): SQL | undefined =>
  key === undefined ? inUse : eq(column, key);

const questionSource: Source = async (db, key) => {
  if (key !== undefined && !isUuid(key)) return [];
  const rows = await db
    .select({
      uuid: questions.uuid,
      text: questions.text,
      help: questions.help,
      unit: questions.unit,
      textLabel: questions.textLabel,
      options: questions.options,
      parts: questions.parts,
    })
    .from(questions)
    .where(by(key, questions.uuid, isNull(questions.retiredAt)))
    .orderBy(asc(questions.sort), asc(questions.id));
  return rows.map((row) => {
    const texts: Texts = {
      text: { english: row.text, multiline: true },
      help: { english: row.help, multiline: true },
      unit: { english: row.unit },
      text_label: { english: row.textLabel },
    };
    for (const option of row.options) texts[`option.${option.value}`] = { english: option.label };
    for (const part of row.parts) texts[`part.${part.key}`] = { english: part.label };
    return { key: row.uuid, texts };
  });
};

/**
 * A theme's key facts (decision 061): label, unit and source of each, and its value when that is
 * words; a value that is a number is written by `Intl` on each page, not translated.
 */
function keyFactTexts(
  facts: readonly { label: string; value: string; unit: string | null; source: string | null }[],
): Texts {
  const texts: Texts = {};
  for (const [index, fact] of facts.entries()) {
    texts[keyFactField(index, 'label')] = { english: fact.label };
    if (!keyFactNumber(fact.value)) texts[keyFactField(index, 'value')] = { english: fact.value };
    texts[keyFactField(index, 'unit')] = { english: fact.unit };
    texts[keyFactField(index, 'source')] = { english: fact.source };
  }
  return texts;
}

const SOURCES: Record<Translatable, Source> = {
  thrust: async (db, key) =>
    (await db.select().from(thrusts).where(by(key, thrusts.code)).orderBy(asc(thrusts.sort))).map((row) => ({
      key: row.code,
      texts: { name: { english: row.name } },
    })),
  subcategory: async (db, key) =>
    (
      await db
        .select()
        .from(subcategories)
        .where(by(key, subcategories.code))
        .orderBy(asc(subcategories.thrustCode), asc(subcategories.sort))
    ).map((row) => ({
      key: row.code,
      texts: { name: { english: row.name } },
    })),
  question: questionSource,
  'profile-category': async (db, key) =>
    (
      await db
        .select()
        .from(profileCategories)
        .where(by(key, profileCategories.slug))
        .orderBy(asc(profileCategories.sort))
    ).map((row) => ({
      key: row.slug,
      texts: {
        name: { english: row.name },
        description: { english: row.description, multiline: true },
        body: { english: row.body, multiline: true },
        hero_alt: { english: row.heroAlt },
        ...keyFactTexts(row.keyFacts),
      },
    })),
  'profile-indicator': async (db, key) =>
    (
      await db
        .select()
        .from(profileIndicators)
        .where(by(key, profileIndicators.code, isNull(profileIndicators.retiredAt)))
        .orderBy(asc(profileIndicators.categorySlug), asc(profileIndicators.sort))
    ).map((row) => ({ key: row.code, texts: { name: { english: row.name }, unit: { english: row.unit } } })),
  'cms-item': async (db, key) => {
    if (key !== undefined && !isUuid(key)) return [];
    const rows = await db
      .select()
      .from(cmsItems)
      .where(by(key, cmsItems.uuid))
      .orderBy(asc(cmsItems.cmsType), asc(cmsItems.displayOrder), asc(cmsItems.id));
    return rows.map((row) => ({
      key: row.uuid,
      texts: {
        title: { english: row.title },
        description: { english: row.description, multiline: true },
        image_alt: { english: row.imageAlt },
      },
    }));
  },
  'practice-category': async (db, key) =>
    (
      await db
        .select()
        .from(bestPracticeCategories)
        .where(by(key, bestPracticeCategories.slug))
        .orderBy(asc(bestPracticeCategories.sortOrder))
    ).map((row) => ({
      key: row.slug,
      texts: { name: { english: row.name } },
    })),
};

/** The texts that have English (an empty English field has nothing to translate). */
function fieldsOf(texts: Texts): TranslationField[] {
  const fields: TranslationField[] = [];
  for (const [name, { english, multiline = false }] of Object.entries(texts)) {
    if (english !== null && english.trim() !== '') fields.push({ name, multiline, english });
  }
  return fields;
}

/** The record's translatable texts; null: no such record. */
export async function englishFields(db: Db, entity: Translatable, key: string): Promise<TranslationField[] | null> {
  const [row] = await SOURCES[entity](db, key);
  return row ? fieldsOf(row.texts) : null;
}

/** Every record of `entity` in use, each with its translatable texts, in the order the portal shows them. */
export async function allEnglishFields(
  db: Db,
  entity: Translatable,
): Promise<{ key: string; fields: TranslationField[] }[]> {
  return (await SOURCES[entity](db)).map((row) => ({ key: row.key, fields: fieldsOf(row.texts) }));
}
