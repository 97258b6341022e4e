import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** What the test server sends back: a string as text, anything else as JSON. */
export type TestAnswer = { status: number; body: unknown };

/**
 * A real HTTP server on 127.0.0.1 for the tests of the API client and what uses it, up while the
 * test file runs: `answer` is given each request with its whole body. Its `origin` is known once
 * the file's tests start.
 */
export function testServer(answer: (request: IncomingMessage, body: Buffer) => TestAnswer): { origin: string } {
  const at = { origin: '' };
  let server: Server;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const { status, body } = answer(request, Buffer.concat(chunks));
        response.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
        response.end(typeof body === 'string' ? body : JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    at.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return at;
}
