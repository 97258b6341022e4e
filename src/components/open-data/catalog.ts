/**
 * /open-data/catalog.jsonld: a DCAT-AP catalogue (JSON-LD) of the portal's open data, for data
 * portals to harvest. Two datasets, the urbanisation profile and the national reports, each with
 * its SDMX files and API query as distributions and its files (a theme, a reporting cycle) as
 * datasets of their own (`dct:hasPart`), each with its CSV and CSVW metadata. Titles, descriptions
 * and keywords carry the four languages as `@language`-tagged literals.
 */
import { LOCALE_INFO, LOCALES, type Locale } from '../../i18n/locales.ts';
import { SITE_NAME } from '../site.ts';
import { csvwPath } from './csvw.ts';
import type { DatedFile } from './files.ts';
import { absoluteLicence } from './licences.ts';

/** A text in English and in whichever of the other languages it has. */
export type Texts = { en: string } & Partial<Record<Locale, string>>;

/** The SDMX dataflows (agency APUA) of the two datasets. */
export const SDMX_FLOWS = { profile: 'DF_URBAN_PROFILE', national: 'DF_NATIONAL_REPORTS' } as const;
export const CATALOGUE_PATH = '/open-data/catalog.jsonld';

export interface CataloguePart {
  file: DatedFile;
  title: Texts;
  description: Texts;
  keywords: readonly Texts[];
  /** Codes of the EU data themes (REGI, SOCI, ENVI …). */
  themes: readonly string[];
  /** The portal's own theme the part is (a profile theme), a concept of the catalogue's theme taxonomy. */
  concept?: { id: string; label: Texts };
  /** Other downloads of the same rows (the cycles' JSON files). */
  alternates?: readonly { path: string; mediaType: 'application/json'; title: string }[];
}

export interface CatalogueDataset {
  kind: keyof typeof SDMX_FLOWS;
  /** The dataset's English page. */
  page: string;
  title: Texts;
  description: Texts;
  keywords: readonly Texts[];
  themes: readonly string[];
  parts: readonly CataloguePart[];
}

const EU = 'http://publications.europa.eu/resource/authority';
const EU_LANGUAGES: Record<Locale, string> = { en: 'ENG', zh: 'ZHO', fr: 'FRA', ru: 'RUS' };
const IANA = 'https://www.iana.org/assignments/media-types';

export const DCAT_CONTEXT = {
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  spdx: 'http://spdx.org/rdf/terms#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  locn: 'http://www.w3.org/ns/locn#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
} as const;

/** `texts` as language-tagged literals (zh as zh-Hans, the script the site writes). */
export function literals(texts: Texts): { '@value': string; '@language': string }[] {
  return LOCALES.flatMap((l) => {
    const value = texts[l];
    return value ? [{ '@value': value, '@language': LOCALE_INFO[l].tag }] : [];
  });
}

const date = (value: string) => ({ '@value': value, '@type': 'xsd:date' });
const year = (value: number) => ({ '@value': String(value), '@type': 'xsd:gYear' });
const latest = (dates: readonly string[]) => dates.reduce((a, b) => (b > a ? b : a), '');

function period(spans: readonly (readonly [number, number] | null)[]) {
  const known = spans.filter((s): s is readonly [number, number] => s !== null);
  if (known.length === 0) return undefined;
  return {
    '@type': 'dct:PeriodOfTime',
    'dcat:startDate': year(Math.min(...known.map((s) => s[0]))),
    'dcat:endDate': year(Math.max(...known.map((s) => s[1]))),
  };
}

/** The countries and territories covered: their ISO 3166-1 alpha-2 codes and names. */
function spatial(files: readonly DatedFile[]) {
  const countries = new Map(files.flatMap((f) => f.countries.map((c) => [c.code, c.name] as const)));
  return [...countries]
    .sort(([a], [b]) => a.localeCompare(b, 'en'))
    .map(([code, name]) => ({
      '@type': 'dct:Location',
      'skos:notation': code,
      'locn:geographicName': { '@value': name, '@language': 'en' },
    }));
}

