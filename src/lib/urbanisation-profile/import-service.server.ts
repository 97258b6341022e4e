import type { DbOrTx } from '../audit/service.server.ts';
import type { AppDeps, AuthedUser } from '../deps.server.ts';
import { ApiError, conflict } from '../http/errors.server.ts';
import { valueSchema } from '../questionnaires/engine.ts';
import { readDecimal, readYear, shown } from './csv.ts';
import { readImportTable, type ImportSource, type ImportTable } from './import-table.server.ts';
import { countryNames, datasetsOf, listIndicators } from './queries.server.ts';
import { createDataset, figureInputs, saveFigures, type FiguresSave } from './figures.server.ts';
import { indicatorQuestion } from './rows.ts';
import {
  PROFILE_YEAR_MIN,
  VALUE_NOTE_MAX,
  VALUE_SOURCE_MAX,
  type DatasetValue,
  type ImportPreview,
  type Indicator,
} from './schema.ts';
import type { SheetCell } from './xlsx.server.ts';
import { say } from '../i18n/said.ts';

/**
 * The import of figures (profile/import/preview and profile/import, from CSV text or an uploaded CSV or .xlsx file):
 * all rows or none.
 */

interface PlannedValue {
  line: number;
  slug: string;
  countryCode: string;
  year: number;
  value: DatasetValue;
}

/** The latest year an import takes: figures are for past years, or estimates for the next one. */
const importYearMax = () => new Date().getUTCFullYear() + 1;

interface RowContext {
  table: ImportTable;
  indicators: Map<string, Indicator>;
  names: Map<string, string>;
  canActIn: (code: string) => boolean;
  yearMax: number;
  /** Each indicator's rules, made once per file rather than once per row (5,000 rows held the event loop 1.4 s). */
  rules: Map<string, ReturnType<typeof valueSchema>>;
}

function rulesOf(ctx: RowContext, indicator: Indicator) {
  let rules = ctx.rules.get(indicator.code);
  if (!rules) ctx.rules.set(indicator.code, (rules = valueSchema(indicatorQuestion(indicator, indicator.code))));
  return rules;
}

/** The figure a value cell holds: a workbook's number as it is, text read as a decimal with the file's mark. */
function readValue(cell: SheetCell, table: ImportTable) {
  if (typeof cell === 'number')
    return Number.isFinite(cell)
      ? { ok: true as const, value: cell }
      : { ok: false as const, problem: 'is not a number' };
  return readDecimal(cell, table.format.decimal_mark);
}

/** One row checked: the planned figure, or every problem named by its column and what to write instead. */
function checkRow(
  { line, cells }: ImportTable['rows'][number],
  ctx: RowContext,
): { problems: string[]; value?: PlannedValue } {
  const { table, indicators, names } = ctx;
  const problems: string[] = [];
  const problem = (column: string, text: string) => problems.push(`column ${column}: ${text}`);
  const extra = cells.slice(table.columns.length).filter((c) => asCellText(c) !== '').length;
  if (extra > 0) {
    const fix =
      table.format.file === 'xlsx'
        ? 'name each column in row 1 or empty the cells to the right'
        : `put a value that holds a ${table.format.separator === ';' ? 'semicolon' : 'comma'} in double quotes`;
    problems.push(`${table.columns.length + extra} values where row 1 names ${table.columns.length} columns: ${fix}`);
  }
  const cell = (name: string) => table.text(cells, name);
  const code = cell('country_code').toUpperCase();
  const indicator = indicators.get(cell('indicator'));
  const source = cell('source');
  const estimate = cell('is_estimate').toLowerCase();
  const note = cell('note');
  if (!names.has(code))
    problem('country_code', `${shown(code)} is not a country of the region: write its two-letter code (PH, VN…)`);
  else if (!ctx.canActIn(code))
    problem('country_code', `you may import figures only for your own country, not ${code}`);
  if (!indicator)
    problem(
      'indicator',
      `${shown(cell('indicator'))} is not an indicator of the profile: write its code as the indicator list shows it`,
    );
  else if (indicator.retired_at) problem('indicator', `${indicator.code} is retired: it takes no new figures`);
  const year = readYear(cell('year'), PROFILE_YEAR_MIN, ctx.yearMax);
  if (!year.ok) problem('year', year.problem);
  const number = readValue(table.raw(cells, 'value'), table);
  if (!number.ok) problem('value', number.problem);
  else if (indicator) {
    const checked = rulesOf(ctx, indicator).safeParse(number.value);
    if (!checked.success) problem('value', `${number.value} ${checked.error.issues.map((i) => i.message).join('; ')}`);
  }
  if (!source) problem('source', 'is empty: say where the figure comes from');
  if (source.length > VALUE_SOURCE_MAX)
    problem('source', say('must be at most {max} characters', { max: VALUE_SOURCE_MAX }));
  if (note.length > VALUE_NOTE_MAX) problem('note', say('must be at most {max} characters', { max: VALUE_NOTE_MAX }));
  if (estimate && !['true', 'false', 'yes', 'no', '1', '0'].includes(estimate))
    problem('is_estimate', `${shown(estimate)}: write true or false`);
  // eslint-disable-next-line no-control-regex -- refusing control characters
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(source + note))
    problems.push('columns source and note must not contain control characters');
  if (problems.length || !indicator || !year.ok || !number.ok) return { problems };
  const value = {
    indicator: indicator.code,
    value: number.value,
    data_year: year.value,
    source,
    is_estimate: ['true', 'yes', '1'].includes(estimate),
    note: note || null,
  };
  return { problems, value: { line, slug: indicator.category, countryCode: code, year: year.value, value } };
}

const asCellText = (cell: SheetCell) => (typeof cell === 'number' ? String(cell) : cell.trim());

