import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { generateSshKeyPair } from './src/server/stand-ins/sftp';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${port}`;

// Each run starts the real app (built by `npm run test:e2e`) on a fresh DATA_DIR with demo data.
// The config file is evaluated by every worker too: only the main process makes the directory.
const dataDir =
  process.env.E2E_DATA_DIR ??
  (process.env.TEST_WORKER_INDEX === undefined ? fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-e2e-')) : '');
if (dataDir) process.env.E2E_DATA_DIR = dataDir;

// The key Imprint signs in to the store's SFTP drop box with; e2e/staff/delivery.spec.ts starts the
// drop box (src/server/stand-ins/sftp.ts) on E2E_SFTP_PORT, accepting the public half.
const sftpPort = Number(process.env.E2E_SFTP_PORT ?? 3198);
const sftpKeyFile = dataDir ? path.join(dataDir, 'e2e-sftp-key') : '';
if (dataDir && !fs.existsSync(sftpKeyFile)) {
  const pair = generateSshKeyPair();
  fs.writeFileSync(sftpKeyFile, pair.private, { mode: 0o600 });
  fs.writeFileSync(`${sftpKeyFile}.pub`, pair.public);
}

export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results',
  use: {
    baseURL,
    // Tracing every test costs about a quarter of the suite's time; E2E_TRACE=1 keeps failures' traces.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // The app registers a service worker. Every spec but the worker's own runs without
    // one, so that no spec sees assets from a cache another spec's page filled;
    // e2e/public/service-worker.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    {
      name: 'chromium',
      dependencies: ['setup'],
      testIgnore: /site-mode\//,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // Specs that switch the site-wide submission mode: alone, after every other spec, since the
    // others expect full submissions.
    {
      name: 'site-mode',
      dependencies: ['chromium'],
      testMatch: /site-mode\/.*\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'node scripts/start.mjs',
        url: `${baseURL}/api/health`,
        timeout: 120_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          DATA_DIR: dataDir,
          SKIP_WEB_BUILD: '1',
          LOG_LEVEL: 'warn',
          // The monday.com mirror, pointed at the stand-in that e2e/staff/test-dashboard.spec.ts starts
          // and stops on this fixed port (with the stand-in's default token and board). The rest of
          // the time nothing listens there: other specs' board syncs retry in the background and
          // /api/health answers 200 'degraded'.
          MONDAY_API_TOKEN: 'stand-in-token',
          MONDAY_BOARD_ID: '1234567890',
          MONDAY_API_URL: `http://127.0.0.1:${process.env.E2E_MONDAY_PORT ?? 3199}/v2`,
          // The suite's hooks (src/server/routes/api/test-hooks.ts, test-clock.ts): a response
          // promise run on a clock the spec sets, limited to the spec's own submissions.
          IMPRINT_TEST_HOOKS: '1',
          // Every spec submits from 127.0.0.1: the whole suite makes more than the default 30 an
          // hour (the limit itself is tested by the server tests, at its default).
          SUBMISSIONS_PER_HOUR_PER_IP: '1000',
          // e2e/support/accounts.ts signs in through the API from addresses of its own.
          TRUST_PROXY: '1',
          // Delivery: ISRCs assigned at approval, the UPC entered by hand (the checklist's fix), the
          // store's SFTP drop box that e2e/staff/delivery.spec.ts starts and stops on this port.
          ISRC_PREFIX: 'GB-IMP',
          DDEX_PARTY_ID: 'PADPIDA2014120301U',
          DELIVERY_SFTP_URL: `sftp://dsp@127.0.0.1:${sftpPort}/incoming`,
          DELIVERY_SFTP_KEY_FILE: sftpKeyFile,
        },
      },
});
