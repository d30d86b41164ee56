import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The version in package.json, reported by /api/health and the public config. */
export const appVersion: string = (
  JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as {
    version: string;
  }
).version;
