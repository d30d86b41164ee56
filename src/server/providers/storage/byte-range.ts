import type { ByteRange } from './storage';

/** A range that starts at or past the end of the object (HTTP 416). */
export class RangeNotSatisfiableError extends Error {
  override name = 'RangeNotSatisfiableError';
  constructor(readonly range: ByteRange) {
    super(`The range ${range.start}-${range.end ?? ''} is not satisfiable`);
  }
}

/** Ranges come from parsed Range headers; a malformed one here is a caller's mistake. */
export function assertValidRange(range: ByteRange | undefined): void {
  if (range === undefined) return;
  const valid =
    Number.isSafeInteger(range.start) &&
    range.start >= 0 &&
    (range.end === undefined || (Number.isSafeInteger(range.end) && range.end >= range.start));
  if (!valid) throw new Error(`Invalid byte range: ${JSON.stringify(range)}`);
}
