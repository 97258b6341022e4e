import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { contentTranslations, profileCategories, questions } from '../../src/lib/db/schema.ts';
import { QUESTION_SEED } from '../../src/lib/national-reports/seed-data.ts';
import { demoTranslations } from '../../src/lib/translations/demo.server.ts';
import frFile from '../../src/lib/translations/demo/fr.json' with { type: 'json' };
import ruFile from '../../src/lib/translations/demo/ru.json' with { type: 'json' };
import zhFile from '../../src/lib/translations/demo/zh.json' with { type: 'json' };
import { findTranslations, publicTranslations } from '../../src/lib/translations/queries.server.ts';
import { TRANSLATION_LOCALES, type Translatable } from '../../src/lib/translations/schema.ts';
import { loadTranslations, saveTranslation } from '../../src/lib/translations/service.server.ts';
import { allEnglishFields, englishFields } from '../../src/lib/translations/sources.server.ts';
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
const data = await demoTranslations(db);
const records = Object.entries(data).flatMap(([entity, byKey]) =>
  Object.entries(byKey).map(([key, locales]) => ({ entity: entity as Translatable, key, locales })),
);
// Questions by their code in the messages (their uuid is drawn anew by each database).
const codeOf = new Map(
  (await db.select({ code: questions.code, uuid: questions.uuid }).from(questions)).map((q) => [q.uuid, q.code]),
);
const named = (entity: Translatable, key: string) => `${entity} ${codeOf.get(key) ?? key}`;

