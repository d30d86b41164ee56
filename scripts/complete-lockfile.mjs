// The npm registry this project installs from lacks some platform builds of optional native
// packages (e.g. @biomejs/cli-darwin-x64). `npm install` then writes a lockfile without them, and
// `npm ci` refuses it as out of sync. This adds a lock entry for each missing optional package,
// marked with its os/cpu/libc so npm skips it on other platforms without fetching it.
// Run after `npm install` when `npm ci` reports "Missing: <name>@ from lock file".
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = path.join(root, 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const oses = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'netbsd', 'sunos', 'aix', 'win32'];
const cpus = ['x64', 'arm64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el'];

let added = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key] || lock.packages[`${location}/${key}`]) continue;
    const tokens = name.split('/').pop().split('-');
    const os = oses.find((o) => tokens.includes(o));
    const cpu = cpus.find((c) => tokens.includes(c));
    if (!os || !cpu || !/^\d+\.\d+\.\d+/.test(spec)) {
      console.error(`Cannot place ${name}@${spec} (from ${location || 'the root'}): add it by hand.`);
      process.exitCode = 1;
      continue;
    }
    lock.packages[key] = {
      version: spec,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      os: [os],
      cpu: [cpu],
      ...(tokens.includes('musl') ? { libc: ['musl'] } : {}),
    };
    added += 1;
    console.info(`added ${name}@${spec} (${os}/${cpu}${tokens.includes('musl') ? '/musl' : ''})`);
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.info(added ? `package-lock.json: ${added} entries added` : 'package-lock.json: nothing missing');
