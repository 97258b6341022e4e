import {
  ReportResponseSchema,
  SignedPdfFactsResponseSchema,
  type Report,
  type SignedPdfFacts,
  type ReportUpdateBody,
} from '../../../lib/national-reports/schema.ts';
import { api, type UploadProgress } from '../lib/api.ts';

/** `report/type/national/2026/PH` — the API names year first, the screens' paths country first. */
export function reportPath(year: number | string, countryCode: string): string {
  return `report/type/national/${encodeURIComponent(String(year))}/${encodeURIComponent(countryCode)}`;
}

/**
 * POST …/report/update: header fields and/or one workflow action; a stale version is a 409 with the report as it is
 * now.
 */
export async function updateReport(year: number, countryCode: string, body: ReportUpdateBody): Promise<Report> {
  return (
    await api.request('POST', `${reportPath(year, countryCode)}/report/update`, { schema: ReportResponseSchema, body })
  ).data;
}

export interface ReportFileOptions {
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
}

/**
 * POST …/{uuid}/report/upload?version= with the signed PDF, on the version of the report read (409
 * otherwise): the report is submitted. `confirmUnsigned`: the person ticked "this is the signed
 * copy" for a PDF without a digital signature (the server refuses such a file without it).
 */
export async function uploadSignedReport(
  uuid: string,
  version: number,
  file: File,
  confirmUnsigned: boolean,
  options: ReportFileOptions,
): Promise<Report> {
  const form = new FormData();
  form.append('file', file, file.name);
  if (confirmUnsigned) form.append('confirm_unsigned', 'true');
  const path = `report/type/national/${encodeURIComponent(uuid)}/report/upload`;
  return (await api.upload(path, form, { schema: ReportResponseSchema, query: { version }, ...options })).data;
}

/** POST …/{uuid}/report/upload/inspect: the pages and the signature the server finds in the PDF; nothing is stored. */
export async function inspectSignedReport(
  uuid: string,
  file: File,
  options: ReportFileOptions,
): Promise<SignedPdfFacts> {
  const form = new FormData();
  form.append('file', file, file.name);
  const path = `report/type/national/${encodeURIComponent(uuid)}/report/upload/inspect`;
  return (await api.upload(path, form, { schema: SignedPdfFactsResponseSchema, ...options })).data;
}

/** POST …/{uuid}/report/cover?version= with the cover picture, on the version of the report read (409 otherwise). */
export function uploadReportCover(
  uuid: string,
  version: number,
  file: File,
  options: ReportFileOptions,
): Promise<Report> {
  return sendReportFile(uuid, 'cover', version, file, options);
}

async function sendReportFile(
  uuid: string,
  kind: 'cover',
  version: number,
  file: File,
  options: ReportFileOptions,
): Promise<Report> {
  const form = new FormData();
  form.append('file', file, file.name);
  const path = `report/type/national/${encodeURIComponent(uuid)}/report/${kind}`;
  return (await api.upload(path, form, { schema: ReportResponseSchema, query: { version }, ...options })).data;
}
