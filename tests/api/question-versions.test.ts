/**
 * Issue 16, item 7 (decision 026): closed cycles never change. A question's wording, help or
 * choices edited after a cycle opened make a new version of the question; every report whose
 * answers were locked keeps the version it was answered against: on screen (the data-entry view
 * and the printable report the PDF is made from), in the PDF, on the public page and in the open
 * data. Tested on `npm start`'s demo reports: 2022 is closed, 2026 is open.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { questions, questionVersions } from '../../src/lib/db/schema.ts';
import {
  PublicAnswersResponseSchema,
  PublicReportResponseSchema,
} from '../../src/lib/national-reports/public-schema.ts';
import { ReportGroupsResponseSchema, ReportResponseSchema } from '../../src/lib/national-reports/schema.ts';
import { seedDemoNationalReports } from '../../src/lib/national-reports/seed.server.ts';
import { formatAnswer } from '../../src/lib/questionnaires/engine.ts';
import { type Answer } from '../../src/lib/questionnaires/schema.ts';
import { QuestionResponseSchema, type Question } from '../../src/lib/national-reports/question-schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { questionsByCode, updateReport, viewReport } from '../support/national-reports.ts';

const ctx = await createTestContext();
const PUBLIC = '/api/report/type/national/public';
let admin: TestUser;
/** The 2022 and 2026 Indonesian reports are published; the Philippines' 2026 one is in progress. */
let question: Question;
let answer2022: Answer;
let before: { text: string; help: string | null; options: Question['options'] };
const NEW_TEXT = 'Which planning instruments has the country adopted or revised since 2016 (reworded)?';
const NEW_HELP = 'Count only instruments in force (new help).';

async function questionIn(year: number, country: string): Promise<{ question: Question; answer: Answer | undefined }> {
  const view = await viewReport(ctx, admin, year, country);
  const found = view.questions.find((q) => q.uuid === question.uuid)!;
  return { question: found, answer: view.answers.find((a) => a.question_uuid === question.uuid) };
}

async function printable(year: number, country: string) {
  const response = await ctx.request(`/api/report/type/national/${year}/${country}/view-report`, {
    token: admin.token,
  });
  const { groups } = (await expectJson(response, 200, ReportGroupsResponseSchema)).data;
  return groups
    .flatMap((g) => g.subcategories.flatMap((s) => s.items))
    .find((item) => item.question.uuid === question.uuid)!;
}

async function publicItem(year: number, country: string) {
  const { groups } = (
    await expectJson(await ctx.request(`${PUBLIC}/report/${year}/${country}`), 200, PublicReportResponseSchema)
  ).data;
  return groups
    .flatMap((g) => g.subcategories.flatMap((s) => s.items))
    .find((item) => item.question.uuid === question.uuid)!;
}

async function openData(year: number) {
  return expectJson(await ctx.request(`${PUBLIC}/answers?year=${year}`), 200, PublicAnswersResponseSchema);
}

async function reword(changes: Record<string, unknown>) {
  const current = (await questionsByCode(ctx, admin)).get(question.code)!;
  const saved = await ctx.request('/api/question/saved', {
    token: admin.token,
    json: { uuid: current.uuid, version: current.version, ...changes },
  });
  return (await expectJson(saved, 200, QuestionResponseSchema)).data;
}

beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP' });
  await seedDemoNationalReports(ctx.deps.db);
  // A choice question the published 2022 report of Indonesia answered: its wording and its choices' labels show.
  const view = await viewReport(ctx, admin, 2022, 'ID');
  const answered = new Set(view.answers.filter((a) => a.value !== null).map((a) => a.question_uuid));
  question = view.questions.find((q) => q.answer_type === 'multi' && answered.has(q.uuid))!;
  expect(question).toBeDefined();
  answer2022 = view.answers.find((a) => a.question_uuid === question.uuid)!;
  before = { text: question.text, help: question.help, options: question.options };
}, 180_000);

