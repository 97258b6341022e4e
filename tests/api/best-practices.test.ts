import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  PracticeDashboardResponseSchema,
  PracticeListResponseSchema,
  PracticeRefResponseSchema,
  PracticeResponseSchema,
  type BestPractice,
  type PracticeSaveBody,
} from '../../src/lib/best-practices/schema.ts';
import { auditEvents } from '../../src/lib/db/schema.ts';
import { GenericResponseSchema } from '../../src/lib/http/schema.ts';
import type { PracticeRow } from '../../src/lib/best-practices/mappers.server.ts';
import { COMPLETE_PRACTICE, COMPLETE_ROW, insertPractice } from '../fixtures/best-practices.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { ADMIN_LEVEL, allow, describeEndpointAccess } from '../support/endpoint-access.ts';
import {
  createRoleUsers,
  createUser,
  ROLE_USER_KINDS,
  type RoleUserKind,
  type RoleUsers,
  type TestUser,
} from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';

const StrictPractice = deepStrict(PracticeResponseSchema);
const StrictList = deepStrict(PracticeListResponseSchema);
const StrictRef = deepStrict(PracticeRefResponseSchema);
const StrictGeneric = deepStrict(GenericResponseSchema);

const ctx = await createTestContext();
const seeded = await insertPractice(ctx, {
  title: 'Seeded Philippine practice',
  countryCode: 'PH',
  status: 'submitted',
});
const COUNTRY_ROLES = ['tuxuri', 'admin', 'stateAdmin', 'stateMember'] as const;

describeEndpointAccess(ctx, [
  {
    method: 'GET',
    label: '/api/best-practice/ref',
    path: () => '/api/best-practice/ref',
    expected: allow(...COUNTRY_ROLES),
    schema: StrictRef,
  },
  {
    method: 'GET',
    label: '/api/best-practice/list',
    path: () => '/api/best-practice/list',
    expected: allow(...COUNTRY_ROLES),
    schema: StrictList,
  },
  {
    method: 'GET',
    label: '/api/best-practice/dashboard',
    path: () => '/api/best-practice/dashboard',
    expected: allow(...COUNTRY_ROLES),
    schema: PracticeDashboardResponseSchema,
  },
  {
    method: 'GET',
    label: '/api/best-practice/show/{uuid} (a PH practice)',
    path: () => `/api/best-practice/show/${seeded.uuid}`,
    expected: allow(...COUNTRY_ROLES),
    schema: StrictPractice,
  },
  {
    method: 'POST',
    label: '/api/best-practice/saved (a new practice in one’s own country)',
    path: () => '/api/best-practice/saved',
    json: (me) => ({ title: 'A new practice', country_code: me.country ?? 'PH' }),
    expected: allow(...COUNTRY_ROLES),
    status: 201,
    schema: StrictPractice,
  },
  {
    method: 'POST',
    label: '/api/best-practice/{uuid}/comment',
    path: () => `/api/best-practice/${seeded.uuid}/comment`,
    json: () => ({ section: 'results', body: 'Give the figures for 2023.' }),
    expected: allow(...ADMIN_LEVEL),
    status: 201,
    schema: StrictPractice,
  },
]);

let admin: TestUser;
let phAdmin: TestUser;
let phMember: TestUser;
let phMember2: TestUser;
let vnAdmin: TestUser;
beforeAll(async () => {
  [admin, phAdmin, phMember, phMember2, vnAdmin] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP', name: 'Aiko Reviewer' }),
    createUser(ctx, { role: 'state_admin', country: 'PH', name: 'Maria Country' }),
    createUser(ctx, { role: 'state_member', country: 'PH', name: 'Jose Author' }),
    createUser(ctx, { role: 'state_member', country: 'PH' }),
    createUser(ctx, { role: 'state_admin', country: 'VN' }),
  ]);
});

const save = (user: TestUser, json: unknown) => ctx.request('/api/best-practice/saved', { token: user.token, json });
const act = (user: TestUser, uuid: string, json: unknown) =>
  ctx.request(`/api/best-practice/${uuid}/transition`, { token: user.token, json });
