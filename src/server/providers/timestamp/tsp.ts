import forge from 'node-forge';

/**
 * The Time-Stamp Protocol (RFC 3161) in DER, as far as Imprint asks for timestamps and reads them:
 * the request (TimeStampReq), the answer (TimeStampResp) and the token's TSTInfo. The token itself
 * is a CMS SignedData (RFC 5652) whose signature read-pdf-signature.ts checks.
 */

const { asn1 } = forge;
type Asn1 = forge.asn1.Asn1;

export const TSP_OID = {
  /** id-ct-TSTInfo: the eContentType of a timestamp token. */
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  /** id-aa-signatureTimeStampToken: the unsigned attribute carrying a token (RFC 3161 appendix A). */
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  /** id-aa-signingCertificateV2 (RFC 5035, RFC 5816): which certificate signed the token. */
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  /** id-kp-timeStamping: the extended key usage a TSA's certificate must have (critical). */
  timeStamping: '1.3.6.1.5.5.7.3.8',
} as const;

/** Node's names of the digests a message imprint may use. */
export const IMPRINT_DIGESTS: Readonly<Record<string, string>> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** PKIStatus (RFC 3161 §2.4.2): 0 and 1 come with a token, the rest without. */
const STATUS_WORDS = [
  'granted',
  'granted with modifications',
  'rejection',
  'waiting',
  'revocation warning',
  'revocation notification',
];

/** PKIFailureInfo's bits that RFC 3161 uses, by bit number. */
const FAILURE_WORDS: Record<number, string> = {
  0: 'unrecognised or unsupported algorithm (badAlg)',
  2: 'transaction not permitted or supported (badRequest)',
  5: 'the data submitted has the wrong format (badDataFormat)',
  14: "the TSA's time source is not available (timeNotAvailable)",
  15: 'the requested policy is not supported (unacceptedPolicy)',
  16: 'the requested extension is not supported (unacceptedExtension)',
  17: 'the additional information requested is not available (addInfoNotAvailable)',
  25: 'the request cannot be handled due to system failure (systemFailure)',
};

export interface TimeStampRequest {
  /** The message imprint: the digest's algorithm (OID) and the digest. */
  digestAlgorithm: string;
  digest: Buffer;
  /** The TSA policy asked for (OID), or null for the TSA's default. */
  policy: string | null;
  /** An integer's big-endian bytes, or null: a nonce ties the answer to this request. */
  nonce: Buffer | null;
  /** Whether the TSA's certificate is to be put in the token. */
  certReq: boolean;
  /** Whether the request carries extensions (none are defined here). */
  extensions: boolean;
}

export interface TimeStampResponse {
  /** PKIStatus: 0 granted, 1 granted with modifications, else refused. */
  status: number;
  /** What the status and failure info say, in words. */
  statusWords: string;
  /** The TimeStampToken (ContentInfo, DER) when granted. */
  token: Buffer | null;
}

export interface TstInfo {
  policy: string;
  digestAlgorithm: string;
  digest: Buffer;
  serialNumber: Buffer;
  /** The time the TSA vouches for. */
  genTime: Date;
  nonce: Buffer | null;
  /** The TSTInfo's DER: the content the token's signature covers (its messageDigest). */
  content: Buffer;
}

// Building blocks (DER).

export const sequence = (...values: Asn1[]) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, values);

/** A SET OF in DER order: the elements sorted by their encodings (X.690 §11.6). */
export function setOf(...values: Asn1[]): Asn1 {
  const sorted = values
    .map((value) => ({ value, bytes: Buffer.from(asn1.toDer(value).getBytes(), 'binary') }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
    .map((entry) => entry.value);
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, sorted);
}

export const oid = (value: string) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(value).getBytes());

export const octets = (bytes: Buffer) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes.toString('binary'));

export const smallInteger = (value: number) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(value).getBytes());

/** The bytes of a non-negative integer without leading zeros (at least one byte). */
export function magnitude(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  return bytes.length === 0 ? Buffer.from([0]) : bytes.subarray(start);
}

/** A non-negative INTEGER from its big-endian bytes (a 0x00 in front when the top bit is set). */
export function unsignedInteger(bytes: Buffer): Asn1 {
  const value = magnitude(bytes);
  const encoded = (value[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), value]) : value;
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, encoded.toString('binary'));
}

/** An AlgorithmIdentifier of a SHA-2 digest: parameters absent (RFC 5754 §2). */
export const digestAlgorithm = (algorithm: string) => sequence(oid(algorithm));

