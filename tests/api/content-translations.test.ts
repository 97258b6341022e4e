import { and, asc, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  auditEvents,
  bestPracticeCategories,
  profileCategories,
  profileIndicators,
  questions,
  thrusts,
} from '../../src/lib/db/schema.ts';
import {
  ContentTranslationsResponseSchema,
  LocaleTranslationResponseSchema,
  LocaleTranslationSchema,
  PublicTranslationsResponseSchema,
  TranslationListResponseSchema,
} from '../../src/lib/translations/schema.ts';
import { translationsInto } from '../../src/lib/translations/queries.server.ts';
import { conflictResponse } from '../../src/lib/http/schema.ts';
import { insertCmsItem } from '../fixtures/cms.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { ADMIN_LEVEL, allow, describeEndpointAccess } from '../support/endpoint-access.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';

const ctx = await createTestContext();
const StrictRecord = deepStrict(ContentTranslationsResponseSchema);
const StrictLocale = deepStrict(LocaleTranslationResponseSchema);
const StrictList = deepStrict(TranslationListResponseSchema);

const [firstThrust] = await ctx.deps.db.select().from(thrusts).orderBy(asc(thrusts.sort)).limit(1);
const [choiceQuestion] = await ctx.deps.db
  .select()
  .from(questions)
  .where(isNull(questions.retiredAt))
  .orderBy(asc(questions.sort));
const withOptions = (await ctx.deps.db.select().from(questions)).find((q) => q.options.length > 0)!;
const [category] = await ctx.deps.db.select().from(profileCategories).limit(1);

describeEndpointAccess(ctx, [
  {
    method: 'GET',
    label: '/api/translation/list',
    path: () => '/api/translation/list?entity=thrust',
    expected: allow(...ADMIN_LEVEL),
    schema: StrictList,
  },
  {
    method: 'GET',
    label: '/api/translation/{entity}/{key}',
    path: () => `/api/translation/thrust/${firstThrust!.code}`,
    expected: allow(...ADMIN_LEVEL),
    schema: StrictRecord,
  },
  {
    method: 'POST',
    label: '/api/translation/{entity}/{key}/{locale}',
    path: () => `/api/translation/profile-category/${category!.slug}/ru`,
    // Each allowed caller sends the version it read (none before the first translation).
    json: async (me) => {
      const response = await ctx.request(`/api/translation/profile-category/${category!.slug}`, { token: me.token });
      const version = response.status === 200 ? (await response.json()).data.translations.ru.version : null;
      return version ? { fields: {}, version } : { fields: {} };
    },
    expected: allow(...ADMIN_LEVEL),
    schema: StrictLocale,
  },
]);

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP' });
});

const read = async (entity: string, key: string) =>
  (await expectJson(await ctx.request(`/api/translation/${entity}/${key}`, { token: admin.token }), 200, StrictRecord))
    .data;
const save = (entity: string, key: string, locale: string, json: unknown) =>
  ctx.request(`/api/translation/${entity}/${key}/${locale}`, { method: 'POST', token: admin.token, json });

