import { createPrivateKey, generateKeyPair, type KeyObject, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';

/**
 * The certificate and key every sealed PDF is signed with (seal-agreement-pdf.ts, seal-signer.ts),
 * read from a PKCS#12 once per process, with what the sealing and the reports need to know of it.
 *
 * By default Imprint makes its own: a self-signed certificate for the label. A PDF reader checks a
 * signature in two steps: the document is unchanged since it was signed (the signature verifies
 * against the certificate inside it), and the certificate chains to a root the reader trusts
 * (Adobe's AATL, the EUTL, the system's store). A self-signed certificate passes the first and can
 * never pass the second, so readers show "signature valid, signer's identity unknown / not trusted"
 * until SEAL_P12_FILE names a certificate issued by a CA they trust.
 */
export interface SealCertificate {
  /** The RSA private key, for Node's crypto. */
  privateKey: KeyObject;
  /** The signer certificate first, then the rest of the PKCS#12's chain, as node-forge read them. */
  chain: forge.pki.Certificate[];
  /** The signer certificate's subject CN and O (null when it has none). */
  commonName: string | null;
  organisation: string | null;
  notBefore: Date;
  notAfter: Date;
  /** SEAL_P12_FILE, or the one Imprint made for the label in DATA_DIR/seal/. */
  source: 'configured' | 'generated';
  file: string;
  /** Hex digits to reserve in the PDF for the CMS signature this certificate produces (with its chain). */
  signatureLength: number;
}

/** SEAL_P12_FILE as config.ts keeps it once read and checked at start. */
export interface ConfiguredSeal {
  file: string;
  p12: Buffer;
  password: string;
}

export const SEAL_FOLDER = 'seal';
export const SEAL_P12_FILE_NAME = 'seal.p12';
export const SEAL_PASSWORD_FILE_NAME = 'seal.p12.password';
/** Ten years: a seal outlives the agreements it signs by far, and Imprint has no renewal step. */
const VALIDITY_YEARS = 10;
const KEY_BITS = 2048;
/**
 * id-kp-documentSigning (RFC 9336). Alongside emailProtection, which NSS (poppler's pdfsig,
 * Firefox) and Acrobat require of a document signer whose certificate lists extended key usages.
 */
const DOCUMENT_SIGNING_OID = '1.3.6.1.5.5.7.3.36';

const generateKeyPairAsync = promisify(generateKeyPair);

/** Whether every character is in PrintableString's alphabet (X.680), which every reader decodes. */
function isPrintableString(value: string): boolean {
  return /^[A-Za-z0-9 '()+,\-./:=?]*$/.test(value);
}

/** A subject attribute: PrintableString when the text allows, else UTF8String (RFC 5280 §4.1.2.4). */
function nameAttribute(name: 'commonName' | 'organizationName', value: string) {
  return {
    name,
    value,
    valueTagClass: isPrintableString(value) ? forge.asn1.Type.PRINTABLESTRING : forge.asn1.Type.UTF8,
  };
}

/** A positive, minimal-length 128-bit serial number (RFC 5280 §4.1.2.2) in node-forge's hex. */
function serialNumber(): string {
  const bytes = randomBytes(16);
  // Top bit clear (positive) and the next one set (no leading zero byte to strip).
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x40;
  return bytes.toString('hex');
}

/** CN "<label> document seal", O "<label>": what a reader shows as the signer. */
export function sealSubject(labelName: string): { commonName: string; organisation: string } {
  return { commonName: `${labelName} document seal`, organisation: labelName };
}

/**
 * A new self-signed seal certificate for the label, with its RSA key, as a password-protected
 * PKCS#12 (AES-256, the password random). The key is made by Node (OpenSSL, off the main thread);
 * node-forge writes the certificate and the PKCS#12 (which OpenSSL and other tools read too).
 */
export async function createSelfSignedSealP12(
  labelName: string,
  now: Date = new Date(),
): Promise<{ p12: Buffer; passphrase: string }> {
  const { privateKey: pem } = await generateKeyPairAsync('rsa', {
    modulusLength: KEY_BITS,
    publicExponent: 0x10001,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const privateKey = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(privateKey.n, privateKey.e);
  cert.serialNumber = serialNumber();
  // An hour back: a signature made at once by a process whose clock is a little behind is in range.
  cert.validity.notBefore = new Date(now.getTime() - 3_600_000);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + VALIDITY_YEARS);
  cert.validity.notAfter = notAfter;
  const subject = sealSubject(labelName);
  // Most significant first, as X.500 names are written: O, then CN. (@types/node-forge types
  // valueTagClass as an ASN.1 class; node-forge takes the universal type.)
  const attributes = [
    nameAttribute('organizationName', subject.organisation),
    nameAttribute('commonName', subject.commonName),
  ] as unknown as forge.pki.CertificateField[];
  cert.setSubject(attributes);
  cert.setIssuer(attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
    { name: 'extKeyUsage', emailProtection: true, [DOCUMENT_SIGNING_OID]: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  const passphrase = randomBytes(32).toString('base64url');
  const p12 = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], passphrase, {
    algorithm: 'aes256',
    friendlyName: subject.commonName,
  });
  return { p12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), passphrase };
}

/** The issuer Name of a certificate as it was written (node-forge keeps the parsed TBSCertificate). */
export function writtenIssuer(certificate: forge.pki.Certificate): forge.asn1.Asn1 {
  const tbs = (certificate as forge.pki.Certificate & { tbsCertificate?: forge.asn1.Asn1 }).tbsCertificate;
  const fields = (tbs?.value ?? []) as forge.asn1.Asn1[];
  // TBSCertificate: [0] version (from v2 on), serial, signature algorithm, issuer, ...
  const issuer = fields[0]?.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC ? fields[3] : fields[2];
  if (!issuer) throw new Error('The seal certificate has no issuer name');
  return issuer;
}

/** A subject attribute's text: node-forge leaves UTF8String and BMPString values as raw bytes. */
function attributeText(certificate: forge.pki.Certificate, shortName: 'CN' | 'O'): string | null {
  const field = certificate.subject.getField(shortName) as
    | { value: string; valueTagClass?: number }
    | null
    | undefined;
  if (!field) return null;
  if (field.valueTagClass === forge.asn1.Type.UTF8) return forge.util.decodeUtf8(field.value);
  if (field.valueTagClass === forge.asn1.Type.BMPSTRING)
    return Buffer.from(field.value, 'binary').swap16().toString('utf16le');
  return field.value;
}

/**
 * The /Contents placeholder for a CMS signature whose certificates, signer's issuer name and
 * signature value take `bytes`: room for the signed attributes and the structure around them
 * (a few hundred bytes) with a margin, rounded up, and doubled, since the placeholder's length
 * (`@signpdf/placeholder-pdf-lib`'s signatureLength) counts hex digits.
 */
function placeholderLength(bytes: number): number {
  return Math.ceil((bytes + 1024) / 512) * 512 * 2;
}

/**
 * Reads a PKCS#12 as `@signpdf/signer-p12` does (node-forge, the key in a password-protected PKCS#8
 * bag, the certificate whose public key is the key's, the others as its chain), and says what is
 * wrong in words an operator can act on: throws an Error whose message is that problem.
 */
export function readSealP12(
  p12: Buffer,
  passphrase: string,
  origin: { source: SealCertificate['source']; file: string },
): SealCertificate {
  let pfx: forge.pkcs12.Pkcs12Pfx;
  try {
    pfx = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), false, passphrase);
  } catch (error) {
    const message = (error as Error).message;
    if (/OID is not RSA/i.test(message))
      throw new Error('holds a certificate whose key is not RSA; the PDF signing supports RSA keys only');
    throw new Error(`cannot be read as a PKCS#12 (.p12/.pfx) with this password: ${message}`);
  }
  const keyBags = pfx.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[
    forge.pki.oids.pkcs8ShroudedKeyBag as string
  ];
  const key = keyBags?.[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error('holds no password-protected RSA private key (a PKCS#8 shrouded key bag)');
  const certBags = pfx.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag as string] ?? [];
  const certificates = certBags.flatMap((bag) => (bag.cert ? [bag.cert] : []));
  const signer = certificates.find((cert) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n.compareTo(key.n) === 0 && publicKey.e.compareTo(key.e) === 0;
  });
  if (!signer) throw new Error('holds no certificate for its private key');
  const issuerBytes = forge.asn1.toDer(writtenIssuer(signer)).length();
  const certBytes = certificates.reduce(
    (sum, cert) => sum + forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).length(),
    0,
  );
  const keyBytes = Math.ceil(key.n.bitLength() / 8);
  return {
    privateKey: createPrivateKey(forge.pki.privateKeyToPem(key)),
    chain: [signer, ...certificates.filter((cert) => cert !== signer)],
    commonName: attributeText(signer, 'CN'),
    organisation: attributeText(signer, 'O'),
    notBefore: signer.validity.notBefore,
    notAfter: signer.validity.notAfter,
    source: origin.source,
    file: origin.file,
    signatureLength: placeholderLength(certBytes + issuerBytes + keyBytes),
  };
}