export const toDer = (node: Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');

// Reading (DER).

const fromDer = asn1.fromDer as unknown as (
  bytes: string,
  options: { strict: boolean; parseAllBytes: boolean; decodeBitStrings: boolean },
) => Asn1;

/** Parses DER keeping every value as it was written, so a part written out again is byte for byte the same. */
export function parseDer(bytes: Buffer, what: string): Asn1 {
  try {
    return fromDer(bytes.toString('binary'), { strict: true, parseAllBytes: true, decodeBitStrings: false });
  } catch (error) {
    throw new Error(`the ${what} is not DER (${(error as Error).message})`);
  }
}

const isUniversal = (node: Asn1 | undefined, type: number) =>
  node?.tagClass === asn1.Class.UNIVERSAL && node.type === type;

export const isContext = (node: Asn1 | undefined, tag: number) =>
  node?.tagClass === asn1.Class.CONTEXT_SPECIFIC && node.type === tag;

export function childrenOf(node: Asn1 | undefined, what: string): Asn1[] {
  if (!node || !Array.isArray(node.value)) throw new Error(`the ${what} is malformed`);
  return node.value as Asn1[];
}

function primitive(node: Asn1 | undefined, type: number, what: string): Buffer {
  if (!node || !isUniversal(node, type) || typeof node.value !== 'string')
    throw new Error(`the ${what} is malformed`);
  return Buffer.from(node.value, 'binary');
}

export const oidOf = (node: Asn1 | undefined, what: string) =>
  asn1.derToOid(primitive(node, asn1.Type.OID, what).toString('binary'));

const integerOf = (node: Asn1 | undefined, what: string) =>
  magnitude(primitive(node, asn1.Type.INTEGER, what));

function smallIntegerOf(node: Asn1 | undefined, what: string): number {
  const bytes = primitive(node, asn1.Type.INTEGER, what);
  if (bytes.length > 4) throw new Error(`the ${what} is out of range`);
  return bytes.readIntBE(0, bytes.length);
}

/** GeneralizedTime as RFC 3161 §2.4.2 writes genTime: UTC ("Z"), seconds, an optional fraction. */
export function generalizedTimeOf(node: Asn1 | undefined, what: string): Date {
  const text = primitive(node, asn1.Type.GENERALIZEDTIME, what).toString('latin1');
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.(\d+))?Z$/.exec(text);
  if (!match) throw new Error(`the ${what} is not a UTC GeneralizedTime (${text})`);
  const [, year, month, day, hour, minute, second, fraction = ''] = match;
  const ms = Math.floor(Number(`0.${fraction || '0'}`) * 1000);
  return new Date(
    Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), ms),
  );
}

/** genTime to the millisecond, trailing zeros of the fraction left out as DER asks. */
export function generalizedTime(date: Date): Asn1 {
  const iso = date.toISOString();
  const fraction = iso.slice(20, 23).replace(/0+$/, '');
  const text = `${iso.slice(0, 19).replace(/[-:T]/g, '')}${fraction ? `.${fraction}` : ''}Z`;
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.GENERALIZEDTIME, false, text);
}

function messageImprint(node: Asn1 | undefined): { digestAlgorithm: string; digest: Buffer } {
  const [algorithm, digest] = childrenOf(node, 'message imprint');
  return {
    digestAlgorithm: oidOf(childrenOf(algorithm, 'message imprint')[0], 'message imprint'),
    digest: primitive(digest, asn1.Type.OCTETSTRING, 'message imprint'),
  };
}

/** TimeStampReq (RFC 3161 §2.4.1), version 1. */
export function encodeTimeStampReq(request: Omit<TimeStampRequest, 'extensions'>): Buffer {
  const fields: Asn1[] = [
    smallInteger(1),
    sequence(digestAlgorithm(request.digestAlgorithm), octets(request.digest)),
  ];
  if (request.policy) fields.push(oid(request.policy));
  if (request.nonce) fields.push(unsignedInteger(request.nonce));
  // certReq is DEFAULT FALSE: DER leaves a false one out.
  if (request.certReq) fields.push(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.BOOLEAN, false, '\xff'));
  return toDer(sequence(...fields));
}

export function decodeTimeStampReq(der: Buffer): TimeStampRequest {
  const fields = childrenOf(parseDer(der, 'request'), 'request');
  const version = smallIntegerOf(fields[0], 'request version');
  if (version !== 1) throw new Error(`the request's version is ${version}, not 1`);
  const imprint = messageImprint(fields[1]);
  const rest = fields.slice(2);
  const take = (type: number) => (isUniversal(rest[0], type) ? rest.shift() : undefined);
  const policy = take(asn1.Type.OID);
  const nonce = take(asn1.Type.INTEGER);
  const certReq = take(asn1.Type.BOOLEAN);
  const extensions = isContext(rest[0], 0);
  return {
    ...imprint,
    policy: policy ? oidOf(policy, 'request policy') : null,
    nonce: nonce ? integerOf(nonce, 'request nonce') : null,
    certReq: certReq !== undefined && primitive(certReq, asn1.Type.BOOLEAN, 'certReq')[0] !== 0,
    extensions,
  };
}

