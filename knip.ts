import type { KnipConfig } from 'knip';

/**
 * knip (issue 33, decision 069): `npm test`'s static checks fail on a file nothing imports, an
 * export nothing imports, a dependency nothing uses and a package used but not listed. knip's
 * plugins find the entry points of Astro (pages, middleware, content config), Vitest (the test
 * files and global setup of vitest.config.ts), Playwright, ESLint and Drizzle Kit themselves;
 * the npm scripts name bench/run.ts and some of scripts/. The rest is listed here.
 */
const config: KnipConfig = {
  entry: [
    // Run by people, CI and each other (node scripts/….ts), not all through npm scripts.
    'scripts/*.ts',
    // Started by the benchmark as child processes.
    'bench/servers/*.ts',
    // The portal's server (npm start runs it through scripts/start.ts, the tests import it).
    'src/server/main.ts',
  ],
  project: ['src/**/*.{ts,tsx,astro,mjs}', 'scripts/**/*.ts', 'bench/**/*.ts', 'tests/**/*.{ts,mjs}', '*.{ts,js,mjs}'],
  // A constant exported and used in its own module is an API kept on purpose only if someone
  // imports it; one used only at home is reported, like any other export nobody imports.
  ignoreExportsUsedInFile: true,
  ignoreDependencies: [
    // Used where knip does not look: `@import 'tailwindcss'` in src/styles/global.css;
    // node_modules/pagefind/lib/runner/bin.cjs run by the site builder;
    // `astro check` (scripts/astro-check.ts); the Auth emulator run from node_modules/firebase-tools;
    // `prettier --check` in scripts/static-checks.ts; files read through require.resolve
    // (world-atlas's topology, axe-core's script).
    'tailwindcss',
    'pagefind',
    '@astrojs/check',
    'firebase-tools',
    'prettier',
    'world-atlas',
    'axe-core',
  ],
  // Programs of the machine (poppler-utils, harfbuzz, bzip2, LibreOffice where installed), not npm packages.
  ignoreBinaries: ['pdftotext', 'pdffonts', 'pdftoppm', 'pdfsig', 'hb-subset', 'bzcat', 'soffice'],
};

export default config;
