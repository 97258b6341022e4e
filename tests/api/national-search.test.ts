import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { answerSearch, nationalReports, questions as questionsTable, reportAnswers } from '../../src/lib/db/schema.ts';
import { AnswerSearchResponseSchema, type AnswerSearchHit } from '../../src/lib/national-reports/search-schema.ts';
import { syncAnswerSearch } from '../../src/lib/national-reports/search-index.server.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { openCycle, questionsByCode, saveAnswers, viewReport } from '../support/national-reports.ts';

/**
 * The answers' search (issue 34 item 2, decision 076) through the real API: every script of the
 * region finds its answer (words cut by the segmenter, Russian by its stems, a query cut
 * differently from the text by the grapheme pairs), only what the caller may read, best first,
 * the match marked in an escaped snippet, pages and refusals.
 */

const ctx = await createTestContext();
const YEAR = 2026;
const SEARCH = '/api/report/type/national/search';

/** One answer (Q18, a text question) per script, each in its country's report, and the words that must find it. */
const SCRIPTS: { script: string; country: string; text: string; queries: string[] }[] = [
  {
    script: 'Thai',
    country: 'TH',
    text: 'การพัฒนาเมืองอย่างยั่งยืนต้องมีที่อยู่อาศัยราคาประหยัดสำหรับผู้มีรายได้น้อยในกรุงเทพมหานคร',
    // The last one spans two words of the text.
    queries: ['ที่อยู่อาศัย', 'ราคาประหยัด', 'รายได้น้อย', 'อาศัยราคา'],
  },
  {
    script: 'Khmer',
    country: 'KH',
    text: 'រាជធានីភ្នំពេញកំពុងអភិវឌ្ឍលំនៅដ្ឋានសមរម្យសម្រាប់ប្រជាពលរដ្ឋដែលមានចំណូលទាប',
    queries: ['លំនៅដ្ឋាន', 'ភ្នំពេញ'],
  },
  {
    script: 'Lao',
    country: 'LA',
    text: 'ລັດຖະບານໄດ້ປັບປຸງລະບົບນໍ້າປະປາ ແລະ ການເກັບຂີ້ເຫຍື້ອໃນນະຄອນຫຼວງວຽງຈັນ',
    queries: ['ນໍ້າປະປາ', 'ຂີ້ເຫຍື້ອ'],
  },
  {
    script: 'Myanmar',
    country: 'MM',
    text: 'ရန်ကုန်မြို့တွင် အိမ်ရာစီမံကိန်းများကို တိုးချဲ့ဆောင်ရွက်လျက်ရှိသည်',
    queries: ['အိမ်ရာ', 'ရန်ကုန်'],
  },
  {
    script: 'Chinese',
    country: 'CN',
    text: '我国积极推进城市更新行动，加快建设保障性住房，完善城市公共交通体系。',
    // "性住房" straddles the segmenter's words 保障性 | 住房 (or 保障 | 性 | 住房): found by its pairs.
    queries: ['保障性住房', '城市更新', '性住房', '公共交通'],
  },
  {
    script: 'Japanese',
    country: 'JP',
    text: '地方都市ではコンパクトシティの形成と公共交通の充実を進めている。',
    queries: ['公共交通', 'コンパクトシティ', '地方都市'],
  },
  {
    script: 'Korean',
    country: 'KR',
    text: '정부는 청년과 신혼부부를 위한 공공임대주택을 공급하고 도시재생 사업을 확대하였다.',
    // Words found inside the text's longer words (the particle 을 clings to 공공임대주택).
    queries: ['임대주택', '도시재생', '신혼부부'],
  },
  {
    script: 'Russian',
    country: 'RU',
    text: 'Программа обеспечения жильём молодых семей расширена: строительство доступного жилья выросло.',
    queries: ['жилье', 'жилья', 'жильё', 'доступное', 'молодая семья'],
  },
  {
    script: 'Persian',
    country: 'IR',
    text: 'شهرداری تهران طرح بازآفرینی بافت‌های فرسوده را اجرا می‌کند',
    // Without the ZWNJ, and with the Arabic yeh (ي) for the Persian one.
    queries: ['بافتهای فرسوده', 'بازآفرینی', 'شهرداري'],
  },
  {
    script: 'Hindi',
    country: 'IN',
    text: 'स्मार्ट सिटी मिशन के अंतर्गत शहरी परिवहन में सुधार किया गया है।',
    queries: ['परिवहन', 'स्मार्ट सिटी'],
  },
  {
    script: 'Vietnamese',
    country: 'VN',
    text: 'Chính phủ đẩy mạnh phát triển nhà ở xã hội cho công nhân tại các khu đô thị.',
    queries: ['nhà ở xã hội', 'đô thị'],
  },
];

