// npm run bench:seal — seals a typical agreement (the demo template, a Unicode name, typed and
// drawn signatures) as the sealing job does, signed with the seal certificate (PAdES-style CMS
// signature, the self-signed certificate Imprint makes), against the same PDF unsigned (sealed PDFs
// before they carried a signature: `{ sign: false }`, kept for this bench only). The two take turns
// PDF by PDF, the first going first every other time, so the machine's noise falls on both alike.
// Prints ms per PDF min / median / max of each, the signed/unsigned ratio PDF by PDF, and the size.
// Prints figures; asserts nothing (the goal: signed within 2x of unsigned, by the median ratio).
// A last row seals with a timestamp from the local RFC 3161 stand-in (TSA_URL): one HTTP round trip
// and the authority's RSA signature on top, outside the 2x goal (a real authority adds its network).
// Writes what it prints to bench/results/seal.md (BENCH_RESULTS=0: not).
//   BENCH_RUNS=20   PDFs of each
import os from 'node:os';
import sharp from 'sharp';
import { DEMO_AGREEMENT_TEMPLATE, renderAgreement } from '../src/domain';
import { Rfc3161TimestampAuthority } from '../src/server/providers/timestamp/timestamp-authority';
import {
  buildSealedAgreementPdf,
  type SealedAgreementInput,
  type SealSigning,
} from '../src/server/services/contracts/seal-agreement-pdf';
import { createSelfSignedSealP12, readSealP12 } from '../src/server/services/contracts/seal-certificate';
import { startTsaStandIn } from '../src/server/stand-ins/tsa';
import { benchResults } from './support/results';
import { formatStats, stats } from './support/stats';

const runs = Number(process.env.BENCH_RUNS ?? 20);
const out = benchResults('seal', {
  title: 'sealing an agreement PDF, signed against unsigned',
  env: ['BENCH_RUNS'],
});

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

async function timed(
  input: SealedAgreementInput,
  signing: SealSigning,
): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const pdf = await buildSealedAgreementPdf({ ...input, sealedAt: new Date() }, signing);
  return { ms: performance.now() - started, bytes: pdf.length };
}

async function measure(name: string, input: SealedAgreementInput, signed: SealSigning) {
  const unsigned: SealSigning = { sign: false };
  // The first of each reads the fonts and the certificate and warms the JIT; not counted.
  await timed(input, unsigned);
  await timed(input, signed);
  const unsignedMs: number[] = [];
  const signedMs: number[] = [];
  let sizes = { unsigned: 0, signed: 0 };
  for (let i = 0; i < runs; i++) {
    const order = i % 2 === 0 ? (['unsigned', 'signed'] as const) : (['signed', 'unsigned'] as const);
    for (const which of order) {
      const { ms, bytes } = await timed(input, which === 'signed' ? signed : unsigned);
      (which === 'signed' ? signedMs : unsignedMs).push(ms);
      sizes = { ...sizes, [which]: bytes };
    }
  }
  const ratio = signedMs.map((ms, index) => ms / (unsignedMs[index] ?? Number.NaN));
  const medianRatio = stats(signedMs).median / stats(unsignedMs).median;
  out.log(
    [
      name.padEnd(16),
      formatStats(unsignedMs, 1).padEnd(22),
      formatStats(signedMs, 1).padEnd(22),
      formatStats(ratio, 2).padEnd(20),
      `${medianRatio.toFixed(2)}x`.padEnd(8),
      `${(sizes.unsigned / 1024).toFixed(1)} / ${(sizes.signed / 1024).toFixed(1)} KiB`,
    ].join(' '),
  );
  return medianRatio;
}

async function main() {
  out.log(`Imprint seal bench: node ${process.version}, ${os.cpus().length} cpus, ${runs} PDFs of each`);
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
  const made = await createSelfSignedSealP12(labelName);
  const certificate = readSealP12(made.p12, made.passphrase, { source: 'generated', file: '(in memory)' });
  const signed: SealSigning = { certificate, contactInfo: 'hello@imprint.example' };
  out.log(`seal certificate: "${certificate.commonName}", self-signed RSA 2048 as Imprint makes it\n`);
  out.log(
    `${'agreement'.padEnd(16)} ${'unsigned ms/PDF'.padEnd(22)} ${'signed ms/PDF'.padEnd(22)} ${'ratio PDF by PDF'.padEnd(20)} ${'median'.padEnd(8)} size unsigned / signed`,
  );
  out.log(
    `${''.padEnd(16)} ${'min / median / max'.padEnd(22)} ${'min / median / max'.padEnd(22)} ${'min / median / max'.padEnd(20)} ${'ratio'.padEnd(8)}`,
  );
  const ratios = [
    await measure('typed signature', base, signed),
    await measure(
      'drawn signature',
      { ...base, signature: { method: 'drawn', pngDataUrl: await drawnSignature() } },
      signed,
    ),
  ];
  const tsa = await startTsaStandIn();
  try {
    await measure('typed + TSA', base, { ...signed, timestamps: new Rfc3161TimestampAuthority(tsa.url) });
  } finally {
    await tsa.close();
  }
  const worst = Math.max(...ratios);
  out.log(
    `\nsigned vs unsigned, median ratio: ${worst.toFixed(2)}x at most: ${worst <= 2 ? 'within' : 'over'} the 2x goal (without the TSA row)`,
  );
  out.write();
}

await main();
