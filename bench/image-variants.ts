// npm run bench:images — how soon an uploaded 3000 x 3000 JPEG can be shown at the size a page
// needs (the goal: within 1 s): the time from its `uploads.image-variants` job being queued to
// every variant (AVIF, WebP and JPEG at each width of jobs/make-image-variants.ts) stored and
// recorded. Prints figures; asserts nothing (the machine is shared and noisy). Writes what it
// prints to bench/results/images.md (BENCH_RESULTS=0: not).
//   npm run bench:images                          # embedded PGlite
//   DATABASE_URL=postgres://... npm run bench:images
//   ROUNDS=5 npm run bench:images
//
// Each round uploads a fresh JPEG through POST /api/upload/storage with the app's job worker
// running as in production (woken by the database's NOTIFY, polling once a second otherwise). The
// job's handler is wrapped to note when it starts and ends; "queued" is the job row's created_at.
// The baseline, measured on the same image in the same round, is the least any variant can cost:
// sharp decoding the JPEG (shrink-on-load) and writing one 640 px JPEG.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { jobs } from '../src/server/db/schema';
import { imageVariantWidths, makeImageVariantsJob } from '../src/server/jobs/make-image-variants';
import { multipartBody } from '../src/server/test/multipart';
import { benchResults } from './support/results';
import { formatStats, stats } from './support/stats';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SIZE = 3000;
const out = benchResults('images', {
  title: "a cover's variants, from queued to stored, against one bare resize",
  env: ['ROUNDS'],
});

/** A photo-like cover: smooth colour noise, upscaled, so it compresses like a real one (~1 MB). */
async function makeCover(): Promise<Buffer> {
  const small = await sharp({
    create: {
      width: 750,
      height: 750,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .blur(2)
    .png()
    .toBuffer();
  return sharp(small).resize(SIZE, SIZE, { kernel: 'cubic' }).jpeg({ quality: 90 }).toBuffer();
}

async function baselineMs(jpeg: Buffer): Promise<number> {
  const started = performance.now();
  await sharp(jpeg).resize({ width: 640 }).jpeg({ quality: 80 }).toBuffer();
  return performance.now() - started;
}

interface Run {
  uploadId?: string;
  started?: number;
  ended?: number;
  done?: () => void;
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-bench-images-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'false' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  await database.migrate();

  // The job's own handler, timed: the worker runs the same definition object (allJobs holds it).
  let run: Run = {};
  const handle = makeImageVariantsJob.handle;
  makeImageVariantsJob.handle = async (payload, context) => {
    const current = run;
    current.started = Date.now();
    await handle(payload, context);
    current.ended = Date.now();
    current.done?.();
  };

  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  app.jobs.start();
  out.log(
    `Imprint image variants bench: ${database.kind}, node ${process.version}, ${os.cpus().length} cpus, ` +
      `sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), ${ROUNDS} rounds`,
  );
  out.log(
    `a ${SIZE} x ${SIZE} JPEG → AVIF, WebP and JPEG at ${imageVariantWidths.join(', ')} px (worker polls every 1000 ms)\n`,
  );

  const totals: number[] = [];
  const wakes: number[] = [];
  const work: number[] = [];
  const baselines: number[] = [];
  let bytes = 0;
  for (let round = 0; round <= ROUNDS; round++) {
    const jpeg = await makeCover();
    bytes = jpeg.length;
    const baseline = await baselineMs(jpeg);
    run = {};
    const finished = new Promise<void>((resolve) => {
      run.done = resolve;
    });
    const { contentType, body } = multipartBody([
      { field: 'artistName', value: 'Bench Artist' },
      { field: 'fileType', value: 'artwork' },
      { field: 'sessionId', value: `bench-images-${round}-0001` },
      { name: 'cover.jpg', type: 'image/jpeg', body: jpeg },
    ]);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    const response = await app.inject({
      method: 'POST',
      url: '/api/upload/storage',
      headers: { 'content-type': contentType, origin: config.publicUrl },
      payload: Buffer.concat(chunks),
    });
    if (response.statusCode !== 200)
      throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
    await finished;
    const [job] = await database.db
      .select({ createdAt: jobs.createdAt })
      .from(jobs)
      .where(eq(jobs.type, 'uploads.image-variants'))
      .orderBy(jobs.id)
      .offset(round)
      .limit(1);
    if (!job || run.started === undefined || run.ended === undefined) throw new Error('job not timed');
    const queued = job.createdAt.getTime();
    // Round 0 warms sharp, the encoders and the code paths; it is not counted.
    if (round === 0) continue;
    totals.push(run.ended - queued);
    wakes.push(run.started - queued);
    work.push(run.ended - run.started);
    baselines.push(baseline);
  }
  await app.close();
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });

  const median = (values: number[]) => stats(values).median;
  const ratios = totals.map((total, index) => total / (baselines[index] ?? Number.NaN));
  out.log(`source JPEG ${(bytes / 1024 / 1024).toFixed(2)} MB                 min / median / max`);
  out.log(`queued → picked up by the worker (ms)     ${formatStats(wakes, 0)}`);
  out.log(`job: read, decode, 15 encodes, store (ms) ${formatStats(work, 0)}`);
  out.log(`queued → all variants ready (ms)          ${formatStats(totals, 0)}`);
  out.log(`baseline: sharp decode + one 640 px JPEG  ${formatStats(baselines, 0)}`);
  out.log(`ratio to the baseline                     ${formatStats(ratios, 1)}`);
  out.log(
    `\nmedian ${median(totals).toFixed(0)} ms from queued to ready: ${median(totals) <= 1000 ? 'within' : 'over'} the 1 s goal`,
  );
  out.write();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