let admin: TestUser;
const members = new Map<string, TestUser>();
let questions: Awaited<ReturnType<typeof questionsByCode>>;

const uuid = (code: string) => questions.get(code)!.uuid;

async function save(country: string, code: string, value: string) {
  const member = members.get(country)!;
  const view = await viewReport(ctx, member, YEAR, country);
  const current = view.answers.find((a) => a.question_uuid === uuid(code));
  const response = await saveAnswers(ctx, member, YEAR, country, [
    { question_uuid: uuid(code), ...(current && { version: current.version }), value },
  ]);
  expect(response.status, await response.clone().text()).toBe(200);
}

/** A report's status set as the workflow would, its change event published (the search's index follows it). */
async function setStatus(country: string, status: string) {
  const [report] = await ctx.deps.db
    .update(nationalReports)
    .set({ status })
    .where(and(eq(nationalReports.year, YEAR), eq(nationalReports.countryCode, country)))
    .returning({ uuid: nationalReports.uuid });
  ctx.deps.changes.publish([
    { type: 'report.updated', data: { uuid: report!.uuid, year: YEAR, country }, actorId: null, site: false },
  ]);
}

async function search(user: TestUser, params: Record<string, string>) {
  const response = await ctx.request(`${SEARCH}?${new URLSearchParams(params)}`, { token: user.token });
  return expectJson(response, 200, AnswerSearchResponseSchema);
}

const where = (hits: AnswerSearchHit[]) => hits.map((hit) => `${hit.country_code}:${hit.question_code}`);

beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: null });
  await openCycle(ctx, admin, { year: YEAR });
  const countries = [...SCRIPTS.map((s) => s.country), 'PH', 'NP', 'BT'];
  for (const country of countries) members.set(country, await createUser(ctx, { role: 'state_member', country }));
  questions = await questionsByCode(ctx, admin);
  for (const { country, text } of SCRIPTS) await save(country, 'Q18', text);
  // Published: anyone who may read reports finds them.
  for (const { country } of SCRIPTS) await setStatus(country, 'published');
}, 120_000);

describe('every script of the region finds its answer', () => {
  for (const { script, country, queries } of SCRIPTS) {
    test.each(queries)(`${script}: “%s” finds ${country}’s answer, with the match marked`, async (q) => {
      const body = await search(members.get('PH')!, { q });
      expect(where(body.data)).toContain(`${country}:Q18`);
      const hit = body.data.find((h) => h.country_code === country)!;
      expect(hit).toMatchObject({ year: YEAR, question_uuid: uuid('Q18'), question_code: 'Q18' });
      expect(hit.snippet).toMatch(/<mark>.+<\/mark>/u);
    });
  }

  test('a word of one script does not find the others’ answers', async () => {
    const body = await search(members.get('PH')!, { q: 'жилья' });
    expect(where(body.data)).toEqual(['RU:Q18']);
    expect(body.data[0]!.snippet).toContain('<mark>жильём</mark>');
    expect(body.data[0]!.snippet).toContain('<mark>жилья</mark>');
  });

  test('жильё written in the text finds жилья asked, and the other way round', async () => {
    await save('NP', 'Q28', 'Обеспечение жилья для переселенцев');
    await save('BT', 'Q28', 'Новое жильё в пригородах');
    await setStatus('NP', 'published');
    await setStatus('BT', 'published');
    const asked = await search(members.get('PH')!, { q: 'жильё', country: 'NP' });
    expect(where(asked.data)).toEqual(['NP:Q28']);
    const other = await search(members.get('PH')!, { q: 'жилья', country: 'BT' });
    expect(where(other.data)).toEqual(['BT:Q28']);
    expect(other.data[0]!.snippet).toBe('Новое <mark>жильё</mark> в пригородах');
  });
});

