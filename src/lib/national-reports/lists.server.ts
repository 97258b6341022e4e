import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { auditEvents, countries, nationalReports, reportingCycles, users } from '../db/schema.ts';
import { SUBREGIONS } from '../map/subregions.ts';
import type { Completeness } from '../questionnaires/schema.ts';
import { reportsWithCountries } from './queries.server.ts';
import {
  actorOf,
  reportLockOf,
  toCountry,
  toCycle,
  type CountryRow,
  type CycleRow,
  type ReportRow,
} from './rows.server.ts';
import type {
  CycleListItem,
  OwnReportSummary,
  ReportEvent,
  ReportListItem,
  ReportListQuery,
  ReportStatus,
} from './schema.ts';
import type { AnswerChange, Dashboard } from './activity-schema.ts';
import { RETURN_ACTIONS, returnedOf } from './workflow.ts';

const EMPTY_PROGRESS: Completeness = {
  answered: 0,
  total: 0,
  compulsory_total: 0,
  compulsory_answered: 0,
  invalid: 0,
  pct: 0,
};

function toListItem(report: ReportRow, country: CountryRow, cycle: CycleRow, now: Date): ReportListItem {
  return {
    uuid: report.uuid,
    country: toCountry(country),
    year: report.year,
    status: report.status as ReportStatus,
    completeness_pct: report.completenessPct,
    updated_at: report.updatedAt.toISOString(),
    deadline: cycle.closesAt,
    locked: reportLockOf(report, cycle, now) !== null,
    demo: report.demo,
  };
}

/** The audit events that match `where`, each with the name and username of the user who made it (null: none). */
function auditWithActors(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ event: auditEvents, name: users.name, username: users.username })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(where);
}

/** The last return or submission of each report, by uuid: what `returnedOf` needs of its timeline. */
async function lastReturns(db: DbOrTx, uuids: readonly string[]): Promise<Map<string, ReportEvent>> {
  if (uuids.length === 0) return new Map();
  const rows = await auditWithActors(
    db,
    and(
      eq(auditEvents.entity, 'national_report'),
      inArray(auditEvents.entityId, [...uuids]),
      inArray(auditEvents.action, [...RETURN_ACTIONS]),
    ),
  ).orderBy(asc(auditEvents.at), asc(auditEvents.id));
  // Oldest first: the last one of each report stays in the map.
  return new Map(
    rows.map((r) => [
      r.event.entityId,
      {
        action: r.event.action,
        from: null,
        to: null,
        by: actorOf(r),
        at: r.event.at.toISOString(),
        note: r.event.note,
      },
    ]),
  );
}

function toSummary(
  report: ReportRow,
  country: CountryRow,
  cycle: CycleRow,
  now: Date,
  last: ReportEvent | undefined,
): OwnReportSummary {
  const item = toListItem(report, country, cycle, now);
  return {
    uuid: item.uuid,
    country: item.country,
    year: item.year,
    status: item.status,
    completeness: report.completeness ?? { ...EMPTY_PROGRESS, pct: report.completenessPct },
    locked: item.locked,
    lock_reason: reportLockOf(report, cycle, now),
    deadline: item.deadline,
    updated_at: item.updated_at,
    returned: returnedOf(last ? [last] : [], item.status),
  };
}

async function countsByStatus(db: DbOrTx, year: number, scope: string | null): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: nationalReports.status, n: sql<number>`count(*)::int` })
    .from(nationalReports)
    .where(and(eq(nationalReports.year, year), scope ? eq(nationalReports.countryCode, scope) : undefined))
    .groupBy(nationalReports.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

const SORTS: Record<string, SQL[]> = {
  country: [sql`${countries.name} asc`],
  '-country': [sql`${countries.name} desc`],
  status: [
    sql`array_position(array['not_started','in_progress','completed','submitted','accepted','published'],
      ${nationalReports.status}) asc`,
    sql`${countries.name} asc`,
  ],
  '-status': [
    sql`array_position(array['not_started','in_progress','completed','submitted','accepted','published'],
      ${nationalReports.status}) desc`,
    sql`${countries.name} asc`,
  ],
  completeness: [sql`${nationalReports.completenessPct} asc`, sql`${countries.name} asc`],
  '-completeness': [sql`${nationalReports.completenessPct} desc`, sql`${countries.name} asc`],
  updated_at: [sql`${nationalReports.updatedAt} asc`],
  '-updated_at': [sql`${nationalReports.updatedAt} desc`],
};

/** GET report/type/national/{year}: a page of the cycle's reports within `scope` (a country, or null for all). */
export async function listReports(db: DbOrTx, cycle: CycleRow, query: ReportListQuery, scope: string | null) {
  const conditions: (SQL | undefined)[] = [eq(nationalReports.year, cycle.year)];
  if (scope) conditions.push(eq(nationalReports.countryCode, scope));
  if (query.status) conditions.push(eq(nationalReports.status, query.status));
  if (query.subregion) {
    const codes: string[] = [...(SUBREGIONS.find((s) => s.id === query.subregion)?.codes ?? [])];
    if (query.subregion === 'other') {
      const known = SUBREGIONS.flatMap((s) => [...s.codes]);
      conditions.push(
        sql`${nationalReports.countryCode} not in (${sql.join(
          known.map((c) => sql`${c}`),
          sql`, `,
        )})`,
      );
    } else conditions.push(codes.length ? inArray(nationalReports.countryCode, codes) : sql`false`);
  }
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    // The code matches exactly: q is text to find, never a LIKE pattern of its own.
    conditions.push(or(ilike(countries.name, pattern), eq(nationalReports.countryCode, query.q.toUpperCase())));
  }
  const where = and(...conditions);
  const [totalRow] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(nationalReports)
    .innerJoin(countries, eq(countries.code, nationalReports.countryCode))
    .where(where);
  const rows = await db
    .select({ report: nationalReports, country: { code: countries.code, name: countries.name, flag: countries.flag } })
    .from(nationalReports)
    .innerJoin(countries, eq(countries.code, nationalReports.countryCode))
    .where(where)
    .orderBy(...SORTS[query.sort]!, sql`${nationalReports.id} asc`)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const now = new Date();
  return {
    data: rows.map((r) => toListItem(r.report, r.country, cycle, now)),
    total: Number(totalRow?.n ?? 0),
    counts: await countsByStatus(db, cycle.year, scope),
  };
}

