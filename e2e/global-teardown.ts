import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Removes the temporary DATA_DIR the run's server used (only one playwright.config.ts made). */
export default async function globalTeardown(): Promise<void> {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && path.basename(dir).startsWith('imprint-e2e-') && path.dirname(dir) === os.tmpdir()) {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
