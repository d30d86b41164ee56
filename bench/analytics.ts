// The analytics dashboard over 1 million stored events. Prints figures; never passes or fails on
// time (the machine is shared and noisy). Writes what it prints to bench/results/analytics.md
// (BENCH_RESULTS=0: not).
//   npm run bench:analytics                       # embedded PGlite
//   DATABASE_URL=postgres://... npm run bench:analytics
//   EVENTS=1000000 RECENT_SHARE=0.25 npm run bench:analytics
//   ROUNDS=5 REQUESTS=20                          rounds, and requests per round of each server
//
// Seeds EVENTS rows: 90% web vitals (page loads of 5 metrics each), 10% error events. RECENT_SHARE
// of them fall in the last 7 days (a label whose traffic grew), the rest evenly over the 2 years
// analytics are kept. Then, in alternating rounds, times GET /api/analytics/dashboard for each
// window through the whole app (session, staff check, queries, serialisation) against a bare
// Fastify serving the same JSON from memory, and prints min / median / max of each and their ratio;
// and the time of each window's first request on a server just started (its cache of ended hours
// empty: services/analytics/hour-cache.ts).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { WEB_VITAL_BIN_RATIO } from '../src/domain';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { createSession } from '../src/server/services/auth/sessions';
import { addStaff } from '../src/server/services/staff/manage-staff';
import { benchResults } from './support/results';
import { formatStats } from './support/stats';

