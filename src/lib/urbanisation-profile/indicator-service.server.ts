import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../audit/service.server.ts';
import { profileIndicators } from '../db/schema.ts';
import type { AppDeps, AuthedUser } from '../deps.server.ts';
import { ApiError, notFound, StaleWriteError } from '../http/errors.server.ts';
import { sentFields } from '../http/schema.ts';
import type { IndicatorReorderBodySchema, IndicatorSaveBodySchema } from './indicator-schema.ts';
import { loadCategory, loadCategoryRow, loadIndicatorRow, toIndicator } from './queries.server.ts';
import type { Category, Indicator } from './schema.ts';
import { say } from '../i18n/said.ts';

type SaveBody = z.output<typeof IndicatorSaveBodySchema>;
type IndicatorRow = typeof profileIndicators.$inferSelect;

const invalid = (errors: Record<string, string[]>) =>
  new ApiError(
    400,
    say('Invalid {what}: check {fields}', { what: 'body', fields: Object.keys(errors).join(', ') }),
    errors,
  );

/**
 * The rules an indicator must meet as a whole (after merging a change with what is stored): the
 * expected range in order and inside the hard limits (a percentage's are 0 to 100).
 */
function checkRange(
  row: Pick<IndicatorRow, 'answerType' | 'min' | 'max' | 'expectedMin' | 'expectedMax'>,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const lower = row.min ?? (row.answerType === 'pct' ? 0 : null);
  const upper = row.max ?? (row.answerType === 'pct' ? 100 : null);
  for (const [field, value] of [
    ['expected_min', row.expectedMin],
    ['expected_max', row.expectedMax],
  ] as const) {
    if (value === null) continue;
    if (lower !== null && value < lower)
      (errors[field] ??= []).push(`must be at least ${lower}, the lowest value the indicator accepts`);
    if (upper !== null && value > upper)
      (errors[field] ??= []).push(`must be at most ${upper}, the highest value the indicator accepts`);
  }
  if (row.expectedMin !== null && row.expectedMax !== null && row.expectedMin > row.expectedMax) {
    (errors['expected_max'] ??= []).push('must not be below the lowest expected value');
  }
  return errors;
}

/** The columns of a progress setting sent (null: not scored); nothing when it was left out. */
function progressColumns(progress: SaveBody['progress']) {
  if (progress === undefined) return {};
  const target = progress?.target ?? null;
  return {
    progressDirection: progress?.direction ?? null,
    progressTargetKind: target?.kind ?? null,
    progressTargetValue: target?.kind === 'fixed' ? target.value : null,
  };
}

/** A fixed target must be a value the indicator accepts (a percentage's are 0 to 100). */
function checkTarget(
  row: Pick<IndicatorRow, 'answerType' | 'min' | 'max' | 'progressTargetValue'>,
): Record<string, string[]> {
  const value = row.progressTargetValue;
  if (value === null) return {};
  const lower = row.min ?? (row.answerType === 'pct' ? 0 : null);
  const upper = row.max ?? (row.answerType === 'pct' ? 100 : null);
  if (lower !== null && value < lower)
    return { 'progress.target.value': [say('must be at least {min}', { min: lower })] };
  if (upper !== null && value > upper)
    return { 'progress.target.value': [say('must be at most {max}', { max: upper })] };
  return {};
}

/** Whether a change to indicators of `slug` shows on the public site (the theme is published). */
async function isPublic(tx: DbOrTx, slug: string): Promise<boolean> {
  return (await loadCategoryRow(tx, slug))?.published ?? false;
}

/**
 * POST profile/indicator/saved (admin). Without a version: creates the indicator in its theme,
 * after the others unless `sort` says where. With one: changes it against that version (409 with
 * the indicator as it is now when stale); fields left out keep their value, code and theme never change.
 */
export async function saveIndicator(deps: AppDeps, auth: AuthedUser, body: SaveBody): Promise<Indicator> {
  const fields = {
    ...sentFields(body, {
      name: 'name',
      unit: 'unit',
      answer_type: 'answerType',
      decimals: 'decimals',
      source: 'source',
      source_series: 'sourceSeries',
      licence: 'licence',
      sdg_ref: 'sdgRef',
      expected_min: 'expectedMin',
      expected_max: 'expectedMax',
      sort: 'sort',
    }),
    ...progressColumns(body.progress),
    updatedAt: new Date(),
    updatedBy: auth.user.id,
  };
  return deps.changes.write(deps.db, async (w) => {
    const { tx } = w;
    const saved = (indicator: Indicator, published: boolean) =>
      w.emit({
        type: 'profile.indicator.saved',
        data: { code: indicator.code, category: indicator.category },
        actorId: auth.user.id,
        site: published,
      });
    const current = await loadIndicatorRow(tx, body.code, true);
    if (body.version === undefined) {
      if (current) throw invalid({ code: [`is already used by the indicator “${current.name}”: choose another code`] });
      const missing: Record<string, string[]> = {};
      for (const field of ['category', 'name', 'source'] as const)
        if (!body[field]) missing[field] = ['is required for a new indicator'];
      if (Object.keys(missing).length) throw invalid(missing);
      const category = await loadCategoryRow(tx, body.category!);
      if (!category) throw invalid({ category: ['is not a theme of the profile'] });
      const row = {
        answerType: 'num',
        min: null,
        max: null,
        expectedMin: null,
        expectedMax: null,
        progressTargetValue: null,
        ...fields,
      };
      const errors = { ...checkRange(row), ...checkTarget(row) };
      if (Object.keys(errors).length) throw invalid(errors);
      const [last] = await tx
        .select({ sort: sql<number>`coalesce(max(${profileIndicators.sort}), 0)` })
        .from(profileIndicators)
        .where(eq(profileIndicators.categorySlug, category.slug));
      const [created] = await tx
        .insert(profileIndicators)
        .values({
          sort: Number(last?.sort ?? 0) + 1,
          ...fields,
          code: body.code,
          categorySlug: category.slug,
          name: body.name!,
          source: body.source!,
        })
        .returning();
      const indicator = toIndicator(created!);
      await w.audit({
        actorId: auth.user.id,
        entity: 'profile_indicator',
        entityId: body.code,
        action: 'create',
        after: indicator,
      });
      await saved(indicator, category.published);
      return indicator;
    }
    if (!current) throw notFound('There is no indicator with this code');
    if (body.version !== current.version) throw new StaleWriteError(toIndicator(current));
    if (body.category !== undefined && body.category !== current.categorySlug) {
      throw invalid({
        category: ['cannot change: an indicator stays in its theme (retire it and add one to the other theme)'],
      });
    }
    const errors = { ...checkRange({ ...current, ...fields }), ...checkTarget({ ...current, ...fields }) };
    if (Object.keys(errors).length) throw invalid(errors);
    const [after] = await tx
      .update(profileIndicators)
      .set({ ...fields, version: current.version + 1 })
      .where(and(eq(profileIndicators.code, current.code), eq(profileIndicators.version, current.version)))
      .returning();
    if (!after) throw new StaleWriteError(toIndicator(current));
    const indicator = toIndicator(after);
    await w.audit({
      actorId: auth.user.id,
      entity: 'profile_indicator',
      entityId: current.code,
      action: 'update',
      before: toIndicator(current),
      after: indicator,
    });
    await saved(indicator, await isPublic(tx, indicator.category));
    return indicator;
  });
}