/** The portal's own themes: a SKOS concept scheme, each theme labelled in the four languages. */
function taxonomy(datasets: readonly CatalogueDataset[], url: (path: string) => string) {
  const concepts = datasets.flatMap((d) => d.parts.flatMap((p) => (p.concept ? [p.concept] : [])));
  if (concepts.length === 0) return [];
  const scheme = url('/urbanisation-profile#themes');
  return [
    {
      '@id': scheme,
      '@type': 'skos:ConceptScheme',
      'skos:prefLabel': { '@value': 'Themes of the urbanisation profile', '@language': 'en' },
      'skos:hasTopConcept': concepts.map((c) => ({
        '@id': url(c.id),
        '@type': 'skos:Concept',
        'skos:prefLabel': literals(c.label),
        'skos:inScheme': { '@id': scheme },
      })),
    },
  ];
}

export function dcatCatalogue(
  catalogue: { title: Texts; description: Texts },
  datasets: readonly CatalogueDataset[],
  site: URL,
) {
  const url = (path: string) => new URL(path, site).href;
  const publisher = {
    '@id': url('/#publisher'),
    '@type': 'foaf:Organization',
    'foaf:name': SITE_NAME,
    'foaf:homepage': { '@id': url('/') },
  };
  const contactPoint = {
    '@type': 'vcard:Organization',
    'vcard:fn': SITE_NAME,
    'vcard:hasURL': { '@id': url('/contact-us') },
  };
  const service = {
    '@id': url('/api/sdmx'),
    '@type': 'dcat:DataService',
    'dct:title': { '@value': `${SITE_NAME}: SDMX REST API`, '@language': 'en' },
    'dcat:endpointURL': { '@id': url('/api/sdmx') },
    'dcat:endpointDescription': { '@id': url('/api/openapi.json') },
    'dcat:landingPage': { '@id': url('/developers') },
    'dct:publisher': { '@id': publisher['@id'] },
    'dcat:servesDataset': datasets.map((d) => ({ '@id': url(d.page) })),
  };
  const licencesOf = (files: readonly DatedFile[]) => [
    ...new Set(files.flatMap((f) => f.licences.map((l) => absoluteLicence(l, site).path))),
  ];
  const partNode = (part: CataloguePart) => {
    const f = part.file;
    const licences = licencesOf([f]).map((id) => ({ '@id': id }));
    return {
      '@id': url(f.page),
      '@type': 'dcat:Dataset',
      'dct:identifier': f.name,
      'dct:title': literals(part.title),
      'dct:description': literals(part.description),
      'dcat:keyword': part.keywords.flatMap(literals),
      'dcat:theme': [
        ...part.themes.map((t) => ({ '@id': `${EU}/data-theme/${t}` })),
        ...(part.concept ? [{ '@id': url(part.concept.id) }] : []),
      ],
      'dct:publisher': { '@id': publisher['@id'] },
      'dcat:contactPoint': contactPoint,
      'dcat:landingPage': { '@id': url(f.page) },
      'dct:modified': date(f.changed),
      'dct:temporal': period([f.years]),
      'dct:spatial': spatial([f]),
      'dct:license': licences,
      'dcat:distribution': [
        {
          '@id': url(f.path),
          '@type': 'dcat:Distribution',
          'dct:title': { '@value': `${f.title} (CSV)`, '@language': 'en' },
          'dcat:accessURL': { '@id': url(f.page) },
          'dcat:downloadURL': { '@id': url(f.path) },
          'dcat:mediaType': { '@id': `${IANA}/text/csv` },
          'dct:format': { '@id': `${EU}/file-type/CSV` },
          'dct:conformsTo': { '@id': url(csvwPath(f.path)) },
          'dcat:byteSize': { '@value': String(f.bytes), '@type': 'xsd:nonNegativeInteger' },
          'spdx:checksum': {
            '@type': 'spdx:Checksum',
            'spdx:algorithm': { '@id': 'spdx:checksumAlgorithm_sha256' },
            'spdx:checksumValue': { '@value': f.sha256, '@type': 'xsd:hexBinary' },
          },
          'dct:modified': date(f.changed),
          'dct:license': licences,
        },
        {
          '@id': url(csvwPath(f.path)),
          '@type': 'dcat:Distribution',
          'dct:title': { '@value': `${f.title} (CSVW metadata)`, '@language': 'en' },
          'dcat:accessURL': { '@id': url(csvwPath(f.path)) },
          'dcat:downloadURL': { '@id': url(csvwPath(f.path)) },
          'dcat:mediaType': { '@id': `${IANA}/application/csvm+json` },
          'dct:format': { '@id': `${EU}/file-type/JSON_LD` },
          'dct:conformsTo': { '@id': 'http://www.w3.org/ns/csvw' },
        },
        ...(part.alternates ?? []).map((a) => ({
          '@id': url(a.path),
          '@type': 'dcat:Distribution',
          'dct:title': { '@value': a.title, '@language': 'en' },
          'dcat:accessURL': { '@id': url(f.page) },
          'dcat:downloadURL': { '@id': url(a.path) },
          'dcat:mediaType': { '@id': `${IANA}/${a.mediaType}` },
          'dct:format': { '@id': `${EU}/file-type/JSON` },
          'dct:license': licences,
        })),
      ],
    };
  };
  const datasetNode = (d: CatalogueDataset) => {
    const files = d.parts.map((p) => p.file);
    const flow = SDMX_FLOWS[d.kind];
    const licences = licencesOf(files).map((id) => ({ '@id': id }));
    const sdmx = (format: 'JSON' | 'CSV', path: string, access: string, mediaType: string) => ({
      '@id': url(path),
      '@type': 'dcat:Distribution',
      'dct:title': { '@value': `${flow} (SDMX-${format} 2.0)`, '@language': 'en' },
      'dcat:accessURL': { '@id': url(access) },
      ...(path === access ? {} : { 'dcat:downloadURL': { '@id': url(path) } }),
      'dct:format': { '@id': `${EU}/file-type/${format}` },
      // SDMX's media types are the standard's own, not IANA-registered: given as text.
      'dcat:mediaType': { '@type': 'dct:MediaType', 'rdfs:label': mediaType },
      'dct:conformsTo': { '@id': `https://github.com/sdmx-twg/sdmx-${format.toLowerCase()}` },
      'dct:license': licences,
    });
    return {
      '@id': url(d.page),
      '@type': 'dcat:Dataset',
      'dct:identifier': `APUA:${flow}`,
      'dct:title': literals(d.title),
      'dct:description': literals(d.description),
      'dcat:keyword': d.keywords.flatMap(literals),
      'dcat:theme': d.themes.map((t) => ({ '@id': `${EU}/data-theme/${t}` })),
      'dct:publisher': { '@id': publisher['@id'] },
      'dcat:contactPoint': contactPoint,
      'dcat:landingPage': { '@id': url(d.page) },
      ...(files.length > 0 ? { 'dct:modified': date(latest(files.map((f) => f.changed))) } : {}),
      'dct:temporal': period(files.map((f) => f.years)),
      'dct:spatial': spatial(files),
      'dct:license': licences,
      'dct:hasPart': d.parts.map((p) => ({ '@id': url(p.file.page) })),
      'dcat:distribution': [
        sdmx(
          'JSON',
          `/open-data/sdmx/${flow}.json`,
          `/open-data/sdmx/${flow}.json`,
          'application/vnd.sdmx.data+json;version=2.0.0',
        ),
        sdmx(
          'CSV',
          `/open-data/sdmx/${flow}.csv`,
          `/open-data/sdmx/${flow}.csv`,
          'application/vnd.sdmx.data+csv;version=2.0.0',
        ),
        {
          ...sdmx(
            'JSON',
            `/api/sdmx/data/${flow}/all`,
            `/api/sdmx/data/${flow}/all`,
            'application/vnd.sdmx.data+json;version=2.0.0',
          ),
          'dct:title': { '@value': `${flow}: SDMX REST API query (SDMX-JSON 2.0 or SDMX-CSV 2.0)`, '@language': 'en' },
          'dcat:accessService': { '@id': service['@id'] },
        },
      ],
    };
  };
  const all = datasets.flatMap((d) => d.parts.map((p) => p.file));
  return {
    '@context': DCAT_CONTEXT,
    '@id': url(CATALOGUE_PATH),
    '@type': 'dcat:Catalog',
    'dct:title': literals(catalogue.title),
    'dct:description': literals(catalogue.description),
    'dct:publisher': publisher,
    'foaf:homepage': { '@id': url('/open-data') },
    'dct:language': LOCALES.map((l) => ({ '@id': `${EU}/language/${EU_LANGUAGES[l]}` })),
    ...(all.length > 0 ? { 'dct:modified': date(latest(all.map((f) => f.changed))) } : {}),
    'dct:license': licencesOf(all).map((id) => ({ '@id': id })),
    'dcat:themeTaxonomy': [{ '@id': `${EU}/data-theme` }, ...taxonomy(datasets, url)],
    'dcat:service': [service],
    'dcat:dataset': [...datasets.map(datasetNode), ...datasets.flatMap((d) => d.parts.map(partNode))],
  };
}
