// How long the loudness and level check of the submission form takes on a 5-minute 24-bit 48 kHz stereo
// WAV (86 MB): in Chromium, through the submission form, from the file chosen (the input's change
// event) to the result shown (the level check's note in the track card), the measuring done by
// the form's Web Worker; and in Node, the same function (`checkFileLoudness`) on the same file,
// without a worker, for comparison. The upload the form starts on pick is held back (its first
// request never answered), so the figure is the check's alone. RUNS rounds (3 by default), min /
// median / max. Prints figures; never passes or fails. Writes what it prints to
// bench/results/loudness.md (BENCH_RESULTS=0: not).
//   npm run bench:loudness                 # builds the app first
//   SKIP_WEB_BUILD=1 npm run bench:loudness
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { artistDetails, openSubmitWithDraft } from '../e2e/support/submission';
import { encodeWav } from '../src/domain/audio';
import { checkFileLoudness } from '../src/web/audio/check-file-loudness';
import { chromiumPath, startBuiltApp } from './support/built-app';
import { benchResults } from './support/results';
import { formatStats } from './support/stats';

const runs = Math.max(1, Number(process.env.RUNS ?? 3));
const SAMPLE_RATE = 48_000;
const SECONDS = 5 * 60;
const out = benchResults('loudness', {
  title: 'the level check of a 5-minute master, in Chromium and in Node',
  env: ['RUNS'],
});

/**
 * A master-like signal at about −14 LUFS: a chord of three tones whose level swells every few
 * seconds, over noise from a fixed seed, so every filter of the meter works on real numbers.
 */
function writeMaster(file: string): number {
  const frames = SECONDS * SAMPLE_RATE;
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  let seed = 0x2f6b_1d37;
  const noise = () => {
    seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
    return seed / 2 ** 31 - 1;
  };
  for (let i = 0; i < frames; i++) {
    const t = i / SAMPLE_RATE;
    const swell = 0.6 + 0.4 * Math.sin(2 * Math.PI * 0.2 * t);
    const chord =
      Math.sin(2 * Math.PI * 220 * t) +
      0.7 * Math.sin(2 * Math.PI * 277.2 * t) +
      0.5 * Math.sin(2 * Math.PI * 329.6 * t);
    left[i] = 0.24 * swell * chord + 0.04 * noise();
    right[i] = 0.24 * swell * chord + 0.04 * noise();
  }
  const bytes = encodeWav({ sampleRate: SAMPLE_RATE, samples: [left, right], bitsPerSample: 24 });
  fs.writeFileSync(file, bytes);
  return bytes.length;
}

/** Seconds from the file chosen to the check's result on screen, measured by the page itself. */
async function checkInChromium(page: Page, file: string): Promise<number> {
  await page.addInitScript(() => {
    const state = window as unknown as { __chosenAt?: number; __checkedAt?: number };
    document.addEventListener(
      'change',
      (event) => {
        if (event.target instanceof HTMLInputElement && event.target.type === 'file')
          state.__chosenAt = performance.now();
      },
      true,
    );
    const observer = new MutationObserver(() => {
      if (
        state.__checkedAt === undefined &&
        document.querySelector('[role="note"][aria-label^="Level check of"]')
      )
        state.__checkedAt = performance.now();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  // The upload the form starts on pick: held at its first request, so it reads none of the file.
  await page.route(/\/api\/(upload|uploads|storage)\//, () => {});
  await openSubmitWithDraft(page, 1, artistDetails());
  await page.getByLabel('WAV file for Track 1').setInputFiles(file);
  const note = page.getByRole('note', { name: /^Level check of/ });
  await note.waitFor({ timeout: 600_000 });
  if (!(await note.textContent())?.includes('Loudness'))
    throw new Error(`no measurement: ${await note.textContent()}`);
  const { chosenAt, checkedAt } = await page.evaluate(() => {
    const state = window as unknown as { __chosenAt: number; __checkedAt: number };
    return { chosenAt: state.__chosenAt, checkedAt: state.__checkedAt };
  });
  return (checkedAt - chosenAt) / 1000;
}

async function checkInNode(file: string): Promise<number> {
  const blob = await fs.openAsBlob(file);
  const started = performance.now();
  const outcome = await checkFileLoudness(blob);
  const seconds = (performance.now() - started) / 1000;
  if (!outcome.ok) throw new Error(outcome.reason);
  return seconds;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-bench-loudness-'));
  const file = path.join(dir, 'five-minute-master.wav');
  try {
    const size = writeMaster(file);
    const app = await startBuiltApp();
    const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
    const chromiumSeconds: number[] = [];
    const nodeSeconds: number[] = [];
    try {
      // Alternately, so that a busy moment of the machine falls on both alike.
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ baseURL: app.baseURL, serviceWorkers: 'block' });
        chromiumSeconds.push(await checkInChromium(await context.newPage(), file));
        await context.close();
        nodeSeconds.push(await checkInNode(file));
      }
    } finally {
      await browser.close();
      await app.close();
    }

    out.log(
      `Loudness check of a 5-minute 24-bit 48 kHz stereo WAV (${(size / 1e6).toFixed(1)} MB), ${runs} runs, seconds (min / median / max)`,
    );
    out.log(
      `  ${'Chromium, Web Worker, file chosen → result shown'.padEnd(52)} ${formatStats(chromiumSeconds)}`,
    );
    out.log(
      `  ${`Node ${process.versions.node}, same code, no worker`.padEnd(52)} ${formatStats(nodeSeconds)}`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  out.write();
}

await main();
