import { describe, expect, test } from 'vitest';
import { pagerItems } from './pager.ts';

describe('pagerItems', () => {
  test('a list of one or a few pages shows them all', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(1, 2)).toEqual([1, 2]);
    expect(pagerItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  test('a long list shows the first, the last and the neighbours, with gaps', () => {
    expect(pagerItems(5, 11)).toEqual([1, 'gap', 4, 5, 6, 'gap', 11]);
    expect(pagerItems(1, 11)).toEqual([1, 2, 'gap', 11]);
    expect(pagerItems(11, 11)).toEqual([1, 'gap', 10, 11]);
  });

  test('a gap never hides a single page: that page is shown', () => {
    expect(pagerItems(4, 11)).toEqual([1, 2, 3, 4, 5, 'gap', 11]);
    expect(pagerItems(8, 11)).toEqual([1, 'gap', 7, 8, 9, 10, 11]);
  });
});
