import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config';
import { readPdfSignature } from './read-pdf-signature';
import { buildSealedAgreementPdf, type SealedAgreementInput } from './seal-agreement-pdf';
import {
  loadOrCreateGeneratedSealCertificate,
  loadSealCertificate,
  readConfiguredSealP12,
  readSealP12,
  SEAL_P12_FILE_NAME,
  SEAL_PASSWORD_FILE_NAME,
  type SealCertificate,
} from './seal-certificate';

const run = promisify(execFile);
let root: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'imprint-seal-cert-'));
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const config = (dataDir: string, seal: AppConfig['seal'] = undefined) =>
  ({ dataDir, label: { name: 'Northern & "Sons" Records' }, seal }) as Pick<
    AppConfig,
    'dataDir' | 'label' | 'seal'
  >;

const x509 = (certificate: SealCertificate) =>
  new X509Certificate(forge.pki.certificateToPem(certificate.chain[0] as forge.pki.Certificate));

const mode = async (file: string) => (await fs.stat(file)).mode & 0o777;

function agreement(labelName: string): SealedAgreementInput {
  const at = new Date('2026-11-20T09:18:13Z');
  return {
    requestId: '6f1c7a2e-1111-4222-8333-944445555666',
    title: 'Artist Agreement',
    text: 'The Label and the Artist agree.',
    templateVersion: 1,
    signerName: 'Ada Lovelace',
    signerEmail: 'ada@example.com',
    signature: { method: 'typed', typedName: 'Ada Lovelace' },
    createdAt: at,
    viewedAt: null,
    consentedAt: null,
    signedAt: at,
    ip: null,
    userAgent: null,
    documentSha256: '0'.repeat(64),
    verifyUrl: 'http://localhost:3000/contracts/6f1c7a2e-1111-4222-8333-944445555666/verify',
    labelName,
    sealedAt: at,
  };
}