const show = (user: TestUser, uuid: string) => ctx.request(`/api/best-practice/show/${uuid}`, { token: user.token });
const created = async (user: TestUser, body: PracticeSaveBody = {}): Promise<BestPractice> =>
  (
    await expectJson(
      await save(user, { title: 'Iloilo River Esplanade', country_code: user.country, ...body }),
      201,
      StrictPractice,
    )
  ).data;
const saved = async (user: TestUser, body: PracticeSaveBody): Promise<BestPractice> =>
  (await expectJson(await save(user, body), 200, StrictPractice)).data;
const acted = async (user: TestUser, p: BestPractice, action: string, note?: string): Promise<BestPractice> =>
  (await expectJson(await act(user, p.uuid, { action, note, version: p.version }), 200, StrictPractice)).data;

describe('country scope', () => {
  test('a state_admin of another country: cannot read, list, create, edit, move or delete a PH practice', async () => {
    const p = await created(phMember, COMPLETE_PRACTICE);
    await expectError(await show(vnAdmin, p.uuid), 403, { message: /own country/ });
    const list = await expectJson(
      await ctx.request('/api/best-practice/list?per_page=100', { token: vnAdmin.token }),
      200,
      StrictList,
    );
    expect(list.data.every((item) => item.country.code === 'VN')).toBe(true);
    const filtered = await expectJson(
      await ctx.request('/api/best-practice/list?country_code=PH', { token: vnAdmin.token }),
      200,
      StrictList,
    );
    expect(filtered.total).toBe(0);
    await expectError(await save(vnAdmin, { title: 'Not mine', country_code: 'PH' }), 403, { message: /own country/ });
    await expectError(await save(vnAdmin, { uuid: p.uuid, version: p.version, title: 'Taken over' }), 403);
    await expectError(await save(phAdmin, { uuid: p.uuid, version: p.version, country_code: 'VN' }), 403);
    await expectError(await act(vnAdmin, p.uuid, { action: 'submit', version: p.version }), 403);
    await expectError(
      await ctx.request(`/api/best-practice/${p.uuid}/delete`, { method: 'POST', token: vnAdmin.token }),
      403,
    );
    expect((await expectJson(await show(phMember, p.uuid), 200, StrictPractice)).data.title).toBe(
      'Iloilo River Esplanade',
    );
  });

  test('administrators see and act in every country', async () => {
    const vn = await created(vnAdmin, { title: 'Ha Noi green corridors' });
    await expectJson(await show(admin, vn.uuid), 200, StrictPractice);
    const list = await expectJson(
      await ctx.request('/api/best-practice/list?per_page=100', { token: admin.token }),
      200,
      StrictList,
    );
    const codes = new Set(list.data.map((i) => i.country.code));
    expect(codes.has('PH') && codes.has('VN')).toBe(true);
    expect((await created(admin, { title: 'Made by the secretariat', country_code: 'TH' })).country.code).toBe('TH');
  });

  test(
    'a focal point (create rule only) edits its own practices, not a colleague’s; the state_admin (update rule) ' +
      'edits both',
    async () => {
      const mine = await created(phMember);
      const theirs = await created(phMember2);
      expect((await saved(phMember, { uuid: mine.uuid, version: mine.version, city: 'Cebu City' })).city).toBe(
        'Cebu City',
      );
      await expectError(await save(phMember, { uuid: theirs.uuid, version: theirs.version, city: 'Cebu City' }), 403, {
        message: /you wrote/,
      });
      await expectError(await act(phMember, theirs.uuid, { action: 'submit', version: theirs.version }), 403);
      expect((await saved(phAdmin, { uuid: theirs.uuid, version: theirs.version, city: 'Davao City' })).city).toBe(
        'Davao City',
      );
    },
  );
});

