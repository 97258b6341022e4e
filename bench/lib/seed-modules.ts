/**
 * The reporting modules' data at the size of issues 7–9, seeded with SQL bulk inserts through
 * the domains' own tables, reference data and answer generator (no HTTP): national reports
 * (58 countries × 4 cycles × 38 answers), the urbanisation profile (58 countries × 8 categories
 * × 5 years of published figures) and 500 published best practices sharing a few cover images.
 * Runs in the portal's process (bench/servers/site-portal.ts) on its fresh database.
 */
import { count, eq, sql } from 'drizzle-orm';
import { CATEGORY_SEED, NUA_THRUST_CODES } from '../../src/lib/best-practices/reference.ts';
import { storePracticeImage } from '../../src/lib/best-practices/media.server.ts';
import type { Db } from '../../src/lib/db/client.server.ts';
import { REGION_COUNTRIES } from '../../src/lib/db/countries-data.ts';
import {
  bestPractices,
  countries,
  nationalReports,
  profileCategories,
  profileDatasets,
  profileFigures,
  profileIndicators,
  questions,
  reportAnswers,
  reportFiles,
  reportingCycles,
  type StoredProfileValue,
} from '../../src/lib/db/schema.ts';
import { createCycleReports } from '../../src/lib/national-reports/cycles.server.ts';
import { cycleQuestions } from '../../src/lib/national-reports/queries.server.ts';
import { figureRows } from '../../src/lib/urbanisation-profile/queries.server.ts';
import { demoAnswer } from '../../src/lib/national-reports/seed.server.ts';
import { completeness } from '../../src/lib/questionnaires/engine.ts';
import { formQuestionOf } from '../../src/lib/national-reports/question-schema.ts';
import type { FileStore } from '../../src/lib/storage/file-store.server.ts';
import { photoJpeg, prng } from './images.ts';

/** The word the search measurement looks for: it is in most practices (and some other pages). */
export const SEARCH_WORD = 'community';
/** A second, rarer word: a search that downloads other index chunks. */
export const SEARCH_WORD_2 = 'drainage';

/** Four cycles (the API takes years from 2015): three closed, every report published; the current one open. */
export const MODULE_CYCLES = [
  {
    year: 2016,
    status: 'closed',
    opensAt: '2015-09-01',
    closesAt: '2016-03-31',
    guidelineVersion: 'Habitat III national report guidelines (2015)',
  },
  {
    year: 2019,
    status: 'closed',
    opensAt: '2018-09-01',
    closesAt: '2019-03-31',
    guidelineVersion: 'Guidelines for reporting on the NUA (2018)',
  },
  {
    year: 2022,
    status: 'closed',
    opensAt: '2021-09-01',
    closesAt: '2022-03-31',
    guidelineVersion: 'Guidelines for reporting on the NUA (2021)',
  },
  {
    year: 2026,
    status: 'open',
    opensAt: '2025-09-01',
    closesAt: '2026-12-31',
    guidelineVersion: 'Revised Urban Agenda guidelines (2025)',
  },
] as const;
export const PROFILE_YEARS = [2000, 2005, 2010, 2015, 2020] as const;
export const PRACTICES = 500;
const COVERS = 6;

