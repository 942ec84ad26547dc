import { describe, expect, it } from 'vitest';
import { contentRange, requestedRange } from './media-ranges.js';

const ETAG = '"abc"';

describe('requestedRange', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100 }],
    ['bytes=-500', { suffix: 500 }],
    ['bytes=-0', { suffix: 0 }],
    ['Bytes = 5 - 9', { start: 5, end: 9 }],
    ['bytes=7-7', { start: 7, end: 7 }],
  ])('reads %j as one range', (range, expected) => {
    expect(requestedRange({ range }, ETAG)).toEqual(expected);
  });

  it.each([
    // Several ranges: the whole image is one cheaper answer.
    'bytes=0-1,5-9',
    'bytes=0-1, -3',
    // Invalid, ignored as RFC 9110 asks.
    'bytes=9-5',
    'bytes=-',
    'bytes=a-b',
    'items=0-9',
    'bytes 0-9',
    '',
  ])('sends the whole image for %j', (range) => {
    expect(requestedRange({ range }, ETAG)).toBeNull();
  });

  it('honours the range only while If-Range names this very image', () => {
    expect(requestedRange({}, ETAG)).toBeNull();
    expect(requestedRange({ range: 'bytes=0-9', 'if-range': ETAG }, ETAG)).toEqual({ start: 0, end: 9 });
    for (const ifRange of ['"other"', 'W/"abc"', 'Wed, 21 Oct 2015 07:28:00 GMT']) {
      expect(requestedRange({ range: 'bytes=0-9', 'if-range': ifRange }, ETAG)).toBeNull();
    }
  });

  it('writes the Content-Range of a partial answer', () => {
    expect(contentRange({ start: 0, end: 99 }, 1234)).toBe('bytes 0-99/1234');
  });
});
