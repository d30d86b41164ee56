import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGREEMENT_TEMPLATE, renderAgreement } from '../../../domain';
import {
  Rfc3161TimestampAuthority,
  TimestampAuthorityError,
} from '../../providers/timestamp/timestamp-authority';
import { startTsaStandIn, type TsaStandIn } from '../../stand-ins/tsa';
import { readPdfSignature } from './read-pdf-signature';
import {
  buildSealedAgreementPdf as buildPdf,
  certificateRows,
  pdfTextLiteral,
  type SealedAgreementInput,
  verificationNote,
} from './seal-agreement-pdf';
import { createSelfSignedSealP12, readSealP12, type SealCertificate } from './seal-certificate';

const run = promisify(execFile);
let dir: string;
let certificate: SealCertificate;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-seal-pdf-'));
  const made = await createSelfSignedSealP12(labelName);
  certificate = readSealP12(made.p12, made.passphrase, { source: 'generated', file: 'seal.p12' });
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** The PDF's text as a PDF reader extracts it (poppler's pdftotext, as CI installs it). */
async function extractText(bytes: Uint8Array, options: string[] = []): Promise<string> {
  const file = await writeTemp(bytes);
  const { stdout } = await run('/usr/bin/pdftotext', [...options, '-enc', 'UTF-8', file, '-']);
  return stdout;
}

/** Every seal is signed: these tests read the same signed PDF the sealing job stores. */
const buildSealedAgreementPdf = (input: SealedAgreementInput) =>
  buildPdf(input, { certificate, contactInfo: 'hello@northern.example' });

/** poppler's pdfsig, as a reader outside Imprint checks the signature (it exits 1 when one fails). */
async function pdfsig(bytes: Uint8Array): Promise<string> {
  const file = await writeTemp(bytes);
  try {
    // pdfsig prints the signing time in the local zone.
    return (await run('/usr/bin/pdfsig', [file], { env: { ...process.env, TZ: 'UTC' } })).stdout;
  } catch (error) {
    return (error as { stdout?: string }).stdout ?? '';
  }
}

const squash = (value: string) => value.replace(/\s+/g, '');
const pagesOf = (text: string) => text.split('\f').filter((page) => page.trim());

const unicodeName = 'Zoë Łódź Привет';
const labelName = 'Northern Imprint';
const requestId = '6f1c7a2e-1111-4222-8333-944445555666';
const userAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Imprint-Test/1.0';

function agreementInput(overrides: Partial<SealedAgreementInput> = {}): SealedAgreementInput {
  const text = renderAgreement(DEMO_AGREEMENT_TEMPLATE.body, {
    artistName: unicodeName,
    artistEmail: 'zoe@example.com',
    labelName,
    date: '21 November 2026',
  });
  return {
    requestId,
    title: DEMO_AGREEMENT_TEMPLATE.title,
    text,
    templateVersion: 3,
    signerName: unicodeName,
    signerEmail: 'zoe@example.com',
    signature: { method: 'typed', typedName: unicodeName },
    createdAt: new Date('2026-11-20T09:15:30.250Z'),
    viewedAt: new Date('2026-11-20T09:16:02Z'),
    consentedAt: new Date('2026-11-20T09:17:45Z'),
    signedAt: new Date('2026-11-20T09:18:11Z'),
    ip: '203.0.113.7',
    userAgent,
    documentSha256: 'c0ffee'.padEnd(64, '0123456789abcdef'),
    verifyUrl: `http://localhost:3000/contracts/${requestId}/verify`,
    labelName,
    sealedAt: new Date('2026-11-20T09:18:13Z'),
    ...overrides,
  };
}

