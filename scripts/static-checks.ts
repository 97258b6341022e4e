/**
 * The first step of `npm test`: the type check (`astro check`, which checks the .ts and .tsx files
 * of the whole project too), the lint, the layout (Prettier, and no line over 120 characters;
 * decision 063) and knip's unused files, exports and dependencies (knip.ts, decision 069), side by
 * side. Each one's output is printed whole when it ends, so they never interleave; the step fails
 * if any does.
 */
import { spawn } from 'node:child_process';

interface Check {
  name: string;
  argv: string[];
}

const CHECKS: Check[] = [
  { name: 'typecheck (astro check)', argv: [process.execPath, 'scripts/astro-check.ts'] },
  { name: 'lint (eslint)', argv: [process.execPath, 'node_modules/eslint/bin/eslint.js', '.'] },
  {
    name: 'format (prettier --check)',
    argv: [process.execPath, 'node_modules/prettier/bin/prettier.cjs', '--check', '.'],
  },
  { name: 'line length', argv: [process.execPath, 'scripts/line-length.ts'] },
  { name: 'unused code (knip)', argv: [process.execPath, 'node_modules/knip/bin/knip.js', '--no-progress'] },
];

function run({ name, argv }: Check): Promise<boolean> {
  const started = performance.now();
  return new Promise((resolve) => {
    const [program, ...args] = argv;
    const child = spawn(program!, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (ok: boolean, why: string) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n── ${name}: ${ok ? 'passed' : `FAILED (${why})`} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(ok);
    };
    child.on('error', (error) => finish(false, error.message));
    child.on('exit', (code, signal) => finish(code === 0, `exit ${code ?? signal}`));
  });
}

const results = await Promise.all(CHECKS.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
