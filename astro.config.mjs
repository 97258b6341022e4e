// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

// The site is fully static: the Node server (src/server/main.ts) serves the build and the API.
// SITE_OUT_DIR lets the site builder build into a fresh folder that it then swaps in.
export default defineConfig({
  output: 'static',
  outDir: process.env.SITE_OUT_DIR ?? './dist',
  // Astro keeps the content layer's data store in its cache folder and reads it back while
  // rendering: two builds sharing one folder (two servers on one checkout) could mix their data.
  cacheDir: process.env.SITE_CACHE_DIR ?? './node_modules/.astro',
  site: process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321',
  trailingSlash: 'ignore',
  // One page at a time: each page's render records what it read, for its cache key (decision 045).
  build: { format: 'directory', concurrency: 1 },
  // Pages whose cache key (src/components/page-data.ts) is unchanged are copied from the previous
  // build (decision 045): a publish renders only the pages whose data changed.
  experimental: { incrementalBuild: true },
  integrations: [react()],
  vite: {
    plugins: [tailwindcss()],
    // Never inline scripts: the CSP allows only same-origin scripts plus hashed Astro runtime.
    build: { assetsInlineLimit: 0 },
    // Pre-bundled dependencies in the build's own cache, not node_modules/.vite: two checkouts
    // sharing node_modules would otherwise re-optimise each other's on every build.
    cacheDir: `${process.env.SITE_CACHE_DIR ?? './node_modules/.astro'}/vite`,
  },
  devToolbar: { enabled: false },
});
