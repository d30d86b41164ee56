import { Transform, type TransformCallback } from 'node:stream';
import { SizeLimitExceededError } from './storage';

/**
 * Passes bytes through and counts them. Once more than `maxBytes` have arrived it fails with
 * SizeLimitExceededError instead of passing the chunk on, so no byte beyond the limit reaches
 * storage and the writer sees the failure at once (not after the whole body has been read).
 */
export class ByteCounter extends Transform {
  bytes = 0;
  exceeded = false;

  constructor(private readonly maxBytes: number | undefined) {
    super();
    if (maxBytes !== undefined && (!Number.isSafeInteger(maxBytes) || maxBytes < 0)) {
      throw new Error(`maxBytes must be a non-negative integer, got ${maxBytes}`);
    }
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.maxBytes !== undefined && this.bytes > this.maxBytes) {
      this.exceeded = true;
      callback(new SizeLimitExceededError(this.maxBytes));
      return;
    }
    callback(null, chunk);
  }
}
