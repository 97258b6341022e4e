/**
 * Nothing a user saves is lost (DESIGN.md §12, issue 6): every editable record carries a version,
 * and a write based on an older one is refused with 409 and the record as it is now, never an
 * overwrite. Per endpoint: a stale write after another save (body version, then If-Match), and
 * two writes racing on the same version, of which exactly one wins.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { AclResponseSchema, type AclResponse, type AclSaveBody } from '../../src/lib/access/schema.ts';
import { CmsRecordSchema } from '../../src/lib/cms/schema.ts';
import { CountryRecordSchema } from '../../src/lib/countries/schema.ts';
import { auditEvents } from '../../src/lib/db/schema.ts';
import { conflictResponse, GenericResponseSchema } from '../../src/lib/http/schema.ts';
import { WhoamiSchema } from '../../src/lib/identity/schema.ts';
import { UserListItemSchema } from '../../src/lib/users/schema.ts';
import { insertCmsItem, makeImage, uploadForm } from '../fixtures/cms.ts';
import { createTestContext, type RequestOptions } from '../support/app.ts';
import { expectJson } from '../support/assertions.ts';
import { createAccount, createUser, insertUser, signIn, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';

const ctx = await createTestContext();

let first: TestUser;
let second: TestUser;
beforeAll(async () => {
  first = await createUser(ctx, { role: 'admin', country: 'JP', name: 'Aiko Tanaka' });
  second = await createUser(ctx, { role: 'tuxuri', country: 'TH', name: 'Siriporn Chaiyasit' });
});

/** The answer of a write that went through: the record as saved, in the generic response. */
const saved = <S extends z.ZodType>(record: S) => deepStrict(GenericResponseSchema.extend({ data: record }));

/** Asserts a 409 whose `current` has exactly the record's shape, and returns the record. */
async function expectStale<S extends z.ZodType>(response: Response, record: S): Promise<z.output<S>> {
  const body = await expectJson(response, 409, deepStrict(conflictResponse(record)));
  expect(body.status).toBe(409);
  expect(body.message).toMatch(/changed this record/);
  return (body as { current: unknown }).current as z.output<S>;
}

/** The two answers of two writes sent at once: one 200, one 409 (returned as [won, lost]). */
async function race(a: Promise<Response>, b: Promise<Response>): Promise<[Response, Response]> {
  const [ra, rb] = await Promise.all([a, b]);
  expect([ra.status, rb.status].sort()).toEqual([200, 409]);
  return ra.status === 200 ? [ra, rb] : [rb, ra];
}

const post = (path: string, token: string, options: Omit<RequestOptions, 'token'>) =>
  ctx.request(path, { method: 'POST', token, ...options });
const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });

async function auditCount(entity: string, entityId: string): Promise<number> {
  const rows = await ctx.deps.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, entityId)));
  return rows.length;
}

describe('POST /api/user/edit/{uuid}', () => {
  const edit = (token: string, uuid: string, json: object, headers: Record<string, string> = {}) =>
    post(`/api/user/edit/${uuid}`, token, { json, headers });
  const show = async (uuid: string) =>
    expectJson(await ctx.request(`/api/user/show/${uuid}`, { token: first.token }), 200, UserListItemSchema);

  test('an activation is not undone by a save based on the version before it', async () => {
    const target = await insertUser(ctx, { country: 'PH', status: 0, role: 'state_member' });
    const opened = await show(target.uuid);
    expect(opened.version).toBe(1);

    // The first administrator activates the user...
    await expectJson(
      await edit(first.token, target.uuid, { status: 1, version: opened.version }),
      200,
      saved(UserListItemSchema),
    );
    // ...the second, who opened the form before, saves a phone number with the old version.
    const current = await expectStale(
      await edit(second.token, target.uuid, { status: 0, phone_number: '+63 2 8123 4567', version: 1 }),
      UserListItemSchema,
    );
    expect(current).toMatchObject({
      version: 2,
      status: 1,
      phone_number: null,
      updated_by: { id: first.id, name: 'Aiko Tanaka' },
    });
    expect(Date.parse(current.updated_at)).not.toBeNaN();
    // The same stale write through If-Match: refused the same way.
    await expectStale(await edit(second.token, target.uuid, { status: 0 }, ifMatch(1)), UserListItemSchema);
    expect(await show(target.uuid)).toMatchObject({ status: 1, version: 2, phone_number: null });
    // Based on the version the 409 showed, the second save goes through.
    const again = await expectJson(
      await edit(second.token, target.uuid, { phone_number: '+63 2 8123 4567', version: current.version }),
      200,
      saved(UserListItemSchema),
    );
    expect(again.data).toMatchObject({ status: 1, phone_number: '+63 2 8123 4567', version: 3 });
  });

  test('a revoked role does not come back: two saves on one version, one wins', async () => {
    const target = await insertUser(ctx, { country: 'PH', role: 'state_admin' });
    const [won, lost] = await race(
      edit(first.token, target.uuid, { roles: ['state_member'], version: 1 }),
      edit(second.token, target.uuid, { name: 'Renamed Meanwhile', roles: ['state_admin'], version: 1 }),
    );
    const winner = ((await won.json()) as { data: { roles: { name: string }[]; version: number } }).data;
    const current = await expectStale(lost, UserListItemSchema);
    expect(current.version).toBe(2);
    expect(current.roles).toEqual(winner.roles);
    expect((await show(target.uuid)).roles).toEqual(winner.roles);
    // One change, one audit event.
    expect(await auditCount('user', target.uuid)).toBe(1);
  });
});