describe('content translations', () => {
  test(
    'a thrust: English beside each language; a first translation, then a versioned change; a stale one is a 409 ' +
      'with the current',
    async () => {
      const code = firstThrust!.code;
      const before = await read('thrust', code);
      expect(before.fields).toEqual([{ name: 'name', multiline: false, english: firstThrust!.name }]);
      expect(before.translations.fr).toEqual({
        locale: 'fr',
        fields: {},
        outdated: [],
        version: null,
        updated_at: null,
        updated_by: null,
      });

      const first = await expectJson(
        await save('thrust', code, 'fr', { fields: { name: 'Transformation sociale' } }),
        200,
        StrictLocale,
      );
      expect(first.data).toMatchObject({
        locale: 'fr',
        fields: { name: 'Transformation sociale' },
        outdated: [],
        version: 1,
        updated_by: { id: admin.id },
      });
      // A second write must say which version it read.
      await expectError(await save('thrust', code, 'fr', { fields: { name: 'Autre' } }), 428, { fields: ['version'] });
      const second = await expectJson(
        await save('thrust', code, 'fr', { fields: { name: 'Transformation sociale durable' }, version: 1 }),
        200,
        StrictLocale,
      );
      expect(second.data.version).toBe(2);
      const stale = await expectJson(
        await save('thrust', code, 'fr', { fields: { name: 'Perdu' }, version: 1 }),
        409,
        deepStrict(conflictResponse(LocaleTranslationSchema)),
      );
      expect(stale.current).toMatchObject({ fields: { name: 'Transformation sociale durable' }, version: 2 });
      expect((await read('thrust', code)).translations.fr.fields).toEqual({ name: 'Transformation sociale durable' });
      // Other languages are their own records.
      await expectJson(await save('thrust', code, 'zh', { fields: { name: '社会转型' } }), 200, StrictLocale);
      const both = await read('thrust', code);
      expect([both.translations.zh.fields, both.translations.ru.version]).toEqual([{ name: '社会转型' }, null]);
      const audited = await ctx.deps.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'translation:thrust'), eq(auditEvents.entityId, `${code}:fr`)));
      expect(audited).toHaveLength(2);
    },
  );

  test(
    'a question: its wording, help and each choice; an empty field goes back to English; pages read one language ' +
      'at once',
    async () => {
      const { fields } = await read('question', withOptions.uuid);
      const names = fields.map((f) => f.name);
      expect(names).toContain('text');
      for (const option of withOptions.options) expect(names).toContain(`option.${option.value}`);
      const option = withOptions.options[0]!;
      const saved = await expectJson(
        await save('question', withOptions.uuid, 'ru', {
          fields: {
            text: 'Есть ли в стране национальная городская политика?',
            [`option.${option.value}`]: 'Да, принята',
            help: '',
          },
        }),
        200,
        StrictLocale,
      );
      expect(Object.keys(saved.data.fields).sort()).toEqual([`option.${option.value}`, 'text'].sort());
      const russian = await translationsInto(ctx.deps.db, 'question', 'ru');
      expect(russian.get(withOptions.uuid)?.['text']).toBe('Есть ли в стране национальная городская политика?');
      expect((await translationsInto(ctx.deps.db, 'question', 'fr')).has(withOptions.uuid)).toBe(false);
    },
  );

  test('a translation whose English changed since is marked outdated, until it is saved again', async () => {
    const key = choiceQuestion!.uuid;
    await expectJson(
      await save('question', key, 'zh', { fields: { text: '贵国是否制定了国家城市政策？' } }),
      200,
      StrictLocale,
    );
    // An administrator rewords the English question.
    await ctx.deps.db
      .update(questions)
      .set({ text: `${choiceQuestion!.text} (reworded)` })
      .where(eq(questions.uuid, key));
    const after = await read('question', key);
    expect(after.translations.zh.outdated).toEqual(['text']);
    await expectJson(
      await save('question', key, 'zh', {
        fields: { text: '贵国是否已制定国家城市政策？' },
        version: after.translations.zh.version,
      }),
      200,
      StrictLocale,
    );
    expect((await read('question', key)).translations.zh.outdated).toEqual([]);
  });

  test('bad input is a 400 naming the field; an unknown record a 404', async () => {
    const code = firstThrust!.code;
    await expectError(await save('thrust', code, 'fr', { fields: { title: 'x' } }), 400, { fields: ['fields.title'] });
    await expectError(await save('thrust', code, 'fr', { fields: { name: 'one\ntwo' } }), 400, {
      fields: ['fields.name'],
    });
    await expectError(await save('thrust', code, 'fr', { fields: { name: 'a\u0000b' } }), 400, {
      fields: ['fields.name'],
    });
    await expectError(await save('thrust', code, 'fr', { fields: 'name' }), 400, { fields: ['fields'] });
    await expectError(await save('thrust', code, 'en', { fields: { name: 'x' } }), 400, { fields: ['locale'] });
    await expectError(await save('thrust', code, 'th', { fields: { name: 'x' } }), 400, { fields: ['locale'] });
    await expectError(await save('country', 'TH', 'fr', { fields: { name: 'x' } }), 400, { fields: ['entity'] });
    await expectError(await save('thrust', 'NOPE', 'fr', { fields: { name: 'x' } }), 404);
    await expectError(await save('question', 'not-a-uuid', 'fr', { fields: { text: 'x' } }), 404);
    await expectError(
      await ctx.request('/api/translation/cms-item/00000000-0000-4000-8000-000000000000', { token: admin.token }),
      404,
    );
  });
});

