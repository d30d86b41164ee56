import type { StorageProvider } from '../../providers/storage/storage';
import { DEFAULT_HEADER_BYTES } from './inspect-upload';

/** The first bytes of a stored object, for the content check of bytes that did not stream through Imprint. */
export async function readHeader(storage: StorageProvider, key: string, size: number): Promise<Buffer> {
  if (size === 0) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key, {
    start: 0,
    end: Math.min(size, DEFAULT_HEADER_BYTES) - 1,
  })) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
