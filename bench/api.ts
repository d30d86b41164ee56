// The signed-in API at a label's scale. Prints figures; never passes or fails on time (the machine
// is shared and noisy). Writes what it prints to bench/results/api.md (BENCH_RESULTS=0: not).
//   npm run bench:api                                   # embedded PGlite, 10,000 submissions
//   SUBMISSIONS=100000 npm run bench:api
//   DATABASE_URL=postgres://.../throwaway npm run bench:api   # EMPTIES that database's tables
//   scripts/with-postgres.sh sh -c 'DATABASE_URL=$TEST_DATABASE_URL npm run bench:api'
// Knobs: SUBMISSIONS (10000), ARTISTS (1000), HEAVY_ARTIST_SUBMISSIONS (1000), ROUNDS (3),
// DURATION seconds per run (5), CONNECTIONS (100), WORKERS (on PostgreSQL: also compares that
// many server processes with one; default 2; its load from wrk when installed, LOAD_TOOL=autocannon
// for autocannon), LOAD=0 (skips the load runs: only the lists' server time per page and EXPLAIN
// ANALYZE, the board's search, orders and filters among them),
// READERS (200) and READERS_SECONDS (60): the dashboard readers' run, 0 seconds skips it.
// PGlite runs as an installation runs it: on disk, in the bench's DATA_DIR/db.
//
// Seeds ARTISTS artist accounts and SUBMISSIONS submissions with tracks (bench/support/
// seed-submissions.ts; the first artist has HEAVY_ARTIST_SUBMISSIONS of them), then for each
// scenario runs autocannon (in a worker thread, CONNECTIONS connections, DURATION seconds) against
// Imprint over HTTP and against a bare Fastify answering the same JSON document from memory, in
// alternating rounds, and prints req/s, p50, p99 and errors of each, and the ratio of their req/s,
// as min / median / max over the rounds. Then EXPLAIN ANALYZE of each list's queries, captured
// from the real request, and the server time of one page (app.inject, no network) in a server warmed
// by every list request first (printLists).
import cluster from 'node:cluster';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { eq, type Logger, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import { MAX_PAGE_SIZE } from '../src/domain';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Database, type DatabaseHandle, openInstallationDatabase } from '../src/server/db/client';
import { GENERIC_PLAN_HINT } from '../src/server/db/pglite-statements';
import * as schema from '../src/server/db/schema';
import { users } from '../src/server/db/schema';
import { createSession } from '../src/server/services/auth/sessions';
import { addStaff } from '../src/server/services/staff/manage-staff';
import { runDashboardReaders } from './support/dashboard-readers';
import { benchResults } from './support/results';
import { heavyArtistEmail, seedSubmissions } from './support/seed-submissions';
import { stats } from './support/stats';
import { hasWrk, runWrk } from './support/wrk';