export interface ModulesSeedResult {
  nationalReports: {
    cycles: number;
    reports: number;
    answers: number;
    published: number;
    byYear: Record<number, Record<string, number>>;
    ms: number;
  };
  profile: { categories: number; indicators: number; datasets: number; values: number; ms: number };
  practices: {
    published: number;
    seeded: number;
    covers: number;
    summaryWords: number;
    narrativeWords: number;
    ms: number;
  };
  /** What the pages of the run are: one of each family. */
  expect: {
    latestReport: { year: number; country: string };
    regionalYear: number;
    category: string;
    profileCountry: string;
    facet: { facet: string; value: string };
    practiceUuid: string;
  };
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** National reports: every cycle's 58 reports answer the 38 questions; the closed cycles' reports are published. */
async function seedNationalReports(db: Db): Promise<ModulesSeedResult['nationalReports']> {
  const started = performance.now();
  // The demo cycles the portal seeds for `npm start` make way for the benchmark's four.
  await db.delete(reportFiles);
  await db.delete(reportAnswers);
  await db.delete(nationalReports);
  await db.delete(reportingCycles);
  const active = await db
    .select({ code: countries.code, name: countries.name })
    .from(countries)
    .where(eq(countries.status, 1));
  const statusOf = (i: number): string => {
    // The open cycle: a spread of the workflow (every report answers all questions), about a quarter of it published
    // already.
    const r = i % 8;
    return r < 2 ? 'published' : r < 3 ? 'accepted' : r < 4 ? 'submitted' : r < 5 ? 'completed' : 'in_progress';
  };
  let answers = 0;
  for (const c of MODULE_CYCLES) {
    await db.insert(reportingCycles).values({ ...c, expiryDays: 30, timelyDays: 14 });
    await createCycleReports(db, c.year);
    const [cycle] = await db.select().from(reportingCycles).where(eq(reportingCycles.year, c.year));
    const qs = await cycleQuestions(db, cycle!);
    const ids = new Map(
      (await db.select({ id: questions.id, uuid: questions.uuid }).from(questions)).map((r) => [r.uuid, r.id]),
    );
    const reports = await db
      .select({ id: nationalReports.id, code: nationalReports.countryCode })
      .from(nationalReports)
      .where(eq(nationalReports.year, c.year))
      .orderBy(nationalReports.countryCode);
    const closes = Date.parse(`${c.closesAt}T12:00:00Z`);
    const rows: (typeof reportAnswers.$inferInsert)[] = [];
    for (const [i, report] of reports.entries()) {
      const country = active.find((a) => a.code === report.code)!;
      const status = c.status === 'closed' ? 'published' : statusOf(i);
      const answered = qs.map((q) => ({ q, ...demoAnswer(q, country, c.year) }));
      for (const a of answered)
        rows.push({
          reportId: report.id,
          questionId: ids.get(a.q.uuid)!,
          value: a.value,
          text: a.text,
          dataYear: a.dataYear,
          source: a.source,
          comment: null,
        });
      const progress = completeness(
        qs.map(formQuestionOf),
        answered.map((a) => ({ question_uuid: a.q.uuid, ...a, data_year: a.dataYear })),
        { dataYearMax: c.year },
      );
      const submitted = ['submitted', 'accepted', 'published'].includes(status);
      const submittedAt = submitted
        ? new Date(Math.min(Date.now() - 86_400_000, closes - (i % 40) * 86_400_000))
        : null;
      await db
        .update(nationalReports)
        .set({
          status,
          completeness: progress,
          completenessPct: progress.pct,
          title: `${country.name}: national report on the New Urban Agenda ${c.year}`,
          executiveSummary:
            `${country.name} reports on its follow-up of the New Urban Agenda: housing and basic services, the ` +
            `urban economy, resilience, governance, planning and the means of implementation, with the figures of ` +
            `its national statistics office.`,
          submittedAt,
          publishedAt:
            status === 'published'
              ? new Date(Math.min(Date.now() - 3_600_000, (submittedAt?.getTime() ?? Date.now()) + 30 * 86_400_000))
              : null,
        })
        .where(eq(nationalReports.id, report.id));
    }
    for (let i = 0; i < rows.length; i += 500) await db.insert(reportAnswers).values(rows.slice(i, i + 500));
    answers += rows.length;
  }
  await db.execute(sql`analyze report_answers`);
  await db.execute(sql`analyze national_reports`);
  const byYear: Record<number, Record<string, number>> = {};
  const grouped = await db
    .select({ year: nationalReports.year, status: nationalReports.status, n: count() })
    .from(nationalReports)
    .groupBy(nationalReports.year, nationalReports.status);
  for (const g of grouped) (byYear[g.year] ??= {})[g.status] = g.n;
  const reports = grouped.reduce((n, g) => n + g.n, 0);
  const published = grouped.filter((g) => g.status === 'published').reduce((n, g) => n + g.n, 0);
  return { cycles: MODULE_CYCLES.length, reports, answers, published, byYear, ms: performance.now() - started };
}

/** The urbanisation profile: every published category × country × year has a dataset with every indicator. */
async function seedProfile(db: Db): Promise<ModulesSeedResult['profile']> {
  const started = performance.now();
  const random = prng(8);
  const categories = await db
    .select({ slug: profileCategories.slug })
    .from(profileCategories)
    .where(eq(profileCategories.published, true));
  const indicators = await db.select().from(profileIndicators);
  const active = await db.select({ code: countries.code }).from(countries).where(eq(countries.status, 1));
  await db.delete(profileDatasets);
  const rows: (typeof profileDatasets.$inferInsert & { values: StoredProfileValue[] })[] = [];
  for (const category of categories) {
    const own = indicators.filter((i) => i.categorySlug === category.slug);
    for (const country of active) {
      // One level per country and indicator, drifting over the years, inside the indicator's plausible range.
      const level = new Map(own.map((i) => [i.code, random()]));
      for (const [n, year] of PROFILE_YEARS.entries()) {
        const values = own.map((i) => {
          const lo = i.expectedMin ?? i.min ?? 0;
          const hi = i.expectedMax ?? i.max ?? (i.answerType === 'pct' ? 100 : 1000);
          const t = Math.min(1, Math.max(0, level.get(i.code)! + (n - 2) * 0.03 + (random() - 0.5) * 0.02));
          const raw = lo + (hi - lo) * t;
          const value = i.answerType === 'int' ? Math.round(raw) : Number(raw.toFixed(i.decimals ?? 2));
          return {
            indicator: i.code,
            value,
            data_year: year,
            source: i.source,
            is_estimate: random() < 0.15,
            note: null,
          };
        });
        rows.push({
          categorySlug: category.slug,
          countryCode: country.code,
          year,
          values,
          narrative:
            n === PROFILE_YEARS.length - 1
              ? `The ${year} figures for this country come from the sources named with each indicator; estimates ` +
                `are marked.`
              : null,
          status: 'published',
        });
      }
    }
  }
  // A country's figures are rows of profile_figures, the answers of the profile's form (decision 046).
  const ids = new Map(indicators.map((i) => [i.code, i.id]));
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const made = await db
      .insert(profileDatasets)
      .values(chunk.map(({ values: _v, ...row }) => row))
      .returning({ id: profileDatasets.id });
    const figures = chunk.flatMap((row, n) => figureRows(made[n]!.id, row.values, ids));
    for (let j = 0; j < figures.length; j += 2000) await db.insert(profileFigures).values(figures.slice(j, j + 2000));
  }
  await db.execute(sql`analyze profile_datasets`);
  await db.execute(sql`analyze profile_figures`);
  return {
    categories: categories.length,
    indicators: indicators.length,
    datasets: rows.length,
    values: rows.reduce((n, r) => n + (r.values?.length ?? 0), 0),
    ms: performance.now() - started,
  };
}

