import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { readPdfSignature } from './read-pdf-signature';
import { buildSealedAgreementPdf, type SealedAgreementInput } from './seal-agreement-pdf';
import { createSelfSignedSealP12, readSealP12, type SealCertificate } from './seal-certificate';

const labelName = 'Zoë Records (Łódź)';
const sealedAt = new Date('2026-11-20T09:18:13Z');

function input(): SealedAgreementInput {
  return {
    requestId: '6f1c7a2e-1111-4222-8333-944445555666',
    title: 'Artist Agreement',
    text: '# Artist Agreement\n\nThe Label and the Artist agree.',
    templateVersion: 1,
    signerName: 'Ada Lovelace',
    signerEmail: 'ada@example.com',
    signature: { method: 'typed', typedName: 'Ada Lovelace' },
    createdAt: sealedAt,
    viewedAt: null,
    consentedAt: null,
    signedAt: sealedAt,
    ip: null,
    userAgent: null,
    documentSha256: '0'.repeat(64),
    verifyUrl: 'https://portal.example.com/contracts/6f1c7a2e-1111-4222-8333-944445555666/verify',
    labelName,
    sealedAt,
  };
}

let certificate: SealCertificate;
let signed: Buffer;
beforeAll(async () => {
  const made = await createSelfSignedSealP12(labelName);
  certificate = readSealP12(made.p12, made.passphrase, { source: 'generated', file: 'seal.p12' });
  signed = Buffer.from(
    await buildSealedAgreementPdf(input(), { certificate, contactInfo: 'hi@zoe.example' }),
  );
});

const flip = (bytes: Buffer, at: number) => {
  const copy = Buffer.from(bytes);
  copy[at] = (copy[at] ?? 0) ^ 0x01;
  return copy;
};

describe('readPdfSignature', () => {
  it('reads a sealed PDF: signer, signing time, intact, covering the whole file', () => {
    const signature = readPdfSignature(signed);
    expect(signature).toMatchObject({
      subFilter: 'adbe.pkcs7.detached',
      coversWholeFile: true,
      signer: { commonName: `${labelName} document seal`, organisation: labelName },
      // Without TSA_URL: no timestamp token, only the server's clock (signedAt).
      timestamp: null,
      digestMatches: true,
      signatureVerifies: true,
      intact: true,
      problem: null,
    });
    expect(signature?.signedAt?.toISOString()).toBe('2026-11-20T09:18:13.000Z');
    const [start, length, resume, rest] = signature?.byteRange ?? [];
    expect(start).toBe(0);
    expect((resume ?? 0) + (rest ?? 0)).toBe(signed.length);
    // The gap is exactly the /Contents hex string, brackets included.
    expect(signed.subarray(length, (length ?? 0) + 1).toString()).toBe('<');
    expect(signed.subarray((resume ?? 0) - 1, resume).toString()).toBe('>');
  });

  it('reports a copy with one byte changed in the signed content as modified', () => {
    const [, length = 0, resume = 0] = readPdfSignature(signed)?.byteRange ?? [];
    for (const at of [Math.floor(length / 2), resume + 10]) {
      const signature = readPdfSignature(flip(signed, at));
      expect(signature).toMatchObject({ coversWholeFile: true, digestMatches: false, intact: false });
      // Still the same signer's signature: it is the content that changed.
      expect(signature?.signatureVerifies).toBe(true);
      expect(signature?.signer?.commonName).toBe(`${labelName} document seal`);
    }
  });

  it('reports a changed signature as not intact, and bytes appended after signing as not covered', () => {
    const [, length = 0] = readPdfSignature(signed)?.byteRange ?? [];
    // A hex digit of the RSA signature value, near the end of the CMS (before the zero padding).
    const hex = signed.subarray(length + 1, signed.indexOf('>', length)).toString('latin1');
    const lastDigit = length + 1 + hex.replace(/0+$/, '').length - 4;
    const original = signed[lastDigit] ?? 0;
    const tampered = Buffer.from(signed);
    tampered[lastDigit] = original === 0x61 ? 0x62 : 0x61;
    expect(readPdfSignature(tampered)).toMatchObject({
      digestMatches: true,
      signatureVerifies: false,
      intact: false,
    });

    // An incremental update: whatever it adds is not covered by the signature.
    const appended = Buffer.concat([signed, Buffer.from('\n% added later\n1 0 obj\n<< >>\nendobj\n%%EOF\n')]);
    expect(readPdfSignature(appended)).toMatchObject({ coversWholeFile: false, intact: true });
  });

  it('answers null for an unsigned PDF, and reports a signature it cannot read', async () => {
    expect(readPdfSignature(await buildSealedAgreementPdf(input(), { sign: false }))).toBeNull();
    const blank = await PDFDocument.create();
    blank.addPage();
    expect(readPdfSignature(await blank.save())).toBeNull();
    expect(readPdfSignature(Buffer.from('not a PDF at all'))).toBeNull();

    // The /Contents replaced by hex that is no CMS.
    const [, length = 0, resume = 0] = readPdfSignature(signed)?.byteRange ?? [];
    const garbled = Buffer.from(signed);
    garbled.fill('a', length + 1, resume - 1);
    expect(readPdfSignature(garbled)).toMatchObject({
      signer: null,
      intact: false,
      coversWholeFile: true,
      problem: 'the signature is not a DER SEQUENCE',
    });
    // A placeholder never filled in.
    const unfilled = Buffer.from(
      '%PDF-1.7\n1 0 obj\n<< /Type /Sig /ByteRange [0 /**** /**** /****] /Contents <00> >>\nendobj\n',
    );
    expect(readPdfSignature(unfilled)).toMatchObject({
      byteRange: null,
      intact: false,
      problem: 'the signature has no filled-in /ByteRange',
    });
  });
});
