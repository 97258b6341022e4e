/**
 * Hostile input to every endpoint of the API, anonymously and as an administrator: nothing may
 * answer 5xx. The endpoints come from the app's own route table, so a new endpoint is fuzzed
 * without anyone listing it here. Each writing endpoint also has one valid example request
 * below (the test says when one is missing): every field of it is replaced in turn by each
 * hostile value, so a hostile value gets past the other fields' checks and as far as the
 * database.
 */
import { readdirSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { ContactGuard } from '../../src/lib/contact/guard.server.ts';
import { eq } from 'drizzle-orm';
import { sectionByKey } from '../../src/lib/best-practices/sections.ts';
import { cmsItems, contactMessages, formComments } from '../../src/lib/db/schema.ts';
import { COMPLETE_ROW, insertPractice } from '../fixtures/best-practices.ts';
import { insertCmsItem, makeImage, uploadForm } from '../fixtures/cms.ts';
import { createTestContext } from '../support/app.ts';
import { createSiteFixture } from '../support/site-fixture.ts';
import { createUser, insertUser, signIn, type TestUser } from '../support/factories.ts';
import {
  compulsoryAnswers,
  openCycle,
  pdfBytes,
  questionsByCode,
  saveAnswers,
  updateReport,
  viewReport,
} from '../support/national-reports.ts';
import { aclVersion, cmsVersion, countryVersion, userVersion } from '../support/versions.ts';
import { addAuthority } from '../../src/lib/signatures/service.server.ts';
import { testAuthority } from '../support/signed-pdf.ts';

const siteFixture = await createSiteFixture();
// A live site is loaded, so the health check answers 200 (it answers 503 by design while none is).
const ctx = await createTestContext({ site: { current: () => siteFixture.files } });

// ---------------------------------------------------------------------------------------------
// Hostile values

const MB = 1024 * 1024;
const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

/** Strings that have broken servers: control characters, broken UTF-16, bidi overrides, sizes. */
const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'Ana\u0000Cruz and more text',
  '\ud800',
  'broken \udfff surrogate text',
  '\u202eevil text reversed',
  'line one\r\nGET /api/whoami HTTP/1.1',
  '\u001b[31mred\u001b[0m text here',
  '\u0085\u2028\u2029 separators',
  '\ufeff\ufffe\uffff',
  '',
  '   ',
  '../../../etc/passwd',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '%00%0a',
  '__proto__',
  'x'.repeat(200_000),
  'y'.repeat(MB),
];

/** JSON texts that are not strings: odd numbers, wrong types, deep nesting. */
const HOSTILE_JSON: readonly string[] = [
  '1e309',
  '-1e309',
  '-0',
  '0.5',
  '-1',
  '123456789012345678901234567890',
  '9007199254740993',
  'true',
  'null',
  '[]',
  '{}',
  '["a string in an array"]',
  '{"an":"object"}',
  '{"__proto__":{"polluted":true}}',
  deepArray(10_000),
  deepObject(10_000),
];

const HOSTILE_VALUES: readonly string[] = [...HOSTILE_STRINGS.map((s) => JSON.stringify(s)), ...HOSTILE_JSON];

/** Path parameters and query values, as they appear in a URL (already percent-encoded). */
const HOSTILE_URL_PARTS: readonly string[] = [
  '%00',
  'a%00b',
  '%0A',
  '%0D%0AX-Injected:%201',
  '%1B%5B31m',
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f',
  '%ED%A0%80',
  '%FF%FE',
  '%E2%80%AE',
  '%',
  '%25',
  '%20',
  '-1',
  '-0',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999',
  '%3Cscript%3E',
  'x'.repeat(10_000),
  'y'.repeat(200_000),
];

// ---------------------------------------------------------------------------------------------
// What the API looks like

/** Every zod schema exported by a domain's `schema.ts` whose name ends in `suffix`. */
async function exportedSchemas(suffix: string): Promise<z.ZodType[]> {
  const lib = fileURLToPath(new URL('../../src/lib/', import.meta.url));
  const schemas: z.ZodType[] = [];
  for (const domain of readdirSync(lib)) {
    const file = `${lib}${domain}/schema.ts`;
    if (domain === 'db' || !existsSync(file)) continue;
    const module = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (name.endsWith(suffix) && value instanceof z.ZodType) schemas.push(value);
    }
  }
  return schemas;
}

/** The field names of an object schema, nested ones too (`_zod.def` is zod 4's schema tree). */
function fieldNames(schema: z.ZodType, into = new Set<string>()): Set<string> {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  switch (def['type']) {
    case 'object':
      for (const [key, child] of Object.entries(def['shape'] as Record<string, z.ZodType>)) {
        into.add(key);
        fieldNames(child, into);
      }
      break;
    case 'array':
      fieldNames(def['element'] as z.ZodType, into);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      fieldNames(def['innerType'] as z.ZodType, into);
      break;
    case 'pipe':
      fieldNames(def['in'] as z.ZodType, into);
      fieldNames(def['out'] as z.ZodType, into);
      break;
    case 'union':
      for (const option of def['options'] as z.ZodType[]) fieldNames(option, into);
      break;
  }
  return into;
}