describe('the demo translations of the reference content', () => {
  test(
    'cover the thrusts, subcategories, questions, profile themes and indicators, and the best-practice ' +
      'categories, in the three languages',
    async () => {
      const expected: Translatable[] = [
        'thrust',
        'subcategory',
        'question',
        'profile-category',
        'profile-indicator',
        'practice-category',
      ];
      expect(Object.keys(data).sort()).toEqual([...expected].sort());
      for (const entity of expected) {
        const keys = Object.keys(data[entity]!);
        expect(keys.length, entity).toBeGreaterThan(0);
      }
      // Every best-practice category the portal has (the library's themes, issue 32).
      expect(Object.keys(data['practice-category']!).sort()).toEqual(
        (await allEnglishFields(db, 'practice-category')).map((c) => c.key).sort(),
      );
    },
  );

  test(
    'name existing records and their texts, each field ' + 'in every language, none empty or left in English',
    async () => {
      for (const { entity, key, locales } of records) {
        const english = await englishFields(db, entity, key);
        const name = named(entity, key);
        expect(english, `${name} exists`).not.toBeNull();
        const names = english!.map((field) => field.name).sort();
        for (const locale of TRANSLATION_LOCALES) {
          const fields = locales[locale];
          expect(Object.keys(fields ?? {}).sort(), `${name} ${locale}: every text translated`).toEqual(names);
          for (const field of english!) {
            const text = fields![field.name]!;
            expect(text.trim(), `${name} ${locale} ${field.name}`).not.toBe('');
            if (!field.multiline) expect(text, `${name} ${locale} ${field.name}: one line`).not.toMatch(/\n/);
            // Chinese and Russian keep no English word (codes such as PM2.5 aside); French may share
            // a single word with English ("Participation"), not a phrase.
            if (locale !== 'fr')
              expect(text.match(/[A-Za-z]{3,}/g), `${name} ${locale} ${field.name}: ${text}`).toBeNull();
            else if (/\s/.test(field.english)) expect(text, `${name} ${locale} ${field.name}`).not.toBe(field.english);
          }
        }
      }
    },
  );

  test('translate every question of the demo questionnaire, named in the files by its code', async () => {
    const codes = QUESTION_SEED.map((q) => q.code);
    for (const file of [zhFile, frFile, ruFile]) expect(Object.keys(file.question)).toEqual(codes);
    // Loaded by the uuid this database gave each question: every question in use, none other.
    const inUse = (await allEnglishFields(db, 'question')).map((q) => q.key);
    expect(inUse).toHaveLength(codes.length);
    expect(Object.keys(data.question!).sort()).toEqual([...inUse].sort());
    const uuidOf = new Map([...codeOf].map(([uuid, code]) => [code, uuid]));
    // Choices, parts, the unit and the text box's label are translated with the wording and help.
    expect(data.question![uuidOf.get('Q15')!]!.ru).toMatchObject({
      text_label: 'Опишите основные меры',
      'option.tax': 'Упрощенные режимы налогообложения для малых предприятий',
    });
    expect(data.question![uuidOf.get('Q12')!]!.zh).toMatchObject({ 'part.female': '女性', 'part.male': '男性' });
    expect(data.question![uuidOf.get('Q23')!]!.ru!.unit).toBe('мкг/м³');

    // A code no question has any more (an administrator renamed it) is left out, not an error.
    await db.update(questions).set({ code: 'Q38-OLD' }).where(eq(questions.code, 'Q38'));
    try {
      const renamed = await demoTranslations(db);
      expect(Object.keys(renamed.question!)).toHaveLength(codes.length - 1);
      expect(renamed.question![uuidOf.get('Q38')!]).toBeUndefined();
    } finally {
      await db.update(questions).set({ code: 'Q38' }).where(eq(questions.code, 'Q38-OLD'));
    }
  });

  test(
    'follow each language’s typography: French no-break spaces, Chinese full-width punctuation, no straight ' +
      'quotes',
    () => {
      for (const { entity, key, locales } of records) {
        for (const locale of TRANSLATION_LOCALES) {
          for (const [name, text] of Object.entries(locales[locale] ?? {})) {
            const where = `${named(entity, key)} ${locale} ${name}: ${text}`;
            expect(text, where).not.toMatch(/["']/);
            // Accented letters composed (the SDG titles' source decomposes some).
            expect(text.normalize('NFC'), where).toBe(text);
            if (locale === 'fr') {
              // A no-break space before ; : ! ? and inside « ».
              expect(text, where).not.toMatch(/(?<![\u00a0\u202f])[;:!?]/);
              expect(text, where).not.toMatch(/«(?![\u00a0\u202f])|(?<![\u00a0\u202f])»/);
            }
            if (locale === 'zh') expect(text, where).not.toMatch(/[,;:?!()]/);
            if (locale === 'ru') expect(text, where).not.toMatch(/\s[;:!?]/);
          }
        }
      }
    },
  );

  test('use the UN’s names for the New Urban Agenda’s commitments and SDG indicator titles', async () => {
    const thrusts = data.thrust!;
    const all = (locale: 'zh' | 'fr' | 'ru') =>
      Object.values(thrusts)
        .map((l) => l[locale]!.name)
        .join(' ');
    expect(all('zh')).toMatch(/可持续/);
    expect(all('fr')).toMatch(/développement urbain durable/i);
    expect(all('ru')).toMatch(/устойчив/i);

    // A question that quotes an SDG indicator uses its official title (open-sdg/sdg-translations).
    expect(zhFile.question.Q19.text).toBe('每10万人当中因灾害死亡、失踪和直接受影响的人数');
    expect(frFile.question.Q22.text).toBe(
      'Proportion d’administrations locales ayant adopté et mis en place des stratégies locales de réduction ' +
        'des risques de catastrophe, conformément aux stratégies suivies à l’échelle nationale',
    );
    expect(ruFile.question.Q30.text).toBe('Соотношение темпов застройки и темпов роста населения');
    expect(frFile.question.Q36.text).toBe('Proportion de la population utilisant Internet');
    // And the New Urban Agenda by its name in each language.
    expect(zhFile.question.Q29.text).toMatch(/《新城市议程》/);
    expect(frFile.question.Q29.text).toMatch(/Nouveau Programme pour les villes/);
    expect(ruFile.question.Q37.text).toMatch(/Новой программе развития городов/);
  });

  test('load once, with their English kept beside them, and never replace an administrator’s own', async () => {
    const admin = await createUser(ctx, { role: 'admin', country: 'JP' });
    const [first] = records.filter((r) => r.entity === 'thrust');
    // An administrator translated this thrust into Russian before the demo data came.
    await saveTranslation(ctx.deps, {
      entity: 'thrust',
      key: first!.key,
      locale: 'ru',
      fields: { name: 'Собственный перевод администратора' },
      version: undefined,
      actorId: admin.id,
    });

    const triples = records.reduce((n, r) => n + TRANSLATION_LOCALES.filter((l) => r.locales[l]).length, 0);
    expect(await loadTranslations(db, data)).toBe(triples - 1);
    expect(await loadTranslations(db, data)).toBe(0);

    const [own] = await db
      .select()
      .from(contentTranslations)
      .where(
        and(
          eq(contentTranslations.entity, 'thrust'),
          eq(contentTranslations.key, first!.key),
          eq(contentTranslations.locale, 'ru'),
        ),
      );
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
    expect(zh.entities['profile-indicator']).toMatchObject(
      Object.fromEntries(records.filter((r) => r.entity === 'profile-indicator').map((r) => [r.key, r.locales.zh])),
    );
  });
});