const CITIES: Record<string, [string, number, number][]> = {
  PH: [
    ['Iloilo City', 10.72, 122.56],
    ['Quezon City', 14.68, 121.04],
    ['Davao City', 7.19, 125.46],
    ['Cebu City', 10.32, 123.89],
  ],
  ID: [
    ['Jakarta', -6.21, 106.85],
    ['Surabaya', -7.26, 112.75],
    ['Bandung', -6.92, 107.62],
    ['Makassar', -5.15, 119.43],
  ],
  VN: [
    ['Ha Noi', 21.03, 105.83],
    ['Da Nang', 16.05, 108.2],
    ['Can Tho', 10.05, 105.75],
  ],
  TH: [
    ['Bangkok', 13.76, 100.5],
    ['Chiang Mai', 18.79, 98.99],
    ['Khon Kaen', 16.44, 102.83],
  ],
  IN: [
    ['Pune', 18.52, 73.86],
    ['Indore', 22.72, 75.86],
    ['Surat', 21.17, 72.83],
    ['Kochi', 9.93, 76.27],
  ],
  BD: [
    ['Dhaka', 23.81, 90.41],
    ['Sylhet', 24.89, 91.87],
    ['Khulna', 22.85, 89.54],
  ],
  MY: [
    ['George Town', 5.41, 100.33],
    ['Kuala Lumpur', 3.14, 101.69],
  ],
  JP: [
    ['Kyoto', 35.01, 135.77],
    ['Fukuoka', 33.59, 130.4],
    ['Toyama', 36.7, 137.21],
  ],
  CN: [
    ['Chengdu', 30.57, 104.07],
    ['Xiamen', 24.48, 118.09],
  ],
  PK: [
    ['Karachi', 24.86, 67.0],
    ['Lahore', 31.55, 74.34],
  ],
  NP: [
    ['Kathmandu', 27.72, 85.32],
    ['Pokhara', 28.21, 83.99],
  ],
  LK: [['Colombo', 6.93, 79.86]],
  MN: [['Ulaanbaatar', 47.89, 106.91]],
  FJ: [['Suva', -18.14, 178.44]],
  KR: [
    ['Seoul', 37.57, 126.98],
    ['Suwon', 37.26, 127.03],
  ],
  AU: [['Melbourne', -37.81, 144.96]],
  KZ: [['Almaty', 43.24, 76.89]],
  UZ: [['Tashkent', 41.3, 69.24]],
};