describe('the review workflow', () => {
  test(
    'write, submit, changes requested with comments, ' + 'fix, resubmit, publish: each step in the timeline',
    async () => {
      let p = await created(phMember);
      // Incomplete: the sections still missing are named.
      const refused = await act(phMember, p.uuid, { action: 'submit', version: p.version });
      expect(refused.status).toBe(400);
      const incomplete = (await refused.json()) as { message: string; errors: Record<string, string[]> };
      expect(Object.keys(incomplete.errors)).toEqual([
        'basics',
        'organisations',
        'period',
        'themes',
        'summary',
        'context',
        'implementation',
        'results',
        'contact',
      ]);
      expect(incomplete.message).toMatch(
        /Complete these sections before submitting: Title and place, Organisations, Period and key dates/,
      );
      p = await saved(phMember, { uuid: p.uuid, version: p.version, ...COMPLETE_PRACTICE });
      p = await acted(phMember, p, 'submit');
      expect(p).toMatchObject({ status: 'submitted' });
      expect(p.submitted_at).not.toBeNull();

      // The author waits: no edits, no review actions.
      await expectError(await save(phMember, { uuid: p.uuid, version: p.version, city: 'Elsewhere' }), 409, {
        message: /cannot be edited now/,
      });
      await expectError(await act(phMember, p.uuid, { action: 'publish', version: p.version }), 403, {
        message: /administrators/,
      });
      await expectError(await act(phAdmin, p.uuid, { action: 'request_changes', note: 'x', version: p.version }), 403);
      await expectError(
        await ctx.request(`/api/best-practice/${p.uuid}/comment`, {
          token: phAdmin.token,
          json: { section: 'results', body: 'Hi' },
        }),
        403,
      );

      // The reviewer: a note is required; comments per section.
      await expectError(await act(admin, p.uuid, { action: 'request_changes', version: p.version }), 400, {
        fields: ['note'],
      });
      await expectJson(
        await ctx.request(`/api/best-practice/${p.uuid}/comment`, {
          token: admin.token,
          json: { section: 'results', body: 'Give the 2023 figures.' },
        }),
        201,
        StrictPractice,
      );
      p = await acted(admin, p, 'request_changes', 'Please add figures to the results.');
      expect(p.status).toBe('changes_requested');
      expect(p.comments).toMatchObject([
        { section: 'results', body: 'Give the 2023 figures.', author_name: 'Aiko Reviewer' },
      ]);

      p = await saved(phMember, {
        uuid: p.uuid,
        version: p.version,
        figures: [{ label: 'Flooding incidents', value: '-67', unit: '%' }],
      });
      p = await acted(phMember, p, 'submit');
      await expectError(await act(admin, p.uuid, { action: 'archive', version: p.version }), 409, {
        message: /waiting for review cannot take/,
      });
      p = await acted(admin, p, 'publish');
      expect(p.status).toBe('published');
      expect(p.published_at).not.toBeNull();
      p = await acted(admin, p, 'feature');
      expect(p.featured).toBe(true);

      expect(p.timeline.map((t) => [t.action, t.from, t.to, t.actor_name])).toEqual([
        ['create', null, 'draft', 'Jose Author'],
        ['submit', 'draft', 'submitted', 'Jose Author'],
        ['comment', null, null, 'Aiko Reviewer'],
        ['request_changes', 'submitted', 'changes_requested', 'Aiko Reviewer'],
        ['submit', 'changes_requested', 'submitted', 'Jose Author'],
        ['publish', 'submitted', 'published', 'Aiko Reviewer'],
        ['feature', 'published', 'published', 'Aiko Reviewer'],
      ]);
      expect(p.timeline[3]!.note).toBe('Please add figures to the results.');
      // Every change, saves included, is in audit_events.
      const [events] = await ctx.deps.db
        .select({ n: count() })
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'best_practice'), eq(auditEvents.entityId, p.uuid)));
      expect(events!.n).toBe(9);

      // Archive takes it off the public library and stops featuring it; restore brings it back.
      p = await acted(admin, p, 'archive');
      expect(p).toMatchObject({ status: 'archived', featured: false });
      p = await acted(admin, p, 'unarchive');
      expect(p.status).toBe('published');
    },
  );

  test('reject needs a note and closes the practice to edits', async () => {
    let p = await created(phAdmin, COMPLETE_PRACTICE);
    p = await acted(phAdmin, p, 'submit');
    await expectError(await act(admin, p.uuid, { action: 'reject', note: '  ', version: p.version }), 400, {
      fields: ['note'],
    });
    p = await acted(admin, p, 'reject', 'Not an urban practice.');
    expect(p.status).toBe('rejected');
    await expectError(await save(phAdmin, { uuid: p.uuid, version: p.version, city: 'x' }), 409);
    await expectError(await save(admin, { uuid: p.uuid, version: p.version, city: 'x' }), 409);
  });

  test('withdraw puts a submission back to draft', async () => {
    let p = await created(phMember, COMPLETE_PRACTICE);
    p = await acted(phMember, p, 'submit');
    p = await acted(phMember, p, 'withdraw');
    expect(p.status).toBe('draft');
  });
});

