import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';

/** The fake camera's picture: 640 × 480, as a phone's back camera would give it at its lowest. */
const WIDTH = 640;
const HEIGHT = 480;

/**
 * An RGB picture as a YUV4MPEG2 file of 4:2:0 frames (BT.601), the format Chromium's fake camera
 * plays (`--use-file-for-fake-video-capture`): the same frame `frames` times, played in a loop.
 */
export function y4mOf(rgb: Buffer, width: number, height: number, frames = 2): Buffer {
  const luma = Buffer.alloc(width * height);
  const cb = Buffer.alloc((width / 2) * (height / 2));
  const cr = Buffer.alloc((width / 2) * (height / 2));
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const [r = 0, g = 0, b = 0] = [rgb[i], rgb[i + 1], rgb[i + 2]];
      luma[y * width + x] = clamp(16 + 0.257 * r + 0.504 * g + 0.098 * b);
      if (x % 2 === 0 && y % 2 === 0) {
        const c = (y / 2) * (width / 2) + x / 2;
        cb[c] = clamp(128 - 0.148 * r - 0.291 * g + 0.439 * b);
        cr[c] = clamp(128 + 0.439 * r - 0.368 * g - 0.071 * b);
      }
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, cb, cr]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}

/**
 * A label held up to the camera: `text`'s QR (error correction M, as the labels print it) on a grey
 * shelf. `visible` < 1 shows only the QR's left part at the picture's edge: a label still being
 * aimed at, which no reader can decode (one of its three corner squares is out of the picture).
 */
export async function qrScene(text: string, { visible = 1 } = {}): Promise<Buffer> {
  const size = 300;
  let qr = await QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 4, width: size });
  let left = (WIDTH - size) / 2;
  if (visible < 1) {
    const shown = Math.round(size * visible);
    qr = await sharp(qr).extract({ left: 0, top: 0, width: shown, height: size }).toBuffer();
    left = WIDTH - shown;
  }
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#5b6470' } })
    .composite([{ input: qr, left, top: (HEIGHT - size) / 2 }])
    .removeAlpha()
    .raw()
    .toBuffer();
}

/**
 * A browser whose camera sees `picture` (raw RGB, 640 × 480): Chromium's fake capture device
 * playing it as a .y4m, with no permission prompt skipped (the test grants 'camera' itself).
 */
export async function launchWithCamera(
  picture: Buffer,
): Promise<{ browser: Browser; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-camera-'));
  const file = path.join(dir, 'camera.y4m');
  fs.writeFileSync(file, y4mOf(picture, WIDTH, HEIGHT));
  const browser = await launchBrowser({
    args: ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${file}`],
    camera: true,
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
