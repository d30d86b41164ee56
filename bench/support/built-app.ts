// The built app as a visitor meets it, for the web benches (bench/web.ts, bench/lighthouse.ts):
// `vite build`, then the real server (`scripts/start.mjs`) on a fresh DATA_DIR with the demo
// data, and the demo artist and staff member signed in through the real e-mail flow.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');

export type Who = 'visitor' | 'artist' | 'staff';
export type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

export interface BuiltApp {
  baseURL: string;
  /** The session cookie of each signed-in role, as `name=value`. */
  cookies: Record<Exclude<Who, 'visitor'>, string>;
  /** Playwright storage states (cookies) per signed-in role. */
  storageStates: Record<Exclude<Who, 'visitor'>, StorageState>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitForHealth(baseURL: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${baseURL}/api/health`)
      .then((response) => response.status < 500 || response.status === 503)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('the server did not start within 2 minutes');
}

/** Builds the web app (unless SKIP_WEB_BUILD=1) and starts the server with the demo data. */
export async function startBuiltApp(): Promise<BuiltApp> {
  if (process.env.SKIP_WEB_BUILD !== '1') {
    const build = spawnSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-bench-web-'));
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
    },
  });
  const close = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseURL, child);
    // The e2e helpers read the sign-in mail from this server's dev outbox.
    process.env.E2E_DATA_DIR = dataDir;
    const { demoArtist, demoStaff, signInThroughApi } = await import('../../e2e/support/accounts');
    const signIn = async (email: string) => {
      const context = await playwrightRequest.newContext({ baseURL });
      await signInThroughApi(context, baseURL, email);
      const state = await context.storageState();
      await context.dispose();
      const cookie = state.cookies.find((entry) => entry.httpOnly) ?? state.cookies[0];
      if (!cookie) throw new Error(`no session cookie for ${email}`);
      return { state, cookie: `${cookie.name}=${cookie.value}` };
    };
    const artist = await signIn(demoArtist);
    const staff = await signIn(demoStaff);
    return {
      baseURL,
      cookies: { artist: artist.cookie, staff: staff.cookie },
      storageStates: { artist: artist.state, staff: staff.state },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The pages the budgets name (bench:web's bytes and tap, bench:lighthouse's scores), with who opens them and their goals. */
export interface BudgetRoute {
  path: string;
  as: Who;
  /** Lighthouse mobile performance score, at least. */
  score: number;
  /** Total blocking time in Lighthouse's mobile run, at most (ms). */
  tbtMs: number;
  /** Same-origin JavaScript loaded by network idle, brotli, at most (KB). */
  jsKb: number;
}

export const budgetRoutes: BudgetRoute[] = [
  { path: '/', as: 'visitor', score: 98, tbtMs: 100, jsKb: 150 },
  { path: '/faq', as: 'visitor', score: 98, tbtMs: 100, jsKb: 150 },
  { path: '/learn-more', as: 'visitor', score: 98, tbtMs: 100, jsKb: 150 },
  { path: '/submit', as: 'visitor', score: 95, tbtMs: 200, jsKb: 250 },
  { path: '/dashboard', as: 'artist', score: 90, tbtMs: 300, jsKb: 300 },
  { path: '/admin/board', as: 'staff', score: 90, tbtMs: 300, jsKb: 300 },
];

/** On /submit, step 1 answers a tap on Next Step within this many ms (4x CPU slowdown). */
export const TAP_GOAL_MS = 100;

/** The routes a bench was asked for (`ROUTES=/,/submit`), or all of them. */
export function chosenRoutes(): BudgetRoute[] {
  const only = process.env.ROUTES?.split(',');
  return budgetRoutes.filter((route) => !only || only.includes(route.path));
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