const bodyFields = new Set<string>();
for (const schema of await exportedSchemas('BodySchema')) fieldNames(schema, bodyFields);
// Query schemas declared beside their routes are not exported: their fields are listed here.
const queryFields = new Set<string>(['q', 'status', 'page', 'per_page', 'order', 'media_kind', 'country_code']);
for (const schema of await exportedSchemas('QuerySchema')) fieldNames(schema, queryFields);

interface Route {
  method: string;
  path: string;
  params: string[];
}

/** The API's endpoints from the app's route table: method and path, one row each. */
function apiRoutes(): Route[] {
  const seen = new Map<string, Route>();
  for (const route of ctx.app.routes) {
    if (!route.path.startsWith('/api/') || route.path.includes('*') || route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    if (!seen.has(key)) {
      const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      seen.set(key, { method: route.method, path: route.path, params });
    }
  }
  // Deleting endpoints last: the records they remove are the ones the others are fuzzed on.
  return [...seen.values()].sort((a, b) => Number(a.path.includes('delete')) - Number(b.path.includes('delete')));
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// ---------------------------------------------------------------------------------------------
// Records the valid examples point at

interface Seed {
  target: { uuid: string };
  cmsItem: string;
  cmsDoomed: string;
  videoDoomed: number;
  contactId: number;
  png: Buffer;
  /** A trusted certificate authority to remove, and the PEM of another to add. */
  authorityDoomed: string;
  authorityPem: string;
  /** A submitted best practice (transition, comment, uploads) and a draft the delete removes. */
  practice: string;
  practiceDoomed: string;
  /** A review comment and an uploaded image of `practice`. */
  practiceComment: number;
  practiceImage: string;
  /** The open cycle's year; PH's report is in progress, VN's completed (ready for its signed upload). */
  year: number;
  vnReport: string;
  /** The seeded question Q01 and a question the fuzz added (retired and restored). */
  q01: string;
  question: string;
  /** A reviewer's comment on PH's answer to Q01 (resolved and opened again). */
  answerComment: number;
}

let admin: TestUser;
/** Country users: only they answer a national report and upload its signed copy. */
let phMember: TestUser;
let vnAdmin: TestUser;
let seed: Seed;
beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP' });
  const target = await insertUser(ctx, { role: 'state_member', country: 'PH' });
  const item = await insertCmsItem(ctx, {
    cmsType: 'video',
    title: 'Fuzzed item',
    event: 'An event',
    eventSlug: 'an-event',
  });
  const doomed = await insertCmsItem(ctx, { cmsType: 'banner', title: 'Doomed item' });
  const video = await insertCmsItem(ctx, {
    cmsType: 'video',
    mediaKind: 'video',
    title: 'Doomed video',
    videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  });
  const [message] = await ctx.deps.db
    .insert(contactMessages)
    .values({
      name: 'Seed',
      email: 'seed@example.org',
      subject: 'Seeded',
      message: 'A seeded message.',
      clientHash: 'x',
    })
    .returning();
  phMember = await createUser(ctx, { role: 'state_member', country: 'PH' });
  vnAdmin = await createUser(ctx, { role: 'state_admin', country: 'VN' });
  const year = 2026;
  await openCycle(ctx, admin, { year });
  const questions = await questionsByCode(ctx, admin);
  expect((await saveAnswers(ctx, vnAdmin, year, 'VN', compulsoryAnswers(questions.values()))).status).toBe(200);
  const vn = await viewReport(ctx, vnAdmin, year, 'VN');
  const completed = await updateReport(ctx, vnAdmin, year, 'VN', {
    version: vn.report.version,
    action: 'complete',
    title: 'Viet Nam national report',
  });
  expect(completed.status, await completed.clone().text()).toBe(200);
  const added = await ctx.request('/api/question/saved', {
    token: admin.token,
    json: {
      code: 'Q90',
      thrust: 'TC1',
      subcategory: '1.1',
      question_tier: 3,
      text: 'A question the fuzz retires',
      answer_type: 'txt',
    },
  });
  expect(added.status, await added.clone().text()).toBe(200);
  const described = await ctx.request('/api/profile/category/saved', {
    token: admin.token,
    json: {
      slug: 'culture',
      hero_alt: 'A temple in a city square',
      version: await versionOf('/api/profile/category/culture'),
    },
  });
  expect(described.status, await described.clone().text()).toBe(200);
  const practice = await insertPractice(ctx, { ...COMPLETE_ROW, title: 'Fuzzed practice', status: 'submitted' });
  const practiceDoomed = await insertPractice(ctx, { title: 'Doomed practice' });
  const [practiceComment] = await ctx.deps.db
    .insert(formComments)
    .values({ form: 'best_practice', instance: practice.uuid, question: 'results', body: 'A seeded comment.' })
    .returning();
  const withImage = await ctx.request(`/api/best-practice/${practice.uuid}/upload?version=${practice.version}`, {
    token: admin.token,
    body: uploadForm(await makeImage('png', 64, 48)),
  });
  expect(withImage.status, await withImage.clone().text()).toBe(201);
  const commented = await ctx.request(`/api/report/type/national/${year}/PH/comments`, {
    token: admin.token,
    json: { question_uuid: questions.get('Q01')!.uuid, body: 'Which year\nis this figure of?' },
  });
  expect(commented.status, await commented.clone().text()).toBe(201);
  const answerComment = ((await commented.json()) as { data: { id: number } }).data.id;
  seed = {
    answerComment,
    practice: practice.uuid,
    practiceDoomed: practiceDoomed.uuid,
    practiceComment: practiceComment!.id,
    practiceImage: ((await withImage.json()) as { data: { images: { id: string }[] } }).data.images[0]!.id,
    year,
    vnReport: vn.report.uuid,
    q01: questions.get('Q01')!.uuid,
    question: ((await added.json()) as { data: { uuid: string } }).data.uuid,
    target,
    cmsItem: item.uuid,
    cmsDoomed: doomed.uuid,
    videoDoomed: video.id,
    contactId: message!.id,
    png: await makeImage('png', 40, 20),
    authorityDoomed: (
      await addAuthority(ctx.deps, {
        pem: (await testAuthority({ cn: 'Doomed CA', c: 'PH' })).pem,
        countryCode: null,
        note: null,
        actorId: null,
      })
    ).uuid,
    authorityPem: (await testAuthority({ cn: 'Fuzzed CA', c: 'PH' })).pem,
  };
});

