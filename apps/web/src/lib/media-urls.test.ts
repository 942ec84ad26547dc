import { describe, expect, it } from 'vitest';
import { photoSrcSet, previewUrlOf } from './media-urls';

const HASH = 'ab'.repeat(32);
const DISPLAY = `/media/${HASH}.webp`;
const THUMB = `/media/${HASH}-thumb.webp`;

describe('media URLs', () => {
  it('names the 640 px preview of a stored photo, and none for a foreign one or none', () => {
    expect(previewUrlOf(DISPLAY)).toBe(`/media/${HASH}-640.webp`);
    expect(previewUrlOf('https://example.org/faro.jpg')).toBeNull();
    expect(previewUrlOf(THUMB)).toBeNull();
    expect(previewUrlOf(null)).toBeNull();
    expect(previewUrlOf('')).toBeNull();
  });

  it('offers the thumbnail and the preview by width', () => {
    expect(photoSrcSet(DISPLAY, THUMB)).toBe(`${THUMB} 240w, /media/${HASH}-640.webp 640w`);
    expect(photoSrcSet(DISPLAY, null)).toBe(`/media/${HASH}-640.webp 640w`);
    expect(photoSrcSet('https://example.org/faro.jpg', 'https://example.org/faro.jpg')).toBeUndefined();
  });
});