describe('versions', () => {
  test('a save based on an old version: 409 with the practice as it is now; the newer save stands', async () => {
    const p = await created(phMember);
    const first = await saved(phMember, { uuid: p.uuid, version: p.version, city: 'Iloilo' });
    expect(first.version).toBe(p.version + 1);
    const response = await save(phAdmin, { uuid: p.uuid, version: p.version, city: 'Bacolod' });
    const body = await expectJson(
      response,
      409,
      deepStrict(GenericResponseSchema.extend({ current: PracticeResponseSchema.shape.data })),
    );
    expect(body.current).toMatchObject({ uuid: p.uuid, version: first.version, city: 'Iloilo' });
    // If-Match works too, and fields left out keep their value.
    const viaHeader = await ctx.request('/api/best-practice/saved', {
      token: phMember.token,
      json: { uuid: p.uuid, lead_organisation: 'City of Iloilo' },
      headers: { 'If-Match': `"${first.version}"` },
    });
    expect((await expectJson(viaHeader, 200, StrictPractice)).data).toMatchObject({
      city: 'Iloilo',
      lead_organisation: 'City of Iloilo',
    });
  });

  test('a write without a version: 400 naming version', async () => {
    const p = await created(phMember);
    await expectError(await save(phMember, { uuid: p.uuid, city: 'x' }), 400, { fields: ['version'] });
    await expectError(await act(phMember, p.uuid, { action: 'submit' }), 400, { fields: ['version'] });
  });

  test('a stale transition: 409, the status unchanged', async () => {
    let p = await created(phMember, COMPLETE_PRACTICE);
    const old = p;
    p = await saved(phMember, { uuid: p.uuid, version: p.version, city: 'Roxas' });
    const stale = await act(phMember, old.uuid, { action: 'submit', version: old.version });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { current: BestPractice }).current.version).toBe(p.version);
    expect((await expectJson(await show(phMember, p.uuid), 200, StrictPractice)).data.status).toBe('draft');
  });
});

