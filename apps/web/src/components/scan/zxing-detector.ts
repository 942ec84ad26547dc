import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// The reader's WebAssembly as one of the build's own assets (/assets/zxing_reader-<hash>.wasm):
// the polyfill would otherwise fetch it from a CDN, which the CSP (connect-src 'self') refuses
// and a yard's offline network cannot reach.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { QrDetector } from './qr-types';

let ready: Promise<unknown> | undefined;

/**
 * The `barcode-detector` polyfill reading QR codes, its zxing WebAssembly fetched from our own
 * build and compiled once per page (the CSP allows it with 'wasm-unsafe-eval'). Rejects when the
 * WebAssembly cannot be loaded, so the scanner can say so instead of never reading anything.
 */
export async function createZxingQrDetector(): Promise<QrDetector> {
  ready ??= prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  }).catch((error: unknown) => {
    // The next attempt ('Riprova') loads it again.
    ready = undefined;
    throw error;
  });
  await ready;
  return new BarcodeDetector({ formats: ['qr_code'] });
}
