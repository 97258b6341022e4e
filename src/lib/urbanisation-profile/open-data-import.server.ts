import { eq, inArray } from 'drizzle-orm';
import { profileDatasets, profileFigures, profileIndicators } from '../db/schema.ts';
import type { AppDeps } from '../deps.server.ts';
import type { Tx } from '../events/change-bus.server.ts';
import { OPEN_DATA_DIR, readOpenData, type OpenFigure } from './open-data-files.server.ts';
import { countryNames, DATASET_VALUES, figureRows, listIndicators } from './queries.server.ts';
import type { DatasetValue } from './schema.ts';

/**
 * The open-data import (issue 18 item 2, decision 029): `npm run data:import`, and `npm start`.
 * The curated files become datasets of origin 'open_data', published, one per theme × country ×
 * year, beside (never over) the datasets the countries enter, their figures rows of `profile_figures`
 * as the countries' are (decision 066). The files are the whole truth of
 * the open data: a dataset they no longer hold is removed; one that is as the files say is not
 * touched, so a second import writes nothing.
 */

export interface OpenDataImportResult {
  /** Curated files read (the skipped ones not counted). */
  files: number;
  /** Figures in the files (cities merged into one figure per country and year). */
  figures: number;
  /** Open-data datasets the files make (theme × country × year). */
  datasets: number;
  inserted: number;
  updated: number;
  deleted: number;
  unchanged: number;
  skipped: string[];
  /** Themes and countries with at least one open-data figure. */
  themes: string[];
  countries: number;
  ms: number;
}

interface Planned {
  category: string;
  countryCode: string;
  year: number;
  values: DatasetValue[];
}

const INSERT_CHUNK = 500;
const FIGURE_CHUNK = 2000;

/** A dataset's figures in a fixed order of indicators and fields, to compare what is stored with what the files say. */
const canonical = (values: readonly DatasetValue[]) =>
  JSON.stringify(
    [...values]
      .sort((a, b) => (a.indicator < b.indicator ? -1 : a.indicator > b.indicator ? 1 : 0))
      .map((v) => [v.indicator, v.value, v.data_year, v.source, v.is_estimate, v.note, v.licence ?? null]),
  );

function datasetsOf(figures: readonly OpenFigure[]): Map<string, Planned> {
  const planned = new Map<string, Planned>();
  for (const f of figures) {
    const key = `${f.category}|${f.countryCode}|${f.year}`;
    const dataset = planned.get(key) ?? { category: f.category, countryCode: f.countryCode, year: f.year, values: [] };
    dataset.values.push(f.value);
    planned.set(key, dataset);
  }
  return planned;
}

/** Inserts the figures of open-data datasets, in chunks. */
async function insertFigures(tx: Tx, rows: (typeof profileFigures.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += FIGURE_CHUNK)
    await tx.insert(profileFigures).values(rows.slice(i, i + FIGURE_CHUNK));
}

/** Writes the difference between the files and the stored open data; returns what it wrote. */
async function applyPlan(tx: Tx, planned: Map<string, Planned>) {
  const indicators = await tx
    .select({ id: profileIndicators.id, code: profileIndicators.code })
    .from(profileIndicators);
  const ids = new Map(indicators.map((i) => [i.code, i.id]));
  const stored = await tx
    .select({
      id: profileDatasets.id,
      category: profileDatasets.categorySlug,
      countryCode: profileDatasets.countryCode,
      year: profileDatasets.year,
      values: DATASET_VALUES,
      version: profileDatasets.version,
    })
    .from(profileDatasets)
    .where(eq(profileDatasets.origin, 'open_data'));
  const byKey = new Map(stored.map((s) => [`${s.category}|${s.countryCode}|${s.year}`, s]));
  const inserts: Planned[] = [];
  const figures: (typeof profileFigures.$inferInsert)[] = [];
  let updated = 0;
  let unchanged = 0;
  for (const [key, d] of planned) {
    const current = byKey.get(key);
    byKey.delete(key);
    if (!current) {
      inserts.push(d);
    } else if (canonical(current.values) === canonical(d.values)) {
      unchanged++;
    } else {
      await tx.delete(profileFigures).where(eq(profileFigures.datasetId, current.id));
      figures.push(...figureRows(current.id, d.values, ids));
      await tx
        .update(profileDatasets)
        .set({ version: current.version + 1, updatedAt: new Date() })
        .where(eq(profileDatasets.id, current.id));
      updated++;
    }
  }
  for (let i = 0; i < inserts.length; i += INSERT_CHUNK) {
    const chunk = inserts.slice(i, i + INSERT_CHUNK);
    const made = await tx
      .insert(profileDatasets)
      .values(
        chunk.map((d) => ({
          categorySlug: d.category,
          countryCode: d.countryCode,
          year: d.year,
          status: 'published',
          origin: 'open_data' as const,
        })),
      )
      .returning({ id: profileDatasets.id });
    chunk.forEach((d, n) => figures.push(...figureRows(made[n]!.id, d.values, ids)));
  }
  await insertFigures(tx, figures);
  const gone = [...byKey.values()].map((s) => s.id);
  if (gone.length) await tx.delete(profileDatasets).where(inArray(profileDatasets.id, gone));
  return { inserted: inserts.length, updated, deleted: gone.length, unchanged };
}

/**
 * Loads the curated open data into the profile through the change bus: one audit event and one
 * `profile.open_data.imported` event (site: true) for the whole batch, none when nothing changed.
 */
export async function importOpenData(
  deps: Pick<AppDeps, 'db' | 'changes'>,
  options: { dir?: string } = {},
): Promise<OpenDataImportResult> {
  const started = performance.now();
  return deps.changes.write(deps.db, async (w) => {
    const indicators = await listIndicators(w.tx, undefined, { includeRetired: true });
    const countries = new Set((await countryNames(w.tx)).keys());
    const { figures, files, skipped } = await readOpenData(indicators, countries, options.dir ?? OPEN_DATA_DIR);
    const planned = datasetsOf(figures);
    const written = await applyPlan(w.tx, planned);
    const themes = [...new Set(figures.map((f) => f.category))].sort();
    const countriesCovered = new Set(figures.map((f) => f.countryCode)).size;
    const changed = written.inserted + written.updated + written.deleted;
    if (changed > 0) {
      const summary = {
        files,
        figures: figures.length,
        inserted: written.inserted,
        updated: written.updated,
        deleted: written.deleted,
      };
      await w.audit({
        actorId: null,
        entity: 'profile_open_data',
        entityId: 'data/manifest.json',
        action: 'import',
        after: summary,
        note: 'Open data import (npm run data:import)',
      });
      await w.emit({ type: 'profile.open_data.imported', data: summary, actorId: null, site: true });
    }
    return {
      files,
      figures: figures.length,
      datasets: planned.size,
      ...written,
      skipped,
      themes,
      countries: countriesCovered,
      ms: Math.round(performance.now() - started),
    };
  });
}
