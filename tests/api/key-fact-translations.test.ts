import { beforeAll, describe, expect, test } from 'vitest';
import { CategoryResponseSchema } from '../../src/lib/urbanisation-profile/schema.ts';
import {
  ContentTranslationsResponseSchema,
  LocaleTranslationResponseSchema,
  PublicTranslationsResponseSchema,
} from '../../src/lib/translations/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';

/**
 * Issue 32 (decision 061): a theme's key facts are translatable texts of the theme like its name
 * (decision 044): label, unit and source, and the value when it is words; a value that is a number
 * is written by each page in its language, so it is not a text to translate. Key facts are a
 * list: once a fact moves, the translation kept under its old place no longer reaches the pages.
 */
const ctx = await createTestContext();
const StrictCategory = deepStrict(CategoryResponseSchema);
const StrictRecord = deepStrict(ContentTranslationsResponseSchema);
const StrictLocale = deepStrict(LocaleTranslationResponseSchema);
const StrictPublic = deepStrict(PublicTranslationsResponseSchema);

const SLUG = 'facts-theme';
const TOKYO = {
  label: 'Largest city: Tokyo',
  value: '37,468',
  unit: 'thousand people',
  year: 2018,
  source: 'UN DESA, World Urbanization Prospects 2018',
};
const JAPAN = { label: 'Urban population, Japan', value: '91.78', unit: '%', year: 2020, source: null };
const WORDS = { label: 'Cities with a housing plan', value: 'one in four', unit: null, year: null, source: null };

let admin: TestUser;
const category = async () =>
  (await expectJson(await ctx.request(`/api/profile/category/${SLUG}`, { token: admin.token }), 200, StrictCategory))
    .data;
const saveCategory = async (body: object) => {
  const current = await ctx.request(`/api/profile/category/${SLUG}`, { token: admin.token });
  const version = current.status === 200 ? { version: (await current.json()).data.version } : {};
  return expectJson(
    await ctx.request('/api/profile/category/saved', {
      method: 'POST',
      token: admin.token,
      json: { slug: SLUG, ...version, ...body },
    }),
    200,
    StrictCategory,
  );
};
const translation = async () =>
  (
    await expectJson(
      await ctx.request(`/api/translation/profile-category/${SLUG}`, { token: admin.token }),
      200,
      StrictRecord,
    )
  ).data;
const saveFrench = (fields: Record<string, string>, version?: number | null) =>
  ctx.request(`/api/translation/profile-category/${SLUG}/fr`, {
    method: 'POST',
    token: admin.token,
    json: version ? { fields, version } : { fields },
  });
const publicFrench = async () =>
  (await expectJson(await ctx.request('/api/translation/public/fr'), 200, StrictPublic)).data.entities[
    'profile-category'
  ]?.[SLUG];

beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP' });
  await saveCategory({ name: 'Facts', published: true, key_facts: [TOKYO, JAPAN, WORDS] });
});

describe('key facts as translatable texts of their theme', () => {
  test('label, unit and source of each fact, and a value only when it is words', async () => {
    const names = (await translation()).fields.map((f) => f.name);
    expect(names.filter((n) => n.startsWith('fact.'))).toEqual([
      'fact.1.label',
      'fact.1.unit',
      'fact.1.source',
      'fact.2.label',
      'fact.2.unit',
      'fact.3.label',
      'fact.3.value',
    ]);
    expect((await translation()).fields.find((f) => f.name === 'fact.3.value')).toEqual({
      name: 'fact.3.value',
      multiline: false,
      english: 'one in four',
    });
  });

  test(
    'a translation of a fact reaches the public pages; ' + 'one of a fact the theme does not have is refused',
    async () => {
      const saved = await expectJson(
        await saveFrench({
          name: 'Chiffres',
          'fact.1.label': 'Plus grande ville\u00a0: Tokyo',
          'fact.1.unit': 'milliers d’habitants',
          'fact.3.value': 'une sur quatre',
        }),
        200,
        StrictLocale,
      );
      expect(saved.data.fields['fact.1.unit']).toBe('milliers d’habitants');
      expect(await publicFrench()).toEqual({
        name: 'Chiffres',
        'fact.1.label': 'Plus grande ville\u00a0: Tokyo',
        'fact.1.unit': 'milliers d’habitants',
        'fact.3.value': 'une sur quatre',
      });
      await expectError(await saveFrench({ 'fact.4.label': 'Rien' }, saved.data.version), 400, {
        fields: ['fields.fact.4.label'],
      });
      await expectError(await saveFrench({ 'fact.2.value': '91,78' }, saved.data.version), 400, {
        fields: ['fields.fact.2.value'],
      });
    },
  );

  test(
    'once the facts move, a translation made for another fact no longer reaches the pages; the theme’s other ' +
      'texts still do',
    async () => {
      await saveCategory({ key_facts: [JAPAN, TOKYO, WORDS] });
      expect((await category()).key_facts.map((f) => f.label)).toEqual([JAPAN.label, TOKYO.label, WORDS.label]);
      // fact.1 is Japan now: the translation saved for Tokyo stays in the editor, marked out of date…
      const record = await translation();
      expect(record.translations.fr.outdated).toEqual(expect.arrayContaining(['fact.1.label', 'fact.1.unit']));
      // …and the pages show the English until it is saved again; the unchanged fact 3 keeps its own.
      expect(await publicFrench()).toEqual({ name: 'Chiffres', 'fact.3.value': 'une sur quatre' });
      await expectJson(
        await saveFrench(
          { ...record.translations.fr.fields, 'fact.1.label': 'Population urbaine, Japon', 'fact.1.unit': '%' },
          record.translations.fr.version!,
        ),
        200,
        StrictLocale,
      );
      expect(await publicFrench()).toMatchObject({ 'fact.1.label': 'Population urbaine, Japon', 'fact.1.unit': '%' });
    },
  );
});
