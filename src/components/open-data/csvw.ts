/**
 * `<file>.csv-metadata.json` beside each open-data CSV: its CSVW metadata (W3C, Metadata Vocabulary
 * for Tabular Data), under the name CSVW processors look for first, so that a tool given the CSV
 * finds its columns, datatypes, key and licence without being told where.
 */
import { csvwColumns } from '../../lib/open-data/table-schema.ts';
import { SITE_NAME } from '../site.ts';
import type { DatedFile } from './files.ts';
import { absoluteLicence } from './licences.ts';

/** The address of a file's metadata: the CSV's own with `-metadata.json` added. */
export const csvwPath = (csvPath: string): string => `${csvPath}-metadata.json`;

export function csvwMetadata(file: DatedFile, site: URL) {
  const licences = file.licences.map((l) => ({ '@id': absoluteLicence(l, site).path }));
  return {
    '@context': ['http://www.w3.org/ns/csvw', { '@language': 'en' }],
    // Relative to this file, which sits beside the CSV.
    url: file.path.slice(file.path.lastIndexOf('/') + 1),
    'dc:title': file.title,
    'dc:description': file.description,
    ...(licences.length > 0 ? { 'dc:license': licences.length === 1 ? licences[0] : licences } : {}),
    'dc:publisher': { 'schema:name': SITE_NAME, 'schema:url': { '@id': new URL('/', site).href } },
    'dc:modified': { '@value': file.changed, '@type': 'xsd:date' },
    'dc:source': file.sources.map((s) => (s.path ? { '@id': s.path, 'dc:title': s.title } : { 'dc:title': s.title })),
    'dcat:landingPage': { '@id': new URL(file.page, site).href },
    // What toCsv writes (src/lib/open-data/csv.ts); CSVW's defaults, said so that nobody need guess.
    dialect: { encoding: 'utf-8', delimiter: ',', header: true, lineTerminators: ['\r\n'] },
    tableSchema: {
      columns: csvwColumns(file.columns),
      primaryKey: [...file.primaryKey],
    },
  };
}
