import { describe, expect, test } from 'vitest';
import type { BestPractice } from '../../../lib/best-practices/schema.ts';
import { bodyOf, changedKeys, draftOf } from './practice-draft.ts';
import { filtersFromSearch, searchOfFilters } from './practice-list-store.ts';

const practice = {
  uuid: '0b9f7f3e-4a0e-4d7e-9a51-2f1a5a0c9e11',
  version: 4,
  title: 'Esplanade',
  city: 'Iloilo',
  lat: 10.7,
  lng: null,
  lead_organisation: null,
  org_type: null,
  partners: [],
  start_date: '2019-01-01',
  end_date: null,
  ongoing: true,
  categories: [{ slug: 'local-economy', name: 'Local economy' }],
  sdg_targets: ['11.1'],
  nua_thrusts: [],
  summary: 'Short.',
  narrative: {
    context: 'Before.',
    objectives: null,
    implementation: null,
    resources: null,
    results: null,
    innovation: null,
    sustainability: null,
    transferability: null,
    lessons: null,
  },
  figures: [],
  key_dates: [],
  links: [],
  images: [],
  attachments: [],
  contact: { name: 'A', email: null, phone: null },
} as unknown as BestPractice;

describe('the form draft', () => {
  test('an unchanged draft sends only uuid and version', () => {
    const base = draftOf(practice);
    expect(changedKeys(base, base)).toEqual([]);
    expect(bodyOf(base, base, practice)).toEqual({ uuid: practice.uuid, version: 4 });
  });

  test('changed fields only, in the API shape: numbers, target lists, one narrative section', () => {
    const base = draftOf(practice);
    const draft = {
      ...base,
      lat: '10,72',
      lng: '',
      sdg_targets: '11.1, 11.3;13.1',
      narrative: { ...base.narrative, results: 'After.' },
    };
    expect(bodyOf(draft, base, practice)).toEqual({
      uuid: practice.uuid,
      version: 4,
      lat: 10.72,
      sdg_targets: ['11.1', '11.3', '13.1'],
      narrative: { results: 'After.' },
    });
  });
});

describe('the list filters in the URL', () => {
  test('read back what they wrote; junk is ignored', () => {
    const filters = filtersFromSearch({
      q: ' river ',
      status: 'submitted',
      category: 'local-economy',
      country_code: 'PH',
      order: 'title',
      page: '3',
    });
    expect(filters).toEqual({
      q: 'river',
      status: 'submitted',
      category: 'local-economy',
      country_code: 'PH',
      order: 'title',
      page: 3,
    });
    expect(filtersFromSearch(searchOfFilters(filters))).toEqual(filters);
    expect(filtersFromSearch({ status: 'lost', order: 'evil', page: '-2', country_code: 'ph1' })).toEqual({
      q: '',
      status: '',
      category: '',
      country_code: '',
      order: '-updated_at',
      page: 1,
    });
    expect(searchOfFilters(filtersFromSearch({}))).toEqual({});
  });
});
