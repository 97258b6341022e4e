/**
 * schema.org `Dataset` of a page that shows open data (a profile theme, the open-data page), as
 * Google Dataset Search reads it: the page's words in its language, the files as `DataDownload`s.
 * Pages put it in `<script type="application/ld+json">` through jsonLdText (head-meta.ts), which
 * keeps any `</script>` in the data from closing the script.
 */
import { SITE_NAME } from '../site.ts';
import { csvwPath } from './csvw.ts';
import type { DatedFile } from './files.ts';
import { absoluteLicence } from './licences.ts';

/** Google's bounds for a dataset's description. */
export const DESCRIPTION_MIN = 50;
export const DESCRIPTION_MAX = 5000;

export interface DatasetLdInput {
  /** The page's path (its language's). */
  url: string;
  identifier: string;
  name: string;
  description: string;
  /** The BCP 47 tag of the page's language. */
  inLanguage: string;
  keywords: readonly string[];
  /** What the rows measure: the indicators (a theme) or the questions. */
  variables: readonly { name: string; unit?: string | null; code?: string }[];
  /** The files the dataset offers; their sources, licences, years, countries and dates are the dataset's. */
  files: readonly DatedFile[];
  /** Downloads beside the files' own (the SDMX files, the cycles' JSON). */
  downloads?: readonly { path: string; encodingFormat: string; name: string }[];
  /** The region's name in the page's language. */
  region: string;
  /** A sentence to add to a description shorter than Google reads. */
  filler: string;
}

/** `text` within Google's bounds: `filler` added while too short, cut at a word while too long. */
export function boundedDescription(text: string, filler: string): string {
  let description = text.trim();
  if (description.length < DESCRIPTION_MIN) description = `${description} ${filler}`.trim();
  if (description.length <= DESCRIPTION_MAX) return description;
  const cut = description.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_MIN))}…`;
}

export function datasetLd(input: DatasetLdInput, site: URL) {
  const url = (path: string) => new URL(path, site).href;
  const { files } = input;
  const spans = files.flatMap((f) => (f.years ? [f.years] : []));
  const countries = new Map(files.flatMap((f) => f.countries.map((c) => [c.code, c.name] as const)));
  const licences = [...new Set(files.flatMap((f) => f.licences.map((l) => absoluteLicence(l, site).path)))];
  const sources = [...new Map(files.flatMap((f) => f.sources).map((s) => [s.path ?? s.title, s] as const)).values()];
  const changed = files.map((f) => f.changed).reduce<string | null>((a, b) => (a === null || b > a ? b : a), null);
  const organisation = { '@type': 'Organization', name: SITE_NAME, url: url('/') };
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: input.name,
    description: boundedDescription(input.description, input.filler),
    url: url(input.url),
    identifier: input.identifier,
    inLanguage: input.inLanguage,
    isAccessibleForFree: true,
    ...(licences.length > 0 ? { license: licences.length === 1 ? licences[0] : licences } : {}),
    creator: organisation,
    publisher: organisation,
    isBasedOn: sources.map((s) =>
      s.path ? { '@type': 'Dataset', name: s.title, url: s.path } : { '@type': 'CreativeWork', name: s.title },
    ),
    keywords: [...input.keywords],
    spatialCoverage: {
      '@type': 'Place',
      name: input.region,
      containsPlace: [...countries]
        .sort(([a], [b]) => a.localeCompare(b, 'en'))
        .map(([code, name]) => ({ '@type': 'Country', name, identifier: code })),
    },
    ...(spans.length > 0
      ? {
          temporalCoverage: `${Math.min(...spans.map((s) => s[0]))}/` + `${Math.max(...spans.map((s) => s[1]))}`,
        }
      : {}),
    variableMeasured: input.variables.map((v) => ({
      '@type': 'PropertyValue',
      name: v.name,
      ...(v.code ? { propertyID: v.code } : {}),
      ...(v.unit ? { unitText: v.unit } : {}),
    })),
    ...(changed ? { dateModified: changed } : {}),
    includedInDataCatalog: { '@type': 'DataCatalog', name: SITE_NAME, url: url('/open-data') },
    distribution: [
      ...files.flatMap((f) => [
        {
          '@type': 'DataDownload',
          name: f.title,
          contentUrl: url(f.path),
          encodingFormat: 'text/csv',
          contentSize: `${f.bytes} B`,
          dateModified: f.changed,
        },
        {
          '@type': 'DataDownload',
          name: `${f.title} (CSVW metadata)`,
          contentUrl: url(csvwPath(f.path)),
          encodingFormat: 'application/csvm+json',
        },
      ]),
      ...(input.downloads ?? []).map((d) => ({
        '@type': 'DataDownload',
        name: d.name,
        contentUrl: url(d.path),
        encodingFormat: d.encodingFormat,
      })),
    ],
  };
}