describe('buildSealedAgreementPdf', () => {
  it('writes the agreement, the signature and a certificate page a PDF reader can extract', async () => {
    const input = agreementInput();
    const bytes = await buildSealedAgreementPdf(input);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = await extractText(bytes);
    const pages = pagesOf(text);
    expect(pages.length).toBe(2);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(page).toContain(labelName);
    });

    // The agreement as signed, paragraph by paragraph, non-Latin name included.
    const [agreementPage, certificatePage] = pages as [string, string];
    for (const block of ['1. Term', '5. Governing law', 'governed by the law of the United Kingdom']) {
      expect(agreementPage).toContain(block);
    }
    expect(squash(agreementPage)).toContain(
      squash(
        `This agreement is made on 21 November 2026 between ${labelName} ("the Label") and ${unicodeName}`,
      ),
    );
    expect(agreementPage).toContain('Signature');
    expect(squash(agreementPage)).toContain(
      squash(`Signed electronically by ${unicodeName} <zoe@example.com> on 2026-11-20 09:18:11 UTC`),
    );

    // Every field of the certificate, label and value, in the order of the table.
    expect(certificatePage).toContain('Signature certificate');
    const rows = certificateRows(input);
    expect(rows.map(([label]) => label)).toEqual([
      'Request ID',
      'Document title',
      'Template version',
      'Signer name',
      'Signer e-mail',
      'IP address',
      'User agent',
      'Created',
      'Viewed',
      'Consented',
      'Signed',
      'Signature method',
      'Agreement text SHA-256',
      'Sealed',
    ]);
    const flat = squash(certificatePage);
    let position = 0;
    for (const [label, value] of rows) {
      const at = flat.indexOf(squash(label), position);
      expect(at, label).toBeGreaterThanOrEqual(0);
      expect(flat.indexOf(squash(value), at), `${label}: ${value}`).toBeGreaterThan(at);
      position = at;
    }
    expect(Object.fromEntries(rows)).toMatchObject({
      'Request ID': requestId,
      'Template version': '3',
      'Signer name': unicodeName,
      'IP address': '203.0.113.7',
      'User agent': userAgent,
      Created: '2026-11-20T09:15:30Z',
      Viewed: '2026-11-20T09:16:02Z',
      Consented: '2026-11-20T09:17:45Z',
      Signed: '2026-11-20T09:18:11Z',
      'Signature method': 'Typed name',
      'Agreement text SHA-256': input.documentSha256,
      Sealed: '2026-11-20T09:18:13Z',
    });
    expect(flat).toContain(squash(verificationNote(input)));
    expect(flat).toContain(squash(input.verifyUrl));
  });

  it('keeps the long values whole across wrapped lines (hash, user agent)', async () => {
    const longAgent = `${userAgent} ${'X'.repeat(150)}`;
    const input = agreementInput({ userAgent: longAgent });
    const text = await extractText(await buildSealedAgreementPdf(input), ['-layout']);
    const certificate = pagesOf(text)[1] ?? '';
    // Wrapped, so no line holds the whole value, yet every character is there in order.
    expect(certificate).not.toContain(input.documentSha256);
    expect(squash(certificate)).toContain(input.documentSha256);
    expect(squash(certificate)).toContain(squash(longAgent));
    for (const line of certificate.split('\n')) expect(line.length).toBeLessThan(140);
  });

  it('records what was not captured as such', async () => {
    const input = agreementInput({ viewedAt: null, consentedAt: null, ip: null, userAgent: null });
    const rows = Object.fromEntries(certificateRows(input));
    expect(rows).toMatchObject({
      Viewed: 'Not recorded',
      Consented: 'Not recorded',
      'IP address': 'Not recorded',
      'User agent': 'Not recorded',
    });
    const certificate = pagesOf(await extractText(await buildSealedAgreementPdf(input)))[1] ?? '';
    expect(certificate.match(/Not recorded/g)?.length).toBe(4);
  });

  it('embeds a drawn signature as an image', async () => {
    const png = await sharp({
      create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 120 20, 220 190, 320 60 S 520 160, 580 40" stroke="#1a1a2e" stroke-width="6" fill="none"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const input = agreementInput({
      signature: { method: 'drawn', pngDataUrl: `data:image/png;base64,${png.toString('base64')}` },
    });
    const bytes = await buildSealedAgreementPdf(input);
    const { stdout } = await run('/usr/bin/pdfimages', ['-list', await writeTemp(bytes)]);
    const images = stdout.split('\n').slice(2).filter(Boolean);
    expect(images.length).toBeGreaterThanOrEqual(1);
    expect(images[0]).toMatch(/^\s*1\s+\d+\s+image\s+600\s+200\s/);
    const text = await extractText(bytes);
    expect(text).toContain('Drawn signature');
    expect(squash(text)).toContain(squash(`Signed electronically by ${unicodeName} <zoe@example.com>`));
  });

  it('refuses a drawn signature that is not a PNG', async () => {
    await expect(
      buildSealedAgreementPdf(
        agreementInput({ signature: { method: 'drawn', pngDataUrl: 'data:image/png;base64,AAAA' } }),
      ),
    ).rejects.toThrow();
    await expect(
      buildSealedAgreementPdf(
        agreementInput({ signature: { method: 'drawn', pngDataUrl: 'data:image/jpeg;base64,AAAA' } }),
      ),
    ).rejects.toThrow('The drawn signature is not a PNG data URL');
  });

  it('paginates a long agreement and numbers every page', async () => {
    const paragraphs = Array.from(
      { length: 60 },
      (_, i) =>
        `${i % 10 === 0 ? `# Section ${i / 10 + 1}\n\n` : ''}Paragraph ${i + 1}: the Label and ${unicodeName} agree that this clause is part of the agreement and is read together with every other clause of it, in the order in which they appear.`,
    );
    const input = agreementInput({ text: paragraphs.join('\n\n') });
    const bytes = await buildSealedAgreementPdf(input);
    const doc = await PDFDocument.load(bytes);
    const count = doc.getPageCount();
    expect(count).toBeGreaterThanOrEqual(4);
    for (const page of doc.getPages()) {
      expect(page.getWidth()).toBeCloseTo(595.28, 1);
      expect(page.getHeight()).toBeCloseTo(841.89, 1);
    }
    const pages = pagesOf(await extractText(bytes));
    expect(pages.length).toBe(count);
    for (const [index, page] of pages.entries()) expect(page).toContain(`Page ${index + 1} of ${count}`);
    const flat = squash(pages.join(''));
    // Every paragraph, in order, none lost at a page break.
    let position = 0;
    for (let i = 1; i <= 60; i++) {
      const at = flat.indexOf(`Paragraph${i}:`, position);
      expect(at, `paragraph ${i}`).toBeGreaterThan(position - 1);
      position = at;
    }
    expect(pages.at(-1)).toContain('Signature certificate');
    expect(pages.at(-2)).toContain('Signed electronically by');
  });

  it('breaks a word longer than the line', async () => {
    const word = 'W'.repeat(300);
    const bytes = await buildSealedAgreementPdf(agreementInput({ text: `# Terms\n\nStart ${word} end.` }));
    const text = await extractText(bytes, ['-layout']);
    expect(squash(text)).toContain(`Start${word}end.`);
    expect(text).not.toContain(word);
  });

  it('sets the document information and loads back', async () => {
    const input = agreementInput();
    const doc = await PDFDocument.load(await buildSealedAgreementPdf(input), { updateMetadata: false });
    expect(doc.getTitle()).toBe('Artist Agreement');
    expect(doc.getAuthor()).toBe(labelName);
    expect(doc.getSubject()).toBe(
      `Artist Agreement, signed electronically by ${unicodeName} <zoe@example.com>`,
    );
    expect(doc.getProducer()).toBe('Imprint');
    expect(doc.getCreator()).toBe(`Imprint electronic signing for ${labelName}`);
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-11-20T09:18:13.000Z');
    expect(doc.getModificationDate()?.toISOString()).toBe('2026-11-20T09:18:13.000Z');
  });
});

