// npm run bench:seal — seals a typical agreement (the demo template, a Unicode name, a drawn
// signature) 20 times and prints the time per PDF and its size. Prints figures; asserts nothing.
import os from 'node:os';
import sharp from 'sharp';
import { DEMO_AGREEMENT_TEMPLATE, renderAgreement } from '../src/domain';
import {
  buildSealedAgreementPdf,
  type SealedAgreementInput,
} from '../src/server/services/contracts/seal-agreement-pdf';

const runs = Number(process.env.BENCH_RUNS ?? 20);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function drawnSignature(): Promise<string> {
  const stroke =
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 120 20, 220 190, 320 60 S 520 160, 580 40" stroke="#1a1a2e" stroke-width="5" fill="none"/></svg>';
  const png = await sharp({
    create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: Buffer.from(stroke) }])
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

async function measure(name: string, input: SealedAgreementInput) {
  // The first PDF reads the fonts from disk and warms the JIT; it is not counted.
  await buildSealedAgreementPdf(input);
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const bytes = await buildSealedAgreementPdf({ ...input, sealedAt: new Date() });
    times.push(performance.now() - started);
    size = bytes.length;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  console.log(
    [
      `${name.padEnd(28)} ${String(runs).padStart(3)} PDFs`,
      `${mean.toFixed(1).padStart(7)} ms/PDF`,
      `p50 ${percentile(sorted, 50).toFixed(1)} ms`,
      `p95 ${percentile(sorted, 95).toFixed(1)} ms`,
      `${(size / 1024).toFixed(1)} KiB`,
    ].join('  '),
  );
}

async function main() {
  console.log(`Imprint seal bench: node ${process.version}, ${os.cpus().length} cpus\n`);
  const name = 'Zoë Łódź Привет';
  const labelName = 'Imprint Records';
  const requestId = '6f1c7a2e-1111-4222-8333-944445555666';
  const now = new Date();
  const base: SealedAgreementInput = {
    requestId,
    title: DEMO_AGREEMENT_TEMPLATE.title,
    text: renderAgreement(DEMO_AGREEMENT_TEMPLATE.body, {
      artistName: name,
      artistEmail: 'zoe@example.com',
      labelName,
      date: now.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
    }),
    templateVersion: 1,
    signerName: name,
    signerEmail: 'zoe@example.com',
    signature: { method: 'typed', typedName: name },
    createdAt: now,
    viewedAt: now,
    consentedAt: now,
    signedAt: now,
    ip: '203.0.113.7',
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    documentSha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    verifyUrl: `http://localhost:3000/contracts/${requestId}/verify`,
    labelName,
    sealedAt: now,
  };
  await measure('typed signature', base);
  await measure('drawn signature', {
    ...base,
    signature: { method: 'drawn', pngDataUrl: await drawnSignature() },
  });
}

await main();
