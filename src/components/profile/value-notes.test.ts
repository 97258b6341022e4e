import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../i18n/locales.ts';
import { readCsv } from '../../lib/urbanisation-profile/csv.ts';
import { OPEN_DATA_DIR } from '../../lib/urbanisation-profile/open-data-files.server.ts';
import { cityOfNote, isLicenceWritten, licenceText, openDataNote } from './value-notes.ts';

/** Issue 32: the notes and licences the portal's curated data carry are written in the page's language. */
describe('notes of the open data', () => {
  it('are written from the catalogue, numbers the language’s way', () => {
    expect(openDataNote('fr', 'city: Manila; Metropolitan area')).toBe(
      'Ville\u00a0: Manila\u00a0; aire métropolitaine',
    );
    expect(openDataNote('ru', 'city: Manila; Metropolitan area')).toBe('Город: Manila; метрополитенский ареал');
    expect(openDataNote('zh', 'location: urban; nature: estimated')).toBe('城市地区；数据类型：估计值');
    expect(
      openDataNote(
        'en',
        'location: urban; nature: country data; change of source type: modelled (2016) to country data',
      ),
    ).toBe(
      'Urban areas; type of figure: country data; type of figure changed from modelled estimate (2016) to country data',
    );
    expect(openDataNote('ru', 'series break: source value jumps from 0.8897 (2020) to 50.89943 (2022)')).toBe(
      'Разрыв ряда: значение в источнике резко растёт с 0,8897 (2020 г.) до 50,89943 (2022 г.)',
    );
    expect(openDataNote('fr', 'differs from slum-population-pct-wdi: 5.76598 for the same year')).toBe(
      'Diffère de l’autre source de l’indicateur (slum-population-pct-wdi)\u00a0: 5,76598 pour la même année',
    );
  });

  it('of a figure made of cities, counted the language’s way', () => {
    expect(openDataNote('ru', 'Median of 3 cities: Lautoka, Nadi, Suva')).toBe(
      'Медиана по 3 городам: Lautoka, Nadi, Suva',
    );
    expect(openDataNote('fr', 'Median of 1 city: Kabul')).toBe('Médiane de 1 ville\u00a0: Kabul');
    expect(openDataNote('zh', 'Median of 17 cities: Barisal, Bogra and 5 more')).toBe(
      '17 个城市的中位数：Barisal, Bogra等，另有 5 个',
    );
  });

  it('are shown as written when they hold something else', () => {
    expect(openDataNote('fr', 'Survey of 2018')).toBeNull();
    expect(openDataNote('fr', 'city: Manila; estimated by hand')).toBeNull();
    expect(cityOfNote('city: Phnum Pénh (Phnom Penh); Urban Agglomeration')).toBe('Phnum Pénh (Phnom Penh)');
    expect(cityOfNote('Tokyo')).toBe('Tokyo');
  });

  it('every note of every curated file is one the pages write in each language', () => {
    const notes = new Set<string>();
    for (const theme of readdirSync(OPEN_DATA_DIR, { withFileTypes: true }).filter((d) => d.isDirectory())) {
      for (const file of readdirSync(join(OPEN_DATA_DIR, theme.name)).filter((f) => f.endsWith('.csv'))) {
        for (const row of readCsv(readFileSync(join(OPEN_DATA_DIR, theme.name, file), 'utf8')).rows.slice(1))
          if (row.cells[4]) notes.add(row.cells[4]);
      }
    }
    expect(notes.size).toBeGreaterThan(100);
    const unwritten = [...notes].filter((note) => LOCALES.some((locale) => openDataNote(locale, note) === null));
    expect(unwritten).toEqual([]);
    // Nothing left in English on a Russian page but the names and codes the data give (cities,
    // series, the ISO codes of countries with the same values).
    const russian = [...notes].map((note) =>
      openDataNote('ru', note.replace(/city: [^;]+/, 'city: X').replace(/from [\w-]+:/, 'from x:'))!,
    );
    expect(russian.filter((text) => /[A-Za-z]{3,}/.test(text.replace(/\b(?:X|x|[A-Z]{3})\b/g, '')))).toEqual([]);
  });
});

describe('licences of the open data', () => {
  it('a sentence is written in the language, a licence’s name stays', () => {
    const sentence =
      'none stated (the repository has no licence); UN DESA publication: credit UN DESA (reuse terms not verified)';
    expect(licenceText('ru', sentence)).toMatch(/^не указана/);
    expect(licenceText('zh', sentence)).toMatch(/^未注明/);
    expect(licenceText('en', sentence)).toBe(sentence);
    expect(licenceText('fr', 'CC BY 4.0')).toBe('CC BY 4.0');
  });

  it('every licence of the curated data and of the seed is a name or written in each language', () => {
    const manifest = JSON.parse(readFileSync(join(OPEN_DATA_DIR, 'manifest.json'), 'utf8')) as { licence: string }[];
    const licences = [...new Set([...manifest.map((e) => e.licence), 'CC BY 4.0', 'CC BY 3.0 IGO'])];
    expect(licences.filter((licence) => !isLicenceWritten(licence))).toEqual([]);
    expect(isLicenceWritten('Free to reuse with credit')).toBe(false);
  });
});