/**
 * SEAL_P12_FILE read and checked at start (config.ts), so a wrong password or file stops the start
 * rather than the first sealing; the answer's problem finishes "SEAL_P12_FILE: …".
 */
export function readConfiguredSealP12(file: string, password: string): ConfiguredSeal | { problem: string } {
  let p12: Buffer;
  try {
    p12 = readFileSync(file);
  } catch (error) {
    return { problem: `cannot read ${file} (${(error as Error).message})` };
  }
  try {
    readSealP12(p12, password, { source: 'configured', file });
  } catch (error) {
    return { problem: `${file} ${(error as Error).message}` };
  }
  return { file, p12, password };
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** The certificate Imprint made, or null when DATA_DIR/seal/ has none yet. */
async function readGenerated(folder: string): Promise<SealCertificate | null> {
  const file = path.join(folder, SEAL_P12_FILE_NAME);
  let p12: Buffer;
  try {
    p12 = await fs.readFile(file);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  let passphrase: string;
  try {
    passphrase = (await fs.readFile(path.join(folder, SEAL_PASSWORD_FILE_NAME), 'utf8')).trim();
  } catch (error) {
    if (!isMissing(error)) throw error;
    // Never replaced silently: a new certificate would sign under another identity.
    throw new Error(
      `The seal certificate ${file} has no ${SEAL_PASSWORD_FILE_NAME} beside it; restore it, or move the folder away to make a new certificate`,
    );
  }
  try {
    return readSealP12(p12, passphrase, { source: 'generated', file });
  } catch (error) {
    throw new Error(`The seal certificate ${file} ${(error as Error).message}`);
  }
}

async function writeSynced(file: string, data: string | Buffer): Promise<void> {
  const handle = await fs.open(file, 'wx', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * DATA_DIR/seal/seal.p12 (0600) and its password in seal.p12.password (0600), in a folder only the
 * owner can open (0700). Both are written into a new folder that is then renamed to seal/ in one
 * step: a rename onto a folder that has files fails, so when two processes start at once exactly
 * one pair lands, and each process reads back the pair that did. Not cached (loadSealCertificate is).
 */
export async function loadOrCreateGeneratedSealCertificate(
  dataDir: string,
  labelName: string,
): Promise<SealCertificate> {
  const folder = path.join(dataDir, SEAL_FOLDER);
  const existing = await readGenerated(folder);
  if (existing) return existing;
  await fs.mkdir(dataDir, { recursive: true });
  // mkdtemp makes the folder 0700.
  const staging = await fs.mkdtemp(path.join(dataDir, '.seal-'));
  try {
    const made = await createSelfSignedSealP12(labelName);
    await writeSynced(path.join(staging, SEAL_P12_FILE_NAME), made.p12);
    await writeSynced(path.join(staging, SEAL_PASSWORD_FILE_NAME), `${made.passphrase}\n`);
    await fs.chmod(staging, 0o700);
    try {
      await fs.rename(staging, folder);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Another process's pair landed first: it is the one everyone uses.
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    }
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
  const landed = await readGenerated(folder);
  if (!landed) throw new Error(`The seal certificate was made but ${folder} has none`);
  return landed;
}

const loaded = new Map<string, Promise<SealCertificate>>();

/**
 * The seal certificate: SEAL_P12_FILE's (read and checked at start, config.ts), else the label's
 * own, made at first use. Read once per process; a failure is not kept, so the next seal tries again.
 */
export function loadSealCertificate(config: {
  dataDir: string;
  label: { name: string };
  seal: ConfiguredSeal | undefined;
}): Promise<SealCertificate> {
  const configured = config.seal;
  const key = configured
    ? `configured:${configured.file}`
    : `generated:${path.join(config.dataDir, SEAL_FOLDER)}`;
  let certificate = loaded.get(key);
  if (!certificate) {
    certificate = configured
      ? Promise.resolve().then(() =>
          readSealP12(configured.p12, configured.password, { source: 'configured', file: configured.file }),
        )
      : loadOrCreateGeneratedSealCertificate(config.dataDir, config.label.name);
    certificate.catch(() => loaded.delete(key));
    loaded.set(key, certificate);
  }
  return certificate;
}
