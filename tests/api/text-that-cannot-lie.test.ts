/**
 * Text that cannot lie (issue 31, item 5; decision 057): a practice title with a right-to-left
 * override and zero-width characters is stored as it reads, whichever way it comes in (JSON, a
 * plain form post, a file's name, a spreadsheet's cell); its public page, built from the API,
 * holds no override, and a title written right to left sits inside the portal's own balanced
 * FSI … PDI in <title> and og:title only; an email about it isolates it in its subject; Thai and
 * Khmer word breaks, Persian ZWNJ and Hindi ZWJ come through. The migration cleans what was
 * stored before, by the same rules as the API.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  PracticeResponseSchema,
  type BestPractice,
  type PracticeSaveBody,
} from '../../src/lib/best-practices/schema.ts';
import {
  auditEvents,
  bestPractices,
  bestPracticeSections,
  contactMessages,
  contactReplies,
  users,
} from '../../src/lib/db/schema.ts';
import { safeText } from '../../src/lib/http/safe-text.ts';
import { DatasetResponseSchema, ImportResponseSchema } from '../../src/lib/urbanisation-profile/schema.ts';
import {
  ARABIC_TITLE,
  ARABIC_TITLE_STORED,
  balancedIsolates,
  BIDI_CONTROL,
  EMOJI_SEQUENCE,
  HINDI_WORDS,
  HOSTILE_TITLE,
  HOSTILE_TITLE_STORED,
  INVISIBLE,
  KHMER_WORDS,
  MYANMAR_WORDS,
  PERSIAN_WORDS,
  THAI_WORDS,
} from '../fixtures/bidi-text.ts';
import { COMPLETE_PRACTICE, COMPLETE_ROW, insertPractice } from '../fixtures/best-practices.ts';
import { uploadForm } from '../fixtures/cms.ts';
import { createTestContext } from '../support/app.ts';
import { expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { startMailSink } from '../support/mail.ts';
import { withVersion } from '../support/versions.ts';

const SITE = 'Asia-Pacific Urban Agenda';
const controlFile = join(mkdtempSync(join(tmpdir(), 'apua-bidi-test-')), 'control.json');
const sink = await startMailSink();
const ctx = await createTestContext({
  env: { SMTP_URL: sink.url, PUBLIC_SITE_URL: 'https://portal.example' },
  buildEnv: { FAKE_BUILD_CONTROL: controlFile },
  site: { current: () => ctx.builder.current() },
});

let admin: TestUser;
let thMember: TestUser;
let phAdmin: TestUser;
let server: ServerType;
beforeAll(async () => {
  [admin, thMember, phAdmin] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP', name: 'Aiko Reviewer' }),
    createUser(ctx, { role: 'state_member', country: 'TH', name: 'Somchai Author' }),
    createUser(ctx, { role: 'state_admin', country: 'PH' }),
  ]);
  // The build reads the public API over HTTP, as `astro build` does.
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  writeFileSync(
    controlFile,
    JSON.stringify({ api: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, practices: true }),
  );
});
afterAll(async () => {
  await ctx.builder.settled();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const save = async (
  user: TestUser,
  body: PracticeSaveBody & Record<string, unknown>,
  status = 201,
): Promise<BestPractice> =>
  (
    await expectJson(
      await ctx.request('/api/best-practice/saved', { token: user.token, json: body }),
      status,
      PracticeResponseSchema,
    )
  ).data;
const act = async (user: TestUser, p: BestPractice, action: string): Promise<BestPractice> =>
  (
    await expectJson(
      await ctx.request(`/api/best-practice/${p.uuid}/transition`, {
        token: user.token,
        json: { action, version: p.version },
      }),
      200,
      PracticeResponseSchema,
    )
  ).data;
const rowOf = async (uuid: string) =>
  (await ctx.deps.db.select().from(bestPractices).where(eq(bestPractices.uuid, uuid)))[0]!;

/** A practice of Thailand as a country user writes it: the hostile characters in every kind of field. */
const hostilePractice = (title: string): PracticeSaveBody & Record<string, unknown> => ({
  ...COMPLETE_PRACTICE,
  title,
  country_code: 'TH',
  city: 'Bang\u202Ekok',
  summary: `${THAI_WORDS} \u202Eesrever\u202C ${KHMER_WORDS}`,
  narrative: {
    context: `${PERSIAN_WORDS}\u2066`,
    implementation: `${HINDI_WORDS} ${EMOJI_SEQUENCE}`,
    results: `${MYANMAR_WORDS}\u2060\uFEFF`,
  },
  partners: [{ name: 'UN\u202E-Habitat\u202C', support: ['technical'] }],
  figures: [{ label: 'Households \u202Econnected', value: '12\u200B000', unit: '' }],
});

