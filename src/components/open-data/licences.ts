/**
 * The licences of the open-data files as the metadata name them: an Open Definition identifier
 * and the licence's page where the figure's licence is a known one, else the licence's words and
 * the page data/manifest.json gives for it. Figures the countries reported carry no licence of
 * their own: they are offered on the portal's terms of reuse, stated on the open-data page.
 */
import type { ManifestEntry } from './files.ts';

/** A Data Package `license`: `name` (Open Definition id) where there is one, always a `path`. */
export interface Licence {
  name?: string;
  path: string;
  title: string;
}

/** The fragment of the open-data page that states the terms of reuse. */
export const REUSE_ANCHOR = 'reuse';

/** The terms of the figures the countries report (a site path until the site's address is known). */
export const REUSE_TERMS: Licence = {
  path: `/open-data#${REUSE_ANCHOR}`,
  title: 'Free to reuse with attribution to the reporting country or territory',
};

const KNOWN: readonly { pattern: RegExp; licence: (version: string) => Licence }[] = [
  {
    pattern: /^CC[ -]BY[ -](\d\.\d)$/,
    licence: (v) => ({
      name: `CC-BY-${v}`,
      path: `https://creativecommons.org/licenses/by/${v}/`,
      title: `Creative Commons Attribution ${v}`,
    }),
  },
  {
    pattern: /^CC[ -]BY[ -](\d\.\d) IGO$/,
    licence: (v) => ({
      name: `CC-BY-${v}-IGO`,
      path: `https://creativecommons.org/licenses/by/${v}/igo/`,
      title: `Creative Commons Attribution ${v} IGO`,
    }),
  },
  {
    pattern: /^CC0(?: (1\.0))?$/,
    licence: () => ({
      name: 'CC0-1.0',
      path: 'https://creativecommons.org/publicdomain/zero/1.0/',
      title: 'Creative Commons Zero 1.0',
    }),
  },
];

/** The licence a figure names (`CC BY 4.0`, or a sentence of the manifest), as the metadata give it. */
export function licenceOf(words: string, manifest: readonly ManifestEntry[]): Licence {
  for (const { pattern, licence } of KNOWN) {
    const match = pattern.exec(words.trim());
    if (match) return licence(match[1] ?? '');
  }
  const entry = manifest.find((e) => e.licence === words);
  // A licence nobody gave a page for points to the portal's statement of what is known of it.
  return { path: entry?.licence_url ?? REUSE_TERMS.path, title: words };
}

/** `licence` with its site path made absolute on `site`. */
export function absoluteLicence(licence: Licence, site: URL): Licence {
  return { ...licence, path: new URL(licence.path, site).href };
}
