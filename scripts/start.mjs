// `npm start`: builds the web app (dist/web, and its prerender for the server, dist/web-server)
// when it is missing or older than its sources, then runs the server (migrations and the demo seed
// happen there). Signals are passed on for a clean stop.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from './server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The files the server reads from the build: the app's index.html and the prerender's entry.
const builtFiles = [
  path.join(root, 'dist/web/index.html'),
  path.join(root, 'dist/web-server/entry-server.js'),
];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

function webBuildIsStale() {
  if (!builtFiles.every((file) => fs.existsSync(file))) return true;
  const built = Math.min(...builtFiles.map((file) => fs.statSync(file).mtimeMs));
  const sources = Math.max(
    newestMtime(path.join(root, 'src/web')),
    newestMtime(path.join(root, 'src/domain')),
    fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs,
  );
  return sources > built;
}

if (process.env.SKIP_WEB_BUILD !== '1' && webBuildIsStale()) {
  console.info('Building the web app (dist/web, dist/web-server)...');
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  process.execPath,
  [...serverNodeFlags, '--import', 'tsx', path.join(root, 'src/server/main.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
