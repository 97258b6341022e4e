import { createServer, request as httpRequest, type ClientRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  conflictOf,
  createApiClient,
  DataValidationError,
  type TokenSource,
  type UploadProgress,
} from './api.ts';
import { UploadCancelled } from './xhr-send.ts';

/**
 * The upload helper against a real HTTP server on 127.0.0.1. Node has no XMLHttpRequest, so
 * `NodeXhr` below stands in for the browser's: the part of it the helper uses (open, headers,
 * send with upload progress, abort, the load/error/abort events), over node:http.
 */
class NodeXhr {
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  #method = 'GET';
  #url = '';
  #headers: Record<string, string> = {};
  #request: ClientRequest | null = null;
  #aborted = false;

  open(method: string, url: string): void {
    this.#method = method;
    this.#url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.#headers[name] = value;
  }

  send(body: FormData): void {
    // The browser encodes FormData as multipart itself; Response does the same encoding here.
    const encoded = new Response(body);
    void encoded.arrayBuffer().then((buffer) => {
      if (this.#aborted) return;
      const bytes = Buffer.from(buffer);
      const headers = {
        ...this.#headers,
        'content-type': encoded.headers.get('content-type') ?? '',
        'content-length': String(bytes.length),
      };
      const request = httpRequest(new URL(this.#url, origin), { method: this.#method, headers }, (response) =>
        this.#read(response),
      );
      this.#request = request;
      request.on('error', () => {
        if (!this.#aborted) this.onerror?.();
      });
      this.#write(request, bytes, 0);
    });
  }

  abort(): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#request?.destroy();
    this.onabort?.();
  }

  #write(request: ClientRequest, bytes: Buffer, from: number): void {
    if (this.#aborted) return;
    if (from >= bytes.length) {
      request.end();
      return;
    }
    const to = Math.min(from + 64 * 1024, bytes.length);
    request.write(bytes.subarray(from, to), () => {
      this.upload.onprogress?.({ loaded: to, total: bytes.length, lengthComputable: true });
      // The next chunk after a turn of the event loop, so that a test can abort between two.
      setTimeout(() => this.#write(request, bytes, to), 1);
    });
  }

  #read(response: IncomingMessage): void {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => {
      if (this.#aborted) return;
      this.status = response.statusCode ?? 0;
      this.responseText = Buffer.concat(chunks).toString('utf8');
      this.onload?.();
    });
  }
}

const Saved = z.object({ data: z.object({ id: z.number(), version: z.number() }) });
const Thing = z.object({ id: z.number(), version: z.number() });

interface Seen {
  url: string;
  headers: IncomingMessage['headers'];
  bytes: number;
  body: string;
}

type Handler = (request: IncomingMessage, seen: Seen) => { status: number; body: unknown } | 'hold';
/** Answers per path, in order; a path per test, so that a late request of one test never takes another's answer. */
let handlers = new Map<string, Handler[]>();
let seen: Seen[] = [];
let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const entry: Seen = { url: request.url ?? '', headers: request.headers, bytes: 0, body: '' };
    seen.push(entry);
    const path = new URL(entry.url, origin).pathname;
    const handler = handlers.get(path)?.shift() ?? (() => ({ status: 500, body: 'no answer queued' }));
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      entry.bytes += chunk.length;
    });
    request.on('end', () => {
      entry.body = Buffer.concat(chunks).toString('latin1');
      const answer = handler(request, entry);
      if (answer === 'hold') return;
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  handlers = new Map();
  seen = [];
});

function on(path: string, handler: Handler) {
  handlers.set(`/api/${path}`, [...(handlers.get(`/api/${path}`) ?? []), handler]);
}

/** The requests that reached `path` (without its query). */
function seenAt(path: string): Seen[] {
  return seen.filter((entry) => new URL(entry.url, origin).pathname === `/api/${path}`);
}

function answer(path: string, status: number, body: unknown) {
  on(path, () => ({ status, body }));
}

const uploader = (getToken: TokenSource = async () => 'token-1') =>
  createApiClient({ getToken, createXhr: () => new NodeXhr() as unknown as XMLHttpRequest });

function formWith(size: number, name = 'picture.png'): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(size).fill(65)], { type: 'image/png' }), name);
  return form;
}

