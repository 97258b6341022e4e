import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/service.server.ts';
import { createCycleReports } from './cycle-service.server.ts';
import { cycleQuestions } from './queries.server.ts';
import { syncAnswerSearch } from './search-index.server.ts';
import { seedDemoFlag } from './demo-flags.server.ts';
import { completeness } from '../questionnaires/engine.ts';
import type { ReportStatus } from './schema.ts';
import type { AnswerValue } from '../questionnaires/schema.ts';
import { formQuestionOf, type Question } from './question-schema.ts';
import type { Db } from '../db/client.server.ts';
import { QUESTION_SEED, SUBCATEGORY_SEED, THRUST_SEED } from './seed-data.ts';
import { demoReportTexts, writtenDemoAnswer } from './demo-written.ts';
import {
  nationalReports,
  questions,
  reportAnswers,
  reportingCycles,
  subcategories,
  thrusts,
  users,
} from '../db/schema.ts';

/** Thrusts, subcategories and the 38 questions; rows that exist are left as administrators made them. */
export async function seedNationalReportReference(db: Db): Promise<void> {
  await db
    .insert(thrusts)
    .values(THRUST_SEED.map((t, i) => ({ code: t.code, name: t.name, nuaParagraphs: t.nuaParagraphs, sort: i + 1 })))
    .onConflictDoNothing();
  await db
    .insert(subcategories)
    .values(SUBCATEGORY_SEED.map((s, i) => ({ code: s.code, thrustCode: s.thrust, name: s.name, sort: i + 1 })))
    .onConflictDoNothing();
  const thrustOf = new Map<string, string>(SUBCATEGORY_SEED.map((s) => [s.code, s.thrust]));
  await db
    .insert(questions)
    .values(
      QUESTION_SEED.map((q, i) => ({
        code: q.code,
        thrustCode: thrustOf.get(q.subcategory)!,
        subcategoryCode: q.subcategory,
        questionTier: q.tier,
        text: q.text,
        help: q.help ?? null,
        answerType: q.type,
        unit: q.unit ?? null,
        options: q.options ?? [],
        min: q.min ?? null,
        max: q.max ?? null,
        expectedMin: q.expectedMin ?? null,
        expectedMax: q.expectedMax ?? null,
        decimals: q.decimals ?? null,
        parts: q.parts ?? [],
        withText: q.withText ?? false,
        textLabel: q.textLabel ?? null,
        compulsory: q.compulsory ?? false,
        sdgRefs: q.sdgRefs ?? [],
        sdgTier: q.sdgTier ?? null,
        nuaParagraphs: q.nua ?? null,
        sourceHint: q.sourceHint ?? null,
        expectedChange: q.expectedChange ?? null,
        checks: q.checks ?? [],
        sort: i + 1,
      })),
    )
    .onConflictDoNothing();
}

// ---- demo data (npm start only; every report is flagged demo) ----

const HOUR = 60 * 60 * 1000;
const DAY = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** A stable number in [0, 1) from the parts: the demo answers are the same on every fresh start. */
function unit(...parts: (string | number)[]): number {
  return createHash('sha256').update(parts.join('|')).digest().readUInt32BE(0) / 2 ** 32;
}

/** Plausible ranges of the demo figures per question (not official statistics). */
const DEMO_RANGES: Record<string, [number, number]> = {
  Q01: [0.5, 25],
  Q03: [5, 30],
  Q04: [5, 45],
  Q05: [30, 90],
  Q07: [2000, 150_000],
  Q08: [45, 99],
  Q09: [25, 90],
  Q10: [92, 100],
  Q11: [30, 85],
  Q12: [2, 9],
  Q13: [20, 80],
  Q14: [8, 30],
  Q16: [-2, 6],
  Q17: [0.5, 30],
  Q19: [5, 900],
  Q20: [0.05, 2],
  Q21: [0.3, 1],
  Q22: [10, 90],
  Q23: [8, 60],
  Q24: [40, 95],
  Q25: [5, 40],
  Q27: [10, 70],
  Q30: [0.8, 2.5],
  Q31: [5, 25],
  Q34: [10, 55],
  Q36: [40, 95],
};

/** Real figures from the reporting brief §4 (World Bank EN.POP.SLUM.UR.ZS, from UN-Habitat, 2018). */
const REAL_FIGURES: Record<string, { value: number; dataYear: number; source: string }> = {
  'MM:Q04': { value: 58.3, dataYear: 2018, source: 'World Bank EN.POP.SLUM.UR.ZS, from UN-Habitat (2018)' },
  'VN:Q04': { value: 5.8, dataYear: 2018, source: 'World Bank EN.POP.SLUM.UR.ZS, from UN-Habitat (2018)' },
};

