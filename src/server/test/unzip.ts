import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A ZIP's files by their paths inside it, read back with Python's zipfile: a reader other than the
 * yazl that wrote it, as a recipient's would be.
 */
export async function unzipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-unzip-'));
  try {
    await fs.writeFile(path.join(dir, 'archive.zip'), zip);
    await run('python3', ['-m', 'zipfile', '-e', path.join(dir, 'archive.zip'), path.join(dir, 'out')]);
    const files = new Map<string, Buffer>();
    const walk = async (folder: string, prefix: string) => {
      for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) await walk(full, `${prefix}${entry.name}/`);
        else files.set(`${prefix}${entry.name}`, await fs.readFile(full));
      }
    };
    await walk(path.join(dir, 'out'), '');
    return files;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
