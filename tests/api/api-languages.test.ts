import { beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { StrictErrorSchema } from '../support/schemas.ts';

/**
 * The API answers in the request's language (issue 17, decision 043): the `message` and the field
 * errors of an error, zod's own messages and ours, and the success messages; English without
 * `Accept-Language`. The status and the body's shape do not change.
 */
const ctx = await createTestContext();
let member: TestUser;
let admin: TestUser;
beforeAll(async () => {
  member = await createUser(ctx, { role: 'state_member', country: 'TH' });
  admin = await createUser(ctx, { role: 'admin' });
});

const inLanguage = (language: string | null) => (language ? { 'Accept-Language': language } : undefined);
const StaleSchema = StrictErrorSchema.extend({ current: z.unknown() }).strict();

/** A profile with a name too short and a phone number that is none: two messages of our schemas. */
const badProfile = { name: 'A', phone_number: 'call me', country_code: 'TH' };
const profile = (language: string | null, json: unknown = badProfile) =>
  ctx.request('/api/user/saved/profile', { method: 'POST', token: member.token, json, headers: inLanguage(language) });
/** A language the portal does not speak: zod's own message (z.enum has none of ours). */
const language = (lang: string | null) =>
  ctx.request('/api/user/saved/language', {
    method: 'POST',
    token: member.token,
    json: { language: 'th' },
    headers: inLanguage(lang),
  });

describe('messages in the request’s language', () => {
  test('without Accept-Language (or in a language the portal does not speak) the API speaks English', async () => {
    for (const header of [null, 'de-DE,de;q=0.9', 'th']) {
      const body = await expectError(await profile(header), 400, { fields: ['name', 'phone_number'] });
      expect(body.message).toBe('Invalid body: check name, phone_number');
      expect(body.errors).toEqual({
        name: ['must be at least 2 characters'],
        phone_number: ['must be a phone number such as +63 2 8123 4567'],
      });
    }
    const own = await expectError(await language(null), 400, { fields: ['language'] });
    expect(own.errors!['language']![0]).toMatch(/^Invalid option/);
  });

  test('a 400 in French, Russian and Chinese: the message, our field messages and zod’s own', async () => {
    const cases = [
      {
        header: 'fr-CA,fr;q=0.9,en;q=0.8',
        message: 'Données envoyées non valides\u00a0: vérifiez name, phone_number',
        name: 'doit comporter au moins 2 caractères',
        phone: 'doit être un numéro de téléphone comme +63 2 8123 4567',
        own: /[àâçéèêëîïôûùüÿœ]|attendu|invalide/i,
      },
      {
        header: 'ru',
        message: 'Неверные данные запроса: проверьте name, phone_number',
        name: 'число символов — не менее 2',
        phone: 'должно быть номером телефона, например +63 2 8123 4567',
        own: /[а-яё]/i,
      },
      {
        header: 'zh-Hans-CN,zh;q=0.9',
        message: '请求内容无效：请检查 name, phone_number',
        name: '不得少于 2 个字符',
        phone: '必须是电话号码，例如 +63 2 8123 4567',
        own: /[\u4e00-\u9fff]/,
      },
    ];
    for (const c of cases) {
      const response = await profile(c.header);
      expect(response.headers.get('vary')).toMatch(/accept-language/i);
      const body = await expectJson(response, 400, StrictErrorSchema);
      expect(body).toEqual({ status: 400, message: c.message, errors: { name: [c.name], phone_number: [c.phone] } });
      const own = await expectJson(await language(c.header), 400, StrictErrorSchema);
      expect(own.errors!['language']![0]).toMatch(c.own);
      expect(own.errors!['language']![0]).not.toMatch(/^Invalid option/);
    }
  });

  test('a 403, a 404 and a 409 in the request’s language; the 409 still carries the record', async () => {
    const list = (header: string) =>
      ctx.request('/api/user/list', { token: member.token, headers: inLanguage(header) });
    expect((await expectJson(await list('fr'), 403, StrictErrorSchema)).message).toBe(
      'Seuls les administrateurs peuvent gérer les utilisateurs',
    );
    expect((await expectJson(await list('ru'), 403, StrictErrorSchema)).message).toBe(
      'Управлять пользователями могут только администраторы',
    );
    expect((await expectJson(await list('zh'), 403, StrictErrorSchema)).message).toBe('只有管理员可以管理用户');

    const show = (header: string) =>
      ctx.request(`/api/user/show/${crypto.randomUUID()}`, { token: admin.token, headers: inLanguage(header) });
    expect((await expectJson(await show('fr'), 404, StrictErrorSchema)).message).toBe(
      'Aucun utilisateur ne porte cet identifiant',
    );
    expect((await expectJson(await show('ru'), 404, StrictErrorSchema)).message).toBe(
      'Пользователь с таким идентификатором не найден',
    );
    expect((await expectJson(await show('zh'), 404, StrictErrorSchema)).message).toBe('没有此编号的用户');

    const stale = (header: string | null) =>
      ctx.request('/api/notifications/preferences', {
        method: 'POST',
        token: member.token,
        json: { email: {}, version: 99 },
        headers: inLanguage(header),
      });
    const fr = await expectJson(await stale('fr'), 409, StaleSchema);
    expect(fr.message).toBe('Quelqu’un d’autre a modifié cet enregistrement après que vous l’avez ouvert');
    expect(fr.current).toMatchObject({ version: 1 });
    expect((await expectJson(await stale('ru'), 409, StaleSchema)).message).toBe(
      'Эту запись изменил другой пользователь после того, как вы её открыли',
    );
    expect((await expectJson(await stale('zh'), 409, StaleSchema)).message).toBe('在您打开此记录后，其他人修改了它');
    expect((await expectJson(await stale(null), 409, StaleSchema)).message).toBe(
      'Someone else changed this record after you opened it',
    );
  });

  test('a 401, an unknown endpoint and a success message in the request’s language', async () => {
    const unauthenticated = await ctx.request('/api/user/list', { headers: inLanguage('ru') });
    expect((await expectJson(unauthenticated, 401, StrictErrorSchema)).message).toMatch(/[а-яё]/i);
    const saved = await ctx.request('/api/user/saved/language', {
      method: 'POST',
      token: member.token,
      json: { language: 'ru' },
      headers: inLanguage('ru'),
    });
    expect(await saved.json()).toEqual({ status: 200, message: 'Язык сохранён' });
    const unknown = await ctx.request('/api/no-such-thing', { headers: inLanguage('fr') });
    expect((await expectJson(unknown, 404, StrictErrorSchema)).message).toBe(
      'Aucun point d’accès de l’API GET /api/no-such-thing',
    );
  });

  test('a cached public answer in the request’s language, each language with its own entity tag', async () => {
    const english = await ctx.request('/api/public/cms/partner');
    expect(english.status).toBe(200);
    const englishBody = (await english.json()) as { message: string; data: unknown[] };
    expect(englishBody.message).toBe('Published partner items');
    const french = await ctx.request('/api/public/cms/partner', { headers: inLanguage('fr') });
    const frenchBody = (await french.json()) as { message: string; data: unknown[] };
    expect(frenchBody.message).toMatch(/^Éléments publiés/);
    expect(frenchBody.data).toEqual(englishBody.data);
    expect(french.headers.get('etag')).not.toBe(english.headers.get('etag'));
    // Asked again, each language comes from the cache: the same tag, a 304 when the client has it.
    const again = await ctx.request('/api/public/cms/partner', {
      headers: { ...inLanguage('fr'), 'If-None-Match': french.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    const englishAgain = await ctx.request('/api/public/cms/partner');
    expect(((await englishAgain.json()) as { message: string }).message).toBe('Published partner items');
    const russian = await ctx.request('/api/public/urbanisation-profile/categories', { headers: inLanguage('ru') });
    expect(((await russian.json()) as { message: string }).message).toMatch(/[а-яё]/i);
  });
});
