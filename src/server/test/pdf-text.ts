import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A sealed PDF's text as a reader extracts it (poppler's pdftotext, as CI installs it), via a file in `dir`. */
export async function pdfText(dir: string, bytes: Uint8Array): Promise<string> {
  const file = path.join(dir, `${randomUUID()}.pdf`);
  await fs.writeFile(file, bytes);
  const { stdout } = await run('/usr/bin/pdftotext', ['-enc', 'UTF-8', file, '-']);
  await fs.rm(file);
  return stdout;
}