describe('POST /api/user/saved/profile', () => {
  test("a profile saved on an old version does not overwrite an administrator's change", async () => {
    const account = await createAccount(ctx);
    const token = await signIn(ctx, account.email);
    const me = await expectJson(await ctx.request('/api/whoami', { token }), 200, WhoamiSchema);
    // An administrator sets the newcomer's name while the newcomer fills the form in.
    await expectJson(
      await post(`/api/user/edit/${me.uuid}`, first.token, { json: { name: 'Set By Admin', version: me.version } }),
      200,
      saved(UserListItemSchema),
    );
    const profile = { name: 'Typed By Me', country_code: 'PH' };
    const current = await expectStale(
      await post('/api/user/saved/profile', token, { json: { ...profile, version: me.version } }),
      WhoamiSchema,
    );
    expect(current).toMatchObject({ name: 'Set By Admin', version: me.version + 1, country_code: null });
    await expectStale(
      await post('/api/user/saved/profile', token, { json: profile, headers: ifMatch(me.version) }),
      WhoamiSchema,
    );
    await expectJson(
      await post('/api/user/saved/profile', token, { json: { ...profile, version: current.version } }),
      200,
      deepStrict(GenericResponseSchema),
    );
  });
});

describe('POST /api/user/saved/profile without a version', () => {
  test(
    'the first completion creates the profile with the spec ' +
      'body alone; a later change must send the version it read',
    async () => {
      const account = await createAccount(ctx);
      const token = await signIn(ctx, account.email);
      const profile = { name: 'Somchai Wongsawat', country_code: 'TH' };
      await expectJson(
        await post('/api/user/saved/profile', token, { json: profile }),
        200,
        deepStrict(GenericResponseSchema),
      );
      const me = await expectJson(await ctx.request('/api/whoami', { token }), 200, WhoamiSchema);
      expect(me).toMatchObject({ name: 'Somchai Wongsawat', country_code: 'TH' });
      const again = await post('/api/user/saved/profile', token, { json: { ...profile, name: 'สมชาย วงศ์สวัสดิ์' } });
      expect(again.status).toBe(428);
      await expectJson(
        await post('/api/user/saved/profile', token, {
          json: { ...profile, name: 'สมชาย วงศ์สวัสดิ์', version: me.version },
        }),
        200,
        deepStrict(GenericResponseSchema),
      );
    },
  );
});