const LEADS = [
  'City Government',
  'Municipal Corporation',
  'Ministry of Housing and Urban Development',
  'Provincial Planning Department',
  'Urban Development Authority',
  'Residents’ federation',
  'National Housing Authority',
];
const ORG_TYPES = [
  'local_government',
  'local_government',
  'national_government',
  'civil_society',
  'community',
  'academia',
  'private_sector',
];
const TOPICS = [
  ['community-led upgrading of informal settlements', 'housing-slum-upgrading', ['11.1', '1.4'], 'TC1'],
  ['piped water and sanitation for low-income wards', 'basic-services', ['6.1', '6.2'], 'TC1'],
  ['a bus network reform with one fare card', 'transport-mobility', ['11.2', '9.1'], 'EI2'],
  ['a riverside public space and greenway', 'planning-design-public-space', ['11.7', '15.1'], 'EI2'],
  ['flood early warning and drainage upgrades', 'climate-drr-resilience', ['11.5', '13.1'], 'TC3'],
  ['neighbourhood waste banks and composting', 'environment-waste', ['11.6', '12.5'], 'TC3'],
  ['market renewal and support for street vendors', 'local-economy', ['8.3', '11.3'], 'TC2'],
  ['participatory budgeting for ward works', 'governance-participation-legislation', ['16.7', '11.3'], 'EI1'],
  ['a municipal green bond', 'municipal-finance', ['11.c', '13.2'], 'EI3'],
  ['an open data portal for permits and plans', 'smart-city-data', ['16.6', '9.c'], 'EI3'],
  ['conservation grants for historic quarters', 'culture-heritage', ['11.4'], 'EI2'],
  [
    'a city-wide accessibility programme for older people and people with disabilities',
    'social-inclusion',
    ['11.7', '10.2'],
    'TC1',
  ],
] as const;

const SENTENCES = [
  'The community took part from the first survey to the final inspection, and its representatives sat on the ' +
    'steering committee.',
  'City engineers costed each proposal and reported progress every quarter at open meetings in the neighbourhood.',
  'Households that were flooded most years now stay dry in the rainy season, thanks to the new drainage ' +
    'channels and pumping stations.',
  'The national ministry provided matching funds, while the municipality covered the running costs from its ' +
    'own revenue.',
  'Residents mapped the settlement themselves, which gave the city the first reliable record of who lived where.',
  'Women’s savings groups managed the small loans and were repaid in full within three years.',
  'The programme started in two pilot wards and was extended to the whole city after an independent evaluation.',
  'Land tenure was regularised before works began, so that families could invest in their homes without fear ' +
    'of eviction.',
  'Local universities trained the staff of the municipality and monitored the results with the community.',
  'Maintenance is paid for by a small monthly fee that the ward committee collects and accounts for in public.',
  'The approach has since been adopted by four other cities of the country, with support from the national ' +
    'association of municipalities.',
  'An online dashboard shows the works under way, their budgets and the complaints received, with answers.',
  'The main difficulty was coordination between the agencies responsible for land, water and roads.',
  'Young people were employed in the construction teams and several went on to start their own small firms.',
  'Street vendors were consulted on the design of the market and kept their places during the works.',
  'Cooling trees and shaded walkways reduced the surface temperature of the main streets by several degrees.',
  'The city’s budget for the programme was published every year, line by line, in the local languages.',
  'A grievance mechanism answered every complaint within thirty days, and most were settled on the spot.',
];

