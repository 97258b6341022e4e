// @ts-check
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.data/',
      '.astro/',
      'site-builds/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // The browser never loads server code: islands import shared modules (schema.ts, permissions.ts), never
    // *.server.ts.
    files: ['src/islands/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '\\.server(\\.ts)?$',
              message: 'Islands run in the browser: import the shared schema.ts or permissions.ts, not server code.',
            },
          ],
        },
      ],
    },
  },
  {
    // src/lib holds the domains; the Node server (src/server) is built on them, never the other way round.
    files: ['src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)server/',
              message: 'src/lib must not import src/server: put what both need in src/lib (e.g. src/lib/http).',
            },
            {
              regex: '(^|/)(components|pages|islands|layouts)/',
              message:
                'src/lib must not import the site or the back-office: put what both need in src/lib (e.g. ' +
                'src/lib/open-data).',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycle in src (eslint-plugin-import-x's no-cycle; `import()` is a lazy chunk and
    // makes no cycle at start-up). Our imports name their files with the extension, so Node's
    // resolution finds them.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] },
  },
  {
    // A function is kept readable by what it does, not by how many lines the formatter gives it:
    // at most 40 statements, nested blocks counted (issue 33 and decision 063, replacing decision
    // 039's 80-line cap). Split what grows past it into named helpers, hooks and sub-components.
    // Tests are left out.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'max-statements': ['error', 40] },
  },
  {
    // src/lib/http is infrastructure (context, errors, parsing, caches): it imports no domain. It
    // says its messages by key (decision 064): the pure said.ts of src/lib/i18n is infrastructure too.
    files: ['src/lib/http/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!i18n/said\\.ts$)',
              message:
                'src/lib/http imports no domain: put what needs a domain beside it (e.g. src/lib/deps.server.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Routes only guard, parse, call one service or query and answer (decision 023): the database,
    // the audit and the reactions to a change (caches, rebuilds) belong to the services and the
    // change bus. Repeats src/lib's rule above (a later no-restricted-imports replaces it).
    files: ['src/lib/**/routes.server.ts', 'src/lib/**/*-routes.server.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm',
              message: "Routes do not query: call the domain's queries.server.ts or service.server.ts.",
            },
          ],
          patterns: [
            {
              regex: '(^|/)server/',
              message: 'src/lib must not import src/server: put what both need in src/lib (e.g. src/lib/http).',
            },
            {
              regex: '(^|/)(components|pages|islands|layouts)/',
              message:
                'src/lib must not import the site or the back-office: put what both need in src/lib (e.g. ' +
                'src/lib/open-data).',
            },
            {
              regex: '^drizzle-orm/',
              message: "Routes do not query: call the domain's queries.server.ts or service.server.ts.",
            },
            {
              regex: '/db/schema(\\.ts)?$',
              allowTypeImports: true,
              message: "Routes do not touch tables: call the domain's queries.server.ts or service.server.ts.",
            },
            {
              regex: '/audit/service\\.server(\\.ts)?$',
              message: "Audit events are written by the services, in the change's transaction (deps.changes.write).",
            },
          ],
        },
      ],
    },
  },
  {
    // Nor do routes clear caches, queue rebuilds or write audit events: change events do (src/lib/events).
    files: ['src/lib/**/routes.server.ts', 'src/lib/**/*-routes.server.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='invalidate']",
          message:
            'Caches follow change events (src/lib/events/subscribers.server.ts): emit one from the service instead.',
        },
        {
          selector: "CallExpression[callee.property.name='request'][callee.object.property.name='site']",
          message: 'Rebuilds follow change events with site: true: emit one from the service instead.',
        },
        {
          selector: "CallExpression[callee.name='recordAudit']",
          message: "Audit events are written by the services, in the change's transaction (deps.changes.write).",
        },
      ],
    },
  },
  {
    // The database layer knows no domain: domains import db, never the reverse. (The seed fills
    // in the domains' reference data, so it is the one file that may.)
    files: ['src/lib/db/**/*.ts'],
    ignores: ['src/lib/db/seed.server.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./',
              message: 'src/lib/db imports no domain folder: define the type in db (see StoredImage).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/islands/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
    },
  },
);