describe('api client: upload', () => {
  it(
    'posts the form as multipart with the token, If-Match and query, reports progress and returns the checked ' +
      'answer',
    async () => {
      answer('cms/upload/abc', 200, { data: { id: 4, version: 8 }, extra: true });
      const progress: UploadProgress[] = [];
      const size = 300 * 1024;
      const saved = await uploader().upload('cms/upload/abc', formWith(size), {
        schema: Saved,
        version: 7,
        query: { crop: '0,0,1,1', title: '' },
        onProgress: (p) => progress.push(p),
      });
      expect(saved).toEqual({ data: { id: 4, version: 8 } });
      const [sent] = seenAt('cms/upload/abc');
      expect(sent).toMatchObject({ url: '/api/cms/upload/abc?crop=0%2C0%2C1%2C1' });
      expect(sent!.headers).toMatchObject({
        authorization: 'Bearer token-1',
        'if-match': '"7"',
        accept: 'application/json',
      });
      expect(sent!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(sent!.body).toContain('name="file"; filename="picture.png"');
      // First the file's own size (before the browser knows the request's), then the request's bytes.
      expect(progress[0]).toEqual({ loaded: 0, total: size });
      expect(progress.length).toBeGreaterThan(3);
      expect(progress.at(-1)).toEqual({ loaded: sent!.bytes, total: sent!.bytes });
      const loaded = progress.slice(1).map((p) => p.loaded);
      expect(loaded).toEqual([...loaded].sort((a, b) => a - b));
    },
  );

  it('carries a 409’s record as it is now and the server’s message for other refusals', async () => {
    answer('report/x', 409, { status: 409, message: 'Changed meanwhile', current: { id: 4, version: 9 } });
    const stale = await uploader()
      .upload('report/x', formWith(10), { schema: Saved, query: { version: 8 } })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ApiError);
    expect(conflictOf(stale, Thing)).toEqual({ id: 4, version: 9 });

    answer('cms/upload/big', 413, { status: 413, message: 'The image has more than 40 million pixels' });
    await expect(uploader().upload('cms/upload/big', formWith(10), { schema: Saved })).rejects.toMatchObject({
      status: 413,
      message: 'The image has more than 40 million pixels',
    });

    answer('cms/upload/odd', 200, { data: { id: 'four' } });
    await expect(uploader().upload('cms/upload/odd', formWith(10), { schema: Saved })).rejects.toBeInstanceOf(
      DataValidationError,
    );
  });

  it('sends the file again with a force-refreshed token after a 401', async () => {
    answer('best-practice/u/upload', 401, { status: 401, message: 'Sign in to continue' });
    answer('best-practice/u/upload', 200, { data: { id: 1, version: 2 } });
    const asked: (boolean | undefined)[] = [];
    const getToken: TokenSource = async (force) => {
      asked.push(force);
      return force ? 'fresh' : 'stale';
    };
    await expect(
      uploader(getToken).upload('best-practice/u/upload', formWith(1000), { schema: Saved }),
    ).resolves.toEqual({ data: { id: 1, version: 2 } });
    expect(asked).toEqual([undefined, true]);
    const sent = seenAt('best-practice/u/upload');
    expect(sent.map((s) => s.headers.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(sent[1]!.body).toContain('filename="picture.png"');
  });

  it('is cancelled by its signal while the bytes are going out', async () => {
    on('cms/upload/held', () => 'hold');
    const cancel = new AbortController();
    const progress: UploadProgress[] = [];
    const running = uploader().upload('cms/upload/held', formWith(2 * 1024 * 1024), {
      schema: Saved,
      signal: cancel.signal,
      onProgress: (p) => {
        progress.push(p);
        if (p.loaded > 0) cancel.abort();
      },
    });
    const error = await running.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadCancelled);
    expect(error).toMatchObject({ status: 0, message: 'The upload was cancelled' });
    expect(progress.at(-1)!.loaded).toBeLessThan(progress.at(-1)!.total);
  });

  it('does not start when cancelled before the token came', async () => {
    const cancel = new AbortController();
    const running = uploader(async () => {
      cancel.abort();
      return 'token-1';
    }).upload('cms/upload/never', formWith(10), { schema: Saved, signal: cancel.signal });
    await expect(running).rejects.toBeInstanceOf(UploadCancelled);
    expect(seenAt('cms/upload/never')).toHaveLength(0);
  });

  it('says the server could not be reached when the connection fails', async () => {
    on('cms/upload/dropped', (request) => {
      request.socket.destroy();
      return 'hold';
    });
    const error = await uploader()
      .upload('cms/upload/dropped', formWith(10), { schema: Saved })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 0,
      message: 'Could not reach the server. Check your connection and try again.',
    });
    expect(error).not.toBeInstanceOf(UploadCancelled);
  });

  it('refuses to send without a signed-in user', async () => {
    await expect(
      uploader(async () => null).upload('cms/upload/anonymous', formWith(10), { schema: Saved }),
    ).rejects.toMatchObject({ status: 401 });
    expect(seenAt('cms/upload/anonymous')).toHaveLength(0);
  });
});
