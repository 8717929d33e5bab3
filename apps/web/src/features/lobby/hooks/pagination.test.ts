import { describe, expect, it } from 'vitest';
import { pageItems, type PageItem } from './pagination.ts';

const show = (items: PageItem[]) => items.map((i) => (i.kind === 'gap' ? '…' : String(i.page))).join(' ');

describe('pagination (2 margin pages, range 5)', () => {
  it('is hidden for a single page', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(1, 1)).toEqual([]);
  });

  it('lists every page when they fit', () => {
    expect(show(pageItems(1, 2))).toBe('1 2');
    expect(show(pageItems(4, 9))).toBe('1 2 3 4 5 6 7 8 9');
  });

  it('keeps 2 pages at each end and 5 around the current page, with gaps between', () => {
    expect(show(pageItems(1, 37))).toBe('1 2 3 4 5 … 36 37');
    expect(show(pageItems(10, 37))).toBe('1 2 … 8 9 10 11 12 … 36 37');
    expect(show(pageItems(4, 37))).toBe('1 2 3 4 5 6 … 36 37');
    expect(show(pageItems(37, 37))).toBe('1 2 … 33 34 35 36 37');
    expect(show(pageItems(35, 37))).toBe('1 2 … 33 34 35 36 37');
  });
});
