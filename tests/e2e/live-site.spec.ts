/**
 * Issue 15, item 2, as a visitor sees it: publishing a national report, a best practice or a CMS
 * item through the API reaches the live site by itself (its page, its open data, the site search),
 * and withdrawing it takes all of them away again, without anyone pressing "Publish site".
 * Each kind waits for the builds its own changes queued (tests/e2e/live-site.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { api, BASE_URL, DEMO, freeCycleYear, idToken, rebuild, signIn, validAnswer } from './support.ts';
import {
  changeAndWaitForSite,
  expectPageGone,
  expectPageShows,
  expectSearchFinds,
  expectSearchMisses,
  publicText,
  uniqueWord,
} from './live-site.ts';
import type { Question } from '../../src/lib/questionnaires/schema.ts';
import { testPdf } from '../support/pdf.ts';

test.describe.configure({ mode: 'serial' });
test.setTimeout(600_000);

async function ok<T>(promise: Promise<{ status: number; body: T }>, what: string, status = 200): Promise<T> {
  const { status: got, body } = await promise;
  expect(got, `${what}: ${JSON.stringify(body).slice(0, 400)}`).toBe(status);
  return body;
}

interface Versioned {
  uuid: string;
  version: number;
}

test('a national report: its page, its open-data rows and its search entry follow its publication and its withdrawal', async ({ page, request }) => {
  const admin = await idToken(DEMO.superadmin);
  const member = await idToken(DEMO.member);
  const stateAdmin = await idToken(DEMO.stateAdmin);
  const word = uniqueWord('Barangay');
  const year = await freeCycleYear(admin, 2089);
  const title = `Philippines report ${word}`;
  const source = `Statistics office ${word}`;
  const base = `report/type/national/${year}/PH`;

  const today = new Date().toISOString().slice(0, 10);
  const closes = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await ok(api('report/type/national/cycles/saved', admin, { json: { year, opens_at: today, closes_at: closes, expiry_days: 30, timely_days: 7, status: 'open' } }), 'open the cycle');
  const questions = (await ok(api<{ data: Question[] }>('question/list', admin), 'questions')).data;
  const answers = questions.filter((q) => q.compulsory).map((q) => ({ ...validAnswer(q), source }));
  await ok(api(`${base}/saved`, member, { json: { answers } }), 'answers');
  let report = (await ok(api<{ data: { report: Versioned } }>(`${base}/view`, member), 'view')).data.report;
  const update = async (token: string, body: Record<string, unknown>, what: string) => {
    report = (await ok(api<{ data: Versioned }>(`${base}/report/update`, token, { json: { version: report.version, ...body } }), what)).data;
  };
  await update(stateAdmin, { title, executive_summary: `The ${word} programme reached every region.` }, 'title');
  await update(member, { action: 'complete' }, 'complete');
  const form = new FormData();
  form.append('file', new Blob([testPdf() as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), 'signed.pdf');
  form.append('confirm_unsigned', 'true');
  const signed = await fetch(`${BASE_URL}/api/report/type/national/${report.uuid}/report/upload`, { method: 'POST', headers: { authorization: `Bearer ${stateAdmin}` }, body: form });
  expect(signed.status, await signed.clone().text()).toBe(200);
  report = ((await signed.json()) as { data: Versioned }).data;
  await update(admin, { action: 'accept' }, 'accept');

  const path = `/national-reports/${year}/PH`;
  await changeAndWaitForSite(admin, () => update(admin, { action: 'publish' }, 'publish'));
  await expectPageShows(page, path, title);
  expect(await publicText(request, `/open-data/national-reports-${year}.csv`)).toContain(source);
  expect(await publicText(request, `/open-data/national-reports-${year}.json`)).toContain(source);
  await expectSearchFinds(page, word, title);

  await changeAndWaitForSite(admin, () => update(admin, { action: 'unpublish' }, 'unpublish'));
  await expectPageGone(request, path);
  expect(await publicText(request, `/open-data/national-reports-${year}.csv`) ?? '').not.toContain(source);
  expect(await publicText(request, `/open-data/national-reports-${year}.json`) ?? '').not.toContain(source);
  await expectSearchMisses(page, word, title);
});

/** Two screenshots of what the page shows now, at 390 and 1366 px wide. */
async function shots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: false });
  }
}

