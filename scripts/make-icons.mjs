// Draws the icons of the web app manifest (apps/web/public/icons/*.png) from the navbar's mark:
// the shelf with two boxes in the accent colour on the bar's background. Run it again after the
// mark or the colours change: `node scripts/make-icons.mjs` (sharp comes with the server).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharp = createRequire(path.join(root, 'apps/server/package.json'))('sharp');
const out = path.join(root, 'apps/web/public/icons');

const BACKGROUND = '#15273d'; // --app-header-bg
const ACCENT = '#f2a900'; // --app-accent
const MARK =
  'M3 2h2v20H3zM19 2h2v20h-2zM5 11h14v2H5zM5 20h14v2H5zM7 5h5v6H7zM13 7h4v4h-4zM7 15h4v5H7zM12 14h5v6h-5z';

/** The mark filling `share` of a square of `size` px, on a background with corners of `radius`. */
function svg(size, share, radius) {
  const scale = (size * share) / 24;
  const offset = (size - size * share) / 2;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
      `<rect width="${size}" height="${size}" rx="${radius}" fill="${BACKGROUND}"/>` +
      `<path transform="translate(${offset} ${offset}) scale(${scale})" d="${MARK}" fill="${ACCENT}"/></svg>`,
  );
}

const icons = [
  // "any": rounded like the navbar's mark.
  { file: 'icon-192.png', size: 192, share: 0.7, radius: 36 },
  { file: 'icon-512.png', size: 512, share: 0.7, radius: 96 },
  // "maskable": full bleed, the mark inside the 80 % safe circle the launcher may cut to.
  { file: 'maskable-512.png', size: 512, share: 0.5, radius: 0 },
  // iOS home screen: full bleed, iOS rounds the corners itself.
  { file: 'apple-touch-icon.png', size: 180, share: 0.62, radius: 0 },
];
for (const icon of icons) {
  await sharp(svg(icon.size, icon.share, icon.radius))
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, icon.file));
  console.log(`${icon.file}: ${icon.size}×${icon.size}`);
}
