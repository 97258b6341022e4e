// @ts-check
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', '.data/', '.astro/', 'site-builds/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench/results/'] },
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
    // The browser never loads server code: islands import shared modules (schema.ts, permissions.ts), never *.server.ts.
    files: ['src/islands/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '\\.server(\\.ts)?$', message: 'Islands run in the browser: import the shared schema.ts or permissions.ts, not server code.' },
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
            { regex: '(^|/)server/', message: 'src/lib must not import src/server: put what both need in src/lib (e.g. src/lib/http).' },
          ],
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
        { patterns: [{ regex: '^\\.\\./', message: 'src/lib/db imports no domain folder: define the type in db (see StoredImage).' }] },
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
