/**
 * The demo's translations of the reference content (decision 051): the NUA's thrusts and their
 * subcategories, the national-report questionnaire, the urbanisation profile's themes and
 * indicators, the best-practice categories, in Chinese, French and Russian, in the UN's own wording where it has one
 * (the New
 * Urban Agenda's text, SDG indicator titles from open-sdg/sdg-translations). Loaded with the demo
 * (SEED_DEMO) where no translation exists yet.
 */
import type { Db } from '../db/client.server.ts';
import { questions } from '../db/schema.ts';
import fr from './demo/fr.json' with { type: 'json' };
import ru from './demo/ru.json' with { type: 'json' };
import zh from './demo/zh.json' with { type: 'json' };
import type { TranslationLocale } from './schema.ts';
import { loadTranslations, type TranslationData } from './service.server.ts';

type ByEntity = Record<string, Record<string, Record<string, string>>>;

/**
 * The three languages' files as one TranslationData (entity → key → language → fields). The files
 * name a question by its code (Q01…), the same in every installation; translations key it by its
 * uuid, which each database draws for itself: `db` gives the one for each code, and a code no
 * question has is left out.
 */
export async function demoTranslations(db: Db): Promise<TranslationData> {
  const uuidOf = new Map(
    (await db.select({ code: questions.code, uuid: questions.uuid }).from(questions)).map((q) => [q.code, q.uuid]),
  );
  const data: Record<string, Record<string, Partial<Record<TranslationLocale, Record<string, string>>>>> = {};
  for (const [locale, byEntity] of [
    ['zh', zh],
    ['fr', fr],
    ['ru', ru],
  ] as [TranslationLocale, ByEntity][]) {
    for (const [entity, records] of Object.entries(byEntity)) {
      for (const [name, fields] of Object.entries(records)) {
        const key = entity === 'question' ? uuidOf.get(name) : name;
        if (key !== undefined) ((data[entity] ??= {})[key] ??= {})[locale] = fields;
      }
    }
  }
  return data as TranslationData;
}

export async function seedDemoTranslations(db: Db): Promise<number> {
  return loadTranslations(db, await demoTranslations(db));
}
