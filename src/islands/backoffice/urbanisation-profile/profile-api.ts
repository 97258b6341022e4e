import {
  IndicatorResponseSchema,
  type IndicatorReorderBody,
  type IndicatorSaveBody,
} from '../../../lib/urbanisation-profile/indicator-schema.ts';
import {
  CategoryListResponseSchema,
  CategoryResponseSchema,
  DatasetResponseSchema,
  GridResponseSchema,
  ImportResponseSchema,
  type CategorySaveBody,
} from '../../../lib/urbanisation-profile/schema.ts';
import { uploadImageFile } from '../cms/image-upload.ts';
import { api, type UploadProgress } from '../lib/api.ts';
import { createFetcherStore, fetchWith, invalidatePrefixes } from '../lib/query.ts';

export const categoryPath = (slug: string) => `profile/category/${slug}`;
export const gridPath = (slug: string) => `profile/analytics/${slug}`;
export const datasetPath = (slug: string, code: string, year: number) => `profile/analytics/${slug}/${code}/${year}`;

export const $categories = createFetcherStore(['profile/category/list'], {
  fetcher: fetchWith(CategoryListResponseSchema),
});

export async function saveCategory(body: CategorySaveBody) {
  const result = await api.request('POST', 'profile/category/saved', { schema: CategoryResponseSchema, body });
  invalidatePrefixes('profile/');
  return result.data;
}

/** Sends a theme's picture (If-Match: the theme's version), with its upload progress. */
export function uploadHero(slug: string, version: number, file: File, onProgress: (progress: UploadProgress) => void) {
  return uploadImageFile(`profile/category/${encodeURIComponent(slug)}/hero`, file, {
    schema: CategoryResponseSchema,
    version,
    onProgress,
  });
}

export async function saveIndicator(body: IndicatorSaveBody) {
  const result = await api.request('POST', 'profile/indicator/saved', { schema: IndicatorResponseSchema, body });
  invalidatePrefixes('profile/');
  return result.data;
}

export async function reorderIndicators(body: IndicatorReorderBody) {
  const result = await api.request('POST', 'profile/indicator/reorder', { schema: CategoryResponseSchema, body });
  invalidatePrefixes('profile/');
  return result.data;
}

export async function retireIndicator(code: string, retired: boolean, version: number) {
  const result = await api.request('POST', `profile/indicator/${encodeURIComponent(code)}/retire`, {
    schema: IndicatorResponseSchema,
    body: { retired, version },
  });
  invalidatePrefixes('profile/');
  return result.data;
}

export async function publishDataset(slug: string, code: string, year: number, published: boolean, version: number) {
  const result = await api.request('POST', `${datasetPath(slug, code, year)}/publish`, {
    schema: DatasetResponseSchema,
    body: { published, version },
  });
  invalidatePrefixes(gridPath(slug), datasetPath(slug, code, year), 'profile/dashboard');
  return result.data;
}

export async function importCsv(csv: string, apply: boolean) {
  const result = await api.request('POST', apply ? 'profile/import' : 'profile/import/preview', {
    schema: ImportResponseSchema,
    body: { csv },
  });
  if (apply) invalidatePrefixes('profile/');
  return result.data;
}

/** Sends a CSV file or an Excel workbook to the import: its preview, or (apply) the import itself. */
export async function importFile(file: File, apply: boolean) {
  const form = new FormData();
  form.append('file', file);
  const result = await api.upload(apply ? 'profile/import/file' : 'profile/import/file/preview', form, {
    schema: ImportResponseSchema,
  });
  if (apply) invalidatePrefixes('profile/');
  return result.data;
}

export type ExportKind = 'csv' | 'csv-excel' | 'xlsx';

/** The address of a download of the figures (the session cookie signs it in): every theme, or one. */
export function exportHref(kind: ExportKind, category?: string): string {
  const query = new URLSearchParams();
  if (category) query.set('category', category);
  if (kind === 'csv-excel') query.set('bom', '1');
  const search = query.toString();
  return `/api/profile/export.${kind === 'xlsx' ? 'xlsx' : 'csv'}${search ? `?${search}` : ''}`;
}

export { CategoryResponseSchema, DatasetResponseSchema, GridResponseSchema };