const EVENTS = Number(process.env.EVENTS ?? 1_000_000);
const RECENT_SHARE = Number(process.env.RECENT_SHARE ?? 0.25);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const REQUESTS_PER_ROUND = Number(process.env.REQUESTS ?? 20);
const out = benchResults('analytics', {
  title: 'the dashboard over stored events against a bare Fastify',
  env: ['EVENTS', 'RECENT_SHARE', 'ROUNDS', 'REQUESTS'],
});

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-bench-analytics-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'false' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  await database.migrate();
  const db = database.db;
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  out.log(`Imprint analytics bench: ${database.kind}, node ${process.version}, ${os.cpus().length} cpus`);

  // --- seed ---------------------------------------------------------------------------------
  await db.execute(sql`truncate web_vitals, web_vital_histograms, error_reports`);
  const loads = Math.round((EVENTS * 0.9) / 5);
  const errors = EVENTS - loads * 5;
  const seedStarted = performance.now();
  // A row's time: RECENT_SHARE of them in the last 7 days, the rest over the 2 years before. It
  // names the series column so that PostgreSQL draws it per row, not once.
  const loadTime = (column: string) =>
    sql.raw(`case when random() < ${RECENT_SHARE} + ${column} * 0
        then now() - random() * interval '7 days'
        else now() - interval '7 days' - random() * interval '723 days' end`);
  await db.execute(sql`
    insert into web_vitals (page_load_id, name, value, bin, route, device_type, created_at)
    select id, name::web_vital_name, value,
           -- webVitalBin (domain/monitoring/web-vital-histogram.ts) in SQL
           case when value * scale < 1 then 0 else 1 + floor(ln(value * scale) / ln(${WEB_VITAL_BIN_RATIO}))::int end,
           route, device_type::device_type, at
      from (
        select 'bench-' || g as id, m.name, case when m.name = 'CLS' then 1000 else 1 end as scale,
               case m.name when 'CLS' then random() * 0.4 when 'INP' then 50 + random() * 600
                           when 'TTFB' then 100 + random() * 2000 else 500 + random() * 5000 end as value,
               (array['/', '/submit', '/dashboard', '/faq', '/submission/:id'])[1 + (g % 5)] as route,
               (array['mobile', 'desktop', 'tablet'])[1 + (g % 3)] as device_type,
               t.at
          from generate_series(1, ${loads}) g
          cross join lateral (select ${loadTime('g')} as at) t
          cross join (values ('LCP'), ('FCP'), ('CLS'), ('INP'), ('TTFB')) m(name)) rows
     -- In the order they would have arrived, as in production.
     order by at`);
  // The hourly histograms recordWebVitals keeps as each beacon arrives.
  await db.execute(sql`
    insert into web_vital_histograms (name, hour, bin, count)
    select name, to_timestamp(floor(extract(epoch from created_at) / 3600) * 3600), bin, count(*)
      from web_vitals group by 1, 2, 3 order by 2`);
  await db.execute(sql`
    insert into error_reports (source, message, severity, category, url, created_at)
    select (array['client', 'client', 'client', 'server', 'job', 'provider'])[1 + (g % 6)]::error_source,
           'Bench error ' || g,
           (array['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'])[1 + (g % 4)],
           (array['submission', 'upload', 'validation', 'network', 'playback', 'render', 'runtime', 'server', 'job', 'provider'])[1 + (g % 10)],
           case when g % 3 = 0 then null else 'https://portal.example/submit' end,
           ${loadTime('g')} as at
      from generate_series(1, ${errors}) g
     order by at`);
  await db.execute(sql`vacuum analyze web_vitals`);
  await db.execute(sql`vacuum analyze web_vital_histograms`);
  await db.execute(sql`vacuum analyze error_reports`);
  const counts = await db.execute(sql`
    select (select count(*) from web_vitals)::int as vitals,
           (select count(*) from error_reports)::int as errors,
           (select count(*) from web_vital_histograms)::int as histogram_rows,
           (select count(*) from web_vitals where created_at > now() - interval '1 hour')::int as vitals_hour,
           (select count(*) from web_vitals where created_at > now() - interval '24 hours')::int as vitals_day,
           (select count(*) from web_vitals where created_at > now() - interval '7 days')::int as vitals_week`);
  const row = (counts as unknown as { rows: Record<string, number>[] }).rows[0] ?? {};
  out.log(
    `seeded ${((row.vitals ?? 0) + (row.errors ?? 0)).toLocaleString('en')} events in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s: ` +
      `${(row.vitals ?? 0).toLocaleString('en')} web vitals (last hour ${row.vitals_hour}, day ${row.vitals_day}, week ${row.vitals_week}), ` +
      `${(row.errors ?? 0).toLocaleString('en')} error events; ${(row.histogram_rows ?? 0).toLocaleString('en')} hourly histogram rows\n`,
  );

  // --- a staff session ----------------------------------------------------------------------
  await addStaff(db, 'bench@label.example');
  const [staff] = await db.select().from(users).where(sql`${users.email} = 'bench@label.example'`);
  if (!staff) throw new Error('no staff user');
  const session = await createSession(db, { userId: staff.id });
  const headers = { authorization: `Bearer ${session.bearerToken}` };

  // --- rounds -------------------------------------------------------------------------------
  out.log(
    `GET /api/analytics/dashboard, ${ROUNDS} rounds of ${REQUESTS_PER_ROUND} requests, ms per request min / median / max`,
  );
  out.log(
    `${'window'.padEnd(8)} ${'Imprint (server time)'.padEnd(26)} ${'bare Fastify, same JSON'.padEnd(26)} ${'ratio'.padEnd(18)} first request after start`,
  );
  for (const hours of [1, 24, 168]) {
    const url = `/api/analytics/dashboard?hours=${hours}`;
    // Each window's first request starts from an empty cache of ended hours (a server just started).
    const coldApp = await buildApp({ config, db, logger: false });
    await coldApp.ready();
    const coldStarted = performance.now();
    const first = await coldApp.inject({ method: 'GET', url, headers });
    const coldMs = performance.now() - coldStarted;
    await coldApp.close();
    if (first.statusCode !== 200) throw new Error(`${url} answered ${first.statusCode}: ${first.body}`);
    await app.inject({ method: 'GET', url, headers });
    const document = first.json();
    const bare = Fastify({ logger: false });
    bare.get('/api/analytics/dashboard', async () => document);
    await bare.ready();
    const imprintMs: number[] = [];
    const bareMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [target, into] of [
        [app, imprintMs],
        [bare, bareMs],
      ] as const) {
        for (let i = 0; i < REQUESTS_PER_ROUND; i++) {
          const started = performance.now();
          const response = await target.inject({ method: 'GET', url, headers });
          if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
          into.push(performance.now() - started);
        }
      }
    }
    await bare.close();
    const ratio = imprintMs.map((ms, index) => ms / (bareMs[index] ?? Number.NaN));
    out.log(
      `${`${hours} h`.padEnd(8)} ${formatStats(imprintMs).padEnd(26)} ${formatStats(bareMs).padEnd(26)} ${formatStats(ratio, 0).padEnd(18)} ${coldMs.toFixed(1)}`,
    );
  }

  await app.close();
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  out.write();
}

await main();
