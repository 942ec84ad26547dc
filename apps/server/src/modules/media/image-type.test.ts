import { describe, expect, it } from 'vitest';
import { imageOf, type TestFormat } from '../../../test/images.js';
import { sniffImageFormat } from './image-type.js';

describe('sniffImageFormat', () => {
  it.each<TestFormat>(['jpeg', 'png', 'webp', 'gif', 'avif'])(
    'recognises %s by its first bytes',
    async (format) => {
      const data = await imageOf(format, { width: 16, height: 16 });
      expect(sniffImageFormat(data.subarray(0, 64))).toBe(format);
    },
  );

  it.each([
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['SVG with an XML prolog', '<?xml version="1.0"?><svg/>'],
    ['HTML', '<!doctype html><html></html>'],
    ['PDF', '%PDF-1.7\n'],
    ['text', 'JPEG'],
    ['empty', ''],
    ['a RIFF that is not WebP', 'RIFF\x00\x00\x00\x00WAVEfmt '],
    ['HEIC (ISO-BMFF without an AVIF brand)', '\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic'],
  ])('refuses %s', (_label, text) => {
    expect(sniffImageFormat(Buffer.from(text, 'latin1'))).toBeNull();
  });

  it('accepts an AVIF named only among the compatible brands', () => {
    const head = Buffer.from('\x00\x00\x00\x1cftypmif1\x00\x00\x00\x00mif1avifmiaf', 'latin1');
    expect(sniffImageFormat(head)).toBe('avif');
  });
});
