import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { contentTranslations, profileCategories } from '../../src/lib/db/schema.ts';
import { demoTranslations } from '../../src/lib/translations/demo.server.ts';
import { findTranslations, publicTranslations } from '../../src/lib/translations/queries.server.ts';
import { TRANSLATION_LOCALES, type Translatable } from '../../src/lib/translations/schema.ts';
import { loadTranslations, saveTranslation } from '../../src/lib/translations/service.server.ts';
import { englishFields } from '../../src/lib/translations/sources.server.ts';
import { heroAltOf } from '../../src/lib/urbanisation-profile/demo-heroes.server.ts';
import { createTestContext } from '../support/app.ts';
import { createUser } from '../support/factories.ts';

/**
 * The demo's translations of the reference content (decision 051): every one names a record and
 * a text the portal has, in all three languages, and loading them keeps an administrator's own.
 */
const ctx = await createTestContext();
const { db } = ctx.deps;
// The demo's theme pictures bring the alt texts that are translated too.
for (const category of await db.select().from(profileCategories)) {
  const alt = heroAltOf(category.slug);
  if (alt) await db.update(profileCategories).set({ heroAlt: alt }).where(eq(profileCategories.slug, category.slug));
}
const data = demoTranslations();
const records = Object.entries(data).flatMap(([entity, byKey]) => Object.entries(byKey).map(([key, locales]) => ({ entity: entity as Translatable, key, locales })));

describe('the demo translations of the reference content', () => {
  test('cover the thrusts, subcategories, profile themes and indicators in the three languages', async () => {
    const expected: Translatable[] = ['thrust', 'subcategory', 'profile-category', 'profile-indicator'];
    expect(Object.keys(data).sort()).toEqual([...expected].sort());
    for (const entity of expected) {
      const keys = Object.keys(data[entity]!);
      expect(keys.length, entity).toBeGreaterThan(0);
    }
  });

  test('name existing records and their texts, each field in every language, none empty or left in English', async () => {
    for (const { entity, key, locales } of records) {
      const english = await englishFields(db, entity, key);
      expect(english, `${entity} ${key} exists`).not.toBeNull();
      const names = english!.map((field) => field.name).sort();
      for (const locale of TRANSLATION_LOCALES) {
        const fields = locales[locale];
        expect(Object.keys(fields ?? {}).sort(), `${entity} ${key} ${locale}: every text translated`).toEqual(names);
        for (const field of english!) {
          const text = fields![field.name]!;
          expect(text.trim(), `${entity} ${key} ${locale} ${field.name}`).not.toBe('');
          if (!field.multiline) expect(text, `${entity} ${key} ${locale} ${field.name}: one line`).not.toMatch(/\n/);
          // Chinese and Russian keep no English word (codes such as PM2.5 aside); French may share
          // a single word with English ("Participation"), not a phrase.
          if (locale !== 'fr') expect(text.match(/[A-Za-z]{3,}/g), `${entity} ${key} ${locale} ${field.name}: ${text}`).toBeNull();
          else if (/\s/.test(field.english)) expect(text, `${entity} ${key} ${locale} ${field.name}`).not.toBe(field.english);
        }
      }
    }
  });

  test('use the UN’s names for the New Urban Agenda’s commitments and SDG indicator titles', async () => {
    const thrusts = data.thrust!;
    const all = (locale: 'zh' | 'fr' | 'ru') => Object.values(thrusts).map((l) => l[locale]!.name).join(' ');
    expect(all('zh')).toMatch(/可持续/);
    expect(all('fr')).toMatch(/développement urbain durable/i);
    expect(all('ru')).toMatch(/устойчив/i);
  });

  test('load once, with their English kept beside them, and never replace an administrator’s own', async () => {
    const admin = await createUser(ctx, { role: 'admin', country: 'JP' });
    const [first] = records.filter((r) => r.entity === 'thrust');
    // An administrator translated this thrust into Russian before the demo data came.
    await saveTranslation(ctx.deps, { entity: 'thrust', key: first!.key, locale: 'ru', fields: { name: 'Собственный перевод администратора' }, version: undefined, actorId: admin.id });

    const triples = records.reduce((n, r) => n + TRANSLATION_LOCALES.filter((l) => r.locales[l]).length, 0);
    expect(await loadTranslations(db, data)).toBe(triples - 1);
    expect(await loadTranslations(db, data)).toBe(0);

    const [own] = await db
      .select()
      .from(contentTranslations)
      .where(and(eq(contentTranslations.entity, 'thrust'), eq(contentTranslations.key, first!.key), eq(contentTranslations.locale, 'ru')));
    expect(own!.fields).toEqual({ name: 'Собственный перевод администратора' });

    // Loaded translations read as current, not as out of date, and reach the public site.
    const category = records.find((r) => r.entity === 'profile-category')!;
    const english = (await englishFields(db, 'profile-category', category.key))!;
    const seen = await findTranslations(db, 'profile-category', category.key, english);
    for (const locale of TRANSLATION_LOCALES) {
      expect(seen[locale].fields).toEqual(category.locales[locale]);
      expect(seen[locale].outdated).toEqual([]);
    }
    const zh = await publicTranslations(db, 'zh');
    expect(zh.entities['profile-indicator']).toMatchObject(Object.fromEntries(records.filter((r) => r.entity === 'profile-indicator').map((r) => [r.key, r.locales.zh])));
  });
});
