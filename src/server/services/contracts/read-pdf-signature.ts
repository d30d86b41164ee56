import { createHash, verify, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { readTimeStampToken, TSP_OID } from '../../providers/timestamp/tsp';

/** An RFC 3161 timestamp token carried by a signature (id-aa-signatureTimeStampToken). */
export interface PdfTimestamp {
  /** The token's genTime: the time the authority vouches for; null when the token cannot be read. */
  at: Date | null;
  /** The authority's certificate subject (the token's signer); null when it cannot be read. */
  authority: { commonName: string | null; organisation: string | null } | null;
  /** The token's message imprint is the digest of this signature's value: it is this signature's. */
  imprintMatches: boolean;
  /**
   * All of it: the imprint matches, the token's signature over its TSTInfo verifies with the
   * authority's certificate, and that certificate is one for timestamping (id-kp-timeStamping).
   * Whether the authority is one to trust is a reader's trust list's question, not this one.
   */
  verifies: boolean;
  /** Why the token could not be read or does not verify, in words; null when it verifies. */
  problem: string | null;
}

/** What the last signature of a PDF says, and whether the file still is what was signed. */
export interface PdfSignature {
  /** The signature dictionary's /SubFilter: adbe.pkcs7.detached for Imprint's seals. */
  subFilter: string | null;
  byteRange: [number, number, number, number] | null;
  /** The ByteRange runs from the first byte to the last, leaving out exactly the /Contents value. */
  coversWholeFile: boolean;
  /** The signer certificate's subject; null when the signature cannot be read. */
  signer: { commonName: string | null; organisation: string | null } | null;
  /** The CMS signingTime attribute: the signing server's own clock, not a trusted timestamp. */
  signedAt: Date | null;
  /** The timestamp authority's token over the signature (TSA_URL at sealing); null when none. */
  timestamp: PdfTimestamp | null;
  /** The digest of the ByteRange's bytes equals the signed messageDigest attribute. */
  digestMatches: boolean;
  /** The signature over the signed attributes verifies with the signer certificate's key. */
  signatureVerifies: boolean;
  /** Both: the signed bytes are unchanged since this signer signed them. */
  intact: boolean;
  /** Why the signature could not be read or checked, in words; null when it could. */
  problem: string | null;
}

const { asn1 } = forge;
type Asn1 = forge.asn1.Asn1;

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  timeStampToken: TSP_OID.signatureTimeStampToken,
  commonName: '2.5.4.3',
  organisation: '2.5.4.10',
  subjectKeyIdentifier: '2.5.29.14',
  rsassaPss: '1.2.840.113549.1.1.10',
} as const;

const DIGESTS: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** How far back from /ByteRange the object's "N G obj" header is looked for. */
const HEADER_WINDOW = 64 * 1024;

interface SignatureDictionary {
  subFilter: string | null;
  byteRange: [number, number, number, number] | null;
  /** Where the /Contents hex string starts (its '<') and ends (after its '>'). */
  contents: { start: number; end: number; hex: string } | null;
}

/**
 * The last signature dictionary in the file, read from its bytes: the last /ByteRange, and the
 * /Contents hex string of the same object (between its "N G obj" and its "endobj"). A signature
 * dictionary is never inside a compressed object stream (its ByteRange is filled in after the file
 * is written), so a plain-text search finds it; the last one is the newest signature.
 */
function findLastSignatureDictionary(pdf: Buffer): SignatureDictionary | null {
  const at = pdf.lastIndexOf('/ByteRange');
  if (at < 0) return null;
  const windowStart = Math.max(0, at - HEADER_WINDOW);
  const before = pdf.subarray(windowStart, at).toString('latin1');
  let objectStart = windowStart;
  for (const header of before.matchAll(/\d+\s+\d+\s+obj\b/g)) objectStart = windowStart + header.index;
  const endobj = pdf.indexOf('endobj', at);
  const objectEnd = endobj < 0 ? pdf.length : endobj;
  const text = pdf.subarray(objectStart, objectEnd).toString('latin1');

  const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/y;
  range.lastIndex = at - objectStart;
  const rangeMatch = range.exec(text);
  const byteRange = rangeMatch
    ? (rangeMatch.slice(1, 5).map(Number) as [number, number, number, number])
    : null;

  // A hex string, not a dictionary ('<<'), right after the key.
  const contentsMatch = /\/Contents\s*(<)([0-9A-Fa-f\s]*)>/.exec(text);
  const contents = contentsMatch
    ? {
        start: objectStart + contentsMatch.index + contentsMatch[0].indexOf('<'),
        end: objectStart + contentsMatch.index + contentsMatch[0].length,
        hex: (contentsMatch[2] ?? '').replace(/\s+/g, ''),
      }
    : null;
  const subFilter = /\/SubFilter\s*\/([^\s/<>[\]()]+)/.exec(text)?.[1] ?? null;
  return { subFilter, byteRange, contents };
}

