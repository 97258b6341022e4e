import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { countries, profileDatasets, profileFigures, profileIndicators } from '../db/schema.ts';
import type { AuthedUser } from '../deps.server.ts';
import type { ChangeBus } from '../events/change-bus.server.ts';
import { notFound } from '../http/errors.server.ts';
import {
  QuestionCatalogue,
  sourceCache,
  type CatalogueCache,
  type CatalogueQuestion,
} from '../questionnaires/catalogue.server.ts';
import type { FormDefinition, SaveEffects } from '../questionnaires/forms.server.ts';
import { copyChangeOf } from '../site/publication-copies.server.ts';
import { datasetColumns, datasetCopyOf, toIndicator, type DatasetRow } from './queries.server.ts';
import { indicatorQuestion, profileEngineOptions } from './rows.ts';

/**
 * The urbanisation profile's figures as a form of the questionnaire engine (decision 046): a
 * dataset (theme × country × year, the country's own) is the instance, the theme's indicators are
 * its questions (a catalogue over `profile_indicators`, stamped as the questions' one), a figure is
 * an answer in `profile_figures` with its own version. The engine checks, versions, writes and
 * audits the figures; the form keeps the dataset's row: its version (one more per save), its
 * narrative and the rule of decision 033 (a published dataset whose content changes becomes a
 * draft that keeps its published version: published figures are withdrawn, not edited in place).
 */

/** The indicators' stamp: the count, the sum of the versions and the highest id. */
export const INDICATORS_STAMP = sql<string>`(select count(*)::text || ':' ||
  coalesce(sum(${profileIndicators.version}), 0)::text || ':' || coalesce(max(${profileIndicators.id}), 0)::text from
  ${profileIndicators})`;

/** The question id of indicator `id` in the profile's catalogue (a UUID, as the engine's inputs name questions). */
export function indicatorUuid(id: number): string {
  return `00000000-0000-4000-8000-${id.toString(16).padStart(12, '0')}`;
}

/** Loads the profile's catalogue: every indicator (retired ones too) as a question, in the theme's order. */
async function loadIndicatorCatalogue(db: DbOrTx): Promise<QuestionCatalogue> {
  const rows = await db
    .select({ row: profileIndicators, stamp: INDICATORS_STAMP })
    .from(profileIndicators)
    .orderBy(asc(profileIndicators.categorySlug), asc(profileIndicators.sort), asc(profileIndicators.code));
  const all: CatalogueQuestion[] = rows.map(({ row }) => ({
    id: row.id,
    retiredAt: row.retiredAt,
    n: row.version,
    question: indicatorQuestion(toIndicator(row), indicatorUuid(row.id)),
    own: null,
  }));
  return new QuestionCatalogue(rows[0]?.stamp ?? '0:0:0', all, null);
}

const INDICATOR_EVENTS = [
  'profile.indicator.saved',
  'profile.indicator.reordered',
  'profile.indicator.retired',
  'profile.indicator.restored',
] as const;

/** The profile's catalogue of the server whose events run on `bus`, dropped by every committed indicator event. */
export function indicatorCatalogue(bus: ChangeBus): CatalogueCache {
  return sourceCache(bus, 'profile-indicator-catalogue', INDICATOR_EVENTS, {
    stamp: INDICATORS_STAMP,
    load: loadIndicatorCatalogue,
  });
}

/** A dataset of the form: its theme, country and year. */
export interface DatasetKey {
  slug: string;
  countryCode: string;
  year: number;
}

/** Who saves, and what the save does to the dataset's own row. */
export interface FigureSaver {
  auth: AuthedUser;
  /** The dataset's new narrative; undefined keeps it. */
  narrative?: string | null | undefined;
  /** The dataset's audit event: 'update' (a new dataset: 'create') unless said ('import'), with its note. */
  action?: string;
  note?: string;
  /** No `profile.figure.saved` (an import tells its own event per theme). */
  quiet?: boolean;
}

const eventOf = (row: DatasetRow, auth: AuthedUser) => ({
  type: 'profile.figure.saved' as const,
  data: { country: row.countryCode, category: row.categorySlug, year: row.year },
  actorId: auth.user.id,
  site: false,
});

