// The dashboard readers' load (the goal: 200 readers for 60 s, no request over 1 s), in a process
// of its own so the server's event loop is the server's alone.
//
// Each reader is a person with the dashboard open: one kept-alive connection of their own, their
// own session, reading their profile, then the first page of their submissions, then again, each
// request sent when the previous one was answered. Two figures:
// - arrival: all readers open their connection and send their first request at the same instant;
//   the slowest first answer (the connection's setup included);
// - steady: for `seconds`, on the connections already open; every answer's time.
// Measured separately because Node accepts one new connection per turn of its event loop (libuv
// since 1.45, Node 20: "unix: don't accept() connections in a loop", libuv#3696): connections
// opened while the server is saturated wait in the kernel's queue one turn each, so a load
// generator that connects while others already load the server (autocannon) measures that queue,
// not the requests. Behind a proxy that keeps its connections to Imprint open the queue is never
// seen; a reader opening the dashboard on a saturated server waits for it once.
import { fork } from 'node:child_process';
import http from 'node:http';
import { pathToFileURL } from 'node:url';

export interface ReadersOptions {
  url: string;
  /** One bearer token per reader. */
  tokens: string[];
  /** What each reader reads, in turn. */
  paths: string[];
  seconds: number;
}

export interface ReadersResult {
  readers: number;
  arrivalSlowestMs: number;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  p999: number;
  maxMs: number;
  errors: number;
  non2xx: number;
}

/** Runs the readers in a child process and resolves with their figures. */
export function runDashboardReaders(options: ReadersOptions): Promise<ReadersResult> {
  const child = fork(new URL(import.meta.url), { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', (result) => {
      child.kill();
      resolve(result as ReadersResult);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code) reject(new Error(`the readers' process exited with ${code}`));
    });
    child.send(options);
  });
}

const TIMEOUT_MS = 30_000;

function read(
  target: URL,
  agent: http.Agent,
  path: string,
  token: string,
): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path,
        agent,
        headers: { authorization: `Bearer ${token}` },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    request.on('error', reject);
    request.setTimeout(TIMEOUT_MS, () => request.destroy(new Error('timed out')));
    request.end();
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

async function generate(options: ReadersOptions): Promise<ReadersResult> {
  const target = new URL(options.url);
  const readers = options.tokens.map((token) => ({
    token,
    agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
  }));
  let errors = 0;
  let non2xx = 0;
  const first = await Promise.all(
    readers.map((reader) =>
      read(target, reader.agent, options.paths[0] as string, reader.token).catch(() => {
        errors += 1;
        return { status: 0, ms: TIMEOUT_MS };
      }),
    ),
  );
  non2xx += first.filter(
    (answer) => answer.status !== 0 && (answer.status < 200 || answer.status > 299),
  ).length;

  const times: number[] = [];
  const end = performance.now() + options.seconds * 1000;
  await Promise.all(
    readers.map(async (reader) => {
      for (let turn = 1; performance.now() < end; turn += 1) {
        try {
          const answer = await read(
            target,
            reader.agent,
            options.paths[turn % options.paths.length] as string,
            reader.token,
          );
          times.push(answer.ms);
          if (answer.status < 200 || answer.status > 299) non2xx += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  for (const reader of readers) reader.agent.destroy();
  times.sort((a, b) => a - b);
  return {
    readers: readers.length,
    arrivalSlowestMs: Math.max(...first.map((answer) => answer.ms)),
    requests: times.length,
    perSecond: times.length / options.seconds,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    p999: percentile(times, 0.999),
    maxMs: times.at(-1) ?? Number.NaN,
    errors,
    non2xx,
  };
}

// The child (this file run by runDashboardReaders): receives its options, answers with the figures.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.once('message', (options) => {
    generate(options as ReadersOptions).then(
      (result) => process.send?.(result),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