/** The DER value at the start of `bytes`, without the zeros that pad the /Contents placeholder. */
function derPrefix(bytes: Buffer): Buffer {
  if (bytes.length < 2 || bytes[0] !== 0x30) throw new Error('the signature is not a DER SEQUENCE');
  const first = bytes[1] ?? 0;
  if (first < 0x80) return bytes.subarray(0, 2 + first);
  const count = first & 0x7f;
  if (count === 0 || count > 4) throw new Error('the signature has no definite DER length');
  let length = 0;
  for (let i = 0; i < count; i++) length = length * 256 + (bytes[2 + i] ?? 0);
  const total = 2 + count + length;
  if (total > bytes.length) throw new Error('the signature is cut short');
  return bytes.subarray(0, total);
}

const fromDer = asn1.fromDer as unknown as (
  bytes: string,
  options: { strict: boolean; parseAllBytes: boolean; decodeBitStrings: boolean },
) => Asn1;

/** Parses DER keeping every value as it was written, so a re-encoded part is byte for byte the original. */
function parseDer(bytes: Buffer): Asn1 {
  return fromDer(bytes.toString('binary'), { strict: true, parseAllBytes: true, decodeBitStrings: false });
}

function children(node: Asn1 | undefined, what: string): Asn1[] {
  if (!node || !Array.isArray(node.value)) throw new Error(`the signature's ${what} is malformed`);
  return node.value as Asn1[];
}

function bytesOf(node: Asn1 | undefined, what: string): string {
  if (!node || typeof node.value !== 'string') throw new Error(`the signature's ${what} is malformed`);
  return node.value;
}

const isContext = (node: Asn1 | undefined, tag: number) =>
  node?.tagClass === asn1.Class.CONTEXT_SPECIFIC && node.type === tag;

function der(node: Asn1): string {
  return asn1.toDer(node).getBytes();
}

/** A DirectoryString's text: UTF8String, BMPString (UTF-16BE), else one byte per character. */
function directoryText(node: Asn1): string {
  const raw = typeof node.value === 'string' ? node.value : '';
  if (node.type === asn1.Type.UTF8) return Buffer.from(raw, 'binary').toString('utf8');
  if (node.type === asn1.Type.BMPSTRING) return Buffer.from(raw, 'binary').swap16().toString('utf16le');
  return raw;
}

/** The first CN and O of a Name (SEQUENCE OF SET OF AttributeTypeAndValue). */
function nameParts(name: Asn1): { commonName: string | null; organisation: string | null } {
  const found: { commonName: string | null; organisation: string | null } = {
    commonName: null,
    organisation: null,
  };
  for (const rdn of children(name, 'subject')) {
    for (const attribute of children(rdn, 'subject')) {
      const [type, value] = children(attribute, 'subject');
      if (!type || !value) continue;
      const oid = asn1.derToOid(bytesOf(type, 'subject'));
      if (oid === OID.commonName) found.commonName ??= directoryText(value);
      if (oid === OID.organisation) found.organisation ??= directoryText(value);
    }
  }
  return found;
}

interface CertificateParts {
  node: Asn1;
  serial: string;
  issuer: string;
  subject: Asn1;
  subjectKeyId: string | null;
}

function certificateParts(node: Asn1): CertificateParts {
  const tbs = children(children(node, 'certificate')[0], 'certificate');
  // TBSCertificate: [0] version (from v2 on), serial, signature algorithm, issuer, validity, subject, ...
  const offset = isContext(tbs[0], 0) ? 1 : 0;
  const serial = bytesOf(tbs[offset], 'certificate serial');
  const issuer = tbs[offset + 2];
  const subject = tbs[offset + 4];
  if (!issuer || !subject) throw new Error("the signature's certificate is malformed");
  let subjectKeyId: string | null = null;
  const extensions = tbs.find((part) => isContext(part, 3));
  for (const extension of extensions ? children(children(extensions, 'extensions')[0], 'extensions') : []) {
    const fields = children(extension, 'extension');
    if (fields[0] && asn1.derToOid(bytesOf(fields[0], 'extension')) === OID.subjectKeyIdentifier) {
      const wrapped = bytesOf(fields.at(-1), 'extension');
      subjectKeyId = bytesOf(asn1.fromDer(wrapped), 'subject key identifier');
    }
  }
  return { node, serial, issuer: der(issuer), subject, subjectKeyId };
}