/** The superadministrator revises the published practice (with the confirmation) and changes its title. */
async function reviseInBackOffice(page: Page, uuid: string, newTitle: string): Promise<void> {
  await signIn(page, DEMO.superadmin, undefined, `/module/best-practice/form/${uuid}`);
  await page.getByRole('button', { name: 'Revise', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Revise the published practice?' });
  await expect(dialog).toContainText('The public library keeps showing it exactly as it was published');
  await shots(page, 'practice-revise-confirmation');
  await dialog.getByRole('button', { name: 'Revise', exact: true }).click();
  await expect(page.getByRole('note').filter({ hasText: 'The public library keeps the published version' })).toBeVisible();
  const titleField = page.getByRole('region', { name: 'Title and place', exact: true }).getByLabel('Title', { exact: true });
  await titleField.fill(newTitle);
  await titleField.press('Tab');
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newTitle);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shots(page, 'practice-being-revised');
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a best practice: its page and its search entry follow its publication, keep the published version while it is revised, and follow its archiving', async ({ page, request }) => {
  const admin = await idToken(DEMO.superadmin);
  const word = uniqueWord('Esplanade');
  const title = `River walk of ${word}`;
  let practice = (
    await ok(
      api<{ data: Versioned }>('best-practice/saved', admin, {
        json: {
          title,
          country_code: 'PH',
          city: 'Iloilo City',
          lead_organisation: 'Iloilo City Government',
          start_date: '2019-06-01',
          ongoing: true,
          categories: ['planning-design-public-space'],
          summary: `A flood-prone bank turned into the ${word} esplanade.`,
          narrative: { context: 'Floods every year.', implementation: 'Rebuilt in phases.', results: 'Eleven kilometres of public space.' },
          contact: { name: 'Private Contact', email: 'private.contact@city.example' },
        },
      }),
      'create',
      201,
    )
  ).data;
  const act = async (action: string) => {
    practice = (await ok(api<{ data: Versioned }>(`best-practice/${practice.uuid}/transition`, admin, { json: { action, version: practice.version } }), action)).data;
  };
  await act('submit');
  const path = `/best-practices-overview/view/${practice.uuid}`;

  await changeAndWaitForSite(admin, () => act('publish'));
  await expectPageShows(page, path, title);
  await expectSearchFinds(page, word, title);

  // Revised in the back-office (decision 033): the public page and the search keep the published version, a rebuild too.
  const revisedWord = uniqueWord('Revised');
  await reviseInBackOffice(page, practice.uuid, `Набережная ${revisedWord} · 河滨步道 · ทางเดินริมน้ำ · تفرجگاه`);
  await rebuild(admin);
  await expectPageShows(page, path, title);
  await expectSearchFinds(page, word, title);
  await expectSearchMisses(page, revisedWord, title);
  practice = (await ok(api<{ data: Versioned }>(`best-practice/show/${practice.uuid}`, admin), 'show')).data;

  await changeAndWaitForSite(admin, () => act('archive'));
  await expectPageGone(request, path);
  await expectSearchMisses(page, word, title);
});

test('a media-gallery item: its event page and its search entry follow its publication and its withdrawal', async ({ page, request }) => {
  const admin = await idToken(DEMO.superadmin);
  const word = uniqueWord('Forum');
  const event = `Urban ${word} 2026`;
  const title = `Opening talk of ${word}`;
  let item = (
    await ok(
      api<{ data: Versioned & { event_slug: string } }>('video/create', admin, { json: { title, video_url: 'https://www.youtube.com/watch?v=e2e-live', event, status: 'draft' } }),
      'create',
      201,
    )
  ).data;
  const setStatus = async (status: string) => {
    item = (await ok(api<{ data: Versioned & { event_slug: string } }>(`cms/status/${item.uuid}`, admin, { json: { status, version: item.version } }), status)).data;
  };
  const path = `/media-gallery/event/${item.event_slug}`;

  await changeAndWaitForSite(admin, () => setStatus('published'));
  await expectPageShows(page, path, event);
  await expect(page.getByText(title).first()).toBeVisible();
  await expectSearchFinds(page, word, event);

  await changeAndWaitForSite(admin, () => setStatus('unpublished'));
  await expectPageGone(request, path);
  await expectSearchMisses(page, word, event);
});

