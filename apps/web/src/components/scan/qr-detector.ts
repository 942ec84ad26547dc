import type { QrDetector } from './qr-types';

export type { DetectedCode, QrDetector } from './qr-types';

/** The browser's own Barcode Detection API, where it has one (Chrome on Android and macOS, Safari). */
interface NativeBarcodeDetector {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * A QR reader: the browser's BarcodeDetector when it reads 'qr_code', else the `barcode-detector`
 * polyfill (zxing-wasm), loaded only then, with its WebAssembly from our own assets.
 */
export async function createQrDetector(): Promise<QrDetector> {
  const Native = (globalThis as { BarcodeDetector?: NativeBarcodeDetector }).BarcodeDetector;
  if (Native) {
    try {
      if ((await Native.getSupportedFormats()).includes('qr_code'))
        return new Native({ formats: ['qr_code'] });
    } catch {
      // A BarcodeDetector without a working backend (some desktop Chromium builds): the polyfill reads.
    }
  }
  const { createZxingQrDetector } = await import('./zxing-detector');
  return createZxingQrDetector();
}
