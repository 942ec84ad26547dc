import { describe, expect, it } from 'vitest';
import {
  displayKeyFor,
  hashOfKey,
  hashOfPreviewKey,
  MEDIA_NAME,
  mediaUrlFor,
  previewKeyFor,
  thumbnailKeyFor,
  thumbnailUrlFor,
} from './media-urls.js';

const HASH = 'ab'.repeat(32);

describe('media URLs', () => {
  it('names the display image and the thumbnail after the content hash', () => {
    expect(mediaUrlFor(displayKeyFor(HASH))).toBe(`/media/${HASH}.webp`);
    expect(mediaUrlFor(thumbnailKeyFor(HASH))).toBe(`/media/${HASH}-thumb.webp`);
    expect(hashOfKey(thumbnailKeyFor(HASH))).toBe(HASH);
    expect(hashOfKey('magazzino.sqlite')).toBeNull();
  });

  it('names the 640 px preview after the hash too, and tells it from the other objects', () => {
    expect(mediaUrlFor(previewKeyFor(HASH))).toBe(`/media/${HASH}-640.webp`);
    expect(MEDIA_NAME.test(previewKeyFor(HASH))).toBe(true);
    expect(hashOfKey(previewKeyFor(HASH))).toBe(HASH);
    expect(hashOfPreviewKey(previewKeyFor(HASH))).toBe(HASH);
    expect(hashOfPreviewKey(displayKeyFor(HASH))).toBeNull();
    expect(hashOfPreviewKey(thumbnailKeyFor(HASH))).toBeNull();
  });

  it('maps a stored image to its thumbnail, a foreign URL to itself, no image to null', () => {
    expect(thumbnailUrlFor(`/media/${HASH}.webp`)).toBe(`/media/${HASH}-thumb.webp`);
    expect(thumbnailUrlFor('https://example.org/faro.jpg')).toBe('https://example.org/faro.jpg');
    expect(thumbnailUrlFor(`/media/${HASH}-thumb.webp`)).toBe(`/media/${HASH}-thumb.webp`);
    expect(thumbnailUrlFor(null)).toBeNull();
    expect(thumbnailUrlFor('')).toBeNull();
  });

  it.each([
    '../x.webp',
    `${HASH}.webp/..`,
    `${HASH.toUpperCase()}.webp`,
    `${HASH}.png`,
    `${HASH}-320.webp`,
    `${HASH}-640-thumb.webp`,
    `${HASH}`,
    `a${HASH}.webp`,
    '',
  ])('does not take %j for a stored name', (name) => {
    expect(MEDIA_NAME.test(name)).toBe(false);
  });
});