/** PKIFreeText: a SEQUENCE OF UTF8String. */
function freeText(node: Asn1 | undefined): string | null {
  if (!node || !isUniversal(node, asn1.Type.SEQUENCE)) return null;
  const texts = childrenOf(node, 'status text').map((part) =>
    Buffer.from(typeof part.value === 'string' ? part.value : '', 'binary').toString('utf8'),
  );
  return texts.join('; ') || null;
}

/** The PKIFailureInfo bits set, in words. */
function failureWords(node: Asn1 | undefined): string[] {
  if (!node || !isUniversal(node, asn1.Type.BITSTRING) || typeof node.value !== 'string') return [];
  const bytes = Buffer.from(node.value, 'binary').subarray(1);
  const words: string[] = [];
  bytes.forEach((byte, index) => {
    for (let bit = 0; bit < 8; bit++) {
      if (byte & (0x80 >> bit)) {
        const number = index * 8 + bit;
        words.push(FAILURE_WORDS[number] ?? `failure bit ${number}`);
      }
    }
  });
  return words;
}

/** TimeStampResp (RFC 3161 §2.4.2): the status in words, and the token when there is one. */
export function decodeTimeStampResp(der: Buffer): TimeStampResponse {
  const [statusInfo, token] = childrenOf(parseDer(der, 'answer'), 'answer');
  const [statusNode, ...more] = childrenOf(statusInfo, 'answer status');
  const status = smallIntegerOf(statusNode, 'answer status');
  const text = freeText(more.find((part) => isUniversal(part, asn1.Type.SEQUENCE)));
  const failures = failureWords(more.find((part) => isUniversal(part, asn1.Type.BITSTRING)));
  const statusWords = [
    STATUS_WORDS[status] ?? `status ${status}`,
    ...failures,
    ...(text ? [`"${text}"`] : []),
  ].join(': ');
  return { status, statusWords, token: token ? toDer(token) : null };
}

/**
 * The TSTInfo inside a TimeStampToken (RFC 3161 §2.4.2): a CMS SignedData whose encapsulated
 * content is of type id-ct-TSTInfo. Reads it only; the token's signature is checked apart.
 */
export function readTimeStampToken(token: Buffer | Asn1): TstInfo {
  const node = Buffer.isBuffer(token) ? parseDer(token, 'timestamp token') : token;
  const [contentType, explicit] = childrenOf(node, 'timestamp token');
  if (oidOf(contentType, 'timestamp token') !== TSP_OID.signedData)
    throw new Error('the timestamp token is not a CMS SignedData');
  const signedData = childrenOf(childrenOf(explicit, 'timestamp token')[0], 'timestamp token');
  // SignedData: version, digestAlgorithms, encapContentInfo, ...
  const [eContentType, eContentExplicit] = childrenOf(signedData[2], 'timestamp token content');
  if (oidOf(eContentType, 'timestamp token content') !== TSP_OID.tstInfo)
    throw new Error('the timestamp token does not hold a TSTInfo');
  const eContent = childrenOf(eContentExplicit, 'timestamp token content')[0];
  // A BER writer may have cut the OCTET STRING into pieces; its content is their concatenation.
  const content =
    eContent && Array.isArray(eContent.value)
      ? Buffer.concat(
          (eContent.value as Asn1[]).map((part) => primitive(part, asn1.Type.OCTETSTRING, 'TSTInfo')),
        )
      : primitive(eContent, asn1.Type.OCTETSTRING, 'TSTInfo');
  const fields = childrenOf(parseDer(content, 'TSTInfo'), 'TSTInfo');
  // TSTInfo: version, policy, messageImprint, serialNumber, genTime, accuracy?, ordering?, nonce?, [0] tsa?, [1] extensions?
  const version = smallIntegerOf(fields[0], 'TSTInfo version');
  if (version !== 1) throw new Error(`the TSTInfo's version is ${version}, not 1`);
  const nonce = fields.slice(5).find((part) => isUniversal(part, asn1.Type.INTEGER));
  return {
    policy: oidOf(fields[1], 'TSTInfo policy'),
    ...messageImprint(fields[2]),
    serialNumber: integerOf(fields[3], 'TSTInfo serial number'),
    genTime: generalizedTimeOf(fields[4], 'TSTInfo genTime'),
    nonce: nonce ? integerOf(nonce, 'TSTInfo nonce') : null,
    content,
  };
}
