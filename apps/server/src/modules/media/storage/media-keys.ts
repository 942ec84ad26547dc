// Keys are flat names: lower-case letters, digits, '_' and '-', one optional extension. Nothing
// that could climb out of a folder ('..', '/') or name a scratch file ('.tmp') gets through, and
// every storage refuses the same keys.
const KEY = /^[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9]+)?$/;
const MAX_KEY_LENGTH = 200;

/** True when `key` is a name a storage may hold (`<hash>.webp`, `<hash>-thumb.webp`, ...). */
export function isMediaKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY.test(key);
}

/** Throws unless `key` is a valid media key: a caller passing anything else is a bug. */
export function assertMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new Error(`Invalid media key: ${key}`);
}
