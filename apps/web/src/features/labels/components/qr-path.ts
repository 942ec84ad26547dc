import { create } from 'qrcode';

/** A QR code drawn as one SVG path: its side in modules (quiet zone included) and the path of the dark ones. */
export interface QrDrawing {
  size: number;
  path: string;
}

/**
 * The QR code of `text` (error correction M: a label survives a scratch or a smudge over 15% of
 * it) as one path of horizontal runs of dark modules, inside a quiet zone of `margin` modules.
 */
export function qrDrawing(text: string, margin = 2): QrDrawing {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const { size } = modules;
  let path = '';
  for (let row = 0; row < size; row++) {
    let start = -1;
    for (let col = 0; col <= size; col++) {
      const dark = col < size && modules.get(row, col) !== 0;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        path += `M${start + margin} ${row + margin}h${col - start}v1h${start - col}z`;
        start = -1;
      }
    }
  }
  return { size: size + 2 * margin, path };
}
