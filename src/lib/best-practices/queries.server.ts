import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.server.ts';
import type { DbOrTx } from '../audit/service.server.ts';
import { auditEvents, bestPracticeCategories, bestPractices, countries, formComments, users } from '../db/schema.ts';
import { sectionsFilled } from './completeness.ts';
import {
  coverOf,
  toNarrative,
  toPublicPractice,
  type CategoryNames,
  type CountryRow,
  type PracticeRow,
} from './mappers.server.ts';
import { copyKeptAt } from '../site/publication-copies.server.ts';
import { sectionAnswersOf } from './sections.server.ts';
import {
  type BestPractice,
  type PracticeDashboard,
  type PracticeListItem,
  type PracticeListQuery,
  type PracticeStatus,
  type ReviewComment,
  type SectionKey,
  type TimelineEntry,
} from './schema.ts';
import { PracticeStatusSchema } from './schema.ts';

export const AUDIT_ENTITY = 'best_practice';
/** form_comments.form of the practices' section comments (decision 077): the instance is the practice's uuid. */
export const COMMENT_FORM = 'best_practice';

export async function categoryNames(db: DbOrTx): Promise<CategoryNames> {
  const rows = await db
    .select()
    .from(bestPracticeCategories)
    .orderBy(asc(bestPracticeCategories.sortOrder), asc(bestPracticeCategories.id));
  return new Map(rows.map((r) => [r.slug, r.name]));
}

export async function listCategories(db: Db) {
  const names = await categoryNames(db);
  return [...names].map(([slug, name]) => ({ slug, name }));
}

/** The practice and its country, or null. */
export async function findPractice(
  db: DbOrTx,
  uuid: string,
): Promise<{ row: PracticeRow; country: CountryRow } | null> {
  const [found] = await db
    .select({ row: bestPractices, country: countries })
    .from(bestPractices)
    .innerJoin(countries, eq(countries.code, bestPractices.countryCode))
    .where(eq(bestPractices.uuid, uuid))
    .limit(1);
  return found ?? null;
}

const resolvers = alias(users, 'resolvers');

/**
 * The practice's review comments, oldest first (or only the one `commentId` names): the engine's
 * form_comments of the practice (`uuid`), in the shape the practices' comments always had.
 */
export async function commentsOf(db: DbOrTx, uuid: string, commentId?: number): Promise<ReviewComment[]> {
  const rows = await db
    .select({
      c: formComments,
      author: users.name,
      resolver: sql<string | null>`coalesce(${resolvers.name}, ${resolvers.email})`,
    })
    .from(formComments)
    .leftJoin(users, eq(users.id, formComments.authorId))
    .leftJoin(resolvers, eq(resolvers.id, formComments.resolvedBy))
    .where(
      and(
        eq(formComments.form, COMMENT_FORM),
        eq(formComments.instance, uuid),
        commentId === undefined ? undefined : eq(formComments.id, commentId),
      ),
    )
    .orderBy(asc(formComments.createdAt), asc(formComments.id));
  return rows.map(({ c, author, resolver }) => ({
    id: c.id,
    section: c.question as SectionKey,
    body: c.body,
    author_name: author,
    created_at: c.createdAt.toISOString(),
    resolved_at: c.resolvedAt?.toISOString() ?? null,
    resolved_by_name: c.resolvedAt ? resolver : null,
    version: c.version,
  }));
}

const statusOrNull = (value: string | null) => (value === null ? null : PracticeStatusSchema.parse(value));

/** Since when the public library keeps the published version of a practice being revised (decision 033), or null. */
const publicCopyKeptAt = (row: PracticeRow) => copyKeptAt(row, row.updatedAt);

/** The workflow's history: creation, every transition and comment (plain saves are left out). */
async function timelineOf(db: DbOrTx, uuid: string): Promise<TimelineEntry[]> {
  const rows = await db
    .select({
      action: auditEvents.action,
      from: sql<string | null>`${auditEvents.before}->>'status'`,
      to: sql<string | null>`${auditEvents.after}->>'status'`,
      note: auditEvents.note,
      actor: users.name,
      at: auditEvents.at,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(and(eq(auditEvents.entity, AUDIT_ENTITY), eq(auditEvents.entityId, uuid), ne(auditEvents.action, 'update')))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));
  return rows.map((r) => ({
    action: r.action,
    from: statusOrNull(r.from),
    to: statusOrNull(r.to),
    note: r.note,
    actor_name: r.actor,
    at: r.at.toISOString(),
  }));
}

