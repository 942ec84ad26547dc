import os from 'node:os';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { errors } from '../../lib/errors.js';
import type { AcceptedImageFormat } from './image-type.js';

/** Largest input accepted, in pixels: covers 64-megapixel phone sensors, refuses decompression bombs. */
export const MAX_INPUT_PIXELS = 75_000_000;
/** Longest side of the display image (never enlarged). */
export const DISPLAY_MAX_SIDE = 1600;
/** Width of the list thumbnail: 120 px on screen at 2x (never enlarged). */
export const THUMBNAIL_WIDTH = 240;
// A very tall picture would make a very tall list row: thumbnails stop at 1:3.
const THUMBNAIL_MAX_HEIGHT = THUMBNAIL_WIDTH * 3;
/** Width of the preview: a part's page on a phone (about 360 px on screen at 1.75x–2x). */
export const PREVIEW_WIDTH = 640;
const PREVIEW_MAX_HEIGHT = PREVIEW_WIDTH * 3;
const DISPLAY_QUALITY = 80;
const THUMBNAIL_QUALITY = 70;
const PREVIEW_QUALITY = 75;

/** What the header of an uploaded image says, read without decoding its pixels. */
export interface ImageInfo {
  format: AcceptedImageFormat;
  width: number;
  height: number;
}

/** One encoded output image. */
export interface RenderedImage {
  data: Buffer;
  width: number;
  height: number;
  format: 'webp';
}

/**
 * libvips settings for a small server: one worker thread per image (parallelism comes from
 * handling uploads side by side) and no operation cache, since every upload is new.
 */
export function configureImageLibrary(): void {
  sharp.concurrency(1);
  sharp.cache(false);
}

/**
 * Decodes uploads and encodes the stored versions. Decoding runs at most one image per core at a
 * time, so a burst of uploads queues instead of exhausting memory.
 */
export class ImageProcessor {
  private readonly run = pLimit(Math.max(1, os.availableParallelism()));

  /**
   * Reads the header only and checks it against the type recognised from the first bytes:
   * refuses other formats (415) and pixel bombs (400) before any pixel is decoded.
   */
  async inspect(localPath: string, sniffed: AcceptedImageFormat): Promise<ImageInfo> {
    let metadata: sharp.Metadata;
    try {
      metadata = await sharp(localPath, { limitInputPixels: false }).metadata();
    } catch {
      throw errors.corruptImage();
    }
    const format = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
    // e.g. an HEIC file dressed as AVIF: the decoder must agree with the magic bytes.
    if (format !== sniffed) throw errors.unsupportedImage();
    const width = metadata.width;
    // Only the first frame of an animation is decoded.
    const height = metadata.pageHeight ?? metadata.height;
    if (!width || !height) throw errors.corruptImage();
    if (width * height > MAX_INPUT_PIXELS) {
      throw errors.imageTooManyPixels(width, height, Math.round(MAX_INPUT_PIXELS / 1_000_000));
    }
    return { format, width, height };
  }

  /**
   * Decodes once (rotated by its EXIF orientation, reduced to the display size) and encodes the
   * display image and the thumbnail as WebP. No metadata is copied: no EXIF, GPS, XMP or ICC.
   */
  render(localPath: string): Promise<{ display: RenderedImage; thumbnail: RenderedImage }> {
    return this.run(async () => {
      let pixels: { data: Buffer; info: sharp.OutputInfo };
      try {
        pixels = await sharp(localPath, {
          limitInputPixels: MAX_INPUT_PIXELS,
          failOn: 'error',
          sequentialRead: true,
        })
          .rotate()
          .resize({
            width: DISPLAY_MAX_SIDE,
            height: DISPLAY_MAX_SIDE,
            fit: 'inside',
            withoutEnlargement: true,
          })
          .raw({ depth: 'uchar' })
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw errors.corruptImage();
      }
      const { width, height, channels } = pixels.info;
      const fromPixels = () => sharp(pixels.data, { raw: { width, height, channels } });
      const [display, thumbnail] = await Promise.all([
        encode(fromPixels().webp({ quality: DISPLAY_QUALITY })),
        encode(
          fromPixels()
            .resize({
              width: THUMBNAIL_WIDTH,
              height: THUMBNAIL_MAX_HEIGHT,
              fit: 'inside',
              withoutEnlargement: true,
            })
            .webp({ quality: THUMBNAIL_QUALITY }),
        ),
      ]);
      return { display, thumbnail };
    });
  }

  /**
   * The 640 px wide preview, made from a stored display image (already rotated and stripped of
   * metadata): never enlarged, at most 1:3 like the thumbnail. Queued with the uploads.
   */
  renderPreview(display: Buffer): Promise<RenderedImage> {
    return this.run(() =>
      encode(
        sharp(display, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
          .resize({
            width: PREVIEW_WIDTH,
            height: PREVIEW_MAX_HEIGHT,
            fit: 'inside',
            withoutEnlargement: true,
          })
          .webp({ quality: PREVIEW_QUALITY }),
      ),
    );
  }
}

async function encode(pipeline: sharp.Sharp): Promise<RenderedImage> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, format: 'webp' };
}