function paragraph(random: () => number, sentences: number): string {
  return Array.from({ length: sentences }, () => SENTENCES[Math.floor(random() * SENTENCES.length)]!).join(' ');
}

/** 500 published practices (minus those the portal already has), across countries and themes, sharing a few covers. */
async function seedPractices(db: Db, storage: FileStore): Promise<ModulesSeedResult['practices']> {
  const started = performance.now();
  const random = prng(9);
  const [existing] = await db.select({ n: count() }).from(bestPractices).where(eq(bestPractices.status, 'published'));
  const toSeed = Math.max(0, PRACTICES - (existing?.n ?? 0));
  // A few covers made by the practices' own image pipeline (renditions + card crop), shared by every
  // row. Each is stored in the folder of one of the published practices seeded here (the first
  // COVERS rows take these uuids): a practice's files are public only while it is published
  // (decision 035), so a folder of no practice would be served to nobody.
  const covers = [];
  const coverOwners = Array.from({ length: COVERS }, () => crypto.randomUUID());
  for (let i = 0; i < COVERS; i++) {
    const { image } = await storePracticeImage(storage, coverOwners[i]!, await photoJpeg(700 + i, 1600, 1000), {
      crop: null,
      caption: `Works under way (${i + 1})`,
      credit: 'Benchmark picture',
    });
    covers.push({ ...image, isCover: true });
  }
  const codes = REGION_COUNTRIES.map((c) => c.code);
  const categories = CATEGORY_SEED.map((c) => c.slug);
  const rows: (typeof bestPractices.$inferInsert)[] = [];
  let summaryWords = 0;
  let narrativeWords = 0;
  const now = Date.now();
  for (let i = 0; i < toSeed; i++) {
    // Half the practices in the ten countries that share most, the rest across all 58.
    const country =
      random() < 0.5 ? Object.keys(CITIES)[Math.floor(random() * 10)]! : codes[Math.floor(random() * codes.length)]!;
    const places = CITIES[country];
    const place = places && random() < 0.9 ? places[Math.floor(random() * places.length)]! : null;
    const topic = TOPICS[i % TOPICS.length]!;
    const second = random() < 0.6 ? categories[Math.floor(random() * categories.length)]! : null;
    const startYear = 2008 + Math.floor(random() * 17);
    const ended = random() < 0.4;
    const summary =
      `${place?.[0] ?? 'The city'} carried out ${topic[0]}. ` + `${paragraph(random, 4 + Math.floor(random() * 5))}`;
    const narrative = Object.fromEntries(
      [
        'context',
        'objectives',
        'implementation',
        'resources',
        'results',
        'innovation',
        'sustainability',
        'transferability',
        'lessons',
      ].map((key) => [
        key,
        random() < 0.85
          ? Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
              paragraph(random, 3 + Math.floor(random() * 4)),
            ).join('\n\n')
          : null,
      ]),
    );
    summaryWords += words(summary);
    narrativeWords += Object.values(narrative).reduce((n, t) => n + (t ? words(t) : 0), 0);
    const created = new Date(now - (30 + i) * 86_400_000);
    rows.push({
      ...(i < COVERS && { uuid: coverOwners[i] }),
      status: 'published',
      featured: i < 6,
      title:
        `${topic[0][0]!.toUpperCase()}${topic[0].slice(1)} in ` +
        `${place?.[0] ?? REGION_COUNTRIES.find((c) => c.code === country)!.name} (${i + 1})`,
      countryCode: country,
      city: place?.[0] ?? null,
      lat: place ? place[1] + (random() - 0.5) * 0.2 : null,
      lng: place ? place[2] + (random() - 0.5) * 0.2 : null,
      leadOrganisation: `${place?.[0] ?? 'National'} ${LEADS[i % LEADS.length]}`,
      orgType: ORG_TYPES[i % ORG_TYPES.length]!,
      partners:
        random() < 0.7
          ? [
              {
                name: 'Community associations of the wards',
                type: 'community',
                support: ['political', 'administrative'],
              },
            ]
          : [],
      startDate: `${startYear}-0${1 + Math.floor(random() * 9)}-01`,
      endDate: ended ? `${Math.min(2025, startYear + 2 + Math.floor(random() * 5))}-12-31` : null,
      ongoing: !ended,
      categories: second && second !== topic[1] ? [topic[1], second] : [topic[1]],
      sdgTargets: [...topic[2]],
      nuaThrusts:
        random() < 0.3
          ? [topic[3], NUA_THRUST_CODES[Math.floor(random() * NUA_THRUST_CODES.length)]!].filter(
              (t, n, all) => all.indexOf(t) === n,
            )
          : [topic[3]],
      summary,
      narrative,
      figures: [{ label: 'People who benefit', value: String(1000 + Math.floor(random() * 90_000)), unit: 'people' }],
      keyDates: [{ date: `${startYear}-01-01`, label: 'Work began' }],
      images: random() < 0.9 ? [covers[i % COVERS]!] : [],
      contactName: 'Benchmark contact',
      contactEmail: 'focal.point@bench.example',
      createdAt: created,
      updatedAt: created,
      submittedAt: new Date(created.getTime() + 5 * 86_400_000),
      publishedAt: new Date(created.getTime() + 10 * 86_400_000),
    });
  }
  for (let i = 0; i < rows.length; i += 100) await db.insert(bestPractices).values(rows.slice(i, i + 100));
  await db.execute(sql`analyze best_practices`);
  const [after] = await db.select({ n: count() }).from(bestPractices).where(eq(bestPractices.status, 'published'));
  return {
    published: after?.n ?? 0,
    seeded: rows.length,
    covers: COVERS,
    summaryWords: Math.round(summaryWords / Math.max(1, rows.length)),
    narrativeWords: Math.round(narrativeWords / Math.max(1, rows.length)),
    ms: performance.now() - started,
  };
}

