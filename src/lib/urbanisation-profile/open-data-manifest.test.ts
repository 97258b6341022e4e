/**
 * The curated open data of data/ (issue 18, item 1) as committed: every file matches
 * data/manifest.json, so a hand-edited CSV fails here. The check itself is scripts/data-refresh.ts
 * (`node scripts/data-refresh.ts --check`); this test runs it and shows it catches edits.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkData, regionCountries, sha256, type ManifestEntry } from '../../../scripts/data-refresh.ts';

const DATA = join(import.meta.dirname, '../../../data');

function manifest(dir: string): ManifestEntry[] {
  return JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as ManifestEntry[];
}

describe('curated open data (data/)', () => {
  let copy: string | null = null;
  afterEach(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
    copy = null;
  });
  function copyOfData(): string {
    copy = mkdtempSync(join(tmpdir(), 'apua-open-data-'));
    cpSync(DATA, copy, { recursive: true });
    return copy;
  }

  it('every committed file matches the manifest', () => {
    const report = checkData(DATA);
    expect(report.problems).toEqual([]);
    expect(report.files).toBeGreaterThanOrEqual(20);
  });

  it('names the source, licence, snapshot commit and date of every file', () => {
    for (const e of manifest(DATA)) {
      expect(e.source, e.file).not.toBe('');
      expect(e.licence, e.file).not.toBe('');
      expect(e.repository, e.file).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(e.commit, e.file).toMatch(/^[0-9a-f]{40}$/);
      expect(e.taken, e.file).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(e.countries, e.file).toBeGreaterThanOrEqual(20);
    }
  });

  it('uses only the 58 countries of countries-data.ts', () => {
    expect(regionCountries()).toHaveLength(58);
    expect(new Set(regionCountries().map((c) => c.iso3)).size).toBe(58);
  });

  it('fails a hand-edited value', () => {
    const dir = copyOfData();
    const entry = manifest(dir)[0]!;
    const file = join(dir, entry.file);
    const lines = readFileSync(file, 'utf8').split('\n');
    const cells = lines[1]!.split(',');
    cells[3] = `${cells[3]}1`;
    lines[1] = cells.join(',');
    writeFileSync(file, lines.join('\n'));
    expect(checkData(dir).problems).toContainEqual(expect.stringContaining(`${entry.file}: sha256 differs`));
  });

  it('fails a country outside the 58, a wrong row count and an unlisted file, even with a matching checksum', () => {
    const dir = copyOfData();
    const entries = manifest(dir);
    const entry = entries[0]!;
    const file = join(dir, entry.file);
    const text = `${readFileSync(file, 'utf8')}ZZZ,ZZ,2020,1,\n`;
    writeFileSync(file, text);
    entry.sha256 = sha256(text);
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(entries));
    writeFileSync(join(dir, entry.theme, 'stray.csv'), 'iso3,iso2,year,value,note\n');
    const { problems } = checkData(dir);
    expect(problems).toContainEqual(expect.stringContaining('ZZZ is not one of the 58 countries'));
    expect(problems).toContainEqual(
      expect.stringContaining(`${entry.file}: ${entry.rows + 1} rows, manifest says ${entry.rows}`),
    );
    expect(problems).toContainEqual(expect.stringContaining('stray.csv: not in manifest.json'));
  });
});
