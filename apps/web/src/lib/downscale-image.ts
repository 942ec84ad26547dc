/** How `downscaleImage` shrinks a photo. */
export interface DownscaleOptions {
  /** The longest side kept, in pixels. */
  maxSide?: number;
  /** The type written ('image/jpeg' or 'image/webp'). */
  type?: 'image/jpeg' | 'image/webp';
  /** Encoder quality, 0–1. */
  quality?: number;
}

/** A photo at most this big that needs no resizing travels as it is (the server shrinks it anyway). */
const SMALL_ENOUGH_BYTES = 1.5 * 1024 * 1024;

/** The scale that brings the longest side down to `maxSide` (1 when it is already within). */
export function scaleFor(width: number, height: number, maxSide: number): number {
  const longest = Math.max(width, height);
  return longest > maxSide ? maxSide / longest : 1;
}

/** `name` with the extension of `type` ('faro.png' → 'faro.jpg'). */
export function renamedFor(name: string, type: string): string {
  const extension = type === 'image/webp' ? '.webp' : '.jpg';
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name || 'foto') + extension;
}

/** Draws `bitmap` at width × height on a canvas and encodes it; null when the browser cannot. */
async function encode(
  bitmap: ImageBitmap,
  width: number,
  height: number,
  type: string,
  quality: number,
): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    paint(context, bitmap, width, height);
    return canvas.convertToBlob({ type, quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  paint(context, bitmap, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

function paint(
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  bitmap: ImageBitmap,
  width: number,
  height: number,
) {
  // JPEG has no transparency: a PNG's clear background becomes white, not black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
}

/**
 * A phone photo made small enough for a shop's data connection before it is uploaded: the longest
 * side brought down to `maxSide` (2048 px), written as JPEG (quality 0.85), upright as the camera
 * meant it (EXIF orientation applied while decoding). Returns `file` itself when it is already
 * within `maxSide` and about 1.5 MB, when the browser cannot decode it (the server still checks
 * every upload), or when the result would not be smaller. The name is kept, its extension changed.
 */
export async function downscaleImage(file: File, options: DownscaleOptions = {}): Promise<File> {
  const { maxSide = 2048, type = 'image/jpeg', quality = 0.85 } = options;
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = scaleFor(bitmap.width, bitmap.height, maxSide);
    if (scale === 1 && file.size <= SMALL_ENOUGH_BYTES) return file;
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const blob = await encode(bitmap, width, height, type, quality).catch(() => null);
    if (!blob || blob.type !== type || blob.size >= file.size) return file;
    return new File([blob], renamedFor(file.name, type), { type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