export const profileFiguresForm: FormDefinition<DatasetKey, DatasetRow, FigureSaver> = {
  kind: 'profile_figures',
  answerEntity: 'profile_figure',
  answers: {
    table: profileFigures,
    id: profileFigures.id,
    instance: profileFigures.datasetId,
    question: profileFigures.indicatorId,
    value: profileFigures.value,
    text: profileFigures.estimate,
    dataYear: profileFigures.dataYear,
    source: profileFigures.source,
    comment: profileFigures.note,
    version: profileFigures.version,
    updatedAt: profileFigures.updatedAt,
    updatedBy: profileFigures.updatedBy,
  },
  instances: {
    table: profileDatasets,
    id: profileDatasets.id,
    completeness: profileDatasets.completeness,
    basis: profileDatasets.completenessBasis,
    updatedAt: profileDatasets.updatedAt,
    updatedBy: profileDatasets.updatedBy,
  },
  questionSource: indicatorCatalogue,
  keyOf: (key) => `${key.slug}|${key.countryCode}|${key.year}`,
  async load(db, keys, extra) {
    const query = db
      .select({ row: datasetColumns, stamp: extra.stamp, answers: extra.answers(profileDatasets.id) })
      .from(profileDatasets)
      // The join makes the statement name every column with its table, as the engine's answers subquery needs.
      .innerJoin(countries, eq(countries.code, profileDatasets.countryCode))
      .where(
        and(
          eq(profileDatasets.origin, 'country'),
          or(
            ...keys.map((k) =>
              and(
                eq(profileDatasets.categorySlug, k.slug),
                eq(profileDatasets.countryCode, k.countryCode),
                eq(profileDatasets.year, k.year),
              ),
            ),
          ),
        ),
      )
      .orderBy(profileDatasets.id)
      .$dynamic();
    const rows = await (extra.lock ? query.for('update', { of: profileDatasets }) : query);
    return rows.map(({ row, stamp, answers }) => ({
      key: `${row.categorySlug}|${row.countryCode}|${row.year}`,
      instance: row,
      stamp,
      answers,
    }));
  },
  missing: () => notFound('There is no dataset for this country and year yet'),
  instance: (catalogue, row) => ({
    id: row.id,
    auditId: String(row.id),
    completeness: row.completeness,
    storedBasis: row.completenessBasis,
    basis: `${catalogue.stamp}|${row.categorySlug}`,
    options: profileEngineOptions(row.year),
    // The theme's indicators in use; a retired one's figure stays (the engine keeps answered questions).
    questions: catalogue.memo(`profile_figures:${row.categorySlug}`, () =>
      catalogue.all.filter((q) => q.question.section === row.categorySlug && q.retiredAt === null),
    ),
  }),
  admit(row, saver) {
    const narrative = saver.narrative === undefined ? row.narrative : saver.narrative || null;
    const { user } = saver.auth;
    return {
      actor: { id: user.id, uuid: user.uuid, name: user.name?.trim() || user.username },
      // The routes checked the module rule and the country scope: whoever reaches the save may give and change figures.
      may: { create: true, update: true },
      saved: () => (saver.quiet ? null : eventOf(row, saver.auth)),
      effects: (changed) => datasetEffects(row, saver, narrative, changed),
    };
  },
  refusals: {
    create: 'You may not give figures for this country',
    update: 'You may not change figures for this country',
    stale: 'Someone else changed these figures after you opened them',
  },
};

/**
 * What a save of figures does to the dataset's own row: one more version, the narrative, and the
 * rule of decision 033 (a published dataset whose content changes keeps its published version).
 */
function datasetEffects(row: DatasetRow, saver: FigureSaver, narrative: string | null, changed: number): SaveEffects {
  const content = changed > 0 || narrative !== row.narrative;
  // Decisions 033, 066: a published dataset whose content changes keeps its published version.
  const keeps = content && copyChangeOf(row, 'revise') === 'keep';
  const sets = [sql`version = version + 1`, sql`narrative = ${narrative}`];
  if (narrative !== row.narrative) sets.push(sql`narrative_version = narrative_version + 1`);
  if (changed === 0) sets.push(sql`updated_at = now(), updated_by = ${saver.auth.user.id}`);
  if (keeps) {
    const copy = JSON.stringify(datasetCopyOf(row));
    sets.push(sql`status = 'draft', published_snapshot = ${copy}::jsonb, published_snapshot_at = now()`);
  }
  const action = saver.action ?? (row.version === 0 ? 'create' : 'update');
  return {
    once: 'dataset',
    set: sql.join(sets, sql`, `),
    audit: [
      {
        actorId: saver.auth.user.id,
        entity: 'profile_dataset',
        entityId: row.id,
        action,
        before: row.version === 0 ? null : { narrative: row.narrative, status: row.status },
        after: { narrative, status: keeps ? 'draft' : row.status, figures_changed: changed },
        note:
          saver.note ??
          (keeps
            ? 'Changed after publication: the public profile keeps the published version until it is ' +
              'published again'
            : null),
      },
    ],
    // A save that changed no figure still tells that the dataset was saved (its narrative, its version).
    events: changed === 0 && !saver.quiet ? [eventOf(row, saver.auth)] : [],
  };
}
