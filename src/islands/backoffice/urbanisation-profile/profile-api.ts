import type { z } from 'zod';
import {
  IndicatorResponseSchema,
  type IndicatorReorderBody,
  type IndicatorSaveBody,
} from '../../../lib/urbanisation-profile/indicator-schema.ts';
import {
  CategoryListResponseSchema,
  CategoryResponseSchema,
  CategorySchema,
  CategoryWithIndicatorsSchema,
  DatasetResponseSchema,
  DatasetSchema,
  GridResponseSchema,
  ImportResponseSchema,
  IndicatorSchema,
  type CategorySaveBody,
} from '../../../lib/urbanisation-profile/schema.ts';
import { uploadImageFile, type UploadProgress } from '../cms/image-upload.ts';
import { api, ApiError } from '../lib/api.ts';
import { createFetcherStore, fetchWith, invalidatePrefixes } from '../lib/query.ts';
import { GenericResponseSchema } from '../../../lib/http/schema.ts';

export const categoryPath = (slug: string) => `profile/category/${slug}`;
export const gridPath = (slug: string) => `profile/analytics/${slug}`;
export const datasetPath = (slug: string, code: string, year: number) => `profile/analytics/${slug}/${code}/${year}`;

export const $categories = createFetcherStore(['profile/category/list'], { fetcher: fetchWith(CategoryListResponseSchema) });

export const CategoryConflictSchema = GenericResponseSchema.extend({ current: CategorySchema });
export const DatasetConflictSchema = GenericResponseSchema.extend({ current: DatasetSchema });
export const IndicatorConflictSchema = GenericResponseSchema.extend({ current: IndicatorSchema });
/** A reorder based on an old list: the theme with its indicators as they are now. */
export const IndicatorListConflictSchema = GenericResponseSchema.extend({ current: CategoryWithIndicatorsSchema });

/** The 409 body's `current` record, when the error is a stale write. */
export function conflictOf<S extends z.ZodType>(error: unknown, schema: S): z.output<S> | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = schema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

export async function saveCategory(body: CategorySaveBody) {
  const result = await api('profile/category/saved', CategoryResponseSchema, { method: 'POST', body });
  invalidatePrefixes('profile/');
  return result.data;
}

/** Sends a theme's picture (If-Match: the theme's version), with its upload progress. */
export function uploadHero(slug: string, version: number, file: File, onProgress: (progress: UploadProgress) => void) {
  return uploadImageFile(`profile/category/${encodeURIComponent(slug)}/hero`, CategoryResponseSchema, version, file, onProgress);
}

export async function saveIndicator(body: IndicatorSaveBody) {
  const result = await api('profile/indicator/saved', IndicatorResponseSchema, { method: 'POST', body });
  invalidatePrefixes('profile/');
  return result.data;
}

export async function reorderIndicators(body: IndicatorReorderBody) {
  const result = await api('profile/indicator/reorder', CategoryResponseSchema, { method: 'POST', body });
  invalidatePrefixes('profile/');
  return result.data;
}

export async function retireIndicator(code: string, retired: boolean, version: number) {
  const result = await api(`profile/indicator/${encodeURIComponent(code)}/retire`, IndicatorResponseSchema, { method: 'POST', body: { retired, version } });
  invalidatePrefixes('profile/');
  return result.data;
}

export async function saveDataset(slug: string, code: string, year: number, body: unknown) {
  const result = await api(`${datasetPath(slug, code, year)}/saved`, DatasetResponseSchema, { method: 'POST', body });
  invalidatePrefixes(gridPath(slug), 'profile/dashboard');
  return result.data;
}

export async function publishDataset(slug: string, code: string, year: number, published: boolean, version: number) {
  const result = await api(`${datasetPath(slug, code, year)}/publish`, DatasetResponseSchema, { method: 'POST', body: { published, version } });
  invalidatePrefixes(gridPath(slug), datasetPath(slug, code, year), 'profile/dashboard');
  return result.data;
}

export async function importCsv(csv: string, apply: boolean) {
  const result = await api(apply ? 'profile/import' : 'profile/import/preview', ImportResponseSchema, { method: 'POST', body: { csv } });
  if (apply) invalidatePrefixes('profile/');
  return result.data;
}

export { CategoryResponseSchema, DatasetResponseSchema, GridResponseSchema };