describe('a question reworded while 2026 is open', () => {
  test('changes the open cycle’s reports being answered, and no report whose answers were locked', async () => {
    const options = before.options.map((o) => ({ value: o.value, label: `${o.label} (new label)` }));
    const after = await reword({ text: NEW_TEXT, help: NEW_HELP, options });
    expect(after).toMatchObject({ text: NEW_TEXT, help: NEW_HELP, options });

    // 2026, in progress: the new wording.
    expect((await questionIn(2026, 'PH')).question).toMatchObject({ text: NEW_TEXT, help: NEW_HELP, options });
    // 2022 (closed), on screen: the wording it was answered against, its answer and its state unchanged.
    const { question: shown2022, answer } = await questionIn(2022, 'ID');
    expect(shown2022).toMatchObject({ uuid: question.uuid, code: question.code, ...before });
    expect(answer).toMatchObject({ value: answer2022.value, state: answer2022.state, version: answer2022.version });
    // Every 2022 report, whatever its status (the cycle is closed), and 2026's published and submitted ones.
    for (const [year, country] of [
      [2022, 'IN'],
      [2022, 'NP'],
      [2026, 'ID'],
      [2026, 'VN'],
    ] as const) {
      expect((await questionIn(year, country)).question, `${year} ${country}`).toMatchObject(before);
    }

    // The printable report the PDF is made from: the old wording, and the answer shown with the old choices' labels.
    const item = await printable(2022, 'ID');
    expect(item.question).toMatchObject(before);
    expect(item.display).toBe(formatAnswer(question, answer2022.value));
    expect(item.display).not.toContain('(new label)');
    expect((await printable(2026, 'PH')).question.text).toBe(NEW_TEXT);
    const pdf = await ctx.request(`/api/report/type/national/2022/ID/view-report?format=pdf`, { token: admin.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    // The public page and the open data of 2022 (and of the published 2026 report).
    expect((await publicItem(2022, 'ID')).question).toMatchObject(before);
    expect((await publicItem(2026, 'ID')).question).toMatchObject(before);
    const data2022 = await openData(2022);
    const rows = data2022.data.filter((r) => r.question_code === question.code);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.question).toBe(before.text);
      expect(row.display).not.toContain('(new label)');
    }
    expect(data2022.questions.find((q) => q.code === question.code)).toMatchObject({
      text: before.text,
      options: before.options,
    });
  }, 180_000);

  test(
    'a second rewording leaves the first version with the reports that keep it; a change of place alone makes no ' +
      'version',
    async () => {
      await reword({ text: `${NEW_TEXT} Second edition.` });
      expect((await questionIn(2022, 'ID')).question).toMatchObject(before);
      expect((await questionIn(2026, 'PH')).question.text).toBe(`${NEW_TEXT} Second edition.`);
      // References are the question's place in the catalogue: they follow it everywhere, and keep the old wording where
      // it is kept.
      await reword({ nua_paragraphs: '93–98, 101' });
      expect((await questionIn(2022, 'ID')).question).toMatchObject({ ...before, nua_paragraphs: '93–98, 101' });
      const versions = await ctx.deps.db
        .select({ n: questionVersions.n, text: sql<string>`${questionVersions.wording}->>'text'` })
        .from(questionVersions)
        .innerJoin(questions, eq(questions.id, questionVersions.questionId))
        .where(eq(questions.uuid, question.uuid))
        .orderBy(questionVersions.n);
      expect(versions).toEqual([
        { n: 1, text: before.text },
        { n: 2, text: NEW_TEXT },
        { n: 3, text: `${NEW_TEXT} Second edition.` },
      ]);
    },
    180_000,
  );

  test(
    'an unlocked report is revised against the questions as they are now; the public page keeps the published ' +
      'version',
    async () => {
      const view = await viewReport(ctx, admin, 2026, 'ID');
      const unlocked = await updateReport(ctx, admin, 2026, 'ID', {
        version: view.report.version,
        action: 'unlock',
        note: 'Please update the planning instruments',
      });
      expect((await expectJson(unlocked, 200, ReportResponseSchema)).data).toMatchObject({
        status: 'in_progress',
        public_copy_kept_at: expect.any(String),
      });
      expect((await questionIn(2026, 'ID')).question.text).toBe(`${NEW_TEXT} Second edition.`);
      expect((await publicItem(2026, 'ID')).question).toMatchObject(before);
      // 2022 stays as it was.
      expect((await publicItem(2022, 'ID')).question).toMatchObject(before);
    },
    180_000,
  );
});
