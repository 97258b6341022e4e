import { z } from 'zod';
import { LOCALE_INFO } from '../../../i18n/locales.ts';
import { PAGE_LOCALE } from '../../i18n/page-locale.ts';
import { API_BASE, ApiError, firebaseToken, OFFLINE_MESSAGE } from '../lib/api.ts';
import { dataOf } from '../lib/api-error.ts';
import type { SynthesisBody } from '../../../lib/national-reports/synthesis-schema.ts';

/**
 * The regional synthesis's file (POST …/synthesis/{year}, decision 079): the transport's JSON
 * calls (lib/api.ts) answer data, this one a file. It signs in as they do (the token, one retry
 * with a fresh one on 401), says errors as they do (the API's message, ApiError) and reports how
 * much of the file has arrived.
 */
export async function downloadSynthesis(
  year: number,
  body: SynthesisBody,
  onProgress: (received: number, total: number | null) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const send = async (token: string) => {
    try {
      return await fetch(`${API_BASE}report/type/national/synthesis/${year}`, {
        method: 'POST',
        headers: {
          accept: 'application/pdf, application/vnd.openxmlformats-officedocument.wordprocessingml.document, */*',
          'accept-language': LOCALE_INFO[PAGE_LOCALE].tag,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
        ...(signal && { signal }),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, OFFLINE_MESSAGE);
    }
  };
  const token = await firebaseToken();
  if (!token) throw new ApiError(401, OFFLINE_MESSAGE);
  let response = await send(token);
  if (response.status === 401) {
    const fresh = await firebaseToken(true).catch(() => null);
    if (fresh) response = await send(fresh);
  }
  if (!response.ok) dataOf({ status: response.status, json: await response.json().catch(() => undefined) }, z.never());
  return read(response, onProgress);
}

async function read(response: Response, onProgress: (received: number, total: number | null) => void): Promise<Blob> {
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const total = Number(response.headers.get('content-length')) || null;
  if (!response.body) return new Blob([await response.arrayBuffer()], { type });
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(chunks, { type });
}