describe('on the way in', () => {
  test(
    'a practice saved with overrides and zero-width characters is stored as it reads; Thai, Khmer, Myanmar, ' +
      'Persian, Hindi and emoji writing is kept',
    async () => {
      const p = await save(thMember, hostilePractice(HOSTILE_TITLE));
      expect(p.title).toBe(HOSTILE_TITLE_STORED);
      expect(p.city).toBe('Bangkok');
      expect(p.summary).toBe(`${THAI_WORDS} esrever ${KHMER_WORDS}`);
      expect(p.narrative).toMatchObject({
        context: PERSIAN_WORDS,
        implementation: `${HINDI_WORDS} ${EMOJI_SEQUENCE}`,
        results: MYANMAR_WORDS,
      });
      expect(p.partners[0]!.name).toBe('UN-Habitat');
      expect(p.figures[0]).toMatchObject({ label: 'Households connected', value: '12000' });

      const row = await rowOf(p.uuid);
      const sections = await ctx.deps.db
        .select()
        .from(bestPracticeSections)
        .where(eq(bestPracticeSections.practiceId, row.id));
      const stored = JSON.stringify([row, sections]);
      expect(stored).not.toMatch(BIDI_CONTROL);
      expect(stored).not.toMatch(INVISIBLE);
      expect(row.title).toBe(HOSTILE_TITLE_STORED);
      for (const kept of [THAI_WORDS, KHMER_WORDS, PERSIAN_WORDS, HINDI_WORDS, MYANMAR_WORDS, EMOJI_SEQUENCE])
        expect(stored).toContain(kept);
    },
  );

  test('a name completing a profile and a contact form posted without JavaScript are stored as they read', async () => {
    const { version } = (await (await ctx.request('/api/whoami', { token: phAdmin.token })).json()) as {
      version: number;
    };
    const saved = await ctx.request('/api/user/saved/profile', {
      token: phAdmin.token,
      json: withVersion({ name: 'Jose Reyes\u202E\u200B', country_code: 'PH' }, version),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await ctx.deps.db.select({ name: users.name }).from(users).where(eq(users.id, phAdmin.id)))[0]!.name).toBe(
      'Jose Reyes',
    );

    const form = new URLSearchParams({
      name: 'فاطمة\u202E أحمد',
      email: 'fatima@example.org',
      subject: `${HOSTILE_TITLE}?`,
      message: `${THAI_WORDS}\n\u2067${PERSIAN_WORDS}\u2069`,
    });
    const posted = await ctx.request('/api/contact-us', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(posted.status).toBe(303);
    const [message] = await ctx.deps.db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1);
    expect(message).toMatchObject({
      name: 'فاطمة أحمد',
      subject: `${HOSTILE_TITLE_STORED}?`,
      message: `${THAI_WORDS}\n${PERSIAN_WORDS}`,
    });
  });

  test('an uploaded file’s name and a spreadsheet’s cells are stored as they read', async () => {
    const p = await save(thMember, { title: 'Documents', country_code: 'TH' });
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n');
    const sent = await ctx.request(`/api/best-practice/${p.uuid}/attachment?version=${p.version}`, {
      method: 'POST',
      token: thMember.token,
      body: uploadForm(pdf, { name: 'Annual report \u202E3202.pdf', type: 'application/pdf' }),
    });
    const attached = (await expectJson(sent, 201, PracticeResponseSchema)).data.attachments[0]!;
    expect(attached).toMatchObject({ title: 'Annual report 3202', file_name: 'Annual report 3202.pdf' });

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Figures');
    sheet.addRow(['country_code', 'indicator', 'year', 'value', 'source', 'is_estimate', 'note']);
    sheet.addRow(['PH', 'URB_GROWTH', 2003, 1.5, 'PSA \u202Esusnec\u202C', 'no', `${THAI_WORDS}\u2066`]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const imported = await ctx.request('/api/profile/import/file', {
      method: 'POST',
      token: phAdmin.token,
      body: uploadForm(bytes, { name: 'figures\u202Exslx.xlsx', type: '' }),
    });
    await expectJson(imported, 200, ImportResponseSchema);
    const dataset = await expectJson(
      await ctx.request('/api/profile/analytics/demography-urbanisation/PH/2003', { token: phAdmin.token }),
      200,
      DatasetResponseSchema,
    );
    expect(dataset.data.values).toContainEqual(
      expect.objectContaining({ indicator: 'URB_GROWTH', source: 'PSA susnec', note: THAI_WORDS }),
    );
  });
});

describe('on the way out', () => {
  let hostile: BestPractice;
  let arabic: BestPractice;
  let older: { uuid: string };
  const page = async (uuid: string) => {
    const response = await ctx.request(`/best-practices-overview/view/${uuid}`);
    expect(response.status).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    sink.received.length = 0;
    hostile = await act(thMember, await save(thMember, hostilePractice(HOSTILE_TITLE)), 'submit');
    arabic = await act(thMember, await save(thMember, hostilePractice(ARABIC_TITLE)), 'submit');
    hostile = await act(admin, hostile, 'publish');
    arabic = await act(admin, arabic, 'publish');
    // A row stored before the API cleaned its input (or by hand): the build makes it safe too.
    older = await insertPractice(ctx, {
      ...COMPLETE_ROW,
      title: `${ARABIC_TITLE} ${HOSTILE_TITLE}`,
      summary: `\u202E${THAI_WORDS}`,
      countryCode: 'VN',
      status: 'published',
      publishedAt: new Date(),
    });
    await ctx.builder.settled();
    await ctx.builder.request();
  });

  test(
    'the public page of the hostile title holds no override, no isolate and no invisible character, and says ' +
      'what it stores',
    async () => {
      const html = await page(hostile.uuid);
      expect(html).not.toMatch(BIDI_CONTROL);
      expect(html).not.toMatch(INVISIBLE);
      expect(html).toContain(`<title>${HOSTILE_TITLE_STORED} · ${SITE}</title>`);
      expect(html).toContain(`<h1 dir="auto">${HOSTILE_TITLE_STORED}</h1>`);
      expect(html).toContain(`"headline":"${HOSTILE_TITLE_STORED}"`);
      // Thai and Khmer word breaks are kept in the description and the page.
      expect(html).toContain(`content="${THAI_WORDS} esrever ${KHMER_WORDS}"`);
    },
  );

  test(
    'a title written right to left is inside the portal’s balanced FSI … PDI in <title> and og:title, and ' +
      'nowhere else',
    async () => {
      const html = await page(arabic.uuid);
      const title = `\u2068${ARABIC_TITLE_STORED}\u2069 · ${SITE}`;
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain(`<meta property="og:title" content="${title}">`);
      expect(balancedIsolates(html)).toBe(true);
      expect(html.replaceAll(title, '')).not.toMatch(BIDI_CONTROL);
      expect(html).toContain(`"headline":"${ARABIC_TITLE_STORED}"`);
      expect(html).toContain(`<h1 dir="auto">${ARABIC_TITLE_STORED}</h1>`);
    },
  );

  test('a row stored with overrides before they were refused is shown without them', async () => {
    const html = await page(older.uuid);
    const title = `\u2068${ARABIC_TITLE_STORED} ${HOSTILE_TITLE_STORED}\u2069 · ${SITE}`;
    expect(html).toContain(`<title>${title}</title>`);
    expect(html.replaceAll(title, '')).not.toMatch(BIDI_CONTROL);
    expect(html).not.toMatch(INVISIBLE);
    expect(html).toContain(`<p dir="auto">${THAI_WORDS}</p>`);
  });

  test(
    'the email about a practice titled in Arabic script isolates the title in its subject and text, and puts it ' +
      'in <bdi> in its HTML',
    async () => {
      await ctx.deps.mail!.runOnce();
      const mail = sink.received.find((m) => m.to?.includes(admin.email) && m.subject?.includes(ARABIC_TITLE_STORED));
      expect(mail?.subject).toBe(`Practice to review: \u2068${ARABIC_TITLE_STORED}\u2069 · ${SITE}`);
      expect(balancedIsolates(mail!.subject!)).toBe(true);
      expect(mail?.text).toContain(`“\u2068${ARABIC_TITLE_STORED}\u2069”`);
      expect(balancedIsolates(mail!.text!)).toBe(true);
      expect(mail?.html).toContain(`<bdi>${ARABIC_TITLE_STORED}</bdi>`);
      // The hostile title's email carries it as stored, with no isolate (nothing in it is written right to left).
      const other = sink.received.find((m) => m.to?.includes(admin.email) && m.subject?.includes(HOSTILE_TITLE_STORED));
      expect(other?.subject).toBe(`Practice to review: ${HOSTILE_TITLE_STORED} · ${SITE}`);
    },
  );

  test(
    'a reply to a visitor who wrote in Arabic script isolates their subject and name in the email, and stores ' +
      'the subject as written',
    async () => {
      const sent = await ctx.request('/api/contact-us', {
        json: {
          name: 'فاطمة أحمد',
          email: 'fatima.reply@example.org',
          subject: 'زيارة في مايو',
          message: 'نود زيارة الأمانة.',
        },
      });
      expect(sent.status).toBe(201);
      const [row] = await ctx.deps.db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1);
      const replied = await ctx.request(`/api/contact-us/reply/${row!.id}`, {
        token: admin.token,
        json: { subject: 'Re: زيارة في مايو', message: 'Welcome on 12 May.', version: row!.version },
      });
      expect(replied.status).toBe(200);
      await ctx.deps.mail!.runOnce();
      const mail = sink.received.find((m) => m.to?.includes('fatima.reply@example.org'));
      expect(mail?.subject).toBe('Re: \u2068زيارة في مايو\u2069');
      expect(mail?.text).toContain('Dear \u2068فاطمة أحمد\u2069,');
      expect(mail?.text).toContain('> \u2068نود زيارة الأمانة.\u2069');
      expect(balancedIsolates(mail!.text!)).toBe(true);
      const [reply] = await ctx.deps.db.select().from(contactReplies).where(eq(contactReplies.messageId, row!.id));
      expect(reply!.subject).toBe('Re: زيارة في مايو');
    },
  );
});