function attributeValue(attributes: Asn1[], oid: string): Asn1 | undefined {
  for (const attribute of attributes) {
    const [type, values] = children(attribute, 'signed attributes');
    if (type && asn1.derToOid(bytesOf(type, 'signed attributes')) === oid)
      return children(values, 'signed attributes')[0];
  }
  return undefined;
}

function timeOf(node: Asn1 | undefined): Date | null {
  if (!node || typeof node.value !== 'string') return null;
  if (node.type === asn1.Type.UTCTIME) return asn1.utcTimeToDate(node.value);
  if (node.type === asn1.Type.GENERALIZEDTIME) return asn1.generalizedTimeToDate(node.value);
  return null;
}

interface CmsCheck {
  signer: { commonName: string | null; organisation: string | null };
  /** The signer certificate's DER. */
  signerCertificate: Buffer;
  signedAt: Date | null;
  digestMatches: boolean;
  signatureVerifies: boolean;
  /** The SignerInfo's signature value, and the timestamp token among its unsigned attributes. */
  signature: Buffer;
  timestampToken: Asn1 | undefined;
  problem: string | null;
}

/**
 * Reads a CMS SignedData (RFC 5652) made over `signedContent` in detached mode: its signer, the
 * signing time, and whether the content's digest is the signed messageDigest and the signature
 * over the signed attributes verifies with the signer certificate's public key (Node's crypto, so
 * RSA and EC keys alike).
 */
function checkCms(cms: Buffer, signedContent: Buffer[]): CmsCheck {
  const [contentType, explicit] = children(parseDer(derPrefix(cms)), 'ContentInfo');
  if (!contentType || asn1.derToOid(bytesOf(contentType, 'content type')) !== OID.signedData)
    throw new Error('the signature is not a CMS SignedData');
  const signedData = children(children(explicit, 'SignedData')[0], 'SignedData');
  const certificates = children(
    signedData.find((part) => isContext(part, 0)),
    'certificates',
  ).map(certificateParts);
  const signerInfos = children(signedData.at(-1), 'SignerInfos');
  const fields = children(signerInfos[0], 'SignerInfo');
  // SignerInfo: version, sid, digestAlgorithm, [0] signedAttrs, signatureAlgorithm, signature, ...
  const sid = fields[1];
  const digestOid = asn1.derToOid(bytesOf(children(fields[2], 'digest algorithm')[0], 'digest algorithm'));
  const signedAttributes = isContext(fields[3], 0) ? fields[3] : undefined;
  const rest = fields.slice(signedAttributes ? 4 : 3);
  const signatureOid = asn1.derToOid(
    bytesOf(children(rest[0], 'signature algorithm')[0], 'signature algorithm'),
  );
  const signature = Buffer.from(bytesOf(rest[1], 'signature value'), 'binary');
  const unsignedAttributes = isContext(rest[2], 1) ? children(rest[2], 'unsigned attributes') : [];
  const timestampToken = attributeValue(unsignedAttributes, OID.timeStampToken);

  const certificate = certificates.find((cert) => {
    if (isContext(sid, 0)) return cert.subjectKeyId === bytesOf(sid, 'signer identifier');
    const [issuer, serial] = children(sid, 'signer identifier');
    return issuer !== undefined && cert.issuer === der(issuer) && cert.serial === bytesOf(serial, 'serial');
  });
  if (!certificate) throw new Error("the signature does not carry its signer's certificate");
  const signer = nameParts(certificate.subject);
  const signerCertificate = Buffer.from(der(certificate.node), 'binary');
  const found = { signer, signerCertificate, signature, timestampToken };

  const digestName = DIGESTS[digestOid];
  if (!digestName)
    return {
      ...found,
      signedAt: null,
      digestMatches: false,
      signatureVerifies: false,
      problem: `the digest algorithm ${digestOid} is not supported`,
    };
  const digest = createHash(digestName);
  for (const part of signedContent) digest.update(part);
  const contentDigest = digest.digest();

  let signedAt: Date | null = null;
  let digestMatches: boolean;
  let verifiedBytes: Buffer;
  if (signedAttributes) {
    const attributes = children(signedAttributes, 'signed attributes');
    signedAt = timeOf(attributeValue(attributes, OID.signingTime));
    const messageDigest = attributeValue(attributes, OID.messageDigest);
    digestMatches =
      messageDigest !== undefined &&
      Buffer.from(bytesOf(messageDigest, 'message digest'), 'binary').equals(contentDigest);
    // What was signed is the attributes' DER as a SET OF, not as the [0] they are stored under.
    verifiedBytes = Buffer.from(
      der(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, attributes)),
      'binary',
    );
  } else {
    // No attributes: the signature is over the content itself.
    digestMatches = true;
    verifiedBytes = Buffer.concat(signedContent);
  }
  if (signatureOid === OID.rsassaPss)
    return {
      ...found,
      signedAt,
      digestMatches,
      signatureVerifies: false,
      problem: 'RSASSA-PSS signatures are not checked',
    };
  const publicKey = new X509Certificate(signerCertificate).publicKey;
  const signatureVerifies = verify(digestName, verifiedBytes, publicKey, signature);
  return { ...found, signedAt, digestMatches, signatureVerifies, problem: null };
}

