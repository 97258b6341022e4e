import { eq } from 'drizzle-orm';
import { recordAudit, type DbOrTx } from '../audit/service.server.ts';
import { profileDatasets } from '../db/schema.ts';
import type { AppDeps, AuthedUser } from '../http/context.server.ts';
import { ApiError } from '../http/errors.server.ts';
import { valueSchema } from '../questionnaires/engine.ts';
import { profileChanged } from './changes.server.ts';
import { parseCsv } from './csv.ts';
import { countryNames, datasetsOf, listIndicators } from './queries.server.ts';
import { indicatorRules } from './rows.ts';
import { IMPORT_ROWS_MAX, VALUE_NOTE_MAX, VALUE_SOURCE_MAX, YearSchema, type DatasetValue, type ImportPreview } from './schema.ts';

/** The CSV import of figures (profile/import/preview and profile/import): all rows or none. */

const IMPORT_COLUMNS = ['country_code', 'indicator', 'year', 'value', 'source'] as const;

interface PlannedValue {
  line: number;
  slug: string;
  countryCode: string;
  year: number;
  value: DatasetValue;
}

/**
 * Reads an import CSV (country_code, indicator, year, value, source; optional is_estimate, note)
 * and compares it with what is stored: the changes, the unchanged rows and every bad row by line.
 */
