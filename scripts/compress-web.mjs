// Writes .br and .gz beside each compressible file of the built web app, so the server sends
// precompressed assets (@fastify/static preCompressed) without compressing on every request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|wasm)$/;
const MIN_BYTES = 1024;

const root = path.resolve(process.argv[2] ?? 'dist');
let files = 0;
let before = 0;
let after = 0;

function visit(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) visit(full);
    else if (COMPRESSIBLE.test(entry.name)) compress(full);
  }
}

function compress(file) {
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) return;
  const brotli = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  files += 1;
  before += data.length;
  after += brotli.length;
}

visit(root);
console.log(
  `compressed ${files} files: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB (brotli)`,
);