describe('the seal signature', () => {
  it('signs the whole file so that pdfsig finds it valid, and a changed byte is caught', async () => {
    const input = agreementInput();
    const bytes = Buffer.from(await buildSealedAgreementPdf(input));
    const report = await pdfsig(bytes);
    expect(report).toContain(`Signer Certificate Common Name: ${labelName} document seal`);
    expect(report).toContain('Signing Time: Nov 20 2026 09:18:13');
    expect(report).toContain('Signing Hash Algorithm: SHA-256');
    expect(report).toContain('Signature Type: adbe.pkcs7.detached');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    // The text is still all there for a reader.
    expect(await extractText(bytes)).toContain('Signature certificate');

    const signature = readPdfSignature(bytes);
    const [, firstLength] = signature?.byteRange ?? [0, 0];
    const changed = Buffer.from(bytes);
    const at = Math.floor(firstLength / 2);
    changed[at] = (changed[at] ?? 0) ^ 0x01;
    const changedReport = await pdfsig(changed);
    expect(changedReport).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
    expect(changedReport).not.toContain('Signature is Valid');
  });

  it('writes the signature dictionary with the reason, contact, name and location', async () => {
    const bytes = Buffer.from(await buildSealedAgreementPdf(agreementInput()));
    const text = bytes.toString('latin1');
    const dictionary = text.slice(
      text.lastIndexOf('/Type /Sig'),
      text.indexOf('endobj', text.lastIndexOf('/Type /Sig')),
    );
    expect(dictionary).toContain('/SubFilter /adbe.pkcs7.detached');
    expect(dictionary).toContain(`/Reason (Sealed by ${labelName})`);
    expect(dictionary).toContain('/ContactInfo (hello@northern.example)');
    expect(dictionary).toContain(`/Name (${labelName})`);
    expect(dictionary).toContain('/Location (localhost:3000)');
    expect(dictionary).toContain('/M (D:20261120091813Z)');
  });

  it('writes any text as a PDF string that reads back whole', () => {
    expect(pdfTextLiteral('Sealed by Northern (UK) \\ Sons')).toBe('Sealed by Northern \\(UK\\) \\\\ Sons');
    // UTF-16BE with its byte order mark, each byte an octal escape: FE FF, then 'Z' 'ë'.
    expect(pdfTextLiteral('Zë')).toBe('\\376\\377\\000\\132\\000\\353');
  });

  it('leaves the PDF unsigned only when asked (the seal bench)', async () => {
    const bytes = await buildPdf(agreementInput(), { sign: false });
    expect(readPdfSignature(bytes)).toBeNull();
  });
});

