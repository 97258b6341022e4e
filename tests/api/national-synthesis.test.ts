import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import { beforeAll, describe, expect, test } from 'vitest';
import { contentTranslations, nationalReports } from '../../src/lib/db/schema.ts';
import type { Question } from '../../src/lib/national-reports/question-schema.ts';
import type { ReportStatus } from '../../src/lib/national-reports/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError } from '../support/assertions.ts';
import { createUser } from '../support/factories.ts';
import { openCycle, questionsByCode, saveAnswers } from '../support/national-reports.ts';

/**
 * The regional synthesis draft (issue 34 item 6, decision 079): the PDF and the .docx of a cycle,
 * in the secretariat's language, with the countries' names in it, their figures and choices, and
 * the quotations chosen, each shaped in its script; who may make it, and its refusals.
 */
const ctx = await createTestContext();
const YEAR = 2033;
const EMPTY_YEAR = 2034;
const BASE = '/api/report/type/national/synthesis';
const admin = await createUser(ctx, { role: 'admin', country: 'JP' });
await openCycle(ctx, admin, { year: YEAR });
await openCycle(ctx, admin, { year: EMPTY_YEAR });
const questions = await questionsByCode(ctx, admin);
const FIGURE = questions.get('Q17')!; // a figure (num)
const NARRATIVE = questions.get('Q18')!; // a narrative (txt)
const YES_NO = [...questions.values()].find((q) => q.answer_type === 'yn' && q.parts.length === 0)!;

const COUNTRIES: Record<string, { status: ReportStatus; lang: string; figure: number; text: string; yes: boolean }> = {
  TH: { status: 'submitted', lang: 'th', figure: 12.5, text: 'เมืองต่าง ๆ สนับสนุนอุตสาหกรรมสร้างสรรค์', yes: true },
  CN: { status: 'accepted', lang: 'zh-Hans', figure: 40, text: '城市支持创意产业和保障性住房', yes: true },
  AF: { status: 'published', lang: 'fa-AF', figure: 3, text: 'شهرها صنایع فرهنگی را پشتیبانی می‌کنند', yes: false },
  KZ: { status: 'submitted', lang: 'ru', figure: 20, text: 'Города поддерживают креативные индустрии', yes: true },
  // Not handed in: read by no synthesis.
  PH: { status: 'in_progress', lang: 'en', figure: 999, text: 'Cities support creative industries', yes: false },
};
/** The quotations, in the secretariat's order. */
const QUOTED = ['AF', 'TH', 'CN', 'KZ'];

const dir = mkdtempSync(join(tmpdir(), 'synthesis-'));
/** NFC, without spaces and the direction marks poppler adds around right-to-left words. */
const normal = (text: string) => text.normalize('NFC').replace(/[\s\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '');

function saved(bytes: Uint8Array, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

const make = (body: unknown, token: string | null = admin.token, year = YEAR) =>
  ctx.request(`${BASE}/${year}`, { token, json: body });

async function fileOf(response: Response, type: string): Promise<Uint8Array> {
  expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
  expect(response.headers.get('content-type')).toBe(type);
  return new Uint8Array(await response.arrayBuffer());
}

/** Every XML part of a .docx, by name (unzipped by Info-ZIP's unzip). */
function docxParts(bytes: Uint8Array, name: string): Map<string, string> {
  const out = join(dir, `${name}-parts`);
  execFileSync('unzip', ['-o', '-q', saved(bytes, `${name}.docx`), '-d', out]);
  const parts = new Map<string, string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at)) {
      const path = join(at, entry);
      if (statSync(path).isDirectory()) walk(path);
      else parts.set(path.slice(out.length + 1), readFileSync(path, 'utf8'));
    }
  };
  walk(out);
  return parts;
}

function wellFormed(xml: string): boolean {
  const parser = new SaxesParser({ xmlns: true });
  let ok = true;
  parser.on('error', () => (ok = false));
  parser.write(xml).close();
  return ok;
}