describe('bad input is a 4xx naming the field', () => {
  test.each([
    [{ title: '' }, ['title']],
    [{ title: 'x'.repeat(161) }, ['title']],
    [{ summary: Array.from({ length: 251 }, () => 'word').join(' ') }, ['summary']],
    [{ categories: ['no-such-theme'] }, ['categories']],
    [{ sdg_targets: ['18.1'] }, ['sdg_targets.0']],
    [{ nua_thrusts: ['XX'] }, ['nua_thrusts.0']],
    [{ partners: [{ name: 'UN-Habitat', support: ['moral'] }] }, ['partners.0.support.0']],
    [{ key_dates: Array.from({ length: 6 }, () => ({ date: '2020-01-01', label: 'x' })) }, ['key_dates']],
    [{ lat: 91 }, ['lat']],
    [{ links: [{ label: 'x', url: 'javascript:alert(1)' }] }, ['links.0.url']],
    [{ start_date: '2020-05-01', end_date: '2019-01-01' }, ['end_date']],
    [{ start_date: '2024-02-31' }, ['start_date']],
    [{ key_dates: [{ date: '2023-02-29', label: 'Launch' }] }, ['key_dates.0.date']],
    [{ contact: { email: 'nope' } }, ['contact.email']],
  ])('%j → 400 naming %j', async (body, fields) => {
    const p = await created(phMember);
    await expectError(await save(phMember, { uuid: p.uuid, version: p.version, ...body }), 400, { fields });
  });

  test('creating without a title or a country: 400', async () => {
    await expectError(await save(phMember, { country_code: 'PH' }), 400, { fields: ['title'] });
    await expectError(await save(admin, { title: 'x' }), 400, { fields: ['country_code'] });
  });

  test('fuzzed bodies, paths and queries never get a 5xx', async () => {
    const p = await created(phMember);
    const values: unknown[] = [
      null,
      true,
      0,
      -1,
      Number.MAX_VALUE,
      'x',
      '',
      [],
      {},
      [{}],
      { a: 1 },
      'x'.repeat(5000),
      '2020-13-45',
      '<script>',
      [null],
      'PH',
      '11.a',
    ];
    const fields = [
      'uuid',
      'version',
      'title',
      'country_code',
      'lat',
      'partners',
      'start_date',
      'ongoing',
      'categories',
      'sdg_targets',
      'narrative',
      'images',
      'attachments',
      'contact',
      'key_dates',
      'links',
      'summary',
      'action',
      'note',
      'section',
      'body',
    ];
    let seed = 7;
    const pick = <T>(list: readonly T[]) => list[(seed = (seed * 48271) % 2147483647) % list.length]!;
    for (let i = 0; i < 120; i++) {
      const body: Record<string, unknown> = {};
      for (let j = 0; j < 4; j++) body[pick(fields)] = pick(values);
      const target = pick([
        `/api/best-practice/saved`,
        `/api/best-practice/${p.uuid}/transition`,
        `/api/best-practice/${p.uuid}/comment`,
      ]);
      const response = await ctx.request(target, {
        token: pick([admin, phMember]).token,
        json: pick([body, { ...body, uuid: p.uuid, version: p.version }]),
      });
      expect(response.status, `${target} ${JSON.stringify(body)}`).toBeLessThan(500);
    }
    for (const path of [
      '/api/best-practice/show/not-a-uuid',
      '/api/best-practice/list?page=-1',
      '/api/best-practice/list?status=lost',
      '/api/best-practice/list?order=evil',
      '/api/best-practice/list?category=%00',
    ]) {
      const response = await ctx.request(path, { token: admin.token });
      expect(response.status, path).toBe(400);
    }
    await expectError(
      await ctx.request(`/api/best-practice/saved`, {
        method: 'POST',
        token: admin.token,
        headers: { 'Content-Type': 'application/json' },
        body: '{"title":',
      }),
      400,
    );
    await expectError(await show(admin, '00000000-0000-4000-8000-000000000000'), 404);
  });
});

describe('list and delete', () => {
  test('filters, search, sort and paging', async () => {
    await created(phAdmin, { title: 'Zamboanga coastal market', categories: ['local-economy'] });
    await created(phAdmin, { title: 'Baguio market stalls', categories: ['local-economy'] });
    const byCategory = await expectJson(
      await ctx.request('/api/best-practice/list?category=local-economy&order=title&per_page=1&page=2', {
        token: phMember.token,
      }),
      200,
      StrictList,
    );
    expect(byCategory).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect(byCategory.data.map((i) => i.title)).toEqual(['Zamboanga coastal market']);
    const search = await expectJson(
      await ctx.request('/api/best-practice/list?q=baguio', { token: phMember.token }),
      200,
      StrictList,
    );
    expect(search.data.map((i) => i.title)).toEqual(['Baguio market stalls']);
    const submitted = await expectJson(
      await ctx.request('/api/best-practice/list?status=submitted', { token: phMember.token }),
      200,
      StrictList,
    );
    expect(submitted.data.every((i) => i.status === 'submitted')).toBe(true);
  });

  test('authors delete their drafts only; administrators anything not public', async () => {
    let p = await created(phMember, COMPLETE_PRACTICE);
    p = await acted(phMember, p, 'submit');
    const del = (user: TestUser, uuid: string) =>
      ctx.request(`/api/best-practice/${uuid}/delete`, { method: 'POST', token: user.token });
    await expectError(await del(phMember, p.uuid), 409, { message: /Only drafts/ });
    p = await acted(admin, p, 'publish');
    await expectError(await del(admin, p.uuid), 409, { message: /Archive/ });
    const draft = await created(phMember);
    await expectJson(await del(phMember, draft.uuid), 200, StrictGeneric);
    await expectError(await show(phMember, draft.uuid), 404);
  });

  test('the dashboard: reviewers see the submissions waiting, authors their practices that need them', async () => {
    const reviewer = await expectJson(
      await ctx.request('/api/best-practice/dashboard', { token: admin.token }),
      200,
      PracticeDashboardResponseSchema,
    );
    expect(reviewer.data.reviewer).toBe(true);
    expect(reviewer.data.attention.every((i) => i.status === 'submitted')).toBe(true);
    expect(reviewer.data.attention.some((i) => i.uuid === seeded.uuid)).toBe(true);
    const author = await expectJson(
      await ctx.request('/api/best-practice/dashboard', { token: vnAdmin.token }),
      200,
      PracticeDashboardResponseSchema,
    );
    expect(author.data.reviewer).toBe(false);
    expect(
      author.data.attention.every((i) => i.country.code === 'VN' && ['draft', 'changes_requested'].includes(i.status)),
    ).toBe(true);
    expect(author.data.counts.submitted).toBe(0);
  });
});