/** Seeds the three modules and names one page of each family for the audits. */
export async function seedModules(db: Db, storage: FileStore): Promise<ModulesSeedResult> {
  const nationalReportsResult = await seedNationalReports(db);
  const profile = await seedProfile(db);
  const practices = await seedPractices(db, storage);
  const [latest] = await db
    .select({ year: nationalReports.year, country: nationalReports.countryCode })
    .from(nationalReports)
    .where(eq(nationalReports.status, 'published'))
    .orderBy(sql`${nationalReports.publishedAt} desc`)
    .limit(1);
  const [practice] = await db
    .select({ uuid: bestPractices.uuid })
    .from(bestPractices)
    .where(eq(bestPractices.status, 'published'))
    .orderBy(sql`length(${bestPractices.summary}) desc`)
    .limit(1);
  const [category] = await db
    .select({ slug: profileCategories.slug })
    .from(profileCategories)
    .orderBy(profileCategories.sort)
    .limit(1);
  return {
    nationalReports: nationalReportsResult,
    profile,
    practices,
    expect: {
      latestReport: latest!,
      regionalYear: MODULE_CYCLES.filter((c) => c.status === 'closed').at(-1)!.year,
      category: category!.slug,
      profileCountry: 'PH',
      facet: { facet: 'category', value: 'climate-drr-resilience' },
      practiceUuid: practice!.uuid,
    },
  };
}
