// Lighthouse's mobile performance score per route (issue 17), on the built app with the demo
// data: the Lighthouse CLI with its mobile defaults (Moto G Power, simulated slow 4G, 4× CPU
// slowdown), performance only, RUNS runs per route (3 by default), in Chromium with
// --headless=new --no-sandbox --disable-gpu. Signed-in routes get the demo artist's or staff
// member's session cookie through --extra-headers. Prints each run's score and the median with
// the medians of LCP, FCP, TBT, CLS and bytes transferred, beside the goals (met / not met).
// VERBOSE=1 also lists, per route, what the median run's report flags (metrics, checks and
// opportunities scoring under 90, with Lighthouse's figure).
// Never passes or fails: the figures depend on the machine.
//   npm run bench:lighthouse
//   SKIP_WEB_BUILD=1 RUNS=5 VERBOSE=1 npm run bench:lighthouse
//   ROUTES=/,/submit npm run bench:lighthouse   # only these routes
//   REPORT_DIR=/tmp/lh npm run bench:lighthouse  # also keeps each run's JSON report there
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { budgetRoutes, chromiumPath, startBuiltApp } from './support/built-app';
import { stats } from './support/stats';

const runs = Math.max(1, Number(process.env.RUNS ?? 3));
const verbose = Boolean(process.env.VERBOSE);
const root = path.resolve(import.meta.dirname, '..');

/** The issue's goals: the performance score per route, and CLS everywhere. */
const scoreGoal: Record<string, number> = {
  '/': 95,
  '/submit': 95,
  '/faq': 95,
  '/dashboard': 90,
  '/admin/board': 90,
};
const CLS_GOAL = 0.05;

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

const columns = (cells: [string, number][]) =>
  cells.map(([text, width]) => (width < 0 ? text.padEnd(-width) : text.padStart(width))).join(' ');

async function main() {
  const app = await startBuiltApp();
  try {
    console.log(
      `Lighthouse mobile (simulated slow 4G, 4x CPU), performance, ${runs} runs per route. ${app.baseURL}`,
    );
    console.log(
      columns([
        ['route', -13],
        ['scores', -16],
        ['median', 6],
        ['LCP ms', 7],
        ['FCP ms', 7],
        ['TBT ms', 7],
        ['CLS', 6],
        ['KB', 6],
        ['  goal', -1],
      ]),
    );
    const only = process.env.ROUTES?.split(',');
    for (const route of budgetRoutes.filter((entry) => !only || only.includes(entry.path))) {
      const cookie = route.as === 'visitor' ? undefined : app.cookies[route.as];
      const results: Run[] = [];
      const failures: string[] = [];
      for (let i = 0; i < runs; i++) {
        try {
          results.push(await lighthouse(`${app.baseURL}${route.path}`, cookie));
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
      const goal = scoreGoal[route.path] ?? 90;
      const goalText = `≥ ${goal}, CLS ≤ ${CLS_GOAL}`;
      if (results.length === 0) {
        console.log(`${columns([[route.path, -13]])} every run failed   ${goalText}: not measured`);
      } else {
        const median = (pick: (run: Run) => number) => stats(results.map(pick)).median;
        const score = median((run) => run.score);
        const cls = median((run) => run.cls);
        const met = score >= goal && cls <= CLS_GOAL;
        console.log(
          columns([
            [route.path, -13],
            [results.map((run) => String(run.score)).join(' '), -16],
            [String(score), 6],
            [median((run) => run.lcp).toFixed(0), 7],
            [median((run) => run.fcp).toFixed(0), 7],
            [median((run) => run.tbt).toFixed(0), 7],
            [cls.toFixed(3), 6],
            [(median((run) => run.bytes) / 1024).toFixed(0), 6],
            [`  ${goalText}: ${met ? 'met' : 'not met'}`, -1],
          ]),
        );
        if (verbose) {
          const medianRun = results.find((run) => run.score === score) ?? results[0];
          for (const line of medianRun?.flagged ?? []) console.log(`    ${line}`);
        }
      }
      for (const failure of failures) console.log(`    a run failed: ${failure}`);
    }
  } finally {
    await app.close();
  }
}

await main();
