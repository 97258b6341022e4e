/**
 * Issue 15, item 2, as a visitor sees it: publishing a national report, a best practice or a CMS
 * item through the API reaches the live site by itself (its page, its open data, the site search),
 * and withdrawing it takes all of them away again, without anyone pressing "Publish site".
 * Every kind is published in one go and withdrawn in one go, so the file waits for three builds the
 * changes queued by themselves (tests/e2e/live-site.ts), not one per change: each build costs
 * seconds of a two-core machine.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { api, BASE_URL, DEMO, freeCycleYear, idToken, signIn, validAnswer } from './support.ts';
import {
  changeAndWaitForSite,
  expectPageGone,
  expectPageShows,
  expectSearchFinds,
  expectSearchMisses,
  publicText,
  uniqueWord,
} from './live-site.ts';
import type { Question } from '../../src/lib/national-reports/question-schema.ts';
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
  await expect(
    page.getByRole('note').filter({ hasText: 'The public library keeps the published version' }),
  ).toBeVisible();
  const titleField = page
    .getByRole('region', { name: 'Title and place', exact: true })
    .getByLabel('Title', { exact: true });
  await titleField.fill(newTitle);
  await titleField.press('Tab');
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newTitle);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shots(page, 'practice-being-revised');
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * One record of each kind, made ready in the first test and published, withdrawn, archived by the
 * next ones (serial: a failure stops the file, and a retry starts again from the first test).
 */
interface Kinds {
  admin: string;
  report: {
    path: string;
    year: number;
    title: string;
    source: string;
    word: string;
    publish: () => Promise<void>;
    unpublish: () => Promise<void>;
  };
  practice: { uuid: string; path: string; title: string; word: string; act: (action: string) => Promise<void> };
  media: { path: string; event: string; title: string; word: string; setStatus: (status: string) => Promise<void> };
  /**
   * A partner (every footer), a banner with a picture (every home page), an indicator's French name (the French theme
   * page).
   */
  site: {
    partner: string;
    banner: string;
    frenchName: string;
    partnerStatus: (s: string) => Promise<void>;
    bannerStatus: (s: string) => Promise<void>;
    translate: (fields: Record<string, string>) => Promise<unknown>;
  };
}
let kinds: Kinds;

/**
 * Pages that hold none of the records above: in the next build they are copies unless what they show changed (decision
 * 045).
 */
const FOOTER_PAGES = [
  '/privacy-policy',
  '/fr/best-practices-overview',
  '/ru/urbanisation-profile/demography-urbanisation',
];
const HOME_PAGES = ['/', '/zh/', '/ru/home'];
const FRENCH_THEME = '/fr/urbanisation-profile/demography-urbanisation';
const ENGLISH_THEME = '/urbanisation-profile/demography-urbanisation';

async function readyReport(admin: string): Promise<Kinds['report']> {
  const member = await idToken(DEMO.member);
  const stateAdmin = await idToken(DEMO.stateAdmin);
  const word = uniqueWord('Barangay');
  const year = await freeCycleYear(admin, 2089);
  const title = `Philippines report ${word}`;
  const source = `Statistics office ${word}`;
  const base = `report/type/national/${year}/PH`;
  const today = new Date().toISOString().slice(0, 10);
  const closes = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await ok(
    api('report/type/national/cycles/saved', admin, {
      json: { year, opens_at: today, closes_at: closes, expiry_days: 30, timely_days: 7, status: 'open' },
    }),
    'open the cycle',
  );
  const questions = (await ok(api<{ data: Question[] }>('question/list', admin), 'questions')).data;
  const answers = questions.filter((q) => q.compulsory).map((q) => ({ ...validAnswer(q), source }));
  await ok(api(`${base}/saved`, member, { json: { answers } }), 'answers');
  let report = (await ok(api<{ data: { report: Versioned } }>(`${base}/view`, member), 'view')).data.report;
  const update = async (token: string, body: Record<string, unknown>, what: string) => {
    report = (
      await ok(
        api<{ data: Versioned }>(`${base}/report/update`, token, { json: { version: report.version, ...body } }),
        what,
      )
    ).data;
  };
  await update(stateAdmin, { title, executive_summary: `The ${word} programme reached every region.` }, 'title');
  await update(member, { action: 'complete' }, 'complete');
  const form = new FormData();
  form.append('file', new Blob([testPdf() as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), 'signed.pdf');
  form.append('confirm_unsigned', 'true');
  const signed = await fetch(`${BASE_URL}/api/report/type/national/${report.uuid}/report/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stateAdmin}` },
    body: form,
  });
  expect(signed.status, await signed.clone().text()).toBe(200);
  report = ((await signed.json()) as { data: Versioned }).data;
  await update(admin, { action: 'accept' }, 'accept');
  return {
    path: `/national-reports/${year}/PH`,
    year,
    title,
    source,
    word,
    publish: () => update(admin, { action: 'publish' }, 'publish'),
    unpublish: () => update(admin, { action: 'unpublish' }, 'unpublish'),
  };
}

