/**
 * Part of an object asked for: from `start` to `end` inclusive (no `end`: to the last byte), or
 * the last `suffix` bytes. The shapes of a single HTTP range (`bytes=a-b`, `bytes=a-`, `bytes=-n`).
 */
export type ByteRange = { start: number; end?: number } | { suffix: number };

/** The bytes a range selects in an object of known size: first and last, inclusive. */
export interface ResolvedByteRange {
  start: number;
  end: number;
}

/** The range asked lies wholly past the end of the object (HTTP 416); `size` is the object's. */
export class RangeNotSatisfiableError extends Error {
  override name = 'RangeNotSatisfiableError';
  constructor(readonly size: number) {
    super(`Range not satisfiable: the object has ${size} bytes`);
  }
}

/**
 * Where `range` falls in an object of `size` bytes, as HTTP defines it (RFC 9110, 14.1.2): an end
 * past the object is cut to its last byte, a suffix longer than the object takes it whole. A start
 * past the end, or an empty suffix, selects nothing: RangeNotSatisfiableError.
 */
export function resolveByteRange(range: ByteRange, size: number): ResolvedByteRange {
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) throw new RangeNotSatisfiableError(size);
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) throw new RangeNotSatisfiableError(size);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}
