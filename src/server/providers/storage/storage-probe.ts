import { randomUUID } from 'node:crypto';
import type { StorageProvider } from './storage';

/** The health check every driver runs: write, read back and delete a small object. */
export async function probeStorage(storage: Pick<StorageProvider, 'put' | 'get' | 'delete'>): Promise<void> {
  const key = `health/${randomUUID()}.txt`;
  const probe = Buffer.from('imprint storage probe');
  await storage.put(key, probe, { contentType: 'text/plain' });
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
    if (!Buffer.concat(chunks).equals(probe)) throw new Error('storage probe read back different bytes');
  } finally {
    await storage.delete(key);
  }
}