const SUBMISSIONS = Number(process.env.SUBMISSIONS ?? 10_000);
const ARTISTS = Number(process.env.ARTISTS ?? 1_000);
const HEAVY = Number(process.env.HEAVY_ARTIST_SUBMISSIONS ?? 1_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DURATION = Number(process.env.DURATION ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const WORKERS = Number(process.env.WORKERS ?? 2);
const LOAD = process.env.LOAD !== '0';
/** The dashboard readers' run (the goal: 200 readers for 60 s, no request over 1 s). */
const READERS = Number(process.env.READERS ?? 200);
const READERS_SECONDS = Number(process.env.READERS_SECONDS ?? 60);
const out = benchResults('api', {
  title: "the signed-in API against a bare Fastify, and its lists' queries",
  env: [
    'SUBMISSIONS',
    'ARTISTS',
    'HEAVY_ARTIST_SUBMISSIONS',
    'ROUNDS',
    'DURATION',
    'CONNECTIONS',
    'WORKERS',
    'LOAD_TOOL',
    'LOAD',
    'READERS',
    'READERS_SECONDS',
  ],
});

/** The environment every Imprint of the bench runs with (the cluster's workers too). */
function benchConfig(dataDir: string) {
  // WORKERS here is the bench's own knob; each Imprint of the bench is one process.
  return loadConfig({
    ...process.env,
    WORKERS: '1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
  });
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface BenchRequest {
  method: 'GET' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface Scenario {
  name: string;
  requests: BenchRequest[];
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, requests: BenchRequest[]): Promise<Run> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    // The load generator gets a thread of its own, so the servers' event loop is theirs alone.
    workers: 1,
    requests: requests.map((request) => ({
      method: request.method,
      path: request.path,
      headers: request.headers,
      ...(request.body ? { body: request.body } : {}),
    })),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const fmt = (values: number[], digits = 0) => {
  const { min, median, max } = stats(values);
  return `${min.toFixed(digits)} / ${median.toFixed(digits)} / ${max.toFixed(digits)}`;
};

function printRuns(label: string, runs: Run[]) {
  out.log(
    `  ${label.padEnd(16)} req/s ${fmt(runs.map((r) => r.rps)).padEnd(22)} p50 ms ${fmt(runs.map((r) => r.p50)).padEnd(16)} p99 ms ${fmt(runs.map((r) => r.p99)).padEnd(20)} errors ${runs.reduce((sum, r) => sum + r.errors, 0)}`,
  );
}

/** Alternating rounds of `a` and `b`; prints both and the ratio a/b of their req/s. */
async function paired(
  scenario: Scenario,
  a: { label: string; url: string },
  b: { label: string; url: string },
): Promise<number[]> {
  const aRuns: Run[] = [];
  const bRuns: Run[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    aRuns.push(await load(a.url, scenario.requests));
    bRuns.push(await load(b.url, scenario.requests));
  }
  const ratios = aRuns.map((run, index) => run.rps / (bRuns[index]?.rps ?? Number.NaN));
  out.log(`${scenario.name}`);
  printRuns(a.label, aRuns);
  printRuns(b.label, bRuns);
  out.log(`  ratio ${a.label} / ${b.label} (req/s): ${fmt(ratios, 3)}`);
  return ratios;
}

/** A bare Fastify answering each request of the scenarios with the document Imprint answered. */
async function bareServer(documents: Map<string, unknown>): Promise<FastifyInstance> {
  const bare = Fastify({ logger: false });
  for (const [key, document] of documents) {
    const [method, url] = key.split(' ') as ['GET' | 'PUT', string];
    bare.route({ method, url: url.split('?')[0] ?? url, handler: async () => document });
  }
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return bare;
}

class StatementLog implements Logger {
  statements: { query: string; params: unknown[] }[] = [];
  logQuery(query: string, params: unknown[]): void {
    this.statements.push({ query, params });
  }
}

/** EXPLAIN ANALYZE of every query one request makes (but the session's), through the raw client. */
async function explainRequest(
  database: DatabaseHandle,
  config: ReturnType<typeof benchConfig>,
  request: BenchRequest,
) {
  const log = new StatementLog();
  const client = (database.db as { $client?: unknown }).$client;
  const db = (database.kind === 'postgres'
    ? drizzlePg(client as never, { schema, logger: log })
    : drizzlePglite(client as never, { schema, logger: log })) as unknown as Database;
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  const times: number[] = [];
  for (let i = 0; i < 31; i++) {
    log.statements = [];
    const started = performance.now();
    const response = await app.inject({
      method: request.method,
      url: request.path,
      headers: request.headers,
    });
    if (response.statusCode !== 200) throw new Error(`${request.path} answered ${response.statusCode}`);
    // The first is a warm-up.
    if (i > 0) times.push(performance.now() - started);
  }
  const last = log.statements;
  await app.close();
  out.log(
    `\n${request.method} ${request.path}: ${last.length} queries, server time per page (app.inject) ms ${fmt(times, 2)}`,
  );
  const raw = client as {
    query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  };
  for (const statement of last) {
    if (/from "sessions"/.test(statement.query)) continue;
    out.log(`-- ${statement.query}`);
    const plan = await raw.query(`explain (analyze, buffers) ${statement.query}`, statement.params);
    for (const row of plan.rows) out.log(`   ${String(Object.values(row)[0])}`);
    // A statement marked withGenericPlan runs on PGlite with the plan made for any values (above:
    // the plan for these values, as PostgreSQL runs it): that one too, without its timings.
    if (database.kind === 'pglite' && statement.query.includes(GENERIC_PLAN_HINT)) {
      const [generic] = await (client as PGlite).exec(`explain (generic_plan) ${statement.query}`);
      out.log('   planned once, for any values (as PGlite runs it):');
      for (const row of generic?.rows ?? []) out.log(`     ${String(Object.values(row)[0])}`);
    }
  }
}

/** The page after the first of a list: its cursor read from the first page's answer. */
async function explainSecondPage(
  database: DatabaseHandle,
  config: ReturnType<typeof benchConfig>,
  request: BenchRequest,
) {
  const app = await buildApp({ config, db: database.db, logger: false });
  const first = await app.inject({ method: request.method, url: request.path, headers: request.headers });
  await app.close();
  const cursor = (first.json() as { nextCursor?: string | null }).nextCursor;
  if (!cursor) return;
  await explainRequest(database, config, {
    ...request,
    path: `${request.path}&cursor=${encodeURIComponent(cursor)}`,
  });
}

/** Rounds of every list request before any is timed (printLists). */
const WARM_UP_ROUNDS = 20;

/**
 * Each list's server time per page and EXPLAIN ANALYZE, measured in a server that has answered for
 * a while. A process's first few hundred requests are slower (a name search at 100,000 took 12.7
 * ms in the first thirty, 8.1 after three hundred requests of any board page): V8 compiles hot
 * JavaScript and WebAssembly as it finds them, and PGlite fills its caches. So every list is asked
 * WARM_UP_ROUNDS times first, and the mean time of each round is printed (the first is what a
 * freshly started server answers).
 */
async function printLists(
  database: DatabaseHandle,
  config: ReturnType<typeof benchConfig>,
  requests: BenchRequest[],
  secondPages: BenchRequest[],
) {
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  const rounds: number[] = [];
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    const started = performance.now();
    for (const request of requests) {
      await app.inject({ method: request.method, url: request.path, headers: request.headers });
    }
    rounds.push((performance.now() - started) / requests.length);
  }
  await app.close();
  out.log(
    `\nwarm-up: ${WARM_UP_ROUNDS} rounds of the ${requests.length} list requests below, mean ms per request ` +
      `in each round: ${rounds.map((ms) => ms.toFixed(1)).join(' ')}`,
  );
  for (const request of requests) await explainRequest(database, config, request);
  for (const request of secondPages) await explainSecondPage(database, config, request);
}

/**
 * READERS artists at once, each on a connection of their own with their own session, reading their
 * dashboard (the profile, then the first page of their submissions) for READERS_SECONDS: the goal
 * is that none of them waits over a second for any request (bench/support/dashboard-readers.ts:
 * why their arrival is measured apart from the steady run).
 */
const READER_PATHS = ['/api/artist/profile', '/api/profile/submissions'];

async function dashboardReaders(url: string, db: Database) {
  const artistUsers = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} like 'bench-artist-%'`)
    .orderBy(users.email)
    .limit(READERS);
  const tokens: string[] = [];
  for (const user of artistUsers) tokens.push((await createSession(db, { userId: user.id })).bearerToken);
  const result = await runDashboardReaders({ url, tokens, paths: READER_PATHS, seconds: READERS_SECONDS });
  const slowest = Math.max(result.arrivalSlowestMs, result.maxMs);
  const errors = result.errors + result.non2xx;
  out.log(
    `\n${result.readers} dashboard readers (each their own artist, session and connection: profile, then submissions)`,
  );
  out.log(
    `  arrival, all at the same instant: slowest first answer ${result.arrivalSlowestMs.toFixed(0)} ms`,
  );
  out.log(
    `  then ${READERS_SECONDS} s: req/s ${result.perSecond.toFixed(0)}  p50 ${result.p50.toFixed(0)} ms  ` +
      `p99 ${result.p99.toFixed(0)} ms  p99.9 ${result.p999.toFixed(0)} ms  max ${result.maxMs.toFixed(0)} ms  ` +
      `requests ${result.requests.toLocaleString('en')}  errors ${errors} (${result.non2xx} not 2xx)`,
  );
  out.log(
    `  goal, no request over 1 s: ${slowest <= 1000 && errors === 0 ? 'met' : 'not met'} (slowest ${slowest.toFixed(0)} ms)`,
  );
}

/**
 * WORKERS processes against one, in alternating rounds, with the CPU each request cost: the
 * servers' (their processes' own accounting) and the load generator's (this process: autocannon's
 * thread; the database's is not counted), and how many of the machine's cores the two kept busy.
 */
async function compareWorkers(
  request: BenchRequest,
  many: Awaited<ReturnType<typeof startCluster>>,
  one: Awaited<ReturnType<typeof startCluster>>,
) {
  const runs = new Map<string, (Run & { serverMicros: number; loadMicros: number })[]>();
  // The lighter generator when it is installed (bench/support/wrk.ts): what the generator spends
  // per request is taken from the cores the servers would use.
  const useWrk = request.method === 'GET' && process.env.LOAD_TOOL !== 'autocannon' && hasWrk();
  const targets = [
    { label: `${WORKERS} workers`, cluster: many },
    { label: '1 worker', cluster: one },
  ];
  for (let round = 0; round < ROUNDS; round++) {
    for (const { label, cluster: target } of targets) {
      const serverBefore = await target.cpuMicros();
      const loadBefore = process.cpuUsage();
      const wrkRun = useWrk
        ? await runWrk(target.url, request.path, request.headers, {
            connections: CONNECTIONS,
            durationSeconds: DURATION,
          })
        : undefined;
      const run = wrkRun ?? (await load(target.url, [request]));
      const loadUsed = process.cpuUsage(loadBefore);
      const requests = run.rps * DURATION;
      runs.set(label, [
        ...(runs.get(label) ?? []),
        {
          ...run,
          serverMicros: ((await target.cpuMicros()) - serverBefore) / requests,
          loadMicros: wrkRun?.loadMicros ?? (loadUsed.user + loadUsed.system) / requests,
        },
      ]);
    }
  }
  out.log(`${request.method} ${request.path} (load from ${useWrk ? 'wrk' : 'autocannon'})`);
  for (const { label } of targets) {
    const of = runs.get(label) ?? [];
    printRuns(label, of);
    out.log(
      `  ${''.padEnd(16)} CPU per request: servers ${fmt(
        of.map((r) => r.serverMicros),
      )} µs, load generator ${fmt(of.map((r) => r.loadMicros))} µs`,
    );
  }
  const manyRuns = runs.get(targets[0]?.label ?? '') ?? [];
  const oneRuns = runs.get('1 worker') ?? [];
  const ratios = manyRuns.map((run, i) => run.rps / (oneRuns[i]?.rps ?? Number.NaN));
  out.log(`  ratio ${WORKERS} workers / 1 worker (req/s): ${fmt(ratios, 3)}`);
  // What the machine had left: on a machine whose cores the load generator shares, N processes
  // stop gaining when servers and generator together keep every core busy.
  const busy = (of: typeof manyRuns) =>
    stats(of.map((r) => (r.rps * (r.serverMicros + r.loadMicros)) / 1e6)).median.toFixed(2);
  out.log(
    `  cores kept busy by the servers and the load generator (median): ${WORKERS} workers ${busy(manyRuns)}, ` +
      `1 worker ${busy(oneRuns)}, of ${os.cpus().length}`,
  );
}

/** A cluster worker of the WORKERS comparison: serves Imprint on BENCH_PORT until killed. */
async function serveAsWorker() {
  const config = benchConfig(process.env.BENCH_DATA_DIR as string);
  const database = await openInstallationDatabase(config);
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.listen({ port: Number(process.env.BENCH_PORT), host: '127.0.0.1' });
  // The CPU this process has used, when the bench asks (the WORKERS comparison's accounting).
  process.on('message', (message) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpuMicros: user + system });
    }
  });
  process.send?.('ready');
}

/** `count` processes sharing a port, as WORKERS=count runs them (src/server/cluster.ts). */
async function startCluster(
  count: number,
  dataDir: string,
): Promise<{ url: string; stop(): void; cpuMicros(): Promise<number> }> {
  const port = await freePort();
  const workers = Array.from({ length: count }, () =>
    cluster.fork({ BENCH_PORT: String(port), BENCH_DATA_DIR: dataDir }),
  );
  await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('message', resolve))));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      for (const worker of workers) worker.kill();
    },
    // The CPU all its processes have used so far, in microseconds.
    cpuMicros: async () => {
      const used = await Promise.all(
        workers.map(
          (worker) =>
            new Promise<number>((resolve) => {
              const onMessage = (message: unknown) => {
                if (typeof message !== 'object' || message === null || !('cpuMicros' in message)) return;
                worker.off('message', onMessage);
                resolve(Number(message.cpuMicros));
              };
              worker.on('message', onMessage);
              worker.send('cpu');
            }),
        ),
      );
      return used.reduce((sum, micros) => sum + micros, 0);
    },
  };
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-bench-api-'));
  const config = benchConfig(dataDir);
  const database = await openInstallationDatabase(config);
  await database.migrate();
  const db = database.db;
  out.log(
    `Imprint API bench: ${database.kind}, node ${process.version}, ${os.cpus().length} cpus; ` +
      `${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} rounds`,
  );

  // --- seed ---------------------------------------------------------------------------------
  // A throwaway database: the tables the seed fills start empty.
  await db.execute(sql`truncate users, artists, submissions, sessions cascade`);
  const seeded = await seedSubmissions(db, {
    artists: ARTISTS,
    submissions: SUBMISSIONS,
    heavyArtistSubmissions: HEAVY,
  });
  out.log(
    `seeded ${ARTISTS.toLocaleString('en')} artists, ${seeded.submissions.toLocaleString('en')} submissions, ` +
      `${seeded.tracks.toLocaleString('en')} tracks in ${seeded.seconds.toFixed(1)} s ` +
      `(${heavyArtistEmail}: ${HEAVY.toLocaleString('en')} submissions)\n`,
  );

  // --- sessions -----------------------------------------------------------------------------
  const [artistUser] = await db.select().from(users).where(eq(users.email, heavyArtistEmail));
  if (!artistUser) throw new Error('the heavy artist was not seeded');
  await addStaff(db, 'bench-staff@label.example');
  const [staffUser] = await db.select().from(users).where(eq(users.email, 'bench-staff@label.example'));
  if (!staffUser) throw new Error('no staff user');
  const artist = {
    authorization: `Bearer ${(await createSession(db, { userId: artistUser.id })).bearerToken}`,
  };
  const staff = {
    authorization: `Bearer ${(await createSession(db, { userId: staffUser.id })).bearerToken}`,
  };

  const profile: BenchRequest = { method: 'GET', path: '/api/artist/profile', headers: artist };
  const submissionsPage: BenchRequest = { method: 'GET', path: '/api/profile/submissions', headers: artist };
  const board: BenchRequest = { method: 'GET', path: '/api/board/items', headers: staff };
  const saveProfile: BenchRequest = {
    method: 'PUT',
    path: '/api/artist/profile',
    headers: { ...artist, 'content-type': 'application/json' },
    body: JSON.stringify({ biography: 'Warm synths, live bass and close-miked vocals; now on tour.' }),
  };
  // The board's triage as staff work through it: each order, a search (a name, an e-mail, an
  // ISRC), the filters, and a second page of each order (its cursor from the first).
  const boardPath = (query: string): BenchRequest => ({
    method: 'GET',
    path: `/api/board/items?limit=25${query ? `&${query}` : ''}`,
    headers: staff,
  });
  const boardCases: BenchRequest[] = [
    // The largest page an API client may ask for (the board's own is BOARD_PAGE_SIZE, 25).
    { ...board, path: `/api/board/items?limit=${MAX_PAGE_SIZE}` },
    boardPath('sort=oldest'),
    boardPath('sort=status'),
    boardPath('sort=age'),
    boardPath('status=pending&sort=age'),
    boardPath(`q=${encodeURIComponent('Bench Artist 517')}`),
    boardPath(`q=${encodeURIComponent('bench-artist-42@example.com')}`),
    boardPath('q=GBBEN2400777'),
    boardPath('q=release'),
    // A word in every submission and a status chip: that status's matches counted up to the cap.
    boardPath('q=release&status=approved'),
    boardPath('releaseType=ep&genre=Pop'),
    boardPath('releasedFrom=2025-03-01&releasedTo=2025-03-31'),
    boardPath('status=pending&releaseType=lp&genre=Jazz&releasedFrom=2025-01-01&releasedTo=2025-12-31'),
  ];
  const scenarios: Scenario[] = [
    { name: 'GET /api/artist/profile (signed-in artist)', requests: [profile] },
    { name: `GET /api/profile/submissions (artist with ${HEAVY} submissions)`, requests: [submissionsPage] },
    { name: 'GET /api/board/items (staff, default sort)', requests: [board] },
    {
      name: 'mixed: profile, submissions, board, profile save (1 write in 4)',
      requests: [profile, submissionsPage, board, saveProfile],
    },
  ];

  const lists = [submissionsPage, board, ...boardCases];
  const secondPages = ['newest', 'status', 'age'].map((sort) => boardPath(`sort=${sort}`));
  if (!LOAD) {
    await printLists(database, config, lists, secondPages);
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    out.write();
    return;
  }

  // --- Imprint and the bare server ----------------------------------------------------------
  const app = await buildApp({ config, db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const imprintUrl = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
  const documents = new Map<string, unknown>();
  for (const request of [profile, submissionsPage, board, saveProfile]) {
    const response = await app.inject({
      method: request.method,
      url: request.path,
      headers: request.headers,
      ...(request.body ? { payload: request.body } : {}),
    });
    if (response.statusCode !== 200)
      throw new Error(`${request.path} answered ${response.statusCode}: ${response.body}`);
    documents.set(`${request.method} ${request.path}`, response.json());
    out.log(`${request.method} ${request.path}: ${response.body.length.toLocaleString('en')} bytes`);
  }
  const bare = await bareServer(documents);
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as net.AddressInfo).port}`;
  out.log('');

  const profileRatios: number[] = [];
  for (const scenario of scenarios) {
    const ratios = await paired(
      scenario,
      { label: 'Imprint', url: imprintUrl },
      { label: 'bare', url: bareUrl },
    );
    if (scenario.requests[0] === profile && scenario.requests.length === 1) profileRatios.push(...ratios);
  }
  const goal = database.kind === 'pglite' ? 0.1 : 0.3;
  out.log(
    `\ngoal for GET /api/artist/profile on ${database.kind}: >= ${goal}x bare; median ratio ${stats(profileRatios).median.toFixed(3)}x`,
  );

  if (READERS > 0 && READERS_SECONDS > 0) await dashboardReaders(imprintUrl, db);

  await app.close();

  // --- several processes (PostgreSQL) -------------------------------------------------------
  if (database.kind === 'postgres' && WORKERS > 1) {
    out.log(`\nWORKERS=${WORKERS} against WORKERS=1 (separate processes, same database)`);
    const many = await startCluster(WORKERS, dataDir);
    const one = await startCluster(1, dataDir);
    try {
      // The profile (light: the load generator's share of the cores caps the gain) and a board page
      // (the servers' and the database's work dominate).
      for (const request of [profile, board]) await compareWorkers(request, many, one);
    } finally {
      many.stop();
      one.stop();
    }
  }

  // --- the lists' queries -------------------------------------------------------------------
  await printLists(database, config, lists, secondPages);

  await bare.close();
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  out.write();
}

if (cluster.isWorker) await serveAsWorker();
else await main();