/** GET report/type/national/cycles: every cycle, newest first, with counts and the caller's own report. */
export async function listCycles(db: DbOrTx, scope: string | null): Promise<CycleListItem[]> {
  const cycles = await db.select().from(reportingCycles).orderBy(desc(reportingCycles.year));
  const now = new Date();
  const out: CycleListItem[] = [];
  for (const cycle of cycles) {
    let report: OwnReportSummary | null = null;
    if (scope) {
      const [row] = await reportsWithCountries(db, cycle.year, eq(nationalReports.countryCode, scope));
      if (row)
        report = toSummary(
          row.report,
          row.country,
          cycle,
          now,
          (await lastReturns(db, [row.report.uuid])).get(row.report.uuid),
        );
    }
    out.push({ ...toCycle(cycle), counts: await countsByStatus(db, cycle.year, scope), report });
  }
  return out;
}

/** The reporting card of the dashboard. */
export async function dashboardOf(db: DbOrTx, scope: string | null): Promise<Dashboard> {
  const open = await db
    .select()
    .from(reportingCycles)
    .where(eq(reportingCycles.status, 'open'))
    .orderBy(desc(reportingCycles.year));
  const cycle = open[0] ?? null;
  const now = new Date();
  const daysLeft = cycle ? Math.ceil((Date.parse(`${cycle.closesAt}T23:59:59Z`) - now.getTime()) / 86_400_000) : null;
  if (scope) {
    const rows: { report: ReportRow; country: CountryRow; cycle: CycleRow }[] = [];
    for (const c of open) {
      const [row] = await reportsWithCountries(db, c.year, eq(nationalReports.countryCode, scope));
      if (row) rows.push({ ...row, cycle: c });
    }
    const returns = await lastReturns(
      db,
      rows.map((r) => r.report.uuid),
    );
    const own = rows.map((r) => toSummary(r.report, r.country, r.cycle, now, returns.get(r.report.uuid)));
    return { cycle: cycle ? toCycle(cycle) : null, days_left: daysLeft, own, region: null };
  }
  if (!cycle) return { cycle: null, days_left: null, own: [], region: null };
  const rows = await reportsWithCountries(db, cycle.year);
  rows.sort((a, b) => a.country.name.localeCompare(b.country.name, 'en'));
  const byStatus: Record<string, number> = {};
  for (const r of rows) byStatus[r.report.status] = (byStatus[r.report.status] ?? 0) + 1;
  const average = rows.length
    ? Math.round(rows.reduce((sum, r) => sum + r.report.completenessPct, 0) / rows.length)
    : 0;
  return {
    cycle: toCycle(cycle),
    days_left: daysLeft,
    own: [],
    region: {
      countries_total: rows.length,
      by_status: byStatus,
      average_completeness: average,
      countries: rows.map((r) => toListItem(r.report, r.country, cycle, now)),
    },
  };
}

const snapshotOf = (v: unknown) => {
  if (!v || typeof v !== 'object') return null;
  const s = v as Record<string, unknown>;
  return {
    value: (s['value'] ?? null) as never,
    text: (s['text'] as string | null) ?? null,
    data_year: (s['data_year'] as number | null) ?? null,
    source: (s['source'] as string | null) ?? null,
    comment: (s['comment'] as string | null) ?? null,
  };
};

/** One question's answer changes in a report, newest first. */
export async function answerHistory(db: DbOrTx, reportUuid: string, questionUuid: string): Promise<AnswerChange[]> {
  const rows = await auditWithActors(
    db,
    and(
      eq(auditEvents.entity, 'national_report_answer'),
      eq(auditEvents.entityId, reportUuid),
      sql`coalesce(${auditEvents.after}->>'question_uuid', ${auditEvents.before}->>'question_uuid') =
          ${questionUuid}`,
    ),
  ).orderBy(desc(auditEvents.at), desc(auditEvents.id));
  return rows.map((r) => ({
    at: r.event.at.toISOString(),
    by: actorOf(r),
    action: r.event.action,
    ...(snapshotOf(r.event.after) ?? { value: null, text: null, data_year: null, source: null, comment: null }),
    before: snapshotOf(r.event.before),
    after: snapshotOf(r.event.after),
    version: ((r.event.after as { version?: number } | null)?.version ?? null) as number | null,
  }));
}

/** The report's whole audit log (status changes, header edits, uploads, answers), newest first. */
export async function reportActivity(db: DbOrTx, reportUuid: string) {
  const rows = await auditWithActors(
    db,
    and(
      inArray(auditEvents.entity, ['national_report', 'national_report_answer']),
      eq(auditEvents.entityId, reportUuid),
    ),
  )
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(2000);
  return rows.map((r) => {
    const snap = (r.event.after ?? r.event.before) as { question_code?: string } | null;
    return {
      at: r.event.at.toISOString(),
      by: actorOf(r),
      entity: r.event.entity,
      entity_id: r.event.entityId,
      action: r.event.action,
      question_code: r.event.entity === 'national_report_answer' ? (snap?.question_code ?? null) : null,
      note: r.event.note,
      before: r.event.before,
      after: r.event.after,
    };
  });
}
