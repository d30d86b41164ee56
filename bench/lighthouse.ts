// Lighthouse's mobile performance score per budgeted page, on the built app with the demo data:
// the Lighthouse CLI with its mobile defaults (Moto G Power, simulated slow 4G, 4x CPU slowdown),
// performance only, RUNS runs per page (5 by default, alternating between pages so a noisy minute
// touches them all alike), in Chromium with --headless=new --no-sandbox --disable-gpu. Signed-in
// pages get the demo artist's or staff member's session cookie through --extra-headers. Prints the
// score, TBT, LCP and CLS as min / median / max beside each page's goals, and writes
// bench/results/lighthouse.md (BENCH_RESULTS=0: not written). VERBOSE=1 also lists, per page, what
// the median run's report flags. Never passes or fails: the figures depend on the machine.
//   npm run bench:lighthouse
//   SKIP_WEB_BUILD=1 RUNS=3 VERBOSE=1 npm run bench:lighthouse
//   ROUTES=/,/submit npm run bench:lighthouse   # only these pages
//   REPORT_DIR=/tmp/lh npm run bench:lighthouse  # also keeps each run's JSON report there
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type BudgetRoute, chosenRoutes, chromiumPath, startBuiltApp } from './support/built-app';
import { benchResults } from './support/results';
import { formatStats, stats } from './support/stats';

const runs = Math.max(1, Number(process.env.RUNS ?? 5));
const verbose = Boolean(process.env.VERBOSE);
const root = path.resolve(import.meta.dirname, '..');

/** Layout shift on every page, at most. */
const CLS_GOAL = 0.05;
const out = benchResults('lighthouse', {
  title: 'Lighthouse mobile performance per page',
  env: ['RUNS', 'ROUTES'],
});

interface Audit {
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
}

interface Run {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  /** What the report flags: metrics, checks and opportunities scoring under 0.9. */
  flagged: string[];
}

/** One Lighthouse run of `url`; throws with Lighthouse's own words when the run fails. */
async function lighthouse(url: string, cookie: string | undefined): Promise<Run> {
  const args = [
    path.join(root, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--only-categories=performance',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, CHROME_PATH: chromiumPath },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    out += chunk;
  });
  child.stderr.on('data', (chunk: string) => {
    err += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0)
    throw new Error(`lighthouse exited with ${code}: ${err.trim().split('\n').slice(-3).join(' ')}`);
  const report = JSON.parse(out) as {
    runtimeError?: { code: string; message: string };
    categories: { performance: { score: number | null } };
    audits: Record<string, Audit>;
  };
  const score = report.categories.performance.score;
  if (process.env.REPORT_DIR) {
    const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`;
    await writeFile(path.join(process.env.REPORT_DIR, name), out);
  }
  if (report.runtimeError || score === null) {
    throw new Error(report.runtimeError?.message ?? 'no performance score');
  }
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const flagged = Object.entries(report.audits)
    .filter(
      ([, entry]) =>
        ['numeric', 'binary', 'metricSavings'].includes(entry.scoreDisplayMode) &&
        entry.score !== null &&
        entry.score < 0.9,
    )
    .map(([id, entry]) => `${id}: ${entry.title}${entry.displayValue ? ` (${entry.displayValue})` : ''}`);
  return {
    score: Math.round(score * 100),
    lcp: audit('largest-contentful-paint'),
    fcp: audit('first-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    bytes: audit('total-byte-weight'),
    flagged,
  };
}

async function main() {
  const routes = chosenRoutes();
  const app = await startBuiltApp();
  try {
    const results = new Map<string, Run[]>(routes.map((route) => [route.path, []]));
    const failures = new Map<string, string[]>();
    for (let round = 0; round < runs; round++) {
      for (const route of routes) {
        const cookie = route.as === 'visitor' ? undefined : app.cookies[route.as];
        try {
          results.get(route.path)?.push(await lighthouse(`${app.baseURL}${route.path}`, cookie));
        } catch (error) {
          failures.set(route.path, [...(failures.get(route.path) ?? []), (error as Error).message]);
        }
      }
    }
    out.log(
      `Lighthouse mobile (simulated slow 4G, 4x CPU), performance: min / median / max of ${runs} runs per page. ${app.baseURL}`,
    );
    out.log('');
    out.log('| page | score | TBT ms | LCP ms | CLS | KB | goals | |');
    out.log('|---|---|---|---|---|---|---|---|');
    for (const route of routes) out.log(tableRow(route, results.get(route.path) ?? []));
    for (const route of routes) {
      for (const failure of failures.get(route.path) ?? [])
        out.log(`${route.path}: a run failed: ${failure}`);
      const runsOf = results.get(route.path) ?? [];
      if (verbose && runsOf.length > 0) {
        const median = stats(runsOf.map((run) => run.score)).median;
        const medianRun = runsOf.find((run) => run.score === median) ?? runsOf[0];
        out.log(`${route.path}, what the median run flags:`);
        for (const line of medianRun?.flagged ?? []) out.log(`    ${line}`);
      }
    }
    out.write();
  } finally {
    await app.close();
  }
}

function tableRow(route: BudgetRoute, results: Run[]): string {
  const goals = `score ≥ ${route.score}, TBT ≤ ${route.tbtMs}, CLS ≤ ${CLS_GOAL}`;
  if (results.length === 0) return `| ${route.path} | every run failed | | | | | ${goals} | not measured |`;
  const of = (pick: (run: Run) => number) => results.map(pick);
  const met =
    stats(of((run) => run.score)).median >= route.score &&
    stats(of((run) => run.tbt)).median <= route.tbtMs &&
    stats(of((run) => run.cls)).median <= CLS_GOAL;
  return `| ${route.path} | ${formatStats(
    of((run) => run.score),
    0,
  )} | ${formatStats(
    of((run) => run.tbt),
    0,
  )} | ${formatStats(
    of((run) => run.lcp),
    0,
  )} | ${formatStats(
    of((run) => run.cls),
    3,
  )} | ${formatStats(
    of((run) => run.bytes / 1024),
    0,
  )} | ${goals} | ${met ? 'met' : 'not met'} |`;
}

await main();