/**
 * Reads an import file (country_code, indicator, year, value, source; optional is_estimate, note)
 * and compares it with what is stored: the changes, the unchanged rows and every bad row, each
 * problem named by row and column with what to write instead.
 */
async function planImport(tx: DbOrTx, table: ImportTable, canActIn: (code: string) => boolean) {
  const errors: ImportPreview['errors'] = [];
  const indicators = new Map((await listIndicators(tx, undefined, { includeRetired: true })).map((i) => [i.code, i]));
  const ctx: RowContext = {
    table,
    indicators,
    names: await countryNames(tx),
    canActIn,
    yearMax: importYearMax(),
    rules: new Map(),
  };
  const planned: PlannedValue[] = [];
  const seen = new Map<string, number>();
  for (const row of table.rows) {
    const { problems, value } = checkRow(row, ctx);
    if (value) {
      const k = `${value.value.indicator}|${value.countryCode}|${value.year}`;
      if (seen.has(k)) problems.push(`repeats row ${seen.get(k)} (same country, indicator and year): keep one of them`);
      seen.set(k, row.line);
    }
    if (problems.length || !value)
      errors.push({
        line: row.line,
        message: say('Row {line}, {problems}', { line: row.line, problems: problems.join('; ') }),
      });
    else planned.push(value);
  }
  const existing = await datasetsOf(tx, [...new Set(planned.map((p) => p.slug))]);
  const byKey = new Map(existing.map((d) => [`${d.categorySlug}|${d.countryCode}|${d.year}`, d]));
  const changes: ImportPreview['changes'] = [];
  let unchanged = 0;
  const changed: PlannedValue[] = [];
  for (const p of planned) {
    const before = byKey
      .get(`${p.slug}|${p.countryCode}|${p.year}`)
      ?.values.find((v) => v.indicator === p.value.indicator);
    if (
      before &&
      before.value === p.value.value &&
      before.source === p.value.source &&
      before.is_estimate === p.value.is_estimate &&
      before.note === p.value.note
    ) {
      unchanged++;
      continue;
    }
    changed.push(p);
    changes.push({
      line: p.line,
      category: p.slug,
      country_code: p.countryCode,
      indicator: p.value.indicator,
      year: p.year,
      before: before?.value ?? null,
      after: p.value.value,
      source: p.value.source,
    });
  }
  const preview = { rows: table.rows.length, changes, unchanged, errors, format: table.format } satisfies ImportPreview;
  return { preview, changed, byKey };
}

/** What `source` would change; the field names the part of the request that carried the file (csv or file). */
export async function previewImport(
  deps: AppDeps,
  source: ImportSource,
  field: 'csv' | 'file',
  canActIn: (code: string) => boolean,
) {
  const table = await readImportTable(source, field);
  return (await planImport(deps.db, table, canActIn)).preview;
}

/**
 * POST profile/import: all rows or none (any bad row: 400 with every bad line, nothing written).
 * One `profile.dataset.imported` per theme it changed. A published dataset it changes becomes a
 * draft that keeps its published version (decision 033), so an import never changes the public site.
 */
export async function applyImport(
  deps: AppDeps,
  auth: AuthedUser,
  source: ImportSource,
  field: 'csv' | 'file',
  canActIn: (code: string) => boolean,
) {
  // The file is read before the transaction: unpacking a workbook holds no database connection.
  const table = await readImportTable(source, field);
  return deps.changes.write(deps.db, async (w) => {
    const { tx } = w;
    const { preview, changed, byKey } = await planImport(tx, table, canActIn);
    if (preview.errors.length) {
      const errors: Record<string, string[]> = {};
      for (const e of preview.errors) errors[`line ${e.line}`] = [e.message];
      const bad = preview.errors.length;
      throw new ApiError(
        400,
        say(
          '{count, plural, one {The file has # bad row: nothing was imported} other {The file has # bad rows: ' +
            'nothing was imported}}',
          { count: bad },
        ),
        errors,
      );
    }
    const groups = new Map<string, PlannedValue[]>();
    for (const p of changed) {
      const k = `${p.slug}|${p.countryCode}|${p.year}`;
      groups.set(k, [...(groups.get(k) ?? []), p]);
    }
    const indicators = await listIndicators(tx, undefined, { includeRetired: true });
    const how = `${table.format.file === 'xlsx' ? 'Excel' : 'CSV'} import`;
    const themes = new Map<string, number>();
    const saves: FiguresSave[] = [];
    for (const [k, list] of groups) {
      const first = list[0]!;
      const key = { slug: first.slug, countryCode: first.countryCode, year: first.year };
      const current = byKey.get(k);
      if (!current) await createDataset(tx, key);
      const category = { name: first.slug, indicators: indicators.filter((i) => i.category === first.slug) };
      const { inputs, places } = await figureInputs(
        deps,
        tx,
        category,
        list.map((p) => p.value),
        current?.id ?? null,
      );
      const note = `${how}, rows ${list.map((p) => p.line).join(', ')}`;
      saves.push({ key, user: { auth, action: 'import', note, quiet: true }, inputs, places });
      themes.set(first.slug, (themes.get(first.slug) ?? 0) + list.length);
    }
    // One engine save for the whole file; a dataset saved meanwhile is not overwritten.
    await saveFigures(deps, w, saves).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 409)
        throw conflict('Figures of this file changed while it was imported: nothing was imported, import it again');
      throw error;
    });
    // The public profile keeps every published version: an import changes nothing public.
    for (const [category, rows] of themes) {
      await w.emit({ type: 'profile.dataset.imported', data: { category, rows }, actorId: auth.user.id, site: false });
    }
    return preview;
  });
}
