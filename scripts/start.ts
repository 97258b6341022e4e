/**
 * `npm start`: the whole portal on one machine. Starts the Firebase Auth emulator (unless
 * production settings say otherwise), then the server, which creates, migrates and seeds the
 * embedded database, serves the API and builds the site. Ctrl-C stops everything it started.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { EnvError, parseEnv, usesAuthEmulator } from '../src/lib/env.server.ts';
import { startAuthEmulator, type AuthEmulator } from './auth-emulator.ts';

let env;
try {
  env = parseEnv();
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}

let emulator: AuthEmulator | null = null;
if (usesAuthEmulator(env)) {
  const host = env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
  console.log(`Starting the Firebase Auth emulator on ${host} …`);
  emulator = await startAuthEmulator({
    host,
    projectId: env.FIREBASE_PROJECT_ID,
    persistDir: resolve(env.DATA_DIR, 'auth-emulator'),
    workDir: resolve(env.DATA_DIR, 'emulator-work'),
    // Email verification and password reset links are "sent" to the emulator's log: show them.
    onLine: (line) => {
      if (/https?:\/\/\S+oobCode=/.test(line)) console.log(`[auth emulator] ${line.trim()}`);
    },
  });
  process.env['FIREBASE_AUTH_EMULATOR_HOST'] = host;
}

const server = spawn(process.execPath, ['src/server/main.ts', ...process.argv.slice(2).filter((a) => a !== '--dev')], {
  stdio: 'inherit',
  env: process.env,
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  await emulator?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
server.on('exit', (code) => void stop(code ?? 1));
