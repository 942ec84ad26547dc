import { randomBytes } from 'node:crypto';

/**
 * A UUID version 7 made at `time` (milliseconds, from the app's clock): time-ordered (so ids sort
 * by creation), random otherwise, opaque to clients.
 */
export function newId(time: number): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(time, 0, 6);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