describe('GET /api/translation/list', () => {
  const list = async (query: string) =>
    await expectJson(await ctx.request(`/api/translation/list?${query}`, { token: admin.token }), 200, StrictList);

  test(
    'lists one kind of record in its order with each language’s progress; filters by state and language, ' +
      'searches, pages',
    async () => {
      const all = await list('entity=profile-indicator&per_page=100');
      expect(all.total).toBeGreaterThan(5);
      const growth = all.data.find((item) => item.key === 'URB_GROWTH')!;
      expect(growth.languages.fr).toEqual({ translated: 0, outdated: 0 });

      await expectJson(
        await save('profile-indicator', 'URB_GROWTH', 'fr', { fields: { name: 'Taux de croissance urbaine' } }),
        200,
        StrictLocale,
      );
      const after = (await list('entity=profile-indicator&per_page=100')).data.find(
        (item) => item.key === 'URB_GROWTH',
      )!;
      expect(after.languages.fr.translated).toBe(1);
      const done = growth.fields === 1 ? 'done' : 'missing';
      expect(
        (await list(`entity=profile-indicator&locale=fr&state=${done}&per_page=100`)).data.map((i) => i.key),
      ).toContain('URB_GROWTH');
      expect((await list('entity=profile-indicator&locale=ru&state=done')).total).toBe(0);

      // English changes under the French: the record is outdated in French.
      await ctx.deps.db
        .update(profileIndicators)
        .set({ name: 'Annual urban population growth rate' })
        .where(eq(profileIndicators.code, 'URB_GROWTH'));
      const outdated = await list('entity=profile-indicator&locale=fr&state=outdated');
      expect(outdated.data.map((i) => [i.key, i.english, i.languages.fr.outdated])).toEqual([
        ['URB_GROWTH', 'Annual urban population growth rate', 1],
      ]);

      const found = await list('entity=profile-indicator&q=annual%20URBAN');
      expect(found.data.map((i) => i.key)).toEqual(['URB_GROWTH']);
      const paged = await list('entity=profile-indicator&per_page=2&page=2');
      expect([paged.data.length, paged.page, paged.per_page, paged.total]).toEqual([2, 2, 2, all.total]);
    },
  );

  test('refuses a missing or unknown kind, a bad state and a page size past its limit with a 400', async () => {
    for (const [query, field] of [
      ['', 'entity'],
      ['entity=country', 'entity'],
      ['entity=thrust&state=new', 'state'],
      ['entity=thrust&locale=en', 'locale'],
      ['entity=thrust&per_page=101', 'per_page'],
      ['entity=thrust&page=0', 'page'],
    ] as const) {
      await expectError(await ctx.request(`/api/translation/list?${query}`, { token: admin.token }), 400, {
        fields: [field],
      });
    }
  });
});

describe('GET /api/translation/public/{locale}', () => {
  test('gives the site’s build every translation of public content into one language, without drafts', async () => {
    const published = await insertCmsItem(ctx, { title: 'Urban Forum 2026', status: 'published' });
    const draft = await insertCmsItem(ctx, { title: 'Draft banner', status: 'draft' });
    await expectJson(
      await save('cms-item', published.uuid, 'ru', { fields: { title: 'Городской форум 2026' } }),
      200,
      StrictLocale,
    );
    await expectJson(await save('cms-item', draft.uuid, 'ru', { fields: { title: 'Черновик' } }), 200, StrictLocale);
    await expectJson(
      await save(
        'practice-category',
        (await ctx.deps.db.select().from(bestPracticeCategories).limit(1))[0]!.slug,
        'ru',
        { fields: { name: 'Жильё' } },
      ),
      200,
      StrictLocale,
    );

    // Anyone may read it: the pages it feeds are public.
    const { data } = await expectJson(
      await ctx.request('/api/translation/public/ru'),
      200,
      deepStrict(PublicTranslationsResponseSchema),
    );
    expect(data.locale).toBe('ru');
    expect(data.entities['cms-item']?.[published.uuid]).toEqual({ title: 'Городской форум 2026' });
    expect(data.entities['cms-item']?.[draft.uuid]).toBeUndefined();
    expect(Object.values(data.entities['practice-category'] ?? {})).toContainEqual({ name: 'Жильё' });
    const french = await expectJson(
      await ctx.request('/api/translation/public/fr'),
      200,
      deepStrict(PublicTranslationsResponseSchema),
    );
    expect(french.data.entities['cms-item']?.[published.uuid]).toBeUndefined();
    for (const locale of ['en', 'de', 'RU', '%00'])
      await expectError(await ctx.request(`/api/translation/public/${locale}`), 400, { fields: ['locale'] });
  });
});