/**
 * POST profile/indicator/reorder (admin): the theme's indicators in use, in the order sent. The
 * list must be the theme's current one at the versions read; otherwise nothing moves and the 409
 * carries the theme with its indicators as they are now.
 */
export async function reorderIndicators(
  deps: AppDeps,
  auth: AuthedUser,
  body: z.output<typeof IndicatorReorderBodySchema>,
): Promise<Category & { indicators: Indicator[] }> {
  const codes = body.indicators.map((i) => i.code);
  if (new Set(codes).size !== codes.length) throw invalid({ indicators: ['must not name an indicator twice'] });
  await deps.changes.write(deps.db, async (w) => {
    const { tx } = w;
    const category = await loadCategory(tx, body.category, { includeRetired: true });
    if (!category) throw notFound('There is no such profile category');
    // Locked in a fixed order, so two reorders of one theme cannot deadlock.
    const rows = await tx
      .select()
      .from(profileIndicators)
      .where(eq(profileIndicators.categorySlug, body.category))
      .orderBy(profileIndicators.code)
      .for('update');
    const active = rows.filter((r) => r.retiredAt === null);
    const byCode = new Map(active.map((r) => [r.code, r]));
    const same =
      active.length === codes.length && body.indicators.every((i) => byCode.get(i.code)?.version === i.version);
    if (!same) {
      const now = await loadCategory(tx, body.category, { includeRetired: true });
      throw new StaleWriteError(now, 'The indicators of this theme changed after you opened it');
    }
    const before = [...active].sort((a, b) => a.sort - b.sort).map((r) => ({ code: r.code, sort: r.sort }));
    for (const [i, code] of codes.entries()) {
      const row = byCode.get(code)!;
      if (row.sort === i + 1) continue;
      await tx
        .update(profileIndicators)
        .set({ sort: i + 1, version: row.version + 1, updatedAt: new Date(), updatedBy: auth.user.id })
        .where(eq(profileIndicators.code, code));
    }
    await w.audit({
      actorId: auth.user.id,
      entity: 'profile_indicator',
      entityId: body.category,
      action: 'reorder',
      before,
      after: codes.map((code, i) => ({ code, sort: i + 1 })),
    });
    await w.emit({
      type: 'profile.indicator.reordered',
      data: { category: body.category },
      actorId: auth.user.id,
      site: category.published,
    });
  });
  return (await loadCategory(deps.db, body.category, { includeRetired: true }))!;
}

/**
 * POST profile/indicator/{code}/retire (admin): retires an indicator (it leaves the forms and the
 * public pages; its figures stay in the datasets) or, with `retired: false`, brings it back.
 */
export async function retireIndicator(
  deps: AppDeps,
  auth: AuthedUser,
  code: string,
  body: { retired: boolean; version: number },
): Promise<Indicator> {
  return deps.changes.write(deps.db, async (w) => {
    const { tx } = w;
    const current = await loadIndicatorRow(tx, code, true);
    if (!current) throw notFound('There is no indicator with this code');
    if (body.version !== current.version) throw new StaleWriteError(toIndicator(current));
    const [after] = await tx
      .update(profileIndicators)
      .set({
        retiredAt: body.retired ? (current.retiredAt ?? new Date()) : null,
        version: current.version + 1,
        updatedAt: new Date(),
        updatedBy: auth.user.id,
      })
      .where(eq(profileIndicators.code, code))
      .returning();
    const indicator = toIndicator(after!);
    await w.audit({
      actorId: auth.user.id,
      entity: 'profile_indicator',
      entityId: code,
      action: body.retired ? 'retire' : 'restore',
      before: toIndicator(current),
      after: indicator,
    });
    await w.emit({
      type: body.retired ? 'profile.indicator.retired' : 'profile.indicator.restored',
      data: { code, category: indicator.category },
      actorId: auth.user.id,
      site: await isPublic(tx, indicator.category),
    });
    return indicator;
  });
}
