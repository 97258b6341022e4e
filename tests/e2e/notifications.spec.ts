import { expect, test } from '@playwright/test';
import type { Question } from '../../src/lib/national-reports/question-schema.ts';
import { testPdf } from '../support/pdf.ts';
import {
  api,
  BASE_URL,
  DEMO,
  EMULATOR,
  expectNoAxeViolations,
  expectPath,
  freeCycleYear,
  idToken,
  signIn,
  uniqueEmail,
  validAnswer,
  watchConsole,
} from './support.ts';

/*
 * These journeys once timed out. The causes, found in their traces: a click on a notification's
 * title landed beside it (the inline link's box reached past its text: the link is now a block),
 * and on a busy machine a screen takes 10 s or more to arrive after sign-in (screens are loaded
 * on demand). So the first look at each screen waits up to SCREEN, and each test has its own
 * bounded time.
 */
const SCREEN = { timeout: 30_000 };

async function ok<T>(call: Promise<{ status: number; body: T }>, what: string, status = 200): Promise<T> {
  const answer = await call;
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(status);
  return answer.body;
}

/** Signs up a new account in the identity service and lets the portal see it once: it now awaits activation. */
async function newAccountAwaitingActivation(): Promise<string> {
  const email = uniqueEmail('newcomer');
  const signUp = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=e2e-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Newcomer-Pass-2026', returnSecureToken: true }),
  });
  const { idToken: token } = (await signUp.json()) as { idToken: string };
  const whoami = await fetch(`${BASE_URL}/api/whoami`, { headers: { authorization: `Bearer ${token}` } });
  expect(whoami.status).toBe(200);
  return email;
}

test(
  'the bell counts a new account awaiting activation; the list marks it read and leads to it; Sent mail shows ' +
    'the email',
  async ({ page }) => {
    test.setTimeout(240_000);
    const problems = watchConsole(page);
    const email = await newAccountAwaitingActivation();

    await signIn(page, DEMO.superadmin);
    await expectPath(page, '/dashboard');
    const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications, \d+ unread$/ });
    await expect(bell).toBeVisible(SCREEN);
    const unreadBefore = Number(
      /(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? (await bell.innerText()))?.[1] ?? NaN,
    );
    await bell.click();
    await expectPath(page, '/dashboard/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible(SCREEN);

    const list = page.getByRole('list', { name: 'Notifications' });
    const item = list.getByRole('listitem').filter({ hasText: email }).first();
    await expect(item.getByRole('link', { name: 'Unread: New account awaiting activation' })).toBeVisible(SCREEN);
    await expectNoAxeViolations(page, 'notifications');

    // Marked read from the list: it stays, no longer unread, and the bell counts one fewer.
    await item.getByRole('button', { name: /^Mark as read/ }).click();
    await expect(item.getByRole('link', { name: 'New account awaiting activation', exact: true })).toBeVisible();
    await expect(item.getByRole('button', { name: /^Mark as read/ })).toHaveCount(0);
    if (Number.isFinite(unreadBefore)) {
      const fewer = unreadBefore - 1;
      await expect(
        page
          .getByRole('banner')
          .getByRole('link', { name: fewer === 0 ? 'Notifications' : `Notifications, ${fewer} unread` }),
      ).toBeVisible();
    }
    await item.getByRole('link', { name: 'New account awaiting activation', exact: true }).click();
    await expectPath(page, /\/admin\/users\/form\/[0-9a-f-]{36}$/);

    // The email the secretariat got about it.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Sent mail' }).click();
    await expectPath(page, '/admin/sent-mail');
    const mail = page
      .getByRole('list', { name: 'Emails' })
      .getByRole('link', { name: /New account awaiting activation/ })
      .first();
    await expect(mail).toBeVisible(SCREEN);
    await mail.click();
    const panel = page.getByRole('region', { name: /New account awaiting activation/ });
    await expect(panel.getByText(email, { exact: false })).toBeVisible(SCREEN);
    // Sent through the local sink, as under npm start.
    await expect(panel.getByRole('definition').filter({ hasText: /^Sent on / })).toBeVisible(SCREEN);
    await panel.getByRole('button', { name: 'Formatted' }).click();
    await expect(panel.locator('iframe[sandbox=""]')).toBeVisible();
    await expect(panel.locator('iframe[sandbox=""]')).not.toHaveAttribute('srcdoc', /<script/i);
    // The formatted email is a sandboxed frame that runs no script, so axe (a script) cannot enter
    // it and would wait for it for good: the screen is checked with the plain text shown.
    await panel.getByRole('button', { name: 'Plain text' }).click();
    await expectNoAxeViolations(page, 'sent mail');
    // The sandbox at work, not a fault: the browser refuses the test tool's own script in the email's
    // frame (sometimes, depending on when the tool reaches the frame). The email holds no script.
    expect(
      problems.filter(
        (p) => !/^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/.test(p),
      ),
    ).toEqual([]);
  },
);