/** A value for a path parameter that names a real record, so that the body is read. */
function plausibleParam(route: Route, name: string): string {
  if (name === 'uuid' && route.path.startsWith('/api/best-practice/'))
    return route.path.endsWith('/delete') ? seed.practiceDoomed : seed.practice;
  if (name === 'uuid' && route.path.startsWith('/api/report/')) return seed.vnReport;
  if (name === 'uuid' && route.path.startsWith('/api/question/')) return seed.question;
  if (name === 'year') return String(seed.year);
  if (name === 'uuid' && route.path.startsWith('/api/user/')) return seed.target.uuid;
  if (name === 'uuid' && route.path.startsWith('/api/trusted-authority/')) return seed.authorityDoomed;
  if (name === 'uuid' && route.path.includes('/delete/')) return seed.cmsDoomed;
  if (name === 'uuid') return seed.cmsItem;
  if (name === 'id' && route.path.startsWith('/api/best-practice/'))
    return route.path.includes('/image/') ? seed.practiceImage : String(seed.practiceComment);
  if (name === 'id' && route.path.startsWith('/api/video/')) return String(seed.videoDoomed);
  if (name === 'id' && route.path.includes('/comments/')) return String(seed.answerComment);
  if (name === 'question_uuid') return seed.q01;
  if (name === 'id') return String(seed.contactId);
  if (name === 'cms_type') return 'video';
  if (name === 'entity') return 'profile-indicator';
  if (name === 'key') return 'URB_GROWTH';
  if (name === 'locale') return 'fr';
  if (name === 'country_code') return 'PH';
  if (name === 'form') return 'national-report';
  if (name === 'instance') return `${seed.year}-PH`;
  // A theme with a description of its picture, which a picture upload needs.
  if (name === 'slug' && route.path.endsWith('/hero')) return 'culture';
  if (name === 'slug' && route.path.startsWith('/api/profile/')) return 'demography-urbanisation';
  if (name === 'code' && route.path.startsWith('/api/profile/')) return 'URB_GROWTH';
  if (name === 'slug') return 'an-event';
  // The seeded (version 1) dataset for publishing; a new one for saving.
  if (name === 'year' && route.path.startsWith('/api/profile/'))
    return route.path.endsWith('/publish') ? '2020' : '2024';
  return '1';
}

/** A path parameter with its pattern, as Hono writes it: `:year{[0-9]{4}}`. */
const PARAM = /:(\w+)(?:\{(?:[^{}]|\{[^{}]*\})*\})?/g;

function urlOf(route: Route, values: Record<string, string> = {}): string {
  return route.path.replace(
    PARAM,
    (_, name: string) => values[name] ?? encodeURIComponent(plausibleParam(route, name)),
  );
}

/** The current version of a record, for examples that must send it. */
async function versionOf(path: string): Promise<number> {
  const response = await ctx.app.request(path, { headers: { Authorization: `Bearer ${admin.token}` } });
  const body = (await response.json()) as { data: { version?: number; report?: { version: number } } };
  return body.data.version ?? body.data.report!.version;
}

