import { startChild } from './child.ts';
import type { BenchContext } from './context.ts';
import { measureRow, type Row } from './report.ts';

/**
 * The bare Hono hello-world (servers/hello.ts) in its own process under the same load: the
 * baseline of the "x bare" ratios. Adds its row to `rows`; the server is stopped afterwards.
 */
export async function measureBareHello(ctx: BenchContext, rows: Row[], execArgv?: string[]): Promise<Row> {
  const hello = await startChild<{ url: string }>(new URL('../servers/hello.ts', import.meta.url), {
    label: 'The hello-world server',
    env: { NODE_ENV: 'production' },
    ...(execArgv && { execArgv }),
  });
  try {
    return await measureRow(
      ctx,
      {
        name: 'bare hello-world',
        describe: 'GET / on new Hono() + @hono/node-server, own process',
        url: hello.info.url,
        judged: false,
        watch: { server: hello.process.pid },
      },
      null,
      rows,
    );
  } finally {
    await hello.stop();
  }
}
