/**
 * The baseline: a bare Hono hello-world on @hono/node-server, alone in its own process, the
 * same runtime and HTTP stack as the portal server. Prints `BENCH_READY {"url": …}`.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { announceReady } from '../lib/child.ts';

const app = new Hono().get('/', (c) => c.text('ok'));
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  announceReady({ url: `http://127.0.0.1:${info.port}` }, () => new Promise<void>((r) => server.close(() => r())));
});
