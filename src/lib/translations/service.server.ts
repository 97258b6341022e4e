/** Saving a translation (decision 044): the only code that writes content_translations. */
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.server.ts';
import type { Db } from '../db/client.server.ts';
import { contentTranslations } from '../db/schema.ts';
import { ApiError, notFound, StaleWriteError, versionRequired } from '../http/errors.server.ts';
import { findTranslationRow, toLocaleTranslation } from './queries.server.ts';
import {
  TRANSLATION_LOCALES,
  type LocaleTranslation,
  type Translatable,
  type TranslationField,
  type TranslationLocale,
} from './schema.ts';
import { allEnglishFields, englishFields } from './sources.server.ts';
import { LINE_MAX } from './schema.ts';
import { say } from '../i18n/said.ts';

interface SaveInput {
  entity: Translatable;
  key: string;
  locale: TranslationLocale;
  /** The fields in that language; an empty one goes back to English. */
  fields: Record<string, string>;
  version: number | undefined;
  actorId: number;
}

/** The translated fields kept: each a text of the record, single-line ones on one line and within their limit. */
function checkedFields(english: readonly TranslationField[], sent: Record<string, string>): Record<string, string> {
  const byName = new Map(english.map((field) => [field.name, field]));
  const errors: Record<string, string[]> = {};
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(sent)) {
    // An empty field means "show the English": nothing to check or keep.
    if (value === '') continue;
    const field = byName.get(name);
    if (!field) errors[`fields.${name}`] = ['is not a text of this record'];
    else if (!field.multiline && /\n/.test(value)) errors[`fields.${name}`] = ['must be on one line'];
    else if (!field.multiline && value.length > LINE_MAX)
      errors[`fields.${name}`] = [say('must be at most {max} characters', { max: LINE_MAX })];
    else kept[name] = value;
  }
  if (Object.keys(errors).length > 0)
    throw new ApiError(
      400,
      say('Invalid {what}: check {fields}', { what: 'translation', fields: Object.keys(errors).join(', ') }),
      errors,
    );
  return kept;
}

/**
 * Saves a record's translation into one language if it is still at `version` (none for a first
 * translation); otherwise a StaleWriteError carries the translation as it is now. The English of
 * each field is kept beside it, to tell later when English has changed under it.
 */
export async function saveTranslation(
  deps: Pick<AppDeps, 'db' | 'changes'>,
  input: SaveInput,
): Promise<LocaleTranslation> {
  const { entity, key, locale, actorId } = input;
  return deps.changes.write(deps.db, async (w) => {
    const { tx } = w;
    const english = await englishFields(tx, entity, key);
    if (!english) throw notFound(say('No {entity} {key}', { entity: entity.replace('-', ' '), key }));
    const fields = checkedFields(english, input.fields);
    const source = Object.fromEntries(
      english.filter((field) => field.name in fields).map((field) => [field.name, field.english]),
    );
    const before = await findTranslationRow(tx, entity, key, locale);
    if (before && input.version === undefined) throw versionRequired();
    if ((before?.version ?? 0) !== (input.version ?? 0))
      throw new StaleWriteError(toLocaleTranslation(locale, before, english));
    const where = and(
      eq(contentTranslations.entity, entity),
      eq(contentTranslations.key, key),
      eq(contentTranslations.locale, locale),
    );
    if (before) {
      await tx
        .update(contentTranslations)
        .set({
          fields,
          source,
          version: sql`${contentTranslations.version} + 1`,
          updatedAt: new Date(),
          updatedBy: actorId,
        })
        .where(and(where, eq(contentTranslations.version, before.version)));
    } else {
      await tx.insert(contentTranslations).values({ entity, key, locale, fields, source, updatedBy: actorId });
    }
    const after = await findTranslationRow(tx, entity, key, locale);
    await w.audit({
      actorId,
      entity: `translation:${entity}`,
      entityId: `${key}:${locale}`,
      action: 'save',
      before: before?.fields ?? null,
      after: fields,
    });
    // Every page in that language that shows the record follows (the site rebuilds).
    await w.emit({ type: 'translation.saved', data: { entity, key, locale }, actorId, site: true });
    return toLocaleTranslation(locale, after, english);
  });
}

/** Translations given as data: entity → record key → language → field → text. */
export type TranslationData = Partial<
  Record<Translatable, Record<string, Partial<Record<TranslationLocale, Record<string, string>>>>>
>;

/**
 * Loads translations given as data (the demo's translations of the reference content) where a
 * record has none in that language yet, so an administrator's own is never replaced; the English
 * each was made from is kept beside it, as a save does. Records not in use (any more) and fields
 * whose English is empty (an administrator cleared it) are passed over, so start-up never fails
 * on them. One read per entity and one insert. Returns how many translations were added. Runs at
 * start-up, before the site's build: no change event.
 */
export async function loadTranslations(db: Db, data: TranslationData): Promise<number> {
  const rows: (typeof contentTranslations.$inferInsert)[] = [];
  for (const [entity, records] of Object.entries(data) as [
    Translatable,
    NonNullable<TranslationData[Translatable]>,
  ][]) {
    for (const { key, fields: english } of await allEnglishFields(db, entity)) {
      for (const locale of TRANSLATION_LOCALES) {
        const sent = records[key]?.[locale];
        if (!sent) continue;
        const fields = checkedFields(
          english,
          Object.fromEntries(Object.entries(sent).filter(([name]) => english.some((field) => field.name === name))),
        );
        if (Object.keys(fields).length === 0) continue;
        const source = Object.fromEntries(
          english.filter((field) => field.name in fields).map((field) => [field.name, field.english]),
        );
        rows.push({ entity, key, locale, fields, source });
      }
    }
  }
  if (rows.length === 0) return 0;
  return (
    await db.insert(contentTranslations).values(rows).onConflictDoNothing().returning({ key: contentTranslations.key })
  ).length;
}
