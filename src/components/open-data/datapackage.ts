/**
 * /open-data/datapackage.json: a Data Package v2 (datapackage.org, 2024-06-26) of every open-data
 * CSV file of the site, each with its licence, sources, Table Schema and the sha256 of the bytes
 * the site serves. Paths are full URLs: the theme files live beside their pages, not under
 * /open-data/, and a package's relative paths may not climb out of its folder.
 */
import { tableSchema } from '../../lib/open-data/table-schema.ts';
import { SITE_NAME } from '../site.ts';
import type { OpenDataFile } from './files.ts';
import { absoluteLicence, type Licence } from './licences.ts';

export const DATA_PACKAGE_PROFILE = 'https://datapackage.org/profiles/2.0/datapackage.json';
export const DATA_PACKAGE_PATH = '/open-data/datapackage.json';

export function dataPackage(files: readonly OpenDataFile[], site: URL) {
  const url = (path: string) => new URL(path, site).href;
  const licences = (list: readonly Licence[]) => list.map((l) => absoluteLicence(l, site));
  const all = [...new Map(files.flatMap((f) => licences(f.licences)).map((l) => [l.path, l])).values()];
  return {
    $schema: DATA_PACKAGE_PROFILE,
    name: 'asia-pacific-urban-agenda',
    id: url(DATA_PACKAGE_PATH),
    title: `${SITE_NAME}: open data`,
    description:
      'The figures published on the Asia-Pacific Urban Agenda portal: the urbanisation profile of the countries ' +
      'and territories of Asia and the Pacific, one file per theme, and the published answers of the national ' +
      'reports on the New Urban Agenda, one file per reporting cycle. Each file gives every figure with its source ' +
      'and licence.',
    homepage: url('/open-data'),
    keywords: ['urbanisation', 'New Urban Agenda', 'Sustainable Development Goals', 'SDG 11', 'Asia and the Pacific'],
    contributors: [{ title: SITE_NAME, path: url('/'), roles: ['publisher'] }],
    ...(all.length > 0 ? { licenses: all } : {}),
    resources: files.map((f) => ({
      name: f.name,
      type: 'table',
      path: url(f.path),
      title: f.title,
      description: f.description,
      homepage: url(f.page),
      format: 'csv',
      mediatype: 'text/csv',
      encoding: 'utf-8',
      bytes: f.bytes,
      hash: `sha256:${f.sha256}`,
      // A theme without figures yet has no licence to name (and the profile wants none rather than an empty list).
      ...(f.licences.length > 0 ? { licenses: licences(f.licences) } : {}),
      sources: f.sources.map((s) => ({ ...s })),
      schema: tableSchema(f.columns, f.primaryKey),
    })),
  };
}