async function readyPractice(admin: string): Promise<Kinds['practice']> {
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
          narrative: {
            context: 'Floods every year.',
            implementation: 'Rebuilt in phases.',
            results: 'Eleven kilometres of public space.',
          },
          contact: { name: 'Private Contact', email: 'private.contact@city.example' },
        },
      }),
      'create',
      201,
    )
  ).data;
  const uuid = practice.uuid;
  const act = async (action: string) => {
    const { version } = (await ok(api<{ data: Versioned }>(`best-practice/show/${uuid}`, admin), 'show')).data;
    practice = (
      await ok(
        api<{ data: Versioned }>(`best-practice/${uuid}/transition`, admin, { json: { action, version } }),
        action,
      )
    ).data;
  };
  await act('submit');
  return { uuid, path: `/best-practices-overview/view/${uuid}`, title, word, act };
}

async function readyMedia(admin: string): Promise<Kinds['media']> {
  const word = uniqueWord('Forum');
  const event = `Urban ${word} 2026`;
  const title = `Opening talk of ${word}`;
  let item = (
    await ok(
      api<{ data: Versioned & { event_slug: string } }>('video/create', admin, {
        json: { title, video_url: 'https://www.youtube.com/watch?v=e2e-live', event, status: 'draft' },
      }),
      'create',
      201,
    )
  ).data;
  const setStatus = async (status: string) => {
    item = (
      await ok(
        api<{ data: Versioned & { event_slug: string } }>(`cms/status/${item.uuid}`, admin, {
          json: { status, version: item.version },
        }),
        status,
      )
    ).data;
  };
  return { path: `/media-gallery/event/${item.event_slug}`, event, title, word, setStatus };
}

