/**
 * Notifications and emails from the real workflows (issue 16): a national report submitted and
 * returned through its API, a best practice reviewed, a contact message sent. Who is told, what
 * the email says, and that another country's people hear nothing.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { PracticeResponseSchema, type BestPractice } from '../../src/lib/best-practices/schema.ts';
import { ReportResponseSchema, type Report } from '../../src/lib/national-reports/schema.ts';
import { NotificationListResponseSchema } from '../../src/lib/notifications/schema.ts';
import { COMPLETE_PRACTICE } from '../fixtures/best-practices.ts';
import { createTestContext } from '../support/app.ts';
import { expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { startMailSink } from '../support/mail.ts';
import {
  compulsoryAnswers,
  openCycle,
  pdfBytes,
  questionsByCode,
  saveAnswers,
  updateReport,
  upload,
  viewReport,
} from '../support/national-reports.ts';

const sink = await startMailSink();
const ctx = await createTestContext({ env: { SMTP_URL: sink.url, PUBLIC_SITE_URL: 'https://portal.example' } });
const YEAR = 2026;

const list = async (me: TestUser) =>
  (
    await expectJson(
      await ctx.request('/api/notifications?per_page=100', { token: me.token }),
      200,
      NotificationListResponseSchema,
    )
  ).data;
const kindsOf = async (me: TestUser) => (await list(me)).map((n) => n.kind);
const mailTo = (me: TestUser) => sink.received.filter((m) => m.to?.includes(me.email));

let admin: TestUser;
let phAdmin: TestUser;
let phMember: TestUser;
let thAdmin: TestUser;
let thMember: TestUser;
beforeAll(async () => {
  [admin, phAdmin, phMember, thAdmin, thMember] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP', name: 'Aiko Reviewer' }),
    createUser(ctx, { role: 'state_admin', country: 'PH', name: 'Maria Country' }),
    createUser(ctx, { role: 'state_member', country: 'PH', name: 'Jose Author' }),
    createUser(ctx, { role: 'state_admin', country: 'TH' }),
    createUser(ctx, { role: 'state_member', country: 'TH' }),
  ]);
});

describe('a national report', () => {
  test(
    'submitted: the secretariat is told; returned with a note: the country is told and emailed the reason, ' +
      'another country nothing',
    async () => {
      await openCycle(ctx, admin, { year: YEAR });
      const questions = await questionsByCode(ctx, admin);
      expect((await saveAnswers(ctx, phMember, YEAR, 'PH', compulsoryAnswers(questions.values()))).status).toBe(200);
      let report: Pick<Report, 'uuid' | 'version' | 'status'> = (await viewReport(ctx, phMember, YEAR, 'PH')).report;
      const completed = await expectJson(
        await updateReport(ctx, phMember, YEAR, 'PH', { version: report.version, action: 'complete' }),
        200,
        ReportResponseSchema,
      );
      report = (
        await expectJson(await upload(ctx, phAdmin, completed.data.uuid, pdfBytes()), 200, ReportResponseSchema)
      ).data;
      expect(report.status).toBe('submitted');

      // The secretariat hears of the submission; the country that submitted does not.
      expect((await list(admin)).find((n) => n.kind === 'report.submitted')).toMatchObject({
        title: `Report submitted: Philippines ${YEAR}`,
        link: `/module/report/national/PH/${YEAR}/indicator/preview`,
      });
      expect(await kindsOf(phMember)).not.toContain('report.submitted');

      const note = 'Q04 needs the 2024 census figure';
      const returned = await expectJson(
        await updateReport(ctx, admin, YEAR, 'PH', { version: report.version, action: 'return', note }),
        200,
        ReportResponseSchema,
      );
      expect(returned.data.status).toBe('in_progress');

      for (const me of [phAdmin, phMember]) {
        const notice = (await list(me)).find((n) => n.kind === 'report.returned');
        expect(notice).toMatchObject({
          title: `Report returned: Philippines ${YEAR}`,
          link: `/module/report/national/PH/${YEAR}/indicator/form`,
          read_at: null,
        });
      }
      for (const me of [thAdmin, thMember, admin]) expect(await kindsOf(me)).not.toContain('report.returned');

      await ctx.deps.mail!.runOnce();
      for (const me of [phAdmin, phMember]) {
        const mails = mailTo(me).filter((m) => m.subject?.startsWith('Report returned'));
        expect(mails).toHaveLength(1);
        expect(mails[0]!.text).toContain(`Dear ${me.name},`);
        expect(mails[0]!.text).toContain(`Reason: ${note}`);
        expect(mails[0]!.text).toContain(`https://portal.example/module/report/national/PH/${YEAR}/indicator/form`);
      }
      expect(mailTo(thAdmin)).toEqual([]);
      expect(mailTo(thMember)).toEqual([]);
    },
  );
});

describe('a best practice', () => {
  const save = (user: TestUser, json: unknown) => ctx.request('/api/best-practice/saved', { token: user.token, json });
  const act = async (user: TestUser, p: BestPractice, action: string, note?: string) =>
    (
      await expectJson(
        await ctx.request(`/api/best-practice/${p.uuid}/transition`, {
          token: user.token,
          json: { action, note, version: p.version },
        }),
        200,
        PracticeResponseSchema,
      )
    ).data;

  test(
    'submitted reaches the secretariat; a comment and the request for changes reach the country, with the reason ' +
      'by email',
    async () => {
      let p = (
        await expectJson(
          await save(phMember, { title: 'Iloilo River Esplanade', country_code: 'PH', ...COMPLETE_PRACTICE }),
          201,
          PracticeResponseSchema,
        )
      ).data;
      p = await act(phMember, p, 'submit');
      expect((await list(admin)).find((n) => n.kind === 'practice.submitted')).toMatchObject({
        title: 'Practice to review: Iloilo River Esplanade',
        link: `/module/best-practice/form/${p.uuid}`,
      });
      const commented = await ctx.request(`/api/best-practice/${p.uuid}/comment`, {
        token: admin.token,
        json: { section: 'results', body: 'Give the 2023 figures.' },
      });
      expect(commented.status).toBe(201);
      p = (
        await expectJson(
          await ctx.request(`/api/best-practice/show/${p.uuid}`, { token: admin.token }),
          200,
          PracticeResponseSchema,
        )
      ).data;
      p = await act(admin, p, 'request_changes', 'Please add figures to the results.');

      const phKinds = await kindsOf(phAdmin);
      expect(phKinds).toContain('practice.commented');
      expect(phKinds).toContain('practice.returned');
      expect(await kindsOf(thAdmin)).not.toContain('practice.returned');

      await ctx.deps.mail!.runOnce();
      const returned = mailTo(phMember).filter((m) => m.subject?.startsWith('Practice returned'));
      expect(returned).toHaveLength(1);
      expect(returned[0]!.text).toContain('Reason: Please add figures to the results.');
      // Comments are not emailed by default.
      expect(mailTo(phMember).filter((m) => m.subject?.startsWith('New comment'))).toEqual([]);
    },
  );
});

describe('a contact message', () => {
  test('the secretariat is told, with a link to the message; nobody in the countries', async () => {
    const sent = await ctx.request('/api/contact-us', {
      json: {
        name: 'Leilani Fonoti',
        email: 'leilani@example.org',
        subject: 'Visit in May',
        message: 'We would like to visit the secretariat in May.',
      },
    });
    expect(sent.status).toBe(201);
    const notice = (await list(admin)).find((n) => n.kind === 'contact.received');
    expect(notice?.link).toMatch(/^\/admin\/contact-us\?message=\d+$/);
    expect(await kindsOf(phAdmin)).not.toContain('contact.received');
  });
});