describe('POST /api/administration/acl/saved', () => {
  const acl = async () =>
    expectJson(await ctx.request('/api/administration/acl', { token: first.token }), 200, AclResponseSchema);
  const roleId = (matrix: AclResponse, name: string) => matrix.roles.find((r) => r.name === name)!.id;
  const cell = (matrix: AclResponse, role: string, create: boolean): AclSaveBody => ({
    modules: [
      {
        module: 'best-practice',
        permissions: [
          {
            id: roleId(matrix, role),
            rules: [
              { action: 'view', enabled: true },
              { action: 'create', enabled: create },
              { action: 'update', enabled: false },
            ],
          },
        ],
      },
    ],
  });
  const enabled = (matrix: AclResponse, role: string, action: string) =>
    matrix.modules
      .find((m) => m.module === 'best-practice')!
      .permissions.find((p) => p.name === role)!
      .rules.find((r) => r.action === action)!.enabled;

  test('one version for the whole matrix: a save on the matrix before another save is refused', async () => {
    const opened = await acl();
    const save = (token: string, body: AclSaveBody, headers: Record<string, string> = {}) =>
      post('/api/administration/acl/saved', token, { json: body, headers });
    const firstSave = await expectJson(
      await save(first.token, { ...cell(opened, 'state_member', false), version: opened.version }),
      200,
      AclResponseSchema,
    );
    expect(firstSave).toMatchObject({ version: opened.version + 1, updated_by: { id: first.id, name: 'Aiko Tanaka' } });
    const current = await expectStale(
      await save(second.token, { ...cell(opened, 'state_admin', true), version: opened.version }),
      AclResponseSchema,
    );
    expect(current.version).toBe(opened.version + 1);
    expect(enabled(current, 'state_member', 'create')).toBe(false);
    await expectStale(
      await save(second.token, cell(opened, 'state_admin', true), ifMatch(opened.version)),
      AclResponseSchema,
    );
    expect(enabled(await acl(), 'state_admin', 'create')).toBe(enabled(opened, 'state_admin', 'create'));

    const now = await acl();
    const [, lost] = await race(
      save(first.token, { ...cell(now, 'state_member', true), version: now.version }),
      save(second.token, { ...cell(now, 'state_admin', false), version: now.version }),
    );
    expect((await expectStale(lost, AclResponseSchema)).version).toBe(now.version + 1);
    expect((await acl()).version).toBe(now.version + 1);
  });
});

describe('POST /api/country/{country_code}/update/status', () => {
  const setStatus = (token: string, code: string, json: object, headers: Record<string, string> = {}) =>
    post(`/api/country/${code}/update/status`, token, { json, headers });

  test('a country turned off is not turned back on by a change based on the version before', async () => {
    const off = await expectJson(
      await setStatus(first.token, 'NP', { status: 0, version: 1 }),
      200,
      saved(CountryRecordSchema),
    );
    expect(off.data).toMatchObject({ status: 0, version: 2, updated_by: { name: 'Aiko Tanaka' } });
    const current = await expectStale(
      await setStatus(second.token, 'NP', { status: 1, version: 1 }),
      CountryRecordSchema,
    );
    expect(current).toMatchObject({
      code: 'NP',
      status: 0,
      version: 2,
      updated_by: { id: first.id, name: 'Aiko Tanaka' },
    });
    await expectStale(await setStatus(second.token, 'NP', { status: 1 }, ifMatch(1)), CountryRecordSchema);
    const [, lost] = await race(
      setStatus(first.token, 'NP', { status: 1, version: 2 }),
      setStatus(second.token, 'NP', { status: 1, version: 2 }),
    );
    expect((await expectStale(lost, CountryRecordSchema)).version).toBe(3);
    expect(await auditCount('country', 'NP')).toBe(2);
  });
});