const NARRATIVES = [
  (country: string) =>
    `${country} pursues this through national programmes carried out with city governments, reviewed every two years.`,
  (country: string) =>
    `In ${country}, responsibilities are shared between the national ministry and local governments, with a ` +
    `coordination committee meeting quarterly.`,
  (country: string) =>
    `${country} has piloted the approach in its largest cities and is extending it to secondary cities.`,
];

/** A plausible demo answer to `q` for a country and cycle (the same on every run); the benchmark seeds with it too. */
export function demoAnswer(q: Question, country: { code: string; name: string }, year: number) {
  const r = (salt: string | number = '') => unit(country.code, q.code, year, salt);
  const real = year === 2026 ? undefined : REAL_FIGURES[`${country.code}:${q.code}`];
  const [lo, hi] = DEMO_RANGES[q.code] ?? [0, 100];
  const round = (n: number) => Number(n.toFixed(q.answer_type === 'int' ? 0 : (q.decimals ?? 1)));
  const number = (salt: string | number = '') => round(lo + (hi - lo) * r(salt));
  let value: AnswerValue;
  if (real) value = real.value;
  else if (q.parts.length > 0) {
    value = Object.fromEntries(q.parts.map((p) => [p.key, q.answer_type === 'yn' ? r(p.key) < 0.7 : number(p.key)]));
  } else if (q.answer_type === 'yn') value = r() < 0.8;
  else if (q.answer_type === 'multi') {
    const picked = q.options.filter((o) => r(o.value) < 0.55).map((o) => o.value);
    value = picked.length ? picked : [q.options[0]!.value];
  } else if (q.answer_type === 'single') value = q.options[Math.floor(r() * q.options.length)]!.value;
  else if (q.answer_type === 'txt') value = NARRATIVES[Math.floor(r() * NARRATIVES.length)]!(country.name);
  else if (q.answer_type === 'url') value = `https://www.example.org/${country.code.toLowerCase()}/urban-data`;
  else value = number();
  const numeric = q.answer_type === 'pct' || q.answer_type === 'num' || q.answer_type === 'int';
  return {
    value,
    text: q.with_text
      ? q.text_label?.startsWith('Link')
        ? `https://www.example.org/${country.code.toLowerCase()}/policy`
        : NARRATIVES[Math.floor(r('t') * NARRATIVES.length)]!(country.name)
      : null,
    dataYear: numeric ? (real?.dataYear ?? Math.max(2015, year - 1 - Math.floor(r('y') * 3))) : null,
    // Every tier-1 answer names a source (the rule of the form); demo ones say they are not official.
    source:
      real?.source ??
      (numeric || q.question_tier === 1
        ? `Demonstration ${numeric ? 'figure' : 'answer'}, not an official statistic (see ` +
          `${q.source_hint ?? 'national statistics'})`
        : null),
    comment: null,
  };
}

/** The demo cycles: 2022 closed, 2026 open and closing in a few weeks. */
const DEMO_STATUSES: Record<number, Partial<Record<ReportStatus, readonly string[]>>> = {
  2022: {
    published: ['ID', 'MY', 'LA', 'PH', 'VN', 'MM', 'TH', 'BD'],
    accepted: ['JP', 'KH'],
    submitted: ['NP', 'LK'],
    completed: ['MN'],
    in_progress: ['IN', 'PK'],
  },
  2026: {
    published: ['ID', 'MY'],
    accepted: ['TH', 'KZ'],
    submitted: ['VN', 'JP', 'AF', 'CN'],
    completed: ['MM', 'LA'],
    in_progress: ['PH', 'KH', 'BD', 'NP', 'MN'],
  },
};

const PATH: readonly ReportStatus[] = ['not_started', 'in_progress', 'completed', 'submitted', 'accepted', 'published'];
const ACTION_INTO: Partial<Record<ReportStatus, string>> = {
  in_progress: 'start',
  completed: 'complete',
  submitted: 'submit',
  accepted: 'accept',
  published: 'publish',
};
/** The note each demo step carries on the status history (the report itself is marked as demo). */
const DEMO_NOTE: Partial<Record<ReportStatus, string>> = {
  in_progress: 'First answers entered by the focal point (demonstration)',
  completed: 'All required answers given (demonstration)',
  submitted: 'Signed report uploaded by the country (demonstration)',
  accepted: 'Checked by the regional secretariat (demonstration)',
  published: 'Published on the portal (demonstration)',
};