beforeAll(async () => {
  await Promise.all(
    Object.entries(COUNTRIES).map(async ([code, c]) => {
      const member = await createUser(ctx, { role: 'state_member', country: code });
      const answers = [
        { question_uuid: FIGURE.uuid, value: c.figure, data_year: 2032, source: 'NSO' },
        { question_uuid: NARRATIVE.uuid, value: c.text },
        { question_uuid: YES_NO.uuid, value: c.yes },
      ];
      const response = await saveAnswers(ctx, member, YEAR, code, answers);
      expect(response.status, await response.clone().text()).toBe(200);
      // The workflow to each status is tested elsewhere: here it is where the reports stand.
      await ctx.deps.db
        .update(nationalReports)
        .set({ status: c.status, writtenIn: c.lang })
        .where(and(eq(nationalReports.year, YEAR), eq(nationalReports.countryCode, code)));
    }),
  );
  await chooseQuotes(NARRATIVE, QUOTED);
  // A thrust's name translated into French: the synthesis prints it.
  await ctx.deps.db.insert(contentTranslations).values({
    entity: 'thrust',
    key: FIGURE.thrust,
    locale: 'fr',
    fields: { name: 'Thème traduit pour la synthèse' },
    source: { name: 'x' },
  });
}, 60_000);

/** The secretariat's quotations for `q`, in order, chosen through the quotes endpoint (decision 075). */
async function chooseQuotes(q: Question, codes: readonly string[]) {
  const response = await ctx.request(`${BASE}/${YEAR}/quotes/${q.uuid}`, {
    method: 'PUT',
    token: admin.token,
    json: { country_codes: codes },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('POST /api/report/type/national/synthesis/{year}', () => {
  test(
    'a PDF in French: headings and countries in French, figures and counts, quotations shaped in their scripts',
    { timeout: 120_000 },
    async () => {
      const response = await make({ lang: 'fr', format: 'pdf' });
      const bytes = await fileOf(response, 'application/pdf');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="regional-synthesis-${YEAR}-fr.pdf"`,
      );
      const file = saved(bytes, 'fr.pdf');
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      const flat = normal(text);
      for (const words of [
        'Projet — synthèse régionale',
        `Cycle de rapport ${YEAR}`,
        'Établi à partir de 4 rapports nationaux soumis, acceptés ou publiés',
        'Table des matières',
        'Thème traduit pour la synthèse',
        'Médiane',
        'Réponses citées',
        'Oui',
        'Non',
        // Countries by their French names.
        'Thaïlande',
        'Chine',
        'Afghanistan',
        'Kazakhstan',
        // Figures the French way, the median of 3, 12.5, 20, 40.
        '12,5',
        '16,25',
      ])
        expect(flat, words).toContain(normal(words));
      // The report not handed in is not read.
      expect(flat).not.toContain('Philippines');
      expect(text).not.toContain('999');
      for (const code of ['TH', 'CN', 'KZ']) expect(flat, code).toContain(normal(COUNTRIES[code]!.text));
      // Right to left: poppler gives each word in reading order.
      for (const word of COUNTRIES['AF']!.text.split(' ')) expect(flat, word).toContain(normal(word));
      expect(text).not.toContain('\ufffd');
      const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
      for (const name of ['NotoSans-Regular', 'NotoSansThai', 'NotoSansArabic', 'NotoSansCJKsc-Han'])
        expect(fonts, name).toMatch(new RegExp(`[A-Z]{6}\\+${name}`));
      for (const line of fonts.split('\n').slice(2).filter(Boolean)) expect(line).toMatch(/yes yes yes/);
      // The shaping is the report PDF's own (src/lib/pdf, tested in pdf-scripts.test.ts); here the quotations come
      // back whole from the fonts that shape them, and the pages render without error.
      execFileSync('pdftoppm', ['-png', '-r', '40', '-f', '1', '-l', '3', file, join(dir, 'fr-page')]);
    },
  );

  test(
    'a .docx in Chinese: well-formed parts, heading styles, quotations marked with their language and direction',
    {
      timeout: 120_000,
    },
    async () => {
      const response = await make({ lang: 'zh', format: 'docx' });
      const bytes = await fileOf(response, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      const parts = docxParts(bytes, 'zh');
      expect([...parts.keys()].sort()).toEqual(
        [
          '[Content_Types].xml',
          '_rels/.rels',
          'docProps/core.xml',
          'word/_rels/document.xml.rels',
          'word/document.xml',
          'word/settings.xml',
          'word/styles.xml',
        ].sort(),
      );
      for (const [name, xml] of parts) expect(wellFormed(xml), name).toBe(true);
      const document = parts.get('word/document.xml')!;
      expect(document).toContain('草稿 — 区域综合报告');
      expect(document).toContain('<w:pStyle w:val="Heading1"/>');
      expect(document).toContain(`<w:pStyle w:val="Heading2"/></w:pPr><w:r><w:t xml:space="preserve">${FIGURE.code}.`);
      expect(document).toContain(' TOC \\o "1-2" \\h \\z \\u ');
      expect(parts.get('word/styles.xml')).toMatch(/w:styleId="Heading1">.*<w:outlineLvl w:val="0"\/>/);
      // Countries in Chinese, quotations as written with their language; the Persian one right to left.
      for (const name of ['泰国', '中国', '阿富汗', '哈萨克斯坦']) expect(document, name).toContain(name);
      expect(document).toContain(
        `<w:pPr><w:pStyle w:val="Quote"/><w:bidi/></w:pPr><w:r><w:rPr><w:rtl/><w:lang w:val="fa-AF" w:bidi="fa-AF"/>` +
          `</w:rPr><w:t xml:space="preserve">${COUNTRIES['AF']!.text}</w:t>`,
      );
      expect(document).toContain(
        `<w:lang w:val="th" w:bidi="th"/></w:rPr><w:t xml:space="preserve">${COUNTRIES['TH']!.text}`,
      );
      expect(document).toContain(`<w:lang w:val="zh-Hans" w:eastAsia="zh-Hans"/></w:rPr>`);
      expect(document).toContain(`<w:lang w:val="ru"/></w:rPr><w:t xml:space="preserve">${COUNTRIES['KZ']!.text}`);
      // The quotations in the chosen order.
      const at = QUOTED.map((code) => document.indexOf(COUNTRIES[code]!.text));
      expect(at.every((n, i) => n > 0 && (i === 0 || n > at[i - 1]!))).toBe(true);
      expect(document).not.toContain(COUNTRIES['PH']!.text);
    },
  );

  test.skipIf(!existsSync('/usr/bin/soffice'))(
    'LibreOffice opens the .docx (converted to PDF, its text is there)',
    { timeout: 120_000 },
    async () => {
      const bytes = await fileOf(
        await make({ lang: 'ru', format: 'docx' }),
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      const file = saved(bytes, 'ru.docx');
      execFileSync('soffice', [
        '--headless',
        `-env:UserInstallation=file://${join(dir, 'lo-profile')}`,
        '--convert-to',
        'pdf',
        '--outdir',
        dir,
        file,
      ]);
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'ru.pdf'), '-'], { encoding: 'utf8' });
      expect(normal(text)).toContain(normal('Проект — региональный сводный доклад'));
      expect(normal(text)).toContain(normal(COUNTRIES['KZ']!.text));
    },
  );

  test('a cycle with no report handed in gives a document that says so', { timeout: 60_000 }, async () => {
    const bytes = await fileOf(await make({ lang: 'en', format: 'pdf' }, admin.token, EMPTY_YEAR), 'application/pdf');
    const text = normal(
      execFileSync('pdftotext', ['-enc', 'UTF-8', saved(bytes, 'empty.pdf'), '-'], { encoding: 'utf8' }),
    );
    expect(text).toContain(normal('No national report of this cycle has been submitted yet'));
    expect(text).toContain(normal(`${FIGURE.code}. ${FIGURE.text}`.slice(0, 40)));
  });

  test('only the secretariat may make it; an unknown cycle is a 404; a bad language or format a 400', async () => {
    const body = { lang: 'en', format: 'pdf' };
    expect((await make(body, null)).status).toBe(401);
    const stateAdmin = await createUser(ctx, { role: 'state_admin', country: 'TH' });
    const member = await createUser(ctx, { role: 'state_member', country: 'TH' });
    await expectError(await make(body, stateAdmin.token), 403);
    await expectError(await make(body, member.token), 403);
    await expectError(await make(body, admin.token, 2099), 404, { message: /There is no 2099 reporting cycle/ });
    const lang = await expectError(await make({ lang: 'de', format: 'pdf' }), 400, { fields: ['lang'] });
    expect(lang.errors).toEqual({ lang: ['must be en, zh, fr or ru'] });
    const format = await expectError(await make({ lang: 'fr', format: 'odt' }), 400, { fields: ['format'] });
    expect(format.errors).toEqual({ format: ['must be pdf or docx'] });
    // Said in the caller's language.
    const french = await ctx.request(`${BASE}/${YEAR}`, {
      token: admin.token,
      json: { lang: 'en', format: 'rtf' },
      headers: { 'Accept-Language': 'fr' },
    });
    expect(((await french.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      format: ['doit être pdf ou docx'],
    });
  });
});