test('pages copied from the previous build follow what they show: a partner in every footer, a banner, a content translation (decision 045)', async ({ request }) => {
  const admin = await idToken(DEMO.superadmin);
  const word = uniqueWord('Lotus');
  // A build of the site as it is, so that the pages below are copies of this build in the next ones.
  await rebuild(admin);
  const pages = ['/privacy-policy', '/fr/best-practices-overview', '/ru/urbanisation-profile/demography-urbanisation'];

  // A partner in the footer of every page, then withdrawn.
  const partnerName = `Partner ${word}`;
  let partner = (await ok(api<{ data: Versioned }>('cms/saved', admin, { json: { cms_type: 'partner', title: partnerName, status: 'draft' } }), 'partner', 201)).data;
  const partnerStatus = async (status: string) => {
    partner = (await ok(api<{ data: Versioned }>(`cms/status/${partner.uuid}`, admin, { json: { status, version: partner.version } }), status)).data;
  };
  await changeAndWaitForSite(admin, () => partnerStatus('published'));
  for (const path of pages) expect(await publicText(request, path), path).toContain(partnerName);
  await changeAndWaitForSite(admin, () => partnerStatus('unpublished'));
  for (const path of pages) expect(await publicText(request, path), path).not.toContain(partnerName);

  // A banner with a picture on the home page in every language, then withdrawn.
  const bannerTitle = `Banner ${word}`;
  let banner = (await ok(api<{ data: Versioned }>('cms/saved', admin, { json: { cms_type: 'banner', title: bannerTitle, status: 'draft' } }), 'banner', 201)).data;
  const form = new FormData();
  const picture = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2f6f8f' } }).jpeg().toBuffer();
  form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'banner.jpg');
  const upload = await fetch(`${BASE_URL}/api/cms/upload/${banner.uuid}`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
  expect(upload.status, await upload.clone().text()).toBe(200);
  banner = (await ok(api<{ data: Versioned }>(`cms/banner/view/${banner.uuid}`, admin), 'banner')).data;
  const bannerStatus = async (status: string) => {
    banner = (await ok(api<{ data: Versioned }>(`cms/status/${banner.uuid}`, admin, { json: { status, version: banner.version } }), status)).data;
  };
  await changeAndWaitForSite(admin, () => bannerStatus('published'));
  for (const path of ['/', '/zh/', '/ru/home']) expect(await publicText(request, path), path).toContain(bannerTitle);
  await changeAndWaitForSite(admin, () => bannerStatus('unpublished'));
  for (const path of ['/', '/zh/', '/ru/home']) expect(await publicText(request, path), path).not.toContain(bannerTitle);

  // An indicator's French name: the French theme page follows it, and its removal; the English page never shows it.
  const frenchName = `Croissance urbaine ${word}`;
  const translation = 'translation/profile-indicator/URB_GROWTH';
  const frVersion = async () => (await ok(api<{ data: { translations: { fr: { version: number | null } } } }>(translation, admin), 'translation')).data.translations.fr.version;
  // The first save of a language's translation has no version to send.
  const save = async (fields: Record<string, string>) => {
    const version = await frVersion();
    return ok(api(`${translation}/fr`, admin, { json: { fields, ...(version !== null && { version }) } }), 'translate');
  };
  await changeAndWaitForSite(admin, () => save({ name: frenchName }));
  expect(await publicText(request, '/fr/urbanisation-profile/demography-urbanisation')).toContain(frenchName);
  expect(await publicText(request, '/urbanisation-profile/demography-urbanisation')).not.toContain(frenchName);
  await changeAndWaitForSite(admin, () => save({}));
  expect(await publicText(request, '/fr/urbanisation-profile/demography-urbanisation')).not.toContain(frenchName);
});