/**
 * Demo reporting cycles, reports and answers for `npm start` (never in tests). Skipped once the
 * 2026 cycle exists, so edits made while trying the portal survive restarts.
 */
export async function seedDemoNationalReports(db: Db, now = new Date()): Promise<void> {
  const [existing] = await db.select().from(reportingCycles).where(eq(reportingCycles.year, 2026));
  if (existing) return;
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = 'member@apua.example'`);
  const cycles = [
    {
      year: 2022,
      opensAt: '2021-09-01',
      closesAt: '2022-03-31',
      status: 'closed',
      guidelineVersion: 'Guidelines for reporting on the NUA (2021)',
    },
    {
      year: 2026,
      opensAt: isoDate(new Date(now.getTime() - 170 * DAY)),
      closesAt: isoDate(new Date(now.getTime() + 24 * DAY)),
      status: 'open',
      guidelineVersion: 'Revised Urban Agenda guidelines (2025)',
    },
  ];
  await db.transaction(async (tx) => {
    for (const c of cycles) {
      await tx.insert(reportingCycles).values({ ...c, expiryDays: 30, timelyDays: 14 });
      await createCycleReports(tx, c.year, { demo: true });
      const [cycle] = await tx.select().from(reportingCycles).where(eq(reportingCycles.year, c.year));
      const qs = await cycleQuestions(tx, cycle!);
      const closes = Date.parse(`${c.closesAt}T12:00:00Z`);
      for (const [status, codes] of Object.entries(DEMO_STATUSES[c.year]!) as [ReportStatus, readonly string[]][]) {
        for (const [i, code] of codes.entries()) {
          const [report] = await tx
            .select({
              id: nationalReports.id,
              uuid: nationalReports.uuid,
              country: sql<string>`(select name from countries where code = ${code})`,
            })
            .from(nationalReports)
            .where(and(eq(nationalReports.year, c.year), eq(nationalReports.countryCode, code)));
          if (!report) continue;
          const full = status !== 'in_progress';
          // Finished reports answer every compulsory question and most others; reports in progress about 40 %.
          const pick = (q: Question) => unit(code, q.code, c.year, 'pick');
          const chosen = qs.filter((q) => (full ? q.compulsory || pick(q) < 0.9 : pick(q) < 0.4));
          const rows = chosen.map((q) => ({
            reportId: report.id,
            questionId: 0,
            q,
            // A few countries write in their own language (decision 075): the Compare screen shows their scripts.
            ...writtenDemoAnswer(code, q, c.year, demoAnswer(q, { code, name: report.country }, c.year)),
          }));
          const ids = new Map(
            (await tx.select({ id: questions.id, uuid: questions.uuid }).from(questions)).map((r) => [r.uuid, r.id]),
          );
          if (rows.length) {
            await tx.insert(reportAnswers).values(
              rows.map(({ q, ...row }) => ({
                ...row,
                questionId: ids.get(q.uuid)!,
                updatedBy: code === 'PH' ? (member?.id ?? null) : null,
              })),
            );
          }
          const progress = completeness(
            qs.map(formQuestionOf),
            rows.map((r) => ({ question_uuid: r.q.uuid, ...r, data_year: r.dataYear })),
            { dataYearMax: c.year },
          );
          const reached = PATH.indexOf(status) >= PATH.indexOf('submitted');
          const submittedAt = reached
            ? new Date(Math.min(now.getTime() - DAY, closes + (i % 3 === 2 ? 40 : -10 - i) * DAY))
            : null;
          await tx
            .update(nationalReports)
            .set({
              status,
              completeness: progress,
              completenessPct: progress.pct,
              ...(full
                ? demoReportTexts(code, report.country, c.year)
                : { title: null, executiveSummary: null, writtenIn: null }),
              submittedAt,
              // A month after submission, and never later than a few hours ago.
              publishedAt:
                status === 'published'
                  ? new Date(Math.min((submittedAt?.getTime() ?? now.getTime()) + 30 * DAY, now.getTime() - HOUR))
                  : null,
            })
            .where(eq(nationalReports.id, report.id));
          for (const step of PATH.slice(1, PATH.indexOf(status) + 1)) {
            await recordAudit(tx, {
              actorId: null,
              entity: 'national_report',
              entityId: report.uuid,
              action: ACTION_INTO[step]!,
              before: { status: PATH[PATH.indexOf(step) - 1] },
              after: { status: step },
              note: DEMO_NOTE[step]!,
            });
          }
        }
      }
    }
    // A submitted report with a flagged answer and its explanation (decision 078).
    await seedDemoFlag(tx);
    // Found by the answers' search like any saved answer (decision 076).
    await syncAnswerSearch(tx);
  });
}
