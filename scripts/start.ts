/**
 * `npm start`: the whole portal on one machine. Starts the Firebase Auth emulator (unless
 * production settings say otherwise), then the server, which creates, migrates and seeds the
 * embedded database, serves the API and builds the site. Ctrl-C stops everything it started.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { parseEnvOrExit, usesAuthEmulator } from '../src/lib/env.server.ts';
import { useDataDirProjectId } from '../src/lib/identity/emulator-project.server.ts';
import { MailSink } from '../src/lib/mail/sink.server.ts';
import { startAuthEmulator, type AuthEmulator } from './auth-emulator.ts';

// Each data folder has its own Auth emulator project (unless FIREBASE_PROJECT_ID says otherwise).
useDataDirProjectId();
const env = parseEnvOrExit();

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

// Local mode without SMTP_URL: a local SMTP sink takes the portal's emails; administrators read
// them on the back-office's 'Sent mail' page (and each one is announced here).
let sink: MailSink | null = null;
if (usesAuthEmulator(env) && !env.SMTP_URL) {
  sink = new MailSink({ onMail: (mail) => console.log(`[mail sink] to ${mail.to ?? '?'}: ${mail.subject ?? ''}`) });
  process.env['SMTP_URL'] = await sink.listen(0);
  console.log(`Local mail sink on ${process.env['SMTP_URL']} (emails are shown under Sent mail in the back-office)`);
}

// The server leads a process group of its own: the site build it starts (and that build's own
// helpers) are in it, so one signal to the group stops all of them, even after the server died.
const server = spawn(process.execPath, ['src/server/main.ts', ...process.argv.slice(2).filter((a) => a !== '--dev')], {
  stdio: 'inherit',
  env: process.env,
  detached: true,
});
// Made now: a server killed by a signal has exitCode null, and its 'exit' event fires only once.
const serverExited = new Promise<void>((resolveExit) => server.once('exit', () => resolveExit()));

function signalServerGroup(signal: NodeJS.Signals): void {
  try {
    process.kill(-server.pid!, signal);
  } catch {
    // Nothing left in the group.
  }
}

let stopping = false;
/** Stops everything this launcher started (server, site build, emulator) and exits with `code`. */
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  signalServerGroup('SIGTERM');
  const force = setTimeout(() => signalServerGroup('SIGKILL'), 5_000);
  await serverExited;
  clearTimeout(force);
  // Whatever the server left behind (a site build under way) is not wanted without it.
  signalServerGroup('SIGKILL');
  await emulator?.stop();
  await sink?.close();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
// The server or the emulator ending on its own is a failure, whatever its exit code: stop the
// rest and exit non-zero at once, so that a supervisor restarts the portal.
server.on('exit', (code, signal) => {
  if (stopping) return;
  console.error(`The server stopped (${signal ?? `exit code ${code}`}): stopping the portal`);
  void stop(code || 1);
});
emulator?.process?.on('exit', (code, signal) => {
  if (stopping) return;
  console.error(`The Firebase Auth emulator stopped (${signal ?? `exit code ${code}`}): stopping the portal`);
  void stop(code || 1);
});
