import { describeUrlFilters } from '../lib/url-filter-cases.ts';
import * as listStore from './practice-list-store.ts';

describeUrlFilters('best-practice list filters in the URL (shared lib/list.ts)', listStore, {
  read: [
    [
      {
        q: ' river ',
        status: 'submitted',
        category: 'municipal-finance',
        country_code: 'PH',
        order: 'title',
        page: '3',
      },
      { q: 'river', status: 'submitted', category: 'municipal-finance', country_code: 'PH', order: 'title', page: 3 },
    ],
    [
      { status: 'lost', category: 'Bad Slug', country_code: 'ph', order: 'random', page: '-2' },
      { q: '', status: '', category: '', country_code: '', order: '-updated_at', page: 1 },
    ],
  ],
  written: [
    [listStore.filtersFromSearch({}), {}],
    [
      { q: 'x', status: 'draft', category: '', country_code: 'VN', order: 'title', page: 2 },
      { q: 'x', status: 'draft', country_code: 'VN', order: 'title', page: '2' },
    ],
  ],
});
