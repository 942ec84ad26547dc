import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow } from './pagination-window';

describe('pageWindow', () => {
  it('lists every page when they are few', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps first and last with gaps around a window of five in a long list', () => {
    expect(pageWindow(50, 20_000)).toEqual([1, 'gap-before', 48, 49, 50, 51, 52, 'gap-after', 20_000]);
  });

  it('widens the window at the edges so it keeps its size', () => {
    expect(pageWindow(1, 100)).toEqual([1, 2, 3, 4, 5, 'gap-after', 100]);
    expect(pageWindow(100, 100)).toEqual([1, 'gap-before', 96, 97, 98, 99, 100]);
  });

  it('shows a single hidden page instead of a gap', () => {
    expect(pageWindow(5, 100)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap-after', 100]);
    expect(pageWindow(96, 100)).toEqual([1, 'gap-before', 94, 95, 96, 97, 98, 99, 100]);
  });

  it('clamps a page out of range and handles no pages', () => {
    expect(pageWindow(999, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe('pageCount', () => {
  it('rounds up and never gives less than one page', () => {
    expect(pageCount(0, 5)).toBe(1);
    expect(pageCount(5, 5)).toBe(1);
    expect(pageCount(6, 5)).toBe(2);
    expect(pageCount(100_000, 20)).toBe(5000);
  });
});

describe('pageWindow with an open end', () => {
  it('names no last page and ends with a gap when the count is only a lower bound', () => {
    expect(pageWindow(1, 200, 2, true)).toEqual([1, 2, 3, 4, 5, 'gap-after']);
    expect(pageWindow(201, 201, 2, true)).toEqual([1, 'gap-before', 197, 198, 199, 200, 201, 'gap-after']);
  });
});