describe('trusted time (TSA_URL)', () => {
  const genTime = new Date('2026-11-20T09:18:14.250Z');
  let tsa: TsaStandIn;
  let timestamped: Buffer;
  beforeAll(async () => {
    tsa = await startTsaStandIn({ now: () => genTime });
    const timestamps = new Rfc3161TimestampAuthority(tsa.url);
    timestamped = Buffer.from(
      await buildPdf(agreementInput(), { certificate, contactInfo: 'hello@northern.example', timestamps }),
    );
  });
  afterAll(() => tsa.close());

  it("carries the authority's token over the signature, read back and verified; pdfsig still finds it valid", async () => {
    const signature = readPdfSignature(timestamped);
    expect(signature).toMatchObject({
      coversWholeFile: true,
      intact: true,
      timestamp: {
        at: genTime,
        authority: { commonName: tsa.commonName, organisation: tsa.organisation },
        imprintMatches: true,
        verifies: true,
        problem: null,
      },
    });
    // The signingTime stays the server's clock; the token is the authority's word beside it.
    expect(signature?.signedAt?.toISOString()).toBe('2026-11-20T09:18:13.000Z');
    expect(tsa.requests).toHaveLength(1);

    const report = await pdfsig(timestamped);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
  });

  it('tells a token changed after signing from the signature, which stays intact', () => {
    // The stand-in's policy OID (1.2.3.4.1) inside the token's TSTInfo, in the /Contents hex.
    const text = timestamped.toString('latin1');
    const at = text.indexOf('06042a030401');
    expect(at).toBeGreaterThan(0);
    const changed = Buffer.from(timestamped);
    changed.write('2', at + 11, 'latin1');
    expect(readPdfSignature(changed)).toMatchObject({
      intact: true,
      timestamp: {
        imprintMatches: true,
        verifies: false,
        problem: "the timestamp's own signature does not verify",
      },
    });
  });

  it('fails in words, and seals nothing, when the authority does not answer', async () => {
    tsa.failAll(true);
    try {
      const sealing = buildPdf(agreementInput(), {
        certificate,
        contactInfo: 'hello@northern.example',
        timestamps: new Rfc3161TimestampAuthority(tsa.url),
      });
      await expect(sealing).rejects.toThrow(TimestampAuthorityError);
      await expect(sealing).rejects.toThrow(
        `The timestamp authority at ${tsa.url} answered HTTP 500 Internal Server Error`,
      );
    } finally {
      tsa.failAll(false);
    }
  });
});

async function writeTemp(bytes: Uint8Array): Promise<string> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  await fs.writeFile(file, bytes);
  return file;
}
