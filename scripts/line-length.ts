/**
 * No source line over 120 characters (issue 33): Prettier lays the code out at 120 columns, but
 * it leaves comments, long strings and Markdown-like text as written. This check lists every
 * tracked TypeScript, TSX, JavaScript, Astro and CSS line that is still longer, outside the
 * migrations and the data files (JSON, SQL, CSV), and fails when there is one.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX = 120;
const SOURCE = /\.(ts|tsx|js|mjs|cjs|astro|css)$/;
const EXEMPT = [/^src\/lib\/db\/migrations\//, /^public\//, /^data\//];

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => SOURCE.test(file) && !EXEMPT.some((pattern) => pattern.test(file)));

const long: string[] = [];
for (const file of files) {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the work tree
  }
  text.split('\n').forEach((line, index) => {
    const length = [...line].length;
    if (length > MAX) long.push(`${file}:${index + 1}: ${length} characters`);
  });
}

if (long.length > 0) {
  console.log(long.join('\n'));
  console.log(
    `\n${long.length} lines are longer than ${MAX} characters: break them (a comment over lines, a string in parts).`,
  );
  process.exit(1);
}
console.log(`${files.length} files: no line over ${MAX} characters`);
