import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it, test } from 'vitest';
import { importPath, importSpecifiers, noImportCycle, resolveImport } from './no-import-cycle.ts';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

// The rule reads the files a linted file imports from disk: a small tree of them.
const root = mkdtempSync(join(tmpdir(), 'no-import-cycle-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const files: Record<string, string> = {
  'a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
  'b.ts': "import { a } from './a.ts';\nexport const b = 1;\nexport { a as again } from './a.ts';\n",
  'types/shape.ts': "import type { Holder } from '../holder.ts';\nexport interface Shape { holder: Holder }\n",
  'holder.ts': "import type { Shape } from './types/shape.ts';\nexport interface Holder { shape?: Shape }\n",
  'leaf.ts': 'export const leaf = 1;\n',
  'middle.ts': "export * from './leaf.ts';\n",
  'lazy.ts': "import { loader } from './loader.ts';\nexport const lazy = loader;\n",
  'loader.ts': "export const loader = () => import('./lazy.ts');\n",
  'dir/index.ts': "import { c } from '../c';\nexport const d = c;\n",
  'c.ts': "import { d } from './dir';\nexport const c = 1;\nexport const e = d;\n",
};
for (const [name, text] of Object.entries(files)) {
  mkdirSync(join(root, name, '..'), { recursive: true });
  writeFileSync(join(root, name), text);
}
const at = (name: string) => ({ filename: join(root, name), code: files[name]! });

new RuleTester({ languageOptions: { parser: tseslint.parser } }).run('no-import-cycle', noImportCycle, {
  valid: [
    // A chain with no way back, a re-export of a leaf, a package.
    { filename: join(root, 'top.ts'), code: "import { leaf } from './middle.ts';\nimport { z } from 'zod';\nexport { leaf, z };\n" },
    at('middle.ts'),
    // `import()` makes no cycle: the lazy chunk may point back at its loader.
    at('loader.ts'),
    at('lazy.ts'),
  ],
  invalid: [
    { ...at('a.ts'), errors: [{ messageId: 'cycle' }] },
    { ...at('b.ts'), errors: [{ messageId: 'cycle' }, { messageId: 'cycle' }] },
    // Type-only imports count.
    { ...at('holder.ts'), errors: [{ messageId: 'cycle' }] },
    // Through an index file and an import without extension.
    { ...at('c.ts'), errors: [{ messageId: 'cycle' }] },
    // A file not saved yet: what it says now, not what the disk says, is checked.
    { filename: join(root, 'leaf.ts'), code: "import { top } from './middle.ts';\nexport const leaf = top;\n", errors: [{ messageId: 'cycle' }] },
  ],
});

describe('the import graph', () => {
  test('imports and re-exports count, type-only included; import() does not', () => {
    const text = "import type { A } from './a.ts';\nexport * from './b.ts';\nexport { c } from './c.ts';\nconst d = import('./d.ts');\n";
    expect(importSpecifiers('x.ts', text)).toEqual(['./a.ts', './b.ts', './c.ts']);
  });

  test('relative imports resolve to .ts/.tsx files; packages and other files do not', () => {
    expect(resolveImport(join(root, 'c.ts'), './dir')).toBe(join(root, 'dir/index.ts'));
    expect(resolveImport(join(root, 'dir/index.ts'), '../c')).toBe(join(root, 'c.ts'));
    expect(resolveImport(join(root, 'c.ts'), 'zod')).toBeNull();
    expect(resolveImport(join(root, 'c.ts'), './page.astro')).toBeNull();
  });

  test('the shortest chain back, or null', () => {
    const graph: Record<string, string[]> = { a: ['b', 'x'], b: ['c'], c: ['a'], x: ['c'] };
    const importsOf = (file: string) => graph[file] ?? [];
    expect(importPath('b', 'a', importsOf)).toEqual(['b', 'c', 'a']);
    expect(importPath('x', 'b', importsOf)).toEqual(['x', 'c', 'a', 'b']);
    expect(importPath('c', 'z', importsOf)).toBeNull();
  });
});
