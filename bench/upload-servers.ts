// Child process for bench/upload.ts: runs either Imprint or a bare baseline server, and reports
// its own memory over IPC, so the figures are the server's alone.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';

const kind = process.argv[2];
const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), `imprint-bench-${kind}-`));

let baseline = process.memoryUsage().rss;
let peak = baseline;
setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 10).unref();

process.on('message', (message: { type: string }) => {
  if (message.type === 'reset') {
    global.gc?.();
    baseline = process.memoryUsage().rss;
    peak = baseline;
    process.send?.({ type: 'reset-done' });
  } else if (message.type === 'report') {
    process.send?.({ type: 'report', baseline, peak });
  } else if (message.type === 'stop') {
    void fsp.rm(dataDir, { recursive: true, force: true }).then(() => process.exit(0));
  }
});

let port: number;
if (kind === 'baseline') {
  // The least a server can do with an upload: pipe the request body to a file.
  let n = 0;
  const server = http.createServer((request, response) => {
    const file = path.join(dataDir, `upload-${n++}`);
    pipeline(request, fs.createWriteStream(file)).then(
      () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}'),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
} else {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    NODE_ENV: 'production',
  });
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  await database.migrate();
  const app = await buildApp({ config, db: database.db, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
}
process.send?.({ type: 'ready', port, dataDir });