interface Versioned {
  uuid: string;
  version: number;
  status: string;
}
interface Note {
  title: string;
  body: string;
  link: string;
  read_at: string | null;
}

test(
  'a report returned by the secretariat reaches the focal point as a notification and an email; fixed and ' +
    'submitted again, the secretariat is told',
  async ({ browser }) => {
    test.setTimeout(300_000);
    const admin = await idToken(DEMO.admin);
    const member = await idToken(DEMO.member);
    const stateAdmin = await idToken(DEMO.stateAdmin);
    // A cycle of its own (no other spec counts from 2059): the Philippines' report of it is this test's alone.
    const year = await freeCycleYear(admin, 2059);
    const base = `report/type/national/${year}/PH`;
    const reason = `Q01 uses the 2015 survey: give the ${year} figure, please.`;
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await ok(
      api('report/type/national/cycles/saved', admin, {
        json: { year, opens_at: day(-1), closes_at: day(40), expiry_days: 30, timely_days: 7, status: 'open' },
      }),
      'open the cycle',
    );
    const questions = (await ok(api<{ data: Question[] }>('question/list', admin), 'questions')).data;
    await ok(
      api(`${base}/saved`, member, { json: { answers: questions.filter((q) => q.compulsory).map(validAnswer) } }),
      'answers',
    );
    let report = (await ok(api<{ data: { report: Versioned } }>(`${base}/view`, member), 'view')).data.report;
    const update = async (token: string, body: Record<string, unknown>, what: string) => {
      report = (
        await ok(
          api<{ data: Versioned }>(`${base}/report/update`, token, { json: { version: report.version, ...body } }),
          what,
        )
      ).data;
    };
    const submit = async () => {
      const form = new FormData();
      form.append(
        'file',
        new Blob([Buffer.from(testPdf({ pages: 2, title: 'Signed national report' }))], { type: 'application/pdf' }),
        'signed.pdf',
      );
      // An unsigned scan: the country administrator confirms it is the signed copy (decision 025).
      form.append('confirm_unsigned', 'true');
      const signed = await fetch(`${BASE_URL}/api/report/type/national/${report.uuid}/report/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${stateAdmin}` },
        body: form,
      });
      expect(signed.status, await signed.clone().text()).toBe(200);
      report = ((await signed.json()) as { data: Versioned }).data;
      expect(report.status).toBe('submitted');
    };
    await update(member, { action: 'complete' }, 'complete');
    await submit();

    // The secretariat returns it with a reason.
    await update(admin, { action: 'return', note: reason }, 'return');
    const title = `Report returned: Philippines ${year}`;

    // The email to the focal point, with the reason, goes through the outbox to the SMTP server
    // (the local sink here, as under npm start); Sent mail reads the outbox.
    type Mail = { uuid: string; subject: string; to_address: string; status: string };
    const findMail = async () =>
      (await ok(api<{ data: Mail[] }>('mail/sent?per_page=50', admin), 'sent mail')).data.find(
        (m) => m.to_address === DEMO.member && m.subject.includes(title),
      ) ?? null;
    await expect
      .poll(async () => (await findMail())?.status ?? null, { timeout: 30_000, intervals: [500] })
      .toBe('sent');
    const mail = (await findMail())!;
    const message = (await ok(api<{ data: { text: string } }>(`mail/sent/${mail.uuid}`, admin), 'the email')).data;
    expect(message.text).toContain(reason);

    // The focal point sees it in the bell, opens the report from the notification and fixes the answer.
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watchConsole(page);
    await signIn(page, DEMO.member);
    const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications, \d+ unread$/ });
    await expect(bell).toBeVisible(SCREEN);
    await bell.click();
    const item = page
      .getByRole('list', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: title })
      .first();
    await expect(item.getByRole('link', { name: `Unread: ${title}` })).toBeVisible(SCREEN);
    await expectNoAxeViolations(page, 'the focal point’s notifications');
    await item.getByRole('link', { name: `Unread: ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/module/report/national/ph/${year}/`, 'i'));
    const q01 = page.locator('#q-Q01');
    await expect(q01).toBeVisible(SCREEN);
    await q01.locator('#q-Q01-value').fill('17.4');
    await page.locator('#q-Q03-value').focus();
    await expect(q01.getByRole('status')).toHaveText(/^Saved at \d\d:\d\d$/, SCREEN);
    await expect(page.getByText('All answers are saved.')).toBeVisible();
    await page.getByRole('button', { name: 'Mark complete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark complete' }).click();
    await expect(page.getByText('The report is marked complete.')).toBeVisible(SCREEN);
    expect(problems).toEqual([]);
    await context.close();

    // The country administrator sends the signed report again: the secretariat is told.
    report = (await ok(api<{ data: { report: Versioned } }>(`${base}/view`, member), 'view')).data.report;
    expect(report.status).toBe('completed');
    await submit();
    await expect
      .poll(
        async () => {
          const notes = (await ok(api<{ data: Note[] }>('notifications', admin), 'the secretariat’s notifications'))
            .data;
          return notes.filter((note) => note.title === `Report submitted: Philippines ${year}` && note.read_at === null)
            .length;
        },
        { timeout: 30_000, intervals: [500] },
      )
      .toBe(2);
    const answers = (
      await ok(api<{ data: { answers: { question_uuid: string; value: unknown }[] } }>(`${base}/view`, admin), 'view')
    ).data.answers;
    expect(
      answers.find((answer) => answer.question_uuid === questions.find((q) => q.code === 'Q01')!.uuid)?.value,
    ).toBe(17.4);

    // Accepted, published, then unlocked for a revision with a reason: the focal point follows each
    // step from the bell alone, newest first, and the public page keeps the published version.
    await update(admin, { action: 'accept' }, 'accept');
    await update(admin, { action: 'publish' }, 'publish');
    const unlockReason = `ขอแก้ไข Q01 / Уточните Q01 (${year})`;
    await update(admin, { action: 'unlock', note: unlockReason }, 'unlock');
    const steps = [
      `Report unlocked: Philippines ${year}`,
      `Report published: Philippines ${year}`,
      `Report accepted: Philippines ${year}`,
      title,
    ];
    await expect
      .poll(
        async () =>
          (await ok(api<{ data: Note[] }>('notifications?per_page=50', member), 'the focal point’s notifications')).data
            .map((n) => n.title)
            .filter((t) => steps.includes(t)),
        {
          timeout: 30_000,
          intervals: [500],
        },
      )
      .toEqual(steps);
    const publicReport = await fetch(`${BASE_URL}/api/report/type/national/public/report/${year}/PH`);
    expect(publicReport.status).toBe(200);

    const again = await browser.newContext();
    const focal = await again.newPage();
    const seen = watchConsole(focal);
    await signIn(focal, DEMO.member);
    await focal
      .getByRole('banner')
      .getByRole('link', { name: /^Notifications, \d+ unread$/ })
      .click();
    const list = focal.getByRole('list', { name: 'Notifications' });
    for (const step of steps.slice(0, 3))
      await expect(list.getByRole('link', { name: `Unread: ${step}` }).first()).toBeVisible(SCREEN);
    await expect(list.getByRole('listitem').filter({ hasText: steps[0] }).first()).toContainText(unlockReason);
    expect(seen).toEqual([]);
    await again.close();
  },
);

test('email choices on My profile: a focal point turns comments by email on', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  await signIn(page, DEMO.member);
  await page.goto(`${BASE_URL}/profile`);
  const emails = page.getByRole('region', { name: 'Emails' });
  const comments = emails.getByRole('checkbox', { name: 'A reviewer comments on a best practice' });
  await expect(comments).not.toBeChecked(SCREEN);
  await expect(emails.getByRole('checkbox', { name: 'A national report is returned for changes' })).toBeChecked();
  await comments.check();
  await expect(page.getByText('You will get these emails')).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Emails' })
      .getByRole('checkbox', { name: 'A reviewer comments on a best practice' }),
  ).toBeChecked(SCREEN);
  await expectNoAxeViolations(page, 'my profile');
  expect(problems).toEqual([]);
});