describe('CMS items', () => {
  const StrictRecord = deepStrict(CmsRecordSchema);
  const view = async (uuid: string, type = 'banner') =>
    (
      await expectJson(
        await ctx.request(`/api/cms/${type}/view/${uuid}`, { token: first.token }),
        200,
        saved(CmsRecordSchema),
      )
    ).data;

  test('POST /api/cms/saved: a stale save is refused; a save that leaves display_order out keeps it', async () => {
    const item = await insertCmsItem(ctx, { cmsType: 'banner', title: 'Original', displayOrder: 5 });
    const save = (token: string, json: object, headers: Record<string, string> = {}) =>
      post('/api/cms/saved', token, { json, headers });
    const firstSave = await expectJson(
      await save(first.token, { uuid: item.uuid, cms_type: 'banner', title: 'First title', version: 1 }),
      200,
      saved(CmsRecordSchema),
    );
    expect(firstSave.data).toMatchObject({
      title: 'First title',
      display_order: 5,
      version: 2,
      updated_by: { name: 'Aiko Tanaka' },
    });
    const current = await expectStale(
      await save(second.token, { uuid: item.uuid, cms_type: 'banner', title: 'Second title', version: 1 }),
      StrictRecord,
    );
    expect(current).toMatchObject({
      title: 'First title',
      version: 2,
      updated_by: { id: first.id, name: 'Aiko Tanaka' },
    });
    await expectStale(
      await save(second.token, { uuid: item.uuid, cms_type: 'banner', title: 'Second title' }, ifMatch(1)),
      StrictRecord,
    );
    const [, lost] = await race(
      save(first.token, { uuid: item.uuid, cms_type: 'banner', title: 'Race A', version: 2 }),
      save(second.token, { uuid: item.uuid, cms_type: 'banner', title: 'Race B', version: 2 }),
    );
    await expectStale(lost, StrictRecord);
    expect(await view(item.uuid)).toMatchObject({ version: 3, display_order: 5 });
    expect(await auditCount('cms_item', item.uuid)).toBe(2);
  });

  test('POST /api/cms/status/{uuid}: taking an item down is not undone by a stale publish', async () => {
    const item = await insertCmsItem(ctx, { cmsType: 'partner', status: 'published', publishedAt: new Date() });
    const setStatus = (token: string, json: object, headers: Record<string, string> = {}) =>
      post(`/api/cms/status/${item.uuid}`, token, { json, headers });
    await expectJson(await setStatus(first.token, { status: 'unpublished', version: 1 }), 200, saved(CmsRecordSchema));
    expect(
      await expectStale(await setStatus(second.token, { status: 'published', version: 1 }), StrictRecord),
    ).toMatchObject({ status: 'unpublished', version: 2 });
    await expectStale(await setStatus(second.token, { status: 'published' }, ifMatch(1)), StrictRecord);
    const [, lost] = await race(
      setStatus(first.token, { status: 'draft', version: 2 }),
      setStatus(second.token, { status: 'published', version: 2 }),
    );
    await expectStale(lost, StrictRecord);
    expect((await view(item.uuid, 'partner')).version).toBe(3);
    await ctx.builder.settled();
  });

  test('POST /api/cms/delete/{uuid}: an item changed since it was read is not deleted', async () => {
    const item = await insertCmsItem(ctx, { cmsType: 'banner', title: 'Keep me' });
    await expectJson(
      await post('/api/cms/saved', first.token, {
        json: { uuid: item.uuid, cms_type: 'banner', title: 'Edited', version: 1 },
      }),
      200,
      saved(CmsRecordSchema),
    );
    expect(
      await expectStale(
        await post(`/api/cms/delete/${item.uuid}`, second.token, { json: { version: 1 } }),
        StrictRecord,
      ),
    ).toMatchObject({ title: 'Edited', version: 2 });
    await expectStale(await post(`/api/cms/delete/${item.uuid}`, second.token, { headers: ifMatch(1) }), StrictRecord);
    expect((await view(item.uuid)).title).toBe('Edited');
    // Two deletions of the same version: one deletes, the other finds nothing left (404).
    const [a, b] = await Promise.all([
      post(`/api/cms/delete/${item.uuid}`, first.token, { json: { version: 2 } }),
      post(`/api/cms/delete/${item.uuid}`, second.token, { json: { version: 2 } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 404]);
  });

  test('POST /api/cms/upload/{uuid}: with If-Match, an image is not put on an item changed meanwhile', async () => {
    const png = await makeImage('png', 32, 32);
    const item = await insertCmsItem(ctx, { cmsType: 'partner', title: 'Logo' });
    await expectJson(
      await post('/api/cms/status/' + item.uuid, first.token, { json: { status: 'draft', version: 1 } }),
      200,
      saved(CmsRecordSchema),
    );
    const current = await expectStale(
      await post(`/api/cms/upload/${item.uuid}`, second.token, { body: uploadForm(png), headers: ifMatch(1) }),
      StrictRecord,
    );
    expect(current).toMatchObject({ image: null, version: 2 });
    const uploaded = await expectJson(
      await post(`/api/cms/upload/${item.uuid}`, second.token, { body: uploadForm(png), headers: ifMatch(2) }),
      200,
      saved(CmsRecordSchema),
    );
    expect(uploaded.data).toMatchObject({ version: 3, image: { width: 32 } });
  });

  test('GET /api/video/delete/{id}: a video changed since it was read is not deleted', async () => {
    const video = await insertCmsItem(ctx, { cmsType: 'video', mediaKind: 'video', videoUrl: 'https://youtu.be/abc' });
    await expectJson(
      await post('/api/cms/saved', first.token, {
        json: { uuid: video.uuid, cms_type: 'video', title: 'Renamed video', version: 1 },
      }),
      200,
      saved(CmsRecordSchema),
    );
    await expectStale(
      await ctx.request(`/api/video/delete/${video.id}?version=1`, { token: second.token }),
      StrictRecord,
    );
    await expectStale(
      await ctx.request(`/api/video/delete/${video.id}`, { token: second.token, headers: ifMatch(1) }),
      StrictRecord,
    );
    expect((await view(video.uuid, 'video')).title).toBe('Renamed video');
  });
});