/** The practice as the back-office shows it: contact, comments and timeline included. */
export async function practiceDetail(db: DbOrTx, row: PracticeRow, country: CountryRow): Promise<BestPractice> {
  const [names, comments, timeline, author, sections] = await Promise.all([
    categoryNames(db),
    commentsOf(db, row.uuid),
    timelineOf(db, row.uuid),
    row.createdBy === null
      ? Promise.resolve([])
      : db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, row.createdBy)),
    sectionAnswersOf(db, row.id),
  ]);
  return {
    ...toPublicPractice(row, country, names),
    id: row.id,
    version: row.version,
    status: PracticeStatusSchema.parse(row.status),
    contact: { name: row.contactName, email: row.contactEmail, phone: row.contactPhone },
    created_by: author[0] ?? null,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    comments,
    timeline,
    public_copy_kept_at: publicCopyKeptAt(row),
    sections,
  };
}

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function listFilter(query: Partial<PracticeListQuery>, scopeCountry: string | null): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (scopeCountry) conditions.push(eq(bestPractices.countryCode, scopeCountry));
  if (query.country_code) conditions.push(eq(bestPractices.countryCode, query.country_code));
  if (query.status) conditions.push(eq(bestPractices.status, query.status));
  if (query.category) conditions.push(sql`${bestPractices.categories} @> ${JSON.stringify([query.category])}::jsonb`);
  if (query.q) {
    const pattern = escapeLike(query.q);
    conditions.push(
      or(
        ilike(bestPractices.title, pattern),
        ilike(bestPractices.city, pattern),
        ilike(bestPractices.leadOrganisation, pattern),
      ),
    );
  }
  return and(...conditions);
}

const ORDERS: Record<PracticeListQuery['order'], SQL[]> = {
  '-updated_at': [desc(bestPractices.updatedAt), desc(bestPractices.id)],
  updated_at: [asc(bestPractices.updatedAt), asc(bestPractices.id)],
  title: [asc(bestPractices.title), asc(bestPractices.id)],
  '-submitted_at': [sql`${bestPractices.submittedAt} desc nulls last`, desc(bestPractices.id)],
  country: [asc(countries.name), asc(bestPractices.title), asc(bestPractices.id)],
};

function toListItem(row: PracticeRow, country: CountryRow, author: string | null): PracticeListItem {
  const cover = coverOf(row.images);
  return {
    uuid: row.uuid,
    title: row.title,
    written_in: row.writtenIn,
    country: { code: country.code, name: country.name, flag: country.flag },
    city: row.city,
    status: PracticeStatusSchema.parse(row.status),
    featured: row.featured,
    demo: row.demo,
    categories: row.categories,
    cover: cover ? (cover.card.variants.find((v) => v.format === 'webp')?.url ?? cover.card.url) : null,
    sections_filled: sectionsFilled({
      title: row.title,
      city: row.city,
      lead_organisation: row.leadOrganisation,
      start_date: row.startDate,
      categories: row.categories,
      summary: row.summary,
      narrative: toNarrative(row.narrative),
      images: row.images,
      attachments: row.attachments,
      links: row.links,
      contact: { name: row.contactName, email: row.contactEmail },
    }),
    author_name: author,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
    public_copy_kept_at: publicCopyKeptAt(row),
  };
}

/** One page of practices inside the user's scope (`scopeCountry` null: all countries). */
export async function listPractices(
  db: Db,
  query: PracticeListQuery,
  scopeCountry: string | null,
): Promise<{ data: PracticeListItem[]; total: number }> {
  const where = listFilter(query, scopeCountry);
  const [totalRow] = await db.select({ total: count() }).from(bestPractices).where(where);
  const rows = await db
    .select({ row: bestPractices, country: countries, author: users.name })
    .from(bestPractices)
    .innerJoin(countries, eq(countries.code, bestPractices.countryCode))
    .leftJoin(users, eq(users.id, bestPractices.createdBy))
    .where(where)
    .orderBy(...ORDERS[query.order])
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return { data: rows.map((r) => toListItem(r.row, r.country, r.author)), total: totalRow?.total ?? 0 };
}

/**
 * The dashboard's view: counts per status inside the scope, and what needs the user: for
 * reviewers the submitted practices (oldest first), for authors their country's practices
 * waiting on them (changes requested, drafts).
 */
export async function practiceDashboard(
  db: Db,
  scopeCountry: string | null,
  reviewer: boolean,
): Promise<PracticeDashboard> {
  const scope = listFilter({}, scopeCountry);
  const countRows = await db
    .select({ status: bestPractices.status, n: count() })
    .from(bestPractices)
    .where(scope)
    .groupBy(bestPractices.status);
  const counts: Record<PracticeStatus, number> = {
    draft: 0,
    submitted: 0,
    changes_requested: 0,
    published: 0,
    rejected: 0,
    archived: 0,
  };
  for (const r of countRows) counts[PracticeStatusSchema.parse(r.status)] = r.n;
  const waiting: PracticeStatus[] = reviewer ? ['submitted'] : ['changes_requested', 'draft'];
  const rows = await db
    .select({ row: bestPractices, country: countries, author: users.name })
    .from(bestPractices)
    .innerJoin(countries, eq(countries.code, bestPractices.countryCode))
    .leftJoin(users, eq(users.id, bestPractices.createdBy))
    .where(and(scope, inArray(bestPractices.status, waiting)))
    .orderBy(reviewer ? asc(bestPractices.submittedAt) : desc(bestPractices.updatedAt), asc(bestPractices.id))
    .limit(8);
  return { counts, attention: rows.map((r) => toListItem(r.row, r.country, r.author)), reviewer };
}