describe('who finds what', () => {
  const WORD = 'Barangay resettlement with incremental housing along the Pasig river';
  beforeAll(async () => {
    await setStatus('PH', 'in_progress');
    await save('PH', 'Q35', WORD);
  });

  test('a report in progress: its own country finds it; other countries and the secretariat do not', async () => {
    expect(where((await search(members.get('PH')!, { q: 'Pasig' })).data)).toEqual(['PH:Q35']);
    expect((await search(members.get('VN')!, { q: 'Pasig' })).data).toEqual([]);
    expect((await search(admin, { q: 'Pasig' })).data).toEqual([]);
  });

  test('submitted: the secretariat finds it too; other countries only once it is published', async () => {
    await setStatus('PH', 'submitted');
    expect(where((await search(admin, { q: 'Pasig' })).data)).toEqual(['PH:Q35']);
    expect((await search(members.get('VN')!, { q: 'Pasig' })).total).toBe(0);
    await setStatus('PH', 'published');
    expect(where((await search(members.get('VN')!, { q: 'Pasig' })).data)).toEqual(['PH:Q35']);
    await setStatus('PH', 'in_progress');
  });

  test('an answer emptied is no longer found; its words given again, it is', async () => {
    await save('PH', 'Q35', '');
    expect((await search(members.get('PH')!, { q: 'Pasig' })).total).toBe(0);
    const [row] = await ctx.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(answerSearch)
      .innerJoin(nationalReports, eq(nationalReports.id, answerSearch.reportId))
      .where(and(eq(nationalReports.countryCode, 'PH'), eq(nationalReports.year, YEAR)));
    expect(row!.n).toBe(0);
    await save('PH', 'Q35', WORD);
    expect((await search(members.get('PH')!, { q: 'pasig river' })).total).toBe(1);
  });

  test('an answer shown and then changed is shown with its new words (its snippet is not the old one)', async () => {
    await save('PH', 'Q35', 'Flood walls along the Pasig river, Manila.');
    expect((await search(members.get('PH')!, { q: 'pasig' })).data[0]!.snippet).toBe(
      'Flood walls along the <mark>Pasig</mark> river, Manila.',
    );
    await save('PH', 'Q35', 'Ferries on the Pasig river, Manila.');
    expect((await search(members.get('PH')!, { q: 'pasig' })).data[0]!.snippet).toBe(
      'Ferries on the <mark>Pasig</mark> river, Manila.',
    );
    await save('PH', 'Q35', WORD);
  });

  test('answers written without the save (a bulk insert) are found once the index is brought up to date', async () => {
    const [report] = await ctx.deps.db
      .select({ id: nationalReports.id })
      .from(nationalReports)
      .where(and(eq(nationalReports.year, YEAR), eq(nationalReports.countryCode, 'PH')));
    const [q28] = await ctx.deps.db.select().from(questionsTable).where(eq(questionsTable.code, 'Q28'));
    await ctx.deps.db.insert(reportAnswers).values({ reportId: report!.id, questionId: q28!.id, value: 'Zamboanga' });
    expect((await search(members.get('PH')!, { q: 'Zamboanga' })).total).toBe(0);
    expect(await syncAnswerSearch(ctx.deps.db)).toBeGreaterThanOrEqual(1);
    expect(where((await search(members.get('PH')!, { q: 'zamboanga' })).data)).toEqual(['PH:Q28']);
    // Nothing left to do: a second pass indexes nothing.
    expect(await syncAnswerSearch(ctx.deps.db)).toBe(0);
  });
});

