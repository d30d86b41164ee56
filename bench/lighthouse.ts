// Lighthouse's mobile performance score per route (issue 17), on the built app with the demo
// data: the Lighthouse CLI with its mobile defaults (Moto G Power, simulated slow 4G, 4× CPU
// slowdown), performance only, RUNS runs per route (3 by default). Signed-in routes get the demo
// artist's or staff member's session cookie through --extra-headers. Prints each run's score and
// the median with LCP, FCP, TBT, CLS and bytes transferred, beside the goals. Never passes or fails.
//   npm run bench:lighthouse
//   SKIP_WEB_BUILD=1 RUNS=5 npm run bench:lighthouse
import { spawn } from 'node:child_process';
import path from 'node:path';
import { budgetRoutes, chromiumPath, startBuiltApp, stats } from './support/built-app';

const runs = Number(process.env.RUNS ?? 3);
const root = path.resolve(import.meta.dirname, '..');

/** The goals: the performance score, and CLS everywhere. */
const scoreGoal: Record<string, number> = {
  '/': 95,
  '/submit': 95,
  '/faq': 95,
  '/dashboard': 90,
  '/admin/board': 90,
};
const CLS_GOAL = 0.05;

interface Run {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  bytes: number;
}

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
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    out += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`lighthouse exited with ${code} for ${url}`);
  const report = JSON.parse(out) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue?: number }>;
  };
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcp: audit('largest-contentful-paint'),
    fcp: audit('first-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    bytes: audit('total-byte-weight'),
  };
}

async function main() {
  const app = await startBuiltApp();
  try {
    console.log(`Lighthouse mobile, performance, ${runs} runs per route. ${app.baseURL}`);
    console.log(
      `${'route'.padEnd(14)} ${'runs'.padEnd(16)} ${'median'.padStart(6)}  ${'LCP ms'.padStart(7)} ${'FCP ms'.padStart(7)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)} ${'KB'.padStart(6)}   goal`,
    );
    for (const route of budgetRoutes) {
      const cookie = route.as === 'visitor' ? undefined : app.cookies[route.as];
      const results: Run[] = [];
      for (let i = 0; i < runs; i++) results.push(await lighthouse(`${app.baseURL}${route.path}`, cookie));
      const median = (pick: (run: Run) => number) => stats(results.map(pick)).median;
      const score = median((run) => run.score);
      const cls = median((run) => run.cls);
      const goal = scoreGoal[route.path] ?? 90;
      const met = score >= goal && cls <= CLS_GOAL;
      console.log(
        `${route.path.padEnd(14)} ${results
          .map((run) => String(run.score))
          .join(' ')
          .padEnd(16)} ${String(score).padStart(6)}  ${median((run) => run.lcp)
          .toFixed(0)
          .padStart(7)} ${median((run) => run.fcp)
          .toFixed(0)
          .padStart(7)} ${median((run) => run.tbt)
          .toFixed(0)
          .padStart(
            7,
          )} ${cls.toFixed(3).padStart(6)} ${(median((run) => run.bytes) / 1024).toFixed(0).padStart(6)}   ≥${goal}, CLS ≤${CLS_GOAL}: ${met ? 'met' : 'not met'}`,
      );
    }
  } finally {
    await app.close();
  }
}

await main();
