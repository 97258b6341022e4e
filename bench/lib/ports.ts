import { createServer } from 'node:net';

function tryListen(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : null;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A free TCP port on 127.0.0.1 whose next `span - 1` ports are free too (the Auth emulator
 * derives its hub and logging ports from its own). There is a small race between this check
 * and the real listen; good enough for a benchmark.
 */
export async function freePort(span = 1): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = await tryListen(0);
    if (base === null || base + span > 65535) continue;
    let ok = true;
    for (let i = 1; i < span && ok; i++) ok = (await tryListen(base + i)) !== null;
    if (ok) return base;
  }
  throw new Error(`No ${span} consecutive free ports found`);
}
