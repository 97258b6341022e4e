import { statSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Rule } from 'eslint';
import ts from 'typescript';

/*
 * ESLint rule `local/no-import-cycle`: a module may not import, directly or through others, a
 * module that imports it back. Type-only imports count (a cycle of types is still two modules
 * that cannot be read, moved or tested apart); `import()` does not (a lazy chunk may point back
 * at the code that loads it, and loading it later makes no cycle at start-up). Only relative
 * imports of .ts/.tsx files are followed: packages cannot import our code.
 *
 * No import plugin is installed (eslint-plugin-import-x would bring its own resolver); this walks
 * the files itself, reading each one once per linted file unless it changed on disk.
 */

const SOURCE = /\.(ts|tsx)$/;

/** The TypeScript file a relative import names, or null (a package, an .astro or .css file, nothing). */
export function resolveImport(fromFile: string, specifier: string): string | null {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const base = resolve(dirname(fromFile), specifier);
  const candidates = SOURCE.test(base)
    ? [base]
    : [base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  for (const candidate of candidates) {
    if (SOURCE.test(candidate) && isFile(candidate)) return candidate;
  }
  return null;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The static imports and re-exports of a file's text (type-only included, `import()` not). */
export function importSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier) {
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

/** Each file's resolved imports, kept while its modification time stays the same. */
const parsed = new Map<string, { mtimeMs: number; imports: string[] }>();

/** A view of the import graph for one linted file: each file read (or its mtime checked) once. */
function importGraph(): (file: string) => string[] {
  const seen = new Map<string, string[]>();
  return (file) => {
    let imports = seen.get(file);
    if (imports) return imports;
    let mtimeMs = -1;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      // Deleted meanwhile: it imports nothing.
    }
    const cached = parsed.get(file);
    if (cached && cached.mtimeMs === mtimeMs) imports = cached.imports;
    else {
      const text = mtimeMs < 0 ? '' : readFileSync(file, 'utf8');
      imports = importSpecifiers(file, text).flatMap((specifier) => resolveImport(file, specifier) ?? []);
      parsed.set(file, { mtimeMs, imports });
    }
    seen.set(file, imports);
    return imports;
  };
}

/** The shortest chain of imports from `from` to `to` (both included), or null when there is none. */
export function importPath(from: string, to: string, importsOf: (file: string) => string[]): string[] | null {
  const cameFrom = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  for (let at = 0; at < queue.length; at++) {
    const file = queue[at]!;
    if (file === to) {
      const path = [file];
      for (let step = cameFrom.get(file); step; step = cameFrom.get(step)) path.unshift(step);
      return path;
    }
    for (const next of importsOf(file)) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

type ImportNode = Rule.Node & { source?: { value?: unknown } | null };

export const noImportCycle: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles among the TypeScript modules (type-only imports count)' },
    schema: [],
    messages: {
      cycle: 'Import cycle: {{chain}}. Move what both sides need into a module that neither imports, or pass it in.',
    },
  },
  create(context) {
    const file = resolve(context.filename);
    const importsOf = importGraph();
    const check = (node: ImportNode) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      const target = resolveImport(file, specifier);
      if (!target) return;
      const path = importPath(target, file, importsOf);
      if (!path) return;
      const chain = [file, ...path].map((step) => relative(context.cwd, step)).join(' → ');
      context.report({ node, messageId: 'cycle', data: { chain } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

/** The plugin eslint.config.js registers as `local`. */
export const localPlugin = { rules: { 'no-import-cycle': noImportCycle } };
