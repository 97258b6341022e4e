/**
 * `npm run serve`: one server instance and nothing else (issue 19) — no Auth emulator, no mail
 * sink, no demo data unless SEED_DEMO=true. Configured by the environment alone: PORT,
 * DATABASE_URL, S3_*, FIREBASE_* (with FIREBASE_AUTH_EMULATOR_HOST it trusts that emulator),
 * SMTP_URL, METRICS_TOKEN … (docs/deploy.md lists them all). SIGTERM or SIGINT: it stops taking
 * requests, finishes those in flight, hands its unfinished mail back to the queue and exits.
 */
import { configurationWarnings, parseEnvOrExit } from '../src/lib/env.server.ts';
import { startServer } from '../src/server/main.ts';

if (!process.env['SEED_DEMO']) process.env['SEED_DEMO'] = 'false';
const env = parseEnvOrExit();
for (const warning of configurationWarnings(env)) console.warn(`Warning: ${warning}`);

const running = await startServer(env, { build: 'if-none' });
console.log(
  `Portal instance listening on port ${env.PORT} (database: ${running.database.kind}, ` +
    `files: ${env.S3_BUCKET ? `bucket ${env.S3_BUCKET}` : 'local disk'})`,
);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing the requests in flight, then stopping`);
  await running.close();
  process.exit(0);
}
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
