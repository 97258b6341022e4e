import type { z } from 'zod';
import { ErrorResponseSchema } from '../../../lib/http/schema.ts';
import {
  AnswersConflictResponseSchema,
  LockedResponseSchema,
  ReportConflictResponseSchema,
  ReportResponseSchema,
  SaveAnswersResponseSchema,
  type Report,
  type ReportUpdateBody,
  type SaveAnswersResponse,
} from '../../../lib/national-reports/schema.ts';
import type { Answer } from '../../../lib/questionnaires/schema.ts';
import { API_BASE, ApiError, DataValidationError, firebaseToken, type TokenSource } from '../lib/api.ts';
import type { SendResult } from '../questionnaire/autosave-queue.ts';
import type { AnswerSend } from '../questionnaire/raw-answer.ts';

const OFFLINE = 'Could not reach the server. Check your connection.';

/** `report/type/national/2026/PH` — the API names year first, the screens' paths country first. */
export function reportPath(year: number | string, countryCode: string): string {
  return `report/type/national/${encodeURIComponent(String(year))}/${encodeURIComponent(countryCode)}`;
}

export type SaveExtra = SaveAnswersResponse['data']['report'];

type Fetch = (input: string, init: RequestInit) => Promise<Response>;
const browserFetch: Fetch = (input, init) => fetch(input, init);

async function post(path: string, body: unknown, getToken: TokenSource, doFetch: Fetch = browserFetch): Promise<{ status: number; json: unknown } | 'offline' | 'signedOut'> {
  let token: string | null;
  try {
    token = await getToken();
  } catch {
    // The token refresh needs the network too.
    return typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'signedOut';
  }
  if (!token) return 'signedOut';
  try {
    const response = await doFetch(API_BASE + path, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: await response.json().catch(() => undefined) };
  } catch {
    return 'offline';
  }
}

/**
 * The national report's transport for the questionnaire's autosave queue: POST …/saved with the
 * changed answers, every answer of the reply checked against the shared schema.
 */
export function answersTransport(year: number, countryCode: string, getToken: TokenSource = firebaseToken, doFetch?: Fetch) {
  return async (batch: AnswerSend[]): Promise<SendResult<Answer, SaveExtra>> => {
    const reply = await post(`${reportPath(year, countryCode)}/saved`, { answers: batch }, getToken, doFetch);
    if (reply === 'offline') return { kind: 'offline', message: OFFLINE };
    if (reply === 'signedOut') return { kind: 'signedOut', message: 'Your sign-in has expired.' };
    const { status, json } = reply;
    if (status >= 200 && status < 300) {
      const parsed = SaveAnswersResponseSchema.safeParse(json);
      if (!parsed.success) return { kind: 'failed', message: 'The server’s answer could not be read.' };
      return { kind: 'saved', answers: parsed.data.data.answers, extra: parsed.data.data.report };
    }
    const error = ErrorResponseSchema.safeParse(json);
    const message = error.success ? error.data.message : `The server answered with status ${status}.`;
    if (status === 409) {
      const conflict = AnswersConflictResponseSchema.safeParse(json);
      return { kind: 'conflict', current: conflict.success ? conflict.data.current : [], message };
    }
    if (status === 423) {
      const locked = LockedResponseSchema.safeParse(json);
      return { kind: 'locked', message, reason: locked.success ? locked.data.reason : null };
    }
    if (status === 400) return { kind: 'invalid', errors: error.success ? (error.data.errors ?? {}) : {}, message };
    if (status === 401) return { kind: 'signedOut', message };
    if (status === 502 || status === 503 || status === 504) return { kind: 'offline', message };
    return { kind: 'failed', message };
  };
}

/** A refused report update that carries the report as it is now (409). */
export class StaleReportError extends ApiError {
  override readonly current: Report;
  constructor(message: string, current: Report) {
    super(409, message);
    this.current = current;
  }
}

/** POST …/report/update: header fields and/or one workflow action. */
export async function updateReport(year: number, countryCode: string, body: ReportUpdateBody, getToken: TokenSource = firebaseToken): Promise<Report> {
  const reply = await post(`${reportPath(year, countryCode)}/report/update`, body, getToken);
  if (reply === 'offline') throw new ApiError(0, OFFLINE);
  if (reply === 'signedOut') throw new ApiError(401, 'Your sign-in has expired. Sign in again to continue.');
  return readReport(reply.status, reply.json);
}

function readReport(status: number, json: unknown): Report {
  if (status >= 200 && status < 300) return parseOr(ReportResponseSchema, json).data;
  const error = ErrorResponseSchema.safeParse(json);
  const message = error.success ? error.data.message : `The server answered with status ${status}.`;
  if (status === 409) {
    const conflict = ReportConflictResponseSchema.safeParse(json);
    if (conflict.success) throw new StaleReportError(message, conflict.data.current);
  }
  throw new ApiError(status, message, error.success ? error.data.errors : {});
}

function parseOr<S extends z.ZodType>(schema: S, json: unknown): z.output<S> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new DataValidationError(parsed.error.issues);
  return parsed.data;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** POST …/{uuid}/report/upload?version= with the signed PDF, on the version of the report read (409 otherwise): the report is submitted. */
export function uploadSignedReport(uuid: string, version: number, file: File, onProgress: (progress: UploadProgress) => void, getToken: TokenSource = firebaseToken) {
  return sendReportFile(`report/type/national/${encodeURIComponent(uuid)}/report/upload?version=${version}`, file, onProgress, getToken);
}

/** POST …/{uuid}/report/cover?version= with the cover picture, on the version of the report read (409 otherwise). */
export function uploadReportCover(uuid: string, version: number, file: File, onProgress: (progress: UploadProgress) => void, getToken: TokenSource = firebaseToken) {
  return sendReportFile(`report/type/national/${encodeURIComponent(uuid)}/report/cover?version=${version}`, file, onProgress, getToken);
}

/** A file upload whose answer is the report. XMLHttpRequest, because fetch reports no upload progress. */
function sendReportFile(path: string, file: File, onProgress: (progress: UploadProgress) => void, getToken: TokenSource) {
  const xhr = new XMLHttpRequest();
  const promise = (async () => {
    const token = await getToken();
    if (!token) throw new ApiError(401, 'Your sign-in has expired. Sign in again to continue.');
    return new Promise<Report>((resolve, reject) => {
      xhr.open('POST', `${API_BASE}${path}`);
      xhr.setRequestHeader('authorization', `Bearer ${token}`);
      xhr.setRequestHeader('accept', 'application/json');
      xhr.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
      xhr.onerror = () => reject(new ApiError(0, OFFLINE));
      xhr.onabort = () => reject(new ApiError(0, 'The upload was cancelled.'));
      xhr.onload = () => {
        let json: unknown;
        try {
          json = JSON.parse(xhr.responseText);
        } catch {
          json = undefined;
        }
        try {
          resolve(readReport(xhr.status, json));
        } catch (error) {
          reject(error);
        }
      };
      const form = new FormData();
      form.append('file', file, file.name);
      onProgress({ loaded: 0, total: file.size });
      xhr.send(form);
    });
  })();
  return { promise, abort: () => xhr.abort() };
}