describe('what was stored before (migration 0032)', () => {
  const migration = readFileSync(
    new URL('../../src/lib/db/migrations/0032_text_that_cannot_lie.sql', import.meta.url),
    'utf8',
  ).split('--> statement-breakpoint');
  const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

  test(
    'cleans every text and JSON column by the API’s rules, leaves the audit trail as it was, and drops its ' +
      'function',
    async () => {
      expect(migration).toHaveLength(3);
      await ctx.deps.db.execute(sql.raw(migration[0]!));

      // The database's rules are the API's: the same answer for the fixtures and for random strings.
      const alphabet = [
        'a',
        ' ',
        'ก',
        'ข',
        'ក',
        'م',
        '1',
        '清',
        '\u200B',
        '\u200C',
        '\u200D',
        '\u200E',
        '\u200F',
        '\u061C',
        '\u180E',
        'ᠠ',
        '\u202E',
        '\u2066',
        '\u2069',
        '\uFEFF',
        '\u2060',
        '😀',
      ];
      let seed = 11;
      const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
      const samples = [
        HOSTILE_TITLE,
        ARABIC_TITLE,
        THAI_WORDS,
        KHMER_WORDS,
        PERSIAN_WORDS,
        HINDI_WORDS,
        EMOJI_SEQUENCE,
        'Budget \u200F100 200',
        'ᠬᠠᠷ\u180Eᠠ',
      ];
      for (let i = 0; i < 300; i++)
        samples.push(Array.from({ length: next() % 10 }, () => alphabet[next() % alphabet.length]).join(''));
      for (const sample of samples) {
        const [row] = rowsOf<{ clean: string }>(
          await ctx.deps.db.execute(sql`select apua_safe_text(${sample}) as clean`),
        );
        expect(row!.clean, JSON.stringify(sample)).toBe(safeText(sample));
      }

      const practice = await insertPractice(ctx, {
        title: HOSTILE_TITLE,
        summary: `${THAI_WORDS}\u200B`,
        narrative: { context: `${PERSIAN_WORDS}\u202E`, results: `شهر C++\u200E` },
        partners: [{ name: 'UN\u202E-Habitat', support: [] }],
      });
      await ctx.deps.db.update(users).set({ name: 'Jose\u202E Reyes' }).where(eq(users.id, thMember.id));
      const [audit] = await ctx.deps.db
        .insert(auditEvents)
        .values({ entity: 'best_practice', entityId: practice.uuid, action: 'create', after: { title: HOSTILE_TITLE } })
        .returning();

      await ctx.deps.db.execute(sql.raw(migration[1]!));
      await ctx.deps.db.execute(sql.raw(migration[2]!));

      const row = await rowOf(practice.uuid);
      expect(row.title).toBe(HOSTILE_TITLE_STORED);
      expect(row.summary).toBe(THAI_WORDS);
      expect(row.narrative).toEqual({ context: PERSIAN_WORDS, results: 'شهر C++\u200E' });
      expect(row.partners).toEqual([{ name: 'UN-Habitat', support: [] }]);
      expect(
        (await ctx.deps.db.select({ name: users.name }).from(users).where(eq(users.id, thMember.id)))[0]!.name,
      ).toBe('Jose Reyes');
      const [kept] = await ctx.deps.db.select().from(auditEvents).where(eq(auditEvents.id, audit!.id));
      expect(kept!.after).toEqual({ title: HOSTILE_TITLE });
      const [gone] = rowsOf<{ fn: string | null }>(
        await ctx.deps.db.execute(sql`select to_regproc('apua_safe_text')::text as fn`),
      );
      expect(gone!.fn).toBeNull();
    },
  );
});
