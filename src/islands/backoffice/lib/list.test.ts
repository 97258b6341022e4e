import { atom } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { keepShownWhileLoading, pageOf, searchOf, searchTextOf, type FetchedValue } from './list.ts';

describe('list filters in the URL', () => {
  it('reads the search text and the page, refusing what the API would', () => {
    expect(searchTextOf({ q: `  ${'a'.repeat(120)} ` })).toHaveLength(100);
    expect(pageOf({ page: '4' })).toBe(4);
    expect(pageOf({ page: '0' })).toBe(1);
    expect(pageOf({ page: 'x' })).toBe(1);
    expect(pageOf({})).toBe(1);
  });

  it('writes blank values, defaults and page 1 nowhere, the rest in the filters’ order', () => {
    expect(searchOf({ q: '', page: 1, order: 'title', message: null }, { order: 'title' })).toEqual({});
    expect(Object.entries(searchOf({ q: 'x', page: 2, order: 'date', message: 3 }, { order: 'title' }))).toEqual([
      ['q', 'x'],
      ['page', '2'],
      ['order', 'date'],
      ['message', '3'],
    ]);
  });
});

describe('the list shown while the next page loads', () => {
  it('keeps the last answer of the same scope while loading, and only then', () => {
    const $list = atom<FetchedValue<string>>({ loading: true });
    const $scope = atom('banner');
    const $view = keepShownWhileLoading($list, $scope);
    const stop = $view.listen(() => {});
    expect($view.get().data).toBeUndefined();
    $list.set({ loading: false, data: 'page 1' });
    $list.set({ loading: true });
    expect($view.get().data).toBe('page 1');
    $list.set({ loading: false, error: new Error('down') });
    expect($view.get().data).toBeUndefined();
    $list.set({ loading: true });
    $scope.set('partner');
    expect($view.get().data).toBeUndefined();
    stop();
  });
});
