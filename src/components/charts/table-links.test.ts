import { describe, expect, it } from 'vitest';
import { linkFor } from '../../i18n/locales.ts';

/**
 * Issue 32: every link a chart's table draws keeps the page's language (DataTable passes each
 * cell's link through linkFor): a country on a French theme page goes to the French country page;
 * a link given already in the language, a file and an outside address stay as they are.
 */
describe('the links of a chart’s table', () => {
  it('go to the page in the table’s language', () => {
    expect(linkFor('fr', '/urbanisation-profile/view/PH')).toBe('/fr/urbanisation-profile/view/PH');
    expect(linkFor('ru', '/urbanisation-profile/view/KH')).toBe('/ru/urbanisation-profile/view/KH');
    expect(linkFor('zh', '/national-reports/2026/VN')).toBe('/zh/national-reports/2026/VN');
    expect(linkFor('en', '/urbanisation-profile/view/PH')).toBe('/urbanisation-profile/view/PH');
  });

  it('leave a link already in the language, a file and an outside address as they are', () => {
    expect(linkFor('fr', '/fr/urbanisation-profile/view/PH')).toBe('/fr/urbanisation-profile/view/PH');
    expect(linkFor('ru', '/urbanisation-profile/housing-slums.csv')).toBe('/urbanisation-profile/housing-slums.csv');
    expect(linkFor('ru', 'https://unhabitat.org/')).toBe('https://unhabitat.org/');
  });
});
