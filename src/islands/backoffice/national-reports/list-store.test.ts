import { describeUrlFilters } from '../lib/url-filter-cases.ts';
import * as listStore from './list-store.ts';

const { filtersFromSearch } = listStore;

describeUrlFilters('national report list filters in the URL (shared lib/list.ts)', listStore, {
  read: [
    [
      {
        year: '2026',
        status: 'submitted',
        subregion: 'south-east-asia',
        q: ' viet ',
        sort: '-completeness',
        page: '2',
      },
      { year: 2026, status: 'submitted', subregion: 'south-east-asia', q: 'viet', sort: '-completeness', page: 2 },
    ],
    [
      { year: '2026', status: 'submitted', subregion: 'pacific', q: ' fiji ', sort: '-completeness', page: '2' },
      { year: 2026, status: 'submitted', subregion: 'pacific', q: 'fiji', sort: '-completeness', page: 2 },
    ],
    [
      { year: '1999', status: 'lost', subregion: 'Asia!', sort: 'random', page: 'x' },
      { year: null, status: '', subregion: '', q: '', sort: 'country', page: 1 },
    ],
    [
      { year: '26', status: 'done', subregion: 'Pacific!', sort: 'name', page: '0' },
      { year: null, status: '', subregion: '', q: '', sort: 'country', page: 1 },
    ],
  ],
  written: [
    [filtersFromSearch({}), {}],
    [{ year: null, status: '', subregion: '', q: '', sort: 'country', page: 1 }, {}],
    [
      { year: 2026, status: '', subregion: 'pacific', q: '', sort: 'status', page: 3 },
      { year: '2026', subregion: 'pacific', sort: 'status', page: '3' },
    ],
    [
      { year: 2022, status: 'published', subregion: '', q: '', sort: '-updated_at', page: 3 },
      { year: '2022', status: 'published', sort: '-updated_at', page: '3' },
    ],
  ],
});
