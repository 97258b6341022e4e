import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { Question } from '../../src/lib/national-reports/question-schema.ts';

export const BASE_URL = process.env['E2E_BASE_URL'] ?? 'http://127.0.0.1:4399';
export const EMULATOR = `http://${process.env['E2E_AUTH_EMULATOR'] ?? '127.0.0.1:9299'}`;
export const PROJECT_ID = process.env['E2E_PROJECT_ID'] ?? 'demo-apua-e2e';
export const DEMO_PASSWORD = 'Demo-Portal-2026';
/**
 * A notification fading out (for a second, on its way to opacity 0): axe would measure its
 * contrast against whatever shows through. Left out of the back-office's axe checks.
 */
export const FADING_NOTIFICATION = '[data-phase="leaving"]';

export const DEMO = {
  superadmin: 'superadmin@apua.example',
  admin: 'admin@apua.example',
  stateAdmin: 'state.admin@apua.example',
  member: 'member@apua.example',
  pending: 'pending@apua.example',
} as const;

const identityToolkit = `${EMULATOR}/identitytoolkit.googleapis.com/v1`;

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.example`;
}

/** A real ID token from the emulator, for driving the API directly in a test's set-up. */
export async function idToken(email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${identityToolkit}/accounts:signInWithPassword?key=e2e-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`Could not sign in ${email}: ${JSON.stringify(body)}`);
  return body.idToken;
}

/**
 * A new account in the emulator, its address verified (as after the verification email's link),
 * then made an active `role` of `country` by the superadmin. `before` sees the account's whoami
 * before it has a role. Returns its address and a token taken after the change.
 */
export async function countryAccount(options: {
  prefix: string;
  name: string;
  password: string;
  country: string;
  role: 'state_admin' | 'state_member';
  before?: (me: { uuid: string; version: number; language: string | null }) => void;
}): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(options.prefix);
  const response = await fetch(`${identityToolkit}/accounts:signUp?key=e2e-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: options.password, displayName: options.name, returnSecureToken: true }),
  });
  const { localId } = (await response.json()) as { localId: string };
  const verified = await fetch(`${identityToolkit}/projects/${PROJECT_ID}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId, emailVerified: true }),
  });
  expect(verified.status).toBe(200);
  const me = await api<{ uuid: string; version: number; language: string | null }>(
    'whoami',
    await idToken(email, options.password),
  );
  options.before?.(me.body);
  const admin = await idToken(DEMO.superadmin);
  const edited = await api(`user/edit/${me.body.uuid}`, admin, {
    json: {
      name: options.name,
      country_code: options.country,
      status: 1,
      roles: [options.role],
      version: me.body.version,
    },
  });
  expect(edited.status).toBe(200);
  return { email, token: await idToken(email, options.password) };
}

export async function api<T = unknown>(path: string, token: string, init: { method?: string; json?: unknown } = {}) {
  const response = await fetch(`${BASE_URL}/api/${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.json === undefined ? null : JSON.stringify(init.json),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/**
 * A reporting-cycle year no cycle has yet, looking down from `from`: a test that opens it owns
 * every report of it. Chosen when the test starts (not from the clock), so two specs never share
 * a cycle and a retry (a new worker) takes a fresh one.
 */
export async function freeCycleYear(token: string, from: number): Promise<number> {
  const cycles = await api<{ data: { year: number }[] }>('report/type/national/cycles', token);
  const taken = new Set(cycles.body.data.map((cycle) => cycle.year));
  for (let year = from; year > 2030; year--) if (!taken.has(year)) return year;
  throw new Error(`No reporting-cycle year free below ${from}`);
}

/** The email-verification link the emulator "sent" to `email`, rewritten to land on our page. */
export async function verificationLink(email: string): Promise<string> {
  const response = await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  const code = oobCodes.filter((c) => c.email === email && c.requestType === 'VERIFY_EMAIL').at(-1);
  if (!code) throw new Error(`No verification email for ${email}`);
  return `/email/verification?mode=verifyEmail&oobCode=${encodeURIComponent(code.oobCode)}`;
}

/**
 * A page's HTML without its schema.org data (`<script type="application/ld+json">`, for dataset
 * search engines): a data block no browser runs, so a page with one still loads no JavaScript.
 */
export function withoutJsonLd(html: string): string {
  return html.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, '');
}

/** Collects console errors and CSP violations so a test can assert there were none. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, next?: string) {
  await page.goto(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  // The session cookie exists only once the sign-in page has moved on; a goto before that lands back on /login.
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
}

export async function expectPath(page: Page, path: string | RegExp) {
  await expect(page).toHaveURL(typeof path === 'string' ? new RegExp(`${escape(path)}(\\?.*)?$`) : path);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Publishes the site and waits for a build that started after now to go live. */
export async function rebuild(token: string): Promise<void> {
  const started = new Date().toISOString();
  expect((await api('site/publish', token, { method: 'POST' })).status).toBe(202);
  await expect
    .poll(
      async () => {
        const { body } = await api<{
          data: { current: { state: string }; live: { since: string } | null; lastFailure: unknown };
        }>('site/status', token);
        expect(body.data.lastFailure).toBeNull();
        return body.data.current.state === 'idle' && (body.data.live?.since ?? '') > started;
      },
      { timeout: 180_000, intervals: [1000] },
    )
    .toBe(true);
}

/** A value every question accepts, for the compulsory questions the test does not type in. */
export function validAnswer(question: Question) {
  const scalar = () => {
    if (question.answer_type === 'yn') return true;
    const low = question.expected_min ?? question.min ?? 0;
    const high = question.expected_max ?? question.max ?? (question.answer_type === 'pct' ? 100 : low + 100);
    return Math.round((low + high) / 2);
  };
  let value: unknown;
  if (question.parts.length > 0) value = Object.fromEntries(question.parts.map((part) => [part.key, scalar()]));
  else if (question.answer_type === 'single') value = question.options[0]!.value;
  else if (question.answer_type === 'multi') value = [question.options[0]!.value];
  else if (question.answer_type === 'txt') value = 'A national programme is in place and reviewed every two years.';
  else if (question.answer_type === 'url') value = 'https://www.example.gov.ph/policy';
  else value = scalar();
  return { question_uuid: question.uuid, value, data_year: 2024, source: 'Philippine Statistics Authority' };
}

/** The body of an API answer that must be 200 or 201 (`what` names the call in the failure). */
export async function ok<T>(promise: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await promise;
  expect([200, 201], `${what}: ${JSON.stringify(body).slice(0, 400)}`).toContain(status);
  return body;
}

/**
 * axe-core with the WCAG 2.1 A and AA rules (public pages add axe's best practices). Legacy mode
 * runs axe in the page alone: the default mode opens a blank page for every check to merge the
 * results of cross-origin frames, which the portal does not have, and that doubled a check's time.
 * Only violations are gathered.
 */
function axe(page: Page, { bestPractice = false } = {}): AxeBuilder {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', ...(bestPractice ? ['best-practice'] : [])];
  return new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .withTags(tags);
}

/**
 * axe finds nothing on the page shown (WCAG 2.1 A and AA; with `bestPractice`, axe's best
 * practices too, as on the public pages), in the part `include` names if given. A back-office
 * snackbar that is fading out is left out: axe would read its colours half-way.
 */
export async function expectNoAxeViolations(
  page: Page,
  what: string,
  { bestPractice = false, include }: { bestPractice?: boolean; include?: string } = {},
) {
  let builder = axe(page, { bestPractice }).exclude(FADING_NOTIFICATION);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  expect(
    results.violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/**
 * Runs `check` on every path, on `page` and a second tab of its context side by side: a sweep of
 * many pages is mostly the browser's work (layout, axe), and the machine has two cores. Returns
 * the console errors of both tabs.
 */
export async function sweepPages(
  page: Page,
  paths: readonly string[],
  check: (page: Page, path: string) => Promise<void>,
): Promise<string[]> {
  const queue = [...paths];
  const lanes = [page, await page.context().newPage()];
  const problems = lanes.map(watchConsole);
  await Promise.all(
    lanes.map(async (tab) => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) await check(tab, path);
    }),
  );
  await lanes[1]!.close();
  return problems.flat();
}