describe('the seal certificate Imprint makes', () => {
  it('is made once for the label, kept owner-only in DATA_DIR/seal/, and read once per process', async () => {
    const dataDir = path.join(root, 'first');
    const certificate = await loadSealCertificate(config(dataDir));
    expect(certificate).toMatchObject({
      source: 'generated',
      file: path.join(dataDir, 'seal', SEAL_P12_FILE_NAME),
      commonName: 'Northern & "Sons" Records document seal',
      organisation: 'Northern & "Sons" Records',
    });
    expect(await mode(path.join(dataDir, 'seal'))).toBe(0o700);
    expect(await mode(path.join(dataDir, 'seal', SEAL_P12_FILE_NAME))).toBe(0o600);
    expect(await mode(path.join(dataDir, 'seal', SEAL_PASSWORD_FILE_NAME))).toBe(0o600);

    const cert = x509(certificate);
    // Node writes names as RFC 4514 does, the quotes escaped.
    expect(cert.subject).toBe(
      'O=Northern & \\"Sons\\" Records\nCN=Northern & \\"Sons\\" Records document seal',
    );
    expect(cert.issuer).toBe(cert.subject);
    expect(cert.ca).toBe(false);
    expect(cert.keyUsage).toEqual(['1.3.6.1.5.5.7.3.4', '1.3.6.1.5.5.7.3.36']);
    expect(cert.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const years = (Date.parse(cert.validTo) - Date.parse(cert.validFrom)) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(9.99);
    expect(years).toBeLessThan(10.01);
    const keyUsage = (certificate.chain[0] as forge.pki.Certificate).getExtension('keyUsage') as {
      digitalSignature: boolean;
      nonRepudiation: boolean;
      keyCertSign: boolean;
    };
    expect(keyUsage).toMatchObject({ digitalSignature: true, nonRepudiation: true, keyCertSign: false });

    // The same object while the process runs, the same certificate from the files afterwards.
    expect(await loadSealCertificate(config(dataDir))).toBe(certificate);
    const again = await loadOrCreateGeneratedSealCertificate(dataDir, 'Another Label');
    expect(x509(again).serialNumber).toBe(cert.serialNumber);
  });

  it('lands one certificate when two processes make one at once', async () => {
    const dataDir = path.join(root, 'race');
    const [first, second] = await Promise.all([
      loadOrCreateGeneratedSealCertificate(dataDir, 'Race Records'),
      loadOrCreateGeneratedSealCertificate(dataDir, 'Race Records'),
    ]);
    expect(x509(first as SealCertificate).serialNumber).toBe(x509(second as SealCertificate).serialNumber);
    // No staging folder left behind.
    expect(await fs.readdir(dataDir)).toEqual(['seal']);
    expect((await fs.readdir(path.join(dataDir, 'seal'))).sort()).toEqual([
      SEAL_P12_FILE_NAME,
      SEAL_PASSWORD_FILE_NAME,
    ]);
  });

  it('never replaces a certificate whose password file is gone', async () => {
    const dataDir = path.join(root, 'lost');
    await loadOrCreateGeneratedSealCertificate(dataDir, 'Lost Records');
    await fs.rm(path.join(dataDir, 'seal', SEAL_PASSWORD_FILE_NAME));
    await expect(loadOrCreateGeneratedSealCertificate(dataDir, 'Lost Records')).rejects.toThrow(
      `has no ${SEAL_PASSWORD_FILE_NAME} beside it`,
    );
  });
});

describe('a configured certificate (SEAL_P12_FILE)', () => {
  it('is refused with a reason when it cannot be read', async () => {
    const missing = path.join(root, 'missing.p12');
    expect(readConfiguredSealP12(missing, 'secret')).toEqual({
      problem: expect.stringMatching(new RegExp(`^cannot read ${missing} \\(ENOENT`)),
    });
    const dataDir = path.join(root, 'for-config');
    const made = await loadSealCertificate(config(dataDir));
    const file = made.file;
    const wrong = readConfiguredSealP12(file, 'not-the-password');
    expect(wrong).toEqual({
      problem: expect.stringMatching(
        new RegExp(`^${file} cannot be read as a PKCS#12 \\(\\.p12/\\.pfx\\) with this password: `),
      ),
    });
    const password = (await fs.readFile(path.join(dataDir, 'seal', SEAL_PASSWORD_FILE_NAME), 'utf8')).trim();
    expect(readConfiguredSealP12(file, password)).toMatchObject({ file, password });
  });

  it.skipIf(!existsSync('/usr/bin/openssl'))(
    "signs with a chain exported by OpenSSL's defaults (AES-256, PBKDF2 and MAC with SHA-256)",
    async () => {
      const dir = path.join(root, 'openssl');
      await fs.mkdir(dir);
      // The words of a command line, then any argument with spaces in it.
      const openssl = (words: string, ...more: string[]) =>
        run('/usr/bin/openssl', [...words.split(' '), ...more], { cwd: dir });
      // A CA, and a seal certificate it issues, as a document-signing CA would.
      const newKey = 'req -utf8 -newkey rsa:2048 -nodes';
      await openssl(
        `${newKey} -x509 -days 30 -keyout ca.key -out ca.pem -subj`,
        '/O=Test Trust/CN=Test Signing CA',
      );
      await openssl(
        `${newKey} -keyout seal.key -out seal.csr -subj`,
        '/O=Zoë Records Ltd/CN=Zoë Records Ltd seal',
      );
      await fs.writeFile(
        path.join(dir, 'seal.ext'),
        'keyUsage=critical,digitalSignature,nonRepudiation\nextendedKeyUsage=emailProtection\n',
      );
      await openssl(
        'x509 -req -in seal.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 30 -extfile seal.ext -out seal.pem',
      );
      await openssl(
        'pkcs12 -export -inkey seal.key -in seal.pem -certfile ca.pem -out seal.p12 -passout pass:secret',
      );
      const configured = readConfiguredSealP12(path.join(dir, 'seal.p12'), 'secret');
      if (!('p12' in configured)) throw new Error(configured.problem);
      const certificate = readSealP12(configured.p12, configured.password, {
        source: 'configured',
        file: configured.file,
      });
      expect(certificate).toMatchObject({
        commonName: 'Zoë Records Ltd seal',
        organisation: 'Zoë Records Ltd',
      });
      expect(certificate.chain).toHaveLength(2);

      const pdf = await buildSealedAgreementPdf(agreement('Zoë Records Ltd'), {
        certificate,
        contactInfo: 'hello@zoe.example',
      });
      expect(readPdfSignature(pdf)).toMatchObject({
        signer: { commonName: 'Zoë Records Ltd seal' },
        intact: true,
        coversWholeFile: true,
      });
      await fs.writeFile(path.join(dir, 'sealed.pdf'), pdf);
      const { stdout } = await run('/usr/bin/pdfsig', [path.join(dir, 'sealed.pdf')]).catch(
        (error: { stdout: string }) => ({ stdout: error.stdout }),
      );
      expect(stdout).toContain('Signer Certificate Common Name: Zoë Records Ltd seal');
      expect(stdout).toContain('Signature Validation: Signature is Valid.');
    },
  );
});