async function planImport(tx: DbOrTx, auth: AuthedUser, csv: string, canActIn: (code: string) => boolean) {
  const rows = parseCsv(csv);
  const errors: ImportPreview['errors'] = [];
  const header = rows.shift();
  const columns = (header?.cells ?? []).map((c) => c.trim().toLowerCase());
  const missing = IMPORT_COLUMNS.filter((c) => !columns.includes(c));
  if (!header || missing.length) {
    throw new ApiError(400, `Invalid body: check csv`, { csv: [`the first line must name the columns ${IMPORT_COLUMNS.join(', ')} (missing: ${missing.join(', ') || 'all'})`] });
  }
  if (rows.length > IMPORT_ROWS_MAX) throw new ApiError(400, 'Invalid body: check csv', { csv: [`must have at most ${IMPORT_ROWS_MAX} rows`] });
  const col = (cells: string[], name: string) => {
    const i = columns.indexOf(name);
    return i < 0 ? undefined : cells[i]?.trim();
  };
  const indicators = new Map((await listIndicators(tx, undefined, { includeRetired: true })).map((i) => [i.code, i]));
  const names = await countryNames(tx);
  const planned: PlannedValue[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of rows) {
    const problems: string[] = [];
    const code = (col(cells, 'country_code') ?? '').toUpperCase();
    const indicator = indicators.get(col(cells, 'indicator') ?? '');
    const yearText = col(cells, 'year') ?? '';
    const valueText = col(cells, 'value') ?? '';
    const source = col(cells, 'source') ?? '';
    const estimate = (col(cells, 'is_estimate') ?? '').toLowerCase();
    const note = col(cells, 'note') ?? '';
    if (!names.has(code)) problems.push(`country_code "${code.slice(0, 10)}" is not a country of the region`);
    else if (!canActIn(code)) problems.push(`you may import figures only for your own country, not ${code}`);
    if (!indicator) problems.push(`indicator "${(col(cells, 'indicator') ?? '').slice(0, 40)}" is not an indicator of the profile`);
    else if (indicator.retired_at) problems.push(`indicator ${indicator.code} is retired: it takes no new figures`);
    const year = YearSchema.safeParse(/^\d{4}$/.test(yearText) ? Number(yearText) : NaN);
    if (!year.success) problems.push('year must be a four-digit year');
    const number = valueText === '' ? NaN : Number(valueText.replace(/,/g, ''));
    if (!Number.isFinite(number)) problems.push('value must be a number');
    else if (indicator) {
      const checked = valueSchema(indicatorRules(indicator)).safeParse(number);
      if (!checked.success) problems.push(`value ${checked.error.issues.map((i) => i.message).join('; ')}`);
    }
    if (!source) problems.push('source is required');
    if (source.length > VALUE_SOURCE_MAX) problems.push(`source must be at most ${VALUE_SOURCE_MAX} characters`);
    if (note.length > VALUE_NOTE_MAX) problems.push(`note must be at most ${VALUE_NOTE_MAX} characters`);
    if (estimate && !['true', 'false', 'yes', 'no', '1', '0'].includes(estimate)) problems.push('is_estimate must be true or false');
    // eslint-disable-next-line no-control-regex -- refusing control characters
    if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(source + note)) problems.push('source and note must not contain control characters');
    if (!problems.length && indicator && year.success) {
      const k = `${indicator.code}|${code}|${year.data}`;
      if (seen.has(k)) problems.push(`repeats line ${seen.get(k)} (same country, indicator and year)`);
      seen.set(k, line);
    }
    if (problems.length) {
      errors.push({ line, message: problems.join('; ') });
      continue;
    }
    planned.push({
      line,
      slug: indicator!.category,
      countryCode: code,
      year: year.data!,
      value: {
        indicator: indicator!.code,
        value: number,
        data_year: year.data!,
        source,
        is_estimate: ['true', 'yes', '1'].includes(estimate),
        note: note || null,
      },
    });
  }
  void auth;
  const existing = await datasetsOf(tx, [...new Set(planned.map((p) => p.slug))]);
  const byKey = new Map(existing.map((d) => [`${d.categorySlug}|${d.countryCode}|${d.year}`, d]));
  const changes: ImportPreview['changes'] = [];
  let unchanged = 0;
  const changed: PlannedValue[] = [];
  for (const p of planned) {
    const before = byKey.get(`${p.slug}|${p.countryCode}|${p.year}`)?.values.find((v) => v.indicator === p.value.indicator);
    if (before && before.value === p.value.value && before.source === p.value.source && before.is_estimate === p.value.is_estimate && before.note === p.value.note) {
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
  return { preview: { rows: rows.length, changes, unchanged, errors } satisfies ImportPreview, changed, byKey };
}

export async function previewImport(deps: AppDeps, auth: AuthedUser, csv: string, canActIn: (code: string) => boolean) {
  return (await planImport(deps.db, auth, csv, canActIn)).preview;
}

/** POST profile/import: all rows or none (any bad row: 400 with every bad line, nothing written). */
export async function applyImport(deps: AppDeps, auth: AuthedUser, csv: string, canActIn: (code: string) => boolean) {
  const preview = await deps.db.transaction(async (tx) => {
    const { preview, changed, byKey } = await planImport(tx, auth, csv, canActIn);
    if (preview.errors.length) {
      const errors: Record<string, string[]> = {};
      for (const e of preview.errors) errors[`line ${e.line}`] = [e.message];
      throw new ApiError(400, `The file has ${preview.errors.length} bad row${preview.errors.length === 1 ? '' : 's'}: nothing was imported`, errors);
    }
    const groups = new Map<string, PlannedValue[]>();
    for (const p of changed) {
      const k = `${p.slug}|${p.countryCode}|${p.year}`;
      groups.set(k, [...(groups.get(k) ?? []), p]);
    }
    for (const [k, list] of groups) {
      const first = list[0]!;
      const current = byKey.get(k);
      const merged = new Map((current?.values ?? []).map((v) => [v.indicator, v]));
      for (const p of list) merged.set(p.value.indicator, p.value);
      const values = [...merged.values()];
      if (current) {
        await tx
          .update(profileDatasets)
          .set({ values, version: current.version + 1, updatedAt: new Date(), updatedBy: auth.user.id })
          .where(eq(profileDatasets.id, current.id));
      } else {
        const [row] = await tx
          .insert(profileDatasets)
          .values({ categorySlug: first.slug, countryCode: first.countryCode, year: first.year, values, updatedBy: auth.user.id })
          .returning({ id: profileDatasets.id });
        byKey.set(k, { ...first, id: row!.id } as never);
      }
      await recordAudit(tx, {
        actorId: auth.user.id,
        entity: 'profile_dataset',
        entityId: current?.id ?? `${first.slug}/${first.countryCode}/${first.year}`,
        action: 'import',
        before: current ? { values: current.values } : null,
        after: { values },
        note: `CSV import, lines ${list.map((p) => p.line).join(', ')}`,
      });
    }
    return preview;
  });
  profileChanged(deps, { rebuild: false });
  return preview;
}