async function readySiteWide(admin: string): Promise<Kinds['site']> {
  const word = uniqueWord('Lotus');
  const partnerName = `Partner ${word}`;
  let partner = (
    await ok(
      api<{ data: Versioned }>('cms/saved', admin, {
        json: { cms_type: 'partner', title: partnerName, status: 'draft' },
      }),
      'partner',
      201,
    )
  ).data;
  const bannerTitle = `Banner ${word}`;
  let banner = (
    await ok(
      api<{ data: Versioned }>('cms/saved', admin, {
        json: { cms_type: 'banner', title: bannerTitle, status: 'draft' },
      }),
      'banner',
      201,
    )
  ).data;
  const form = new FormData();
  const picture = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2f6f8f' } })
    .jpeg()
    .toBuffer();
  form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'banner.jpg');
  const upload = await fetch(`${BASE_URL}/api/cms/upload/${banner.uuid}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  expect(upload.status, await upload.clone().text()).toBe(200);
  banner = (await ok(api<{ data: Versioned }>(`cms/banner/view/${banner.uuid}`, admin), 'banner')).data;
  const translation = 'translation/profile-indicator/URB_GROWTH';
  const frVersion = async () =>
    (await ok(api<{ data: { translations: { fr: { version: number | null } } } }>(translation, admin), 'translation'))
      .data.translations.fr.version;
  return {
    partner: partnerName,
    banner: bannerTitle,
    frenchName: `Croissance urbaine ${word}`,
    partnerStatus: async (status) => {
      partner = (
        await ok(
          api<{ data: Versioned }>(`cms/status/${partner.uuid}`, admin, { json: { status, version: partner.version } }),
          status,
        )
      ).data;
    },
    bannerStatus: async (status) => {
      banner = (
        await ok(
          api<{ data: Versioned }>(`cms/status/${banner.uuid}`, admin, { json: { status, version: banner.version } }),
          status,
        )
      ).data;
    },
    // The first save of a language's translation has no version to send.
    translate: async (fields) => {
      const version = await frVersion();
      return ok(
        api(`${translation}/fr`, admin, { json: { fields, ...(version !== null && { version }) } }),
        'translate',
      );
    },
  };
}

test(
  'published through the API, a national report, a best practice, a media-gallery item, a partner, a banner and ' +
    'a content translation reach the live site by themselves: pages, open data, search',
  async ({ page, request }) => {
    const admin = await idToken(DEMO.superadmin);
    kinds = {
      admin,
      report: await readyReport(admin),
      practice: await readyPractice(admin),
      media: await readyMedia(admin),
      site: await readySiteWide(admin),
    };
    const { report, practice, media, site } = kinds;

    await changeAndWaitForSite(admin, async () => {
      await report.publish();
      await practice.act('publish');
      await media.setStatus('published');
      await site.partnerStatus('published');
      await site.bannerStatus('published');
      await site.translate({ name: site.frenchName });
    });

    await expectPageShows(page, report.path, report.title);
    expect(await publicText(request, `/open-data/national-reports-${report.year}.csv`)).toContain(report.source);
    expect(await publicText(request, `/open-data/national-reports-${report.year}.json`)).toContain(report.source);
    await expectSearchFinds(page, report.word, report.title);

    await expectPageShows(page, practice.path, practice.title);
    await expectSearchFinds(page, practice.word, practice.title);

    await expectPageShows(page, media.path, media.event);
    await expect(page.getByText(media.title).first()).toBeVisible();
    await expectSearchFinds(page, media.word, media.event);

    // Pages that hold none of the records: copies of the previous build unless what they show changed.
    for (const path of FOOTER_PAGES) expect(await publicText(request, path), path).toContain(site.partner);
    for (const path of HOME_PAGES) expect(await publicText(request, path), path).toContain(site.banner);
    expect(await publicText(request, FRENCH_THEME)).toContain(site.frenchName);
    expect(await publicText(request, ENGLISH_THEME)).not.toContain(site.frenchName);
  },
);

test(
  'withdrawn, each of them leaves the live site by itself; a practice revised in the back-office keeps its ' +
    'published page and search entry',
  async ({ page, request }) => {
    const { admin, report, practice, media, site } = kinds;
    // Revised in the back-office (decision 033): the next build keeps the published version.
    const revisedWord = uniqueWord('Revised');
    await reviseInBackOffice(page, practice.uuid, `Набережная ${revisedWord} · 河滨步道 · ทางเดินริมน้ำ · تفرجگاه`);

    await changeAndWaitForSite(admin, async () => {
      await report.unpublish();
      await media.setStatus('unpublished');
      await site.partnerStatus('unpublished');
      await site.bannerStatus('unpublished');
      await site.translate({});
    });

    await expectPageGone(request, report.path);
    expect((await publicText(request, `/open-data/national-reports-${report.year}.csv`)) ?? '').not.toContain(
      report.source,
    );
    expect((await publicText(request, `/open-data/national-reports-${report.year}.json`)) ?? '').not.toContain(
      report.source,
    );
    await expectSearchMisses(page, report.word, report.title);

    await expectPageGone(request, media.path);
    await expectSearchMisses(page, media.word, media.event);

    for (const path of FOOTER_PAGES) expect(await publicText(request, path), path).not.toContain(site.partner);
    for (const path of HOME_PAGES) expect(await publicText(request, path), path).not.toContain(site.banner);
    expect(await publicText(request, FRENCH_THEME)).not.toContain(site.frenchName);

    await expectPageShows(page, practice.path, practice.title);
    await expectSearchFinds(page, practice.word, practice.title);
    await expectSearchMisses(page, revisedWord, practice.title);
  },
);

test('an archived best practice leaves the live site by itself', async ({ page, request }) => {
  const { admin, practice } = kinds;
  await changeAndWaitForSite(admin, () => practice.act('archive'));
  await expectPageGone(request, practice.path);
  await expectSearchMisses(page, practice.word, practice.title);
});
