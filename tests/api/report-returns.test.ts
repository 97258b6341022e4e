import { beforeAll, describe, expect, test } from 'vitest';
import { DashboardResponseSchema } from '../../src/lib/national-reports/activity-schema.ts';
import { CycleListResponseSchema } from '../../src/lib/national-reports/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
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
import { deepStrict } from '../support/schemas.ts';

/**
 * Issue 16 item 4: a report returned for revision says so, with the reason, who and when, until it is submitted again.
 */

const ctx = await createTestContext();
const YEAR = 2041;
const BASE = '/api/report/type/national';

let admin: TestUser;
let phAdmin: TestUser;
let phMember: TestUser;
let thMember: TestUser;
beforeAll(async () => {
  [admin, phAdmin, phMember, thMember] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP', name: 'Aiko Admin' }),
    createUser(ctx, { role: 'state_admin', country: 'PH', name: 'Pia Santos' }),
    createUser(ctx, { role: 'state_member', country: 'PH', name: 'Marco Reyes' }),
    createUser(ctx, { role: 'state_member', country: 'TH' }),
  ]);
  await openCycle(ctx, admin, { year: YEAR });
});

async function act(user: TestUser, body: Record<string, unknown>) {
  const { report } = await viewReport(ctx, user, YEAR, 'PH');
  const response = await updateReport(ctx, user, YEAR, 'PH', { ...body, version: report.version });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** The return as the three places show it: the report, the dashboard and the cycle list. */
async function returnedEverywhere(user: TestUser) {
  const view = await viewReport(ctx, user, YEAR, 'PH');
  const dashboard = await expectJson(
    await ctx.request(`${BASE}/dashboard`, { token: user.token }),
    200,
    deepStrict(DashboardResponseSchema),
  );
  const cycles = await expectJson(
    await ctx.request(`${BASE}/cycles`, { token: user.token }),
    200,
    deepStrict(CycleListResponseSchema),
  );
  return {
    view: view.report.returned,
    dashboard: dashboard.data.own.find((r) => r.year === YEAR)?.returned,
    cycles: cycles.data.find((c) => c.year === YEAR)?.report?.returned,
  };
}

describe('a report returned for revision', () => {
  test('never returned: nothing to show', async () => {
    expect(await returnedEverywhere(phMember)).toEqual({ view: null, dashboard: null, cycles: null });
  });

  test(
    'returned by the secretariat: the reason, who and when, in the report, the dashboard and the cycle list; ' +
      'still so once completed again',
    async () => {
      const questions = await questionsByCode(ctx, phMember);
      expect((await saveAnswers(ctx, phMember, YEAR, 'PH', compulsoryAnswers(questions.values()))).status).toBe(200);
      await act(phMember, { action: 'complete' });
      const before = Date.now();
      await act(admin, { action: 'return', note: 'Add the 2020 figures for Q03 — ขอบคุณ.' });

      const seen = await returnedEverywhere(phMember);
      expect(seen.view).toEqual({
        note: 'Add the 2020 figures for Q03 — ขอบคุณ.',
        by: { name: 'Aiko Admin' },
        at: expect.any(String),
      });
      expect(Date.parse(seen.view!.at)).toBeGreaterThanOrEqual(before - 1000);
      expect(seen.dashboard).toEqual(seen.view);
      expect(seen.cycles).toEqual(seen.view);
      // The secretariat sees it on the report too; another country sees nothing of it.
      expect((await viewReport(ctx, admin, YEAR, 'PH')).report.returned).toEqual(seen.view);
      const th = await expectJson(
        await ctx.request(`${BASE}/dashboard`, { token: thMember.token }),
        200,
        deepStrict(DashboardResponseSchema),
      );
      expect(th.data.own.map((r) => [r.country.code, r.returned])).toEqual([['TH', null]]);

      // Marked complete again (not yet submitted): still waiting for its revision.
      await act(phMember, { action: 'complete' });
      expect((await viewReport(ctx, phMember, YEAR, 'PH')).report.returned?.note).toBe(
        'Add the 2020 figures for Q03 — ขอบคุณ.',
      );
    },
  );

  test('submitted again: the notice is gone; a second return shows the new reason', async () => {
    const { report } = await viewReport(ctx, phAdmin, YEAR, 'PH');
    const uploaded = await upload(ctx, phAdmin, report.uuid, pdfBytes());
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    expect(await returnedEverywhere(phMember)).toEqual({ view: null, dashboard: null, cycles: null });

    await act(phAdmin, { action: 'return', note: 'The signature page is missing.' });
    const seen = await returnedEverywhere(phMember);
    expect(seen.view).toMatchObject({ note: 'The signature page is missing.', by: { name: 'Pia Santos' } });
    expect(seen.dashboard).toEqual(seen.view);
  });
});