describe('transition, upload, attachment, delete and crop: each kind of user, on a practice of its own country', () => {
  let users: RoleUsers;
  beforeAll(async () => {
    users = await createRoleUsers(ctx);
  });
  // 200/201 for the roles that may write; the focal point writes only what it wrote itself.
  const EXPECTED: Record<RoleUserKind, boolean> = {
    tuxuri: true,
    admin: true,
    stateAdmin: true,
    stateMember: true,
    inactive: false,
    noRole: false,
    unverified: false,
  };
  const practiceFor = async (kind: RoleUserKind) => {
    const me = users[kind];
    return insertPractice(ctx, {
      ...COMPLETE_ROW,
      countryCode: me.country ?? 'PH',
      createdBy: kind === 'stateMember' ? me.id : null,
    });
  };
  const png = async () => {
    const form = new FormData();
    form.append(
      'file',
      new File(
        [
          await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
            .png()
            .toBuffer(),
        ],
        'p.png',
        { type: 'image/png' },
      ),
    );
    return form;
  };
  const pdfForm = () => {
    const form = new FormData();
    form.append('file', new File([Buffer.from('%PDF-1.4\n%%EOF\n')], 'a.pdf', { type: 'application/pdf' }));
    return form;
  };
  const calls = {
    transition: async (token: string | null, p: PracticeRow) =>
      ctx.request(`/api/best-practice/${p.uuid}/transition`, { token, json: { action: 'submit', version: p.version } }),
    upload: async (token: string | null, p: PracticeRow) =>
      ctx.request(`/api/best-practice/${p.uuid}/upload?version=${p.version}`, {
        method: 'POST',
        token,
        body: await png(),
      }),
    attachment: async (token: string | null, p: PracticeRow) =>
      ctx.request(`/api/best-practice/${p.uuid}/attachment?version=${p.version}`, {
        method: 'POST',
        token,
        body: pdfForm(),
      }),
    delete: async (token: string | null, p: PracticeRow) =>
      ctx.request(`/api/best-practice/${p.uuid}/delete`, { method: 'POST', token }),
    // A new crop of an image the superadministrator uploaded.
    crop: async (token: string | null, p: PracticeRow) => {
      const withImage = (
        await expectJson(
          await ctx.request(`/api/best-practice/${p.uuid}/upload?version=${p.version}`, {
            method: 'POST',
            token: users.tuxuri.token,
            body: await png(),
          }),
          201,
          StrictPractice,
        )
      ).data;
      return ctx.request(`/api/best-practice/${p.uuid}/image/${withImage.images[0]!.id}/crop`, {
        token,
        json: { crop: { x: 0, y: 0, width: 0.5, height: 0.5 }, version: withImage.version },
      });
    },
  };
  const SUCCESS = { transition: 200, upload: 201, attachment: 201, delete: 200, crop: 200 } as const;

  test.each(Object.keys(calls) as (keyof typeof calls)[])(
    '%s: 401 without a token, then per kind of user',
    async (call) => {
      await expectError(await calls[call](null, await practiceFor('admin')), 401);
      for (const kind of ROLE_USER_KINDS) {
        const response = await calls[call](users[kind].token, await practiceFor(kind));
        if (EXPECTED[kind])
          expect(response.status, `${call} as ${kind}: ${await response.clone().text()}`).toBe(SUCCESS[call]);
        else await expectError(response, 403);
      }
    },
  );
});
