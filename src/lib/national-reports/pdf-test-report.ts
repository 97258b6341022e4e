import type { Report } from './schema.ts';

export const VIETNAMESE = 'Thành phố Hồ Chí Minh: tỷ lệ dân số đô thị';
export const OTHER_LATIN = 'Māori · Tūvalu · Türkiye · Ñuñoa';
export const CYRILLIC_GREEK = 'Улаанбаатар · Αθήνα';

/** A report to print in the PDF tests. */
export function report(overrides: Partial<Report> = {}): Report {
  return {
    uuid: '00000000-0000-4000-8000-000000000001',
    country_code: 'VN',
    country: { code: 'VN', name: 'Viet Nam', flag: '🇻🇳', subregion: 'South-Eastern Asia' },
    year: 2026,
    status: 'in_progress',
    completeness: { answered: 1, total: 1, pct: 100, compulsory_answered: 1, compulsory_total: 1, invalid: 0 },
    locked: false,
    lock_reason: null,
    deadline: '2026-12-31',
    title: `Báo cáo quốc gia ${VIETNAMESE}`,
    executive_summary: `${OTHER_LATIN}\n${CYRILLIC_GREEK}\nกรุงเทพมหานคร 北京`,
    written_in: null,
    contact: null,
    cover: null,
    file: null,
    files: [],
    events: [],
    returned: null,
    submitted_at: null,
    published_at: null,
    public_copy_kept_at: null,
    demo: false,
    updated_at: '2026-11-01T00:00:00.000Z',
    updated_by: null,
    version: 1,
    ...overrides,
  };
}