describe('ranking, snippets and pages', () => {
  beforeAll(async () => {
    for (const country of ['VN', 'KR']) await setStatus(country, 'in_progress');
    await save('VN', 'Q28', 'Drainage works. Drainage in every ward, and drainage maps for the city.');
    await save('VN', 'Q35', `${'The city budget covers schools, clinics, parks and markets. '.repeat(6)}Drainage too.`);
    await save('KR', 'Q35', 'Drainage <b>&</b> "flood" control: <script>alert(1)</script>');
    for (const country of ['VN', 'KR']) await setStatus(country, 'published');
  });

  test('the answer that is about the word comes first', async () => {
    const body = await search(members.get('VN')!, { q: 'drainage' });
    expect(where(body.data).slice(0, 1)).toEqual(['VN:Q28']);
    expect(where(body.data)).toContain('VN:Q35');
  });

  test('the snippet is cut around the first match, at word boundaries, and escapes everything else', async () => {
    const body = await search(members.get('VN')!, { q: 'drainage', country: 'VN' });
    const long = body.data.find((h) => h.question_code === 'Q35')!.snippet;
    expect(long.startsWith('…')).toBe(true);
    expect(long.endsWith('<mark>Drainage</mark> too.')).toBe(true);
    expect(long.length).toBeLessThan(300);
    const own = await search(members.get('KR')!, { q: 'drainage', country: 'KR' });
    expect(own.data[0]!.snippet).toBe(
      '<mark>Drainage</mark> &lt;b&gt;&amp;&lt;/b&gt; &quot;flood&quot; control: &lt;script&gt;alert(1)&lt;/script&gt;',
    );
  });

  test('every word asked must be there; the last one may be the beginning of a word', async () => {
    expect((await search(members.get('VN')!, { q: 'drainage maps', country: 'VN' })).total).toBe(1);
    expect((await search(members.get('VN')!, { q: 'drainage budg', country: 'VN' })).total).toBe(1);
    expect((await search(members.get('VN')!, { q: 'drainage zebra', country: 'VN' })).total).toBe(0);
  });

  test('pages: per_page rows each, the total, and an empty page past the last', async () => {
    const first = await search(members.get('VN')!, { q: 'drainage', per_page: '1' });
    expect(first).toMatchObject({ page: 1, per_page: 1, pagination: { page: 1, per_page: 1, total: 3 } });
    // VN's two answers and KR's published one.
    expect(first.total).toBe(3);
    const second = await search(members.get('VN')!, { q: 'drainage', per_page: '1', page: '2' });
    expect(where(second.data)).not.toEqual(where(first.data));
    const past = await search(members.get('VN')!, { q: 'drainage', per_page: '1', page: '9' });
    expect(past).toMatchObject({ data: [], total: 3, page: 9 });
  });

  test('the pages, one answer each, are the whole list in its order, near the top and far down', async () => {
    const all = await search(members.get('VN')!, { q: 'drainage', per_page: '50' });
    const pages = [];
    for (let page = 1; page <= 3; page++)
      pages.push(...(await search(members.get('VN')!, { q: 'drainage', per_page: '1', page: String(page) })).data);
    expect(pages).toEqual(all.data);
    // Past the first 200 answers the list is sorted whole rather than picked: the same total, an empty page.
    const far = await search(members.get('VN')!, { q: 'drainage', per_page: '50', page: '5' });
    expect(far).toMatchObject({ data: [], total: 3 });
  });

  test('year and country narrow the search', async () => {
    expect((await search(members.get('PH')!, { q: 'жилья', year: '2022' })).total).toBe(0);
    expect((await search(members.get('PH')!, { q: 'жилья', year: String(YEAR), country: 'ru' })).total).toBe(1);
  });
});

describe('refusals', () => {
  const CASES: [string, Record<string, string>, string][] = [
    ['no q', {}, 'q'],
    ['a blank q', { q: '   ' }, 'q'],
    ['a q too long', { q: 'x'.repeat(201) }, 'q'],
    ['a q without a word', { q: '— !! …' }, 'q'],
    ['a year that is no year', { q: 'housing', year: 'soon' }, 'year'],
    ['a year out of range', { q: 'housing', year: '1800' }, 'year'],
    ['a country that is no code', { q: 'housing', country: 'XYZ' }, 'country'],
    ['page 0', { q: 'housing', page: '0' }, 'page'],
    ['too many a page', { q: 'housing', per_page: '51' }, 'per_page'],
  ];
  test.each(CASES)('%s is a 400 naming the field', async (_, params, field) => {
    const response = await ctx.request(`${SEARCH}?${new URLSearchParams(params)}`, { token: admin.token });
    await expectError(response, 400, { fields: [field] });
  });

  test('without signing in: 401', async () => {
    const response = await ctx.request(`${SEARCH}?q=housing`);
    expect(response.status).toBe(401);
  });
});
