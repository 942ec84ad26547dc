import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ZXING_WASM_SHA256, ZXING_WASM_VERSION } from 'barcode-detector/ponyfill';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

describe('the QR reader WebAssembly the build ships', () => {
  it('is the very file the polyfill was built for (same zxing-wasm version and SHA-256)', () => {
    // zxing-detector.ts imports 'zxing-wasm/reader/zxing_reader.wasm?url': this is that file.
    const file = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
    const manifest = path.resolve(path.dirname(file), '../../package.json');
    const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string };
    expect(version).toBe(ZXING_WASM_VERSION);
    expect(createHash('sha256').update(fs.readFileSync(file)).digest('hex')).toBe(ZXING_WASM_SHA256);
  });
});