/**
 * A signature's RFC 3161 token, checked as a PDF reader checks a signature timestamp: its TSTInfo's
 * message imprint is the digest of the signature value, its own CMS signature verifies (the
 * messageDigest of the TSTInfo, the signature over the signed attributes), and the certificate
 * that signed it is a timestamping one. Never throws: a token that cannot be read says why.
 */
function checkTimestamp(token: Asn1, signatureValue: Buffer): PdfTimestamp {
  try {
    const tokenDer = Buffer.from(der(token), 'binary');
    const info = readTimeStampToken(tokenDer);
    const check = checkCms(tokenDer, [info.content]);
    const digestName = DIGESTS[info.digestAlgorithm];
    const imprintMatches =
      digestName !== undefined && createHash(digestName).update(signatureValue).digest().equals(info.digest);
    const forTimestamping =
      new X509Certificate(check.signerCertificate).keyUsage?.includes(TSP_OID.timeStamping) ?? false;
    const problem = !imprintMatches
      ? 'the timestamp is for other data than this signature'
      : !check.digestMatches || !check.signatureVerifies
        ? (check.problem ?? "the timestamp's own signature does not verify")
        : !forTimestamping
          ? "the timestamp's certificate is not one for timestamping"
          : null;
    return { at: info.genTime, authority: check.signer, imprintMatches, verifies: problem === null, problem };
  } catch (error) {
    return {
      at: null,
      authority: null,
      imprintMatches: false,
      verifies: false,
      problem: `the timestamp cannot be read: ${(error as Error).message}`,
    };
  }
}

/**
 * The last signature of a PDF, or null when it has none. The ByteRange's bytes are hashed again
 * and compared with the signature's messageDigest, the signature itself is verified, and the
 * ByteRange is checked to cover the whole file but the signature, so bytes appended after signing
 * (an incremental update) are noticed too. A signature that cannot be read is reported as such,
 * never thrown.
 */
export function readPdfSignature(pdf: Uint8Array): PdfSignature | null {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const dictionary = findLastSignatureDictionary(bytes);
  if (!dictionary) return null;
  const { subFilter, byteRange, contents } = dictionary;
  const unread = (problem: string): PdfSignature => ({
    subFilter,
    byteRange,
    coversWholeFile: false,
    signer: null,
    signedAt: null,
    timestamp: null,
    digestMatches: false,
    signatureVerifies: false,
    intact: false,
    problem,
  });
  if (!byteRange) return unread('the signature has no filled-in /ByteRange');
  if (!contents) return unread('the signature dictionary has no /Contents');
  const [start1, length1, start2, length2] = byteRange;
  if (start1 + length1 > start2 || start2 + length2 > bytes.length)
    return unread('the /ByteRange reaches outside the file');
  const coversWholeFile =
    start1 === 0 &&
    length1 === contents.start &&
    start2 === contents.end &&
    start2 + length2 === bytes.length;
  const signedContent = [bytes.subarray(start1, start1 + length1), bytes.subarray(start2, start2 + length2)];
  try {
    const check = checkCms(Buffer.from(contents.hex, 'hex'), signedContent);
    return {
      subFilter,
      byteRange,
      coversWholeFile,
      signer: check.signer,
      signedAt: check.signedAt,
      timestamp: check.timestampToken ? checkTimestamp(check.timestampToken, check.signature) : null,
      digestMatches: check.digestMatches,
      signatureVerifies: check.signatureVerifies,
      intact: check.digestMatches && check.signatureVerifies,
      problem: check.problem,
    };
  } catch (error) {
    return { ...unread((error as Error).message), coversWholeFile };
  }
}