const NATIONAL = '/api/report/type/national/:year{[0-9]{4}}/:country_code{[A-Za-z]{2}}';

/** The indicators of a profile theme still in use, with their versions. */
async function activeIndicators(slug: string): Promise<{ code: string; version: number }[]> {
  const response = await ctx.app.request(`/api/profile/category/${slug}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  const body = (await response.json()) as {
    data: { indicators: { code: string; version: number; retired_at: string | null }[] };
  };
  return body.data.indicators.filter((i) => !i.retired_at).map(({ code, version }) => ({ code, version }));
}

/**
 * A valid request for each writing endpoint; `{}` means it takes no body. `json` may be a
 * function, called just before the endpoint is fuzzed (for a version the record has by then).
 * `multipart` sends the PNG picture, or with 'pdf' a small PDF document, with 'csv' a file of figures. `as` names the
 * signed-in
 * user when the endpoint is for country users, not administrators (answering a national report);
 * `ifMatch` the version the example sends in If-Match (uploads, whose body is the file).
 */
type Example = {
  json?: unknown;
  form?: Record<string, string>;
  multipart?: true | 'pdf' | 'csv';
  as?: () => TestUser;
  ifMatch?: number;
  query?: string;
  /** Sign in afresh just before the endpoint is fuzzed: a session is made only from a recent sign-in (5 minutes). */
  freshSignIn?: true;
};
type ExampleSource = Omit<Example, 'json' | 'ifMatch' | 'query'> & {
  json?: unknown;
  ifMatch?: () => Promise<number>;
  /** The example's query string (a GET that writes carries its version there). */
  query?: () => Promise<string>;
};

const IMPORT_CSV = 'country_code,indicator,year,value,source\nLK,URB_GROWTH,2019,0.5,A source\n';

/** `body` with the version its record has now (DESIGN.md §12): a write based on it is valid. */
const versioned = (body: object, version: () => Promise<number>) => async () => ({ ...body, version: await version() });
const EXAMPLES: Record<string, ExampleSource> = {
  'POST /api/user/saved/profile': {
    json: versioned({ name: 'Ana Cruz', phone_number: '+63 2 8123 4567', country_code: 'JP' }, () =>
      userVersion(ctx, admin.uuid),
    ),
  },
  'POST /api/auth/session': { freshSignIn: true },
  'POST /api/user/saved/language': { json: { language: 'fr' } },
  'POST /api/translation/:entity/:key/:locale': {
    json: async () => {
      const response = await ctx.app.request('/api/translation/profile-indicator/URB_GROWTH', {
        headers: { Authorization: `Bearer ${admin.token}` },
      });
      const current = ((await response.json()) as { data: { translations: { fr: { version: number | null } } } }).data
        .translations.fr.version;
      return { fields: { name: 'Croissance de la population urbaine' }, ...(current ? { version: current } : {}) };
    },
  },
  'POST /api/notifications/read': { json: { all: true } },
  'POST /api/notifications/preferences': {
    json: async () => ({
      email: { 'report.submitted': false },
      version: await versionOf('/api/notifications/preferences'),
    }),
  },
  'DELETE /api/auth/session': {},
  'POST /api/user/edit/:uuid': {
    json: versioned(
      {
        name: 'Target Person',
        phone_number: '+63 2 8123 4567',
        country_code: 'PH',
        status: 1,
        roles: ['state_member'],
      },
      () => userVersion(ctx, seed.target.uuid),
    ),
  },
  'POST /api/administration/acl/saved': {
    json: versioned(
      { modules: [{ module: 'best-practice', permissions: [{ id: 4, rules: [{ action: 'view', enabled: true }] }] }] },
      () => aclVersion(ctx),
    ),
  },
  'POST /api/country/:country_code/update/status': { json: versioned({ status: 1 }, () => countryVersion(ctx, 'PH')) },
  'POST /api/cms/saved': {
    json: {
      cms_type: 'video',
      title: 'A gallery video',
      description: 'Two lines\nof description',
      link: 'https://example.org/page',
      display_order: 3,
      status: 'draft',
      media_kind: 'video',
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      event: 'Urban Forum 2026',
    },
  },
  'POST /api/cms/upload/:uuid': { multipart: true },
  'POST /api/profile/category/saved': {
    json: {
      slug: 'fuzzed-category',
      name: 'A category',
      description: 'What it covers',
      body: 'Some *Markdown*',
      key_facts: [{ label: 'A fact', value: '12.5', unit: '%', year: 2020, source: 'A source' }],
    },
  },
  'POST /api/profile/analytics/:slug/:country_code/:year/saved': {
    json: {
      values: [
        {
          indicator: 'URB_POP_PCT',
          value: 47.5,
          data_year: 2024,
          source: 'A national statistics office',
          is_estimate: true,
          note: 'A note',
        },
      ],
      narrative: 'A narrative',
    },
  },
  'POST /api/profile/analytics/:slug/:country_code/:year/publish': { json: { published: true, version: 1 } },
  'POST /api/profile/category/:slug/hero': { multipart: true },
  'POST /api/profile/indicator/saved': {
    json: {
      code: 'FUZZ_INDICATOR',
      category: 'culture',
      name: 'Museums per million people',
      unit: 'per million',
      answer_type: 'num',
      decimals: 1,
      source: 'UNESCO Institute for Statistics',
      source_series: 'CC_MUS',
      licence: 'CC BY 4.0',
      sdg_ref: '11.4.1',
      expected_min: 0,
      expected_max: 50,
      sort: 4,
    },
  },
  'POST /api/profile/indicator/reorder': {
    json: async () => ({
      category: 'demography-urbanisation',
      indicators: (await activeIndicators('demography-urbanisation')).reverse(),
    }),
  },
  'POST /api/profile/indicator/:code/retire': {
    json: async () => ({
      retired: false,
      version: (await activeIndicators('demography-urbanisation')).find((i) => i.code === 'URB_GROWTH')!.version,
    }),
  },
  'POST /api/profile/import/preview': { json: { csv: IMPORT_CSV } },
  'POST /api/profile/import': { json: { csv: IMPORT_CSV } },
  'POST /api/profile/import/file/preview': { multipart: 'csv' },
  'POST /api/profile/import/file': { multipart: 'csv' },
  'POST /api/cms/status/:uuid': { json: versioned({ status: 'draft' }, () => cmsVersion(ctx, seed.cmsItem)) },
  'POST /api/cms/delete/:uuid': { json: versioned({}, () => cmsVersion(ctx, seed.cmsDoomed)) },
  'POST /api/trusted-authority/create': {
    json: () => ({ pem: seed.authorityPem, country_code: 'PH', note: 'Added by the fuzz' }),
  },
  'POST /api/trusted-authority/delete/:uuid': { json: { version: 1 } },
  'POST /api/video/create': {
    json: {
      title: 'A hosted video',
      video_url: 'https://vimeo.com/76979871',
      description: 'What the video shows',
      event: 'Urban Forum 2026',
      status: 'draft',
    },
  },
  'GET /api/video/delete/:id': { query: async () => `version=${await videoVersion(seed.videoDoomed)}` },
  'POST /api/contact-us': {
    json: { name: 'Ana Cruz', email: 'ana@example.org', subject: 'A question', message: 'How can our city take part?' },
    form: { name: 'Ana Cruz', email: 'ana@example.org', subject: 'A question', message: 'How can our city take part?' },
  },
  'POST /api/site/publish': {},
  'POST /api/contact-us/status/:id': { json: versioned({ status: 'answered' }, () => contactVersion(seed.contactId)) },
  'POST /api/contact-us/reply/:id': {
    json: versioned({ subject: 'Re: A question', message: 'Thank you for writing to us.' }, () =>
      contactVersion(seed.contactId),
    ),
  },
  'POST /api/contact-us/delete/:id': { json: versioned({}, () => contactVersion(seed.contactId)) },
  'POST /api/user/photo': { multipart: true },
  'DELETE /api/user/photo': {},
  'POST /api/best-practice/saved': {
    json: {
      title: 'A practice from the fuzz',
      country_code: 'PH',
      written_in: 'fil',
      city: 'Iloilo City',
      lat: 10.7,
      lng: 122.56,
      lead_organisation: 'Iloilo City Government',
      org_type: 'local_government',
      partners: [{ name: 'River Council', type: 'civil_society', support: ['technical'] }],
      start_date: '2019-06-01',
      end_date: '',
      ongoing: true,
      categories: ['planning-design-public-space'],
      sdg_targets: ['11.3'],
      nua_thrusts: ['TC3'],
      summary: 'A river esplanade\nthat turned a flood-prone bank into public space.',
      narrative: { context: 'Informal settlements\nlined the river.', results: 'Flooding fell by two thirds.' },
      figures: [{ label: 'Esplanade', value: '11', unit: 'km' }],
      key_dates: [{ date: '2019-06-01', label: 'Works began' }],
      links: [{ label: 'City page', url: 'https://example.org/esplanade' }],
      contact: { name: 'Ana Cruz', email: 'ana@example.org', phone: '+63 33 000 0000' },
    },
  },
  'POST /api/best-practice/:uuid/transition': {
    json: async () => ({
      action: 'request_changes',
      note: 'Please give the figures\nfor 2023.',
      version: await versionOf(`/api/best-practice/show/${seed.practice}`),
    }),
  },
  'POST /api/best-practice/:uuid/sections': {
    json: {
      answers: [
        { question_uuid: sectionByKey.get('lessons')!.question.uuid, value: 'Start with the market\nthat people use.' },
      ],
    },
  },
  'POST /api/best-practice/:uuid/comment': { json: { section: 'results', body: 'Give the figures\nfor 2023.' } },
  'POST /api/best-practice/:uuid/comment/:id/resolve': {
    json: async () => {
      const [row] = await ctx.deps.db
        .select({ version: formComments.version })
        .from(formComments)
        .where(eq(formComments.id, seed.practiceComment));
      return { resolved: true, version: row!.version };
    },
  },
  'POST /api/best-practice/:uuid/image/:id/crop': {
    json: async () => ({
      crop: { x: 0.1, y: 0.1, width: 0.5, height: 0.5 },
      version: await versionOf(`/api/best-practice/show/${seed.practice}`),
    }),
  },
  'POST /api/best-practice/:uuid/upload': {
    multipart: true,
    ifMatch: () => versionOf(`/api/best-practice/show/${seed.practice}`),
  },
  'POST /api/best-practice/:uuid/attachment': {
    multipart: 'pdf',
    ifMatch: () => versionOf(`/api/best-practice/show/${seed.practice}`),
  },
  'POST /api/best-practice/:uuid/delete': {},
  'POST /api/report/type/national/cycles/saved': {
    json: {
      year: 2030,
      opens_at: '2030-01-15',
      closes_at: '2030-06-30',
      expiry_days: 10,
      timely_days: 7,
      guideline_version: 'Guidelines 2030',
      status: 'draft',
    },
  },
  [`POST ${NATIONAL}/saved`]: {
    as: () => phMember,
    json: () => ({
      answers: [
        {
          question_uuid: seed.q01,
          value: 12.5,
          text: null,
          data_year: 2024,
          source: 'National statistics office',
          comment: 'Checked\nwith the ministry',
        },
      ],
    }),
  },
  [`POST ${NATIONAL}/report/update`]: {
    json: async () => ({
      version: await versionOf(`/api/report/type/national/${seed.year}/PH/view`),
      title: 'Philippines national report',
      executive_summary: 'Two lines\nof summary',
      written_in: 'en',
      contact: { name: 'Ana Cruz', email: 'ana@example.org', phone: '+63 2 8123 4567' },
    }),
  },
  // The answers route (decision 071) on PH's report: Q18 (Q01 is the …/saved example's) with the version it has now.
  'POST /api/forms/:form/:instance/answers': {
    as: () => phMember,
    json: async () => {
      const response = await ctx.app.request(`/api/forms/national-report/${seed.year}-PH/answers`, {
        headers: { Authorization: `Bearer ${phMember.token}` },
      });
      const { data } = (await response.json()) as {
        data: { questions: { uuid: string; code: string }[]; answers: { question_uuid: string; version: number }[] };
      };
      const question = data.questions.find((q) => q.code === 'Q18')!.uuid;
      const version = data.answers.find((a) => a.question_uuid === question)?.version;
      return {
        answers: [
          { question_uuid: question, value: 'Creative districts\nand heritage tourism', ...(version && { version }) },
        ],
      };
    },
  },
  // A reviewer's comment on one answer, and its thread resolved (decision 077).
  [`POST ${NATIONAL}/comments`]: { json: () => ({ question_uuid: seed.q01, body: 'Is the source\nthe 2020 census?' }) },
  // The seeded thread is still at its first version when its route is fuzzed (nothing before resolves it).
  [`POST ${NATIONAL}/comments/:id/resolve`]: { json: { resolved: true, version: 1 } },
  // The synthesis draft as a .docx (decision 079) and the quotes of Q01, none chosen (decision 075).
  'POST /api/report/type/national/synthesis/:year{[0-9]{4}}': { json: { lang: 'fr', format: 'docx' } },
  'PUT /api/report/type/national/synthesis/:year{[0-9]{4}}/quotes/:question_uuid': { json: { country_codes: [] } },
  'POST /api/report/type/national/:uuid/report/upload/inspect': { multipart: 'pdf', as: () => vnAdmin },
  'POST /api/report/type/national/:uuid/report/upload': { multipart: 'pdf', as: () => vnAdmin },
  'POST /api/report/type/national/:uuid/report/cover': {
    multipart: true,
    ifMatch: () => versionOf(`/api/report/type/national/${seed.year}/VN/view`),
  },
  'POST /api/question/saved': {
    json: {
      code: 'Q91',
      thrust: 'TC1',
      subcategory: '1.1',
      question_tier: 3,
      text: 'Which programmes\nsupport housing?',
      help: 'Name the national ones',
      answer_type: 'single',
      options: [
        { value: 'a', label: 'Public housing' },
        { value: 'b', label: 'Rental support' },
      ],
      with_text: true,
      text_label: 'Programme names',
      sdg_refs: ['11.1'],
      nua_paragraphs: '31-33',
      source_hint: 'Ministry of housing',
    },
  },
  'POST /api/question/reorder': {
    json: async () => {
      const response = await ctx.app.request('/api/question/list?include_retired=true', {
        headers: { Authorization: `Bearer ${admin.token}` },
      });
      const questions = ((await response.json()) as { data: { uuid: string; version: number }[] }).data.reverse();
      return { uuids: questions.map((q) => q.uuid), versions: questions.map((q) => q.version) };
    },
  },
  'POST /api/question/retire/:uuid': {
    json: async () => {
      const response = await ctx.app.request('/api/question/list?include_retired=true', {
        headers: { Authorization: `Bearer ${admin.token}` },
      });
      const questions = ((await response.json()) as { data: { uuid: string; version: number }[] }).data;
      return { retired: true, version: questions.find((q) => q.uuid === seed.question)!.version };
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Requests

interface Attempt {
  what: string;
  url: string;
  method: string;
  headers?: Record<string, string>;
  body?: BodyInit;
  /**
   * The example's body with one field changed: read only by a request that passed the sign-in, so
   * left out for a signed-in endpoint without a token (each would meet the same 401 before its body).
   */
  field?: true;
}

const SLOT = '<fuzz slot 7f3a>';

/** Every leaf of a JSON value, as the path to it. */
function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leafPaths(item, [...path, i]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...path, key]));
  }
  return [path];
}

/** `value` as JSON text with the leaf at `path` replaced by the raw JSON text `raw`. */
function withLeaf(value: unknown, path: (string | number)[], raw: string): string {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = SLOT;
  return JSON.stringify(copy).replace(JSON.stringify(SLOT), () => raw);
}

const json = (body: string) => ({ headers: { 'Content-Type': 'application/json' }, body });
const form = (fields: Record<string, string>) => ({
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

function attemptsFor(route: Route, example: Example | undefined): Attempt[] {
  const attempts: Attempt[] = [];
  const url = urlOf(route);
  const add = (what: string, at: string, init: Omit<Attempt, 'what' | 'url' | 'method'> = {}) =>
    attempts.push({ what, url: at, method: route.method, ...init });

  // The example itself first: later attempts may change or delete what it names.
  const exampleUrl = example?.query ? `${url}?${example.query}` : url;
  if (example?.json !== undefined) add('the valid example', exampleUrl, json(JSON.stringify(example.json)));
  else if (example?.multipart) {
    const body =
      example.multipart === 'pdf'
        ? uploadForm(pdfBytes(), { name: 'signed-report.pdf', type: 'application/pdf' })
        : example.multipart === 'csv'
          ? uploadForm(new TextEncoder().encode(IMPORT_CSV), { name: 'figures.csv', type: 'text/csv' })
          : uploadForm(seed.png);
    if (example.multipart === 'pdf') body.set('confirm_unsigned', 'true');
    add('the valid example', url, {
      body,
      ...(example.ifMatch !== undefined && { headers: { 'If-Match': String(example.ifMatch) } }),
    });
  } else add('the valid example', exampleUrl);

  for (const param of route.params) {
    for (const part of HOSTILE_URL_PARTS) {
      add(`path :${param} = ${part.slice(0, 40)}`, urlOf(route, { [param]: part }));
    }
  }
  for (const part of HOSTILE_URL_PARTS) {
    const query = [...queryFields].map((field) => `${field}=${part}`).join('&');
    add(`every query field = ${part.slice(0, 40)}`, `${url}?${query}`);
    // One field at a time too, so that the other fields' checks do not stop the request first.
    if (route.method === 'GET')
      for (const field of queryFields) add(`query ${field} = ${part.slice(0, 40)}`, `${url}?${field}=${part}`);
  }
  add('repeated and bracketed query fields', `${url}?page=1&page=2&q[]=a&q[x]=b&per_page=10&per_page=x`);

  if (!WRITES.has(route.method)) return attempts;

  for (const raw of HOSTILE_VALUES) add(`body = ${raw.slice(0, 40)}`, url, json(raw));
  for (const raw of HOSTILE_VALUES) {
    const every = `{${[...bodyFields].map((field) => `${JSON.stringify(field)}:${raw}`).join(',')}}`;
    add(`every body field = ${raw.slice(0, 40)}`, url, json(every));
  }
  add('malformed JSON', url, json('{"name": "Ana",'));
  add('JSON with a NUL between tokens', url, json('{"name":\u0000"Ana"}'));
  add('JSON declared as another type', url, { headers: { 'Content-Type': 'text/plain' }, body: '{}' });
  add('a 1 MB body', url, json(JSON.stringify({ title: 'x'.repeat(MB) })));

  if (example?.json !== undefined) {
    for (const path of leafPaths(example.json)) {
      for (const raw of HOSTILE_VALUES)
        add(`${path.join('.')} = ${raw.slice(0, 40)}`, url, {
          ...json(withLeaf(example.json, path, raw)),
          field: true,
        });
    }
  }
  const fields = example?.form ?? { name: 'Ana Cruz', title: 'A title', status: 'draft' };
  for (const key of Object.keys(fields)) {
    for (const value of HOSTILE_STRINGS)
      add(`form ${key} = ${JSON.stringify(value.slice(0, 40))}`, url, {
        ...form({ ...fields, [key]: value }),
        field: true,
      });
  }
  add('a form with a malformed escape', url, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'name=%&email=%ZZ&message=%00',
  });

  const multipart = (build: (f: FormData) => void) => {
    const data = new FormData();
    build(data);
    return { body: data };
  };
  add(
    'multipart: file named with a NUL',
    url,
    multipart((f) => f.append('file', new File([new Uint8Array(seed.png)], 'a\u0000b.png', { type: 'image/png' }))),
  );
  add(
    'multipart: file field as text',
    url,
    multipart((f) => f.append('file', '\u0000')),
  );
  add(
    'multipart: an empty file',
    url,
    multipart((f) => f.append('file', new File([], 'empty.png', { type: 'image/png' }))),
  );
  add(
    'multipart: a text file',
    url,
    multipart((f) => f.append('file', new File(['<script>'], 'x.png', { type: 'image/png' }))),
  );
  add('multipart: no boundary', url, { headers: { 'Content-Type': 'multipart/form-data' }, body: 'garbage' });
  add('multipart: a broken body', url, {
    headers: { 'Content-Type': 'multipart/form-data; boundary=zz' },
    body: '--zz\r\nbroken',
  });
  return attempts;
}

interface Failure {
  what: string;
  request: string;
  status: number | string;
  body: string;
}

async function contactVersion(id: number): Promise<number> {
  const [row] = await ctx.deps.db
    .select({ version: contactMessages.version })
    .from(contactMessages)
    .where(eq(contactMessages.id, id));
  return row?.version ?? 1;
}

async function videoVersion(id: number): Promise<number> {
  const [row] = await ctx.deps.db.select({ version: cmsItems.version }).from(cmsItems).where(eq(cmsItems.id, id));
  return row?.version ?? 1;
}

async function run(route: Route, token: string | null): Promise<{ failures: Failure[]; example: number }> {
  const source = EXAMPLES[`${route.method} ${route.path}`];
  const example: Example | undefined = source && {
    ...source,
    json: typeof source.json === 'function' ? await (source.json as () => unknown)() : source.json,
    ifMatch: await source.ifMatch?.(),
    query: await source.query?.(),
  };
  const failures: Failure[] = [];
  let exampleStatus = 0;
  for (const attempt of attemptsFor(route, example)) {
    if (attempt.field && token === null && exampleStatus === 401) continue;
    // Every attempt from a new client: the contact form's rate limit must not hide what follows it.
    ctx.deps.contact = new ContactGuard({ secret: 'a-fuzz-secret-of-some-length', trustProxy: 0 });
    const headers = new Headers(attempt.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const request = `${attempt.method} ${attempt.url.slice(0, 120)}`;
    try {
      const response = await ctx.app.request(attempt.url, {
        method: attempt.method,
        headers,
        ...(attempt.body !== undefined && { body: attempt.body }),
      });
      const text = await response.text();
      if (attempt.what === 'the valid example') exampleStatus = response.status;
      if (response.status >= 500)
        failures.push({ what: attempt.what, request, status: response.status, body: text.slice(0, 300) });
    } catch (error) {
      failures.push({ what: attempt.what, request, status: 'threw', body: String(error).slice(0, 300) });
    }
  }
  return { failures, example: exampleStatus };
}

const routes = apiRoutes();

describe('fuzzing every endpoint of the API', () => {
  test('the route table lists the API (the fuzz covers what it lists)', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/contact-us');
  });

  test('every writing endpoint has a valid example request here', () => {
    const missing = routes
      .filter((r) => WRITES.has(r.method) || r.path.includes('/delete/'))
      .map((r) => `${r.method} ${r.path}`)
      .filter((key) => !(key in EXAMPLES));
    expect(missing, 'add a valid example request for these endpoints to EXAMPLES').toEqual([]);
  });

  // "admin": an administrator, or the country user an example names (`as`).
  describe.each(['anonymous', 'admin'] as const)('as %s', (who) => {
    test.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))(
      '%s: no 5xx',
      { timeout: 180_000 },
      async (_, route) => {
        const source = EXAMPLES[`${route.method} ${route.path}`];
        const user = source?.as?.() ?? admin;
        const token = who === 'admin' ? (source?.freshSignIn ? await signIn(ctx, user.email) : user.token) : null;
        const { failures, example } = await run(route, token);
        expect(failures).toEqual([]);
        // The example must stay valid, or the field-by-field attempts test nothing past validation.
        if (who === 'admin' && EXAMPLES[`${route.method} ${route.path}`])
          expect(example, 'the valid example').toBeLessThan(300);
      },
    );
  });
});
