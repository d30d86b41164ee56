import {
  createHash,
  createPrivateKey,
  generateKeyPair,
  type KeyObject,
  randomBytes,
  sign,
} from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import forge from 'node-forge';
import {
  childrenOf,
  decodeTimeStampReq,
  digestAlgorithm,
  generalizedTime,
  IMPRINT_DIGESTS,
  isContext,
  octets,
  oid,
  parseDer,
  sequence,
  setOf,
  smallInteger,
  type TimeStampRequest,
  TSP_OID,
  toDer,
  unsignedInteger,
} from '../providers/timestamp/tsp';
import { close, listen, readBody } from './http';

/**
 * Test support and local development: a timestamp authority that speaks RFC 3161 over HTTP
 * (§3.4): a DER TimeStampReq POSTed as application/timestamp-query is answered with a
 * TimeStampResp (application/timestamp-reply) whose token is a CMS SignedData over a TSTInfo
 * (the request's message imprint and nonce, a serial number, genTime from its clock), signed with
 * its own self-signed certificate (RSA 2048, extendedKeyUsage id-kp-timeStamping, critical) and
 * carrying the signed attributes contentType, signingTime, messageDigest and signingCertificateV2
 * (RFC 5816), as OpenSSL's `openssl ts -verify` asks of a token. Requests it cannot serve are
 * answered as a TSA does: status rejection with the failure info (badAlg, badDataFormat,
 * unacceptedPolicy, unacceptedExtension).
 */
export interface TsaStandIn {
  /** The TSA's URL (TSA_URL). */
  url: string;
  /** The TSA's certificate, PEM: what `openssl ts -verify -CAfile` trusts. */
  certificatePem: string;
  /** The certificate's subject. */
  commonName: string;
  organisation: string;
  /** The TSA policy every token names (openssl's example policy OID). */
  policy: string;
  /** Every request received. */
  requests: { contentType: string | undefined; authorization: string | undefined; body: Buffer }[];
  /** Delays every answer by this many milliseconds (0 to stop), to see a client time out. */
  delayAnswers(ms: number): void;
  /** Every request answers HTTP 500 until called with false, as in an outage. */
  failAll(fail: boolean): void;
  /** Every request is refused (status rejection, systemFailure) until called with false. */
  refuseAll(refuse: boolean): void;
  close(): Promise<void>;
}

const { asn1 } = forge;

export const TSA_STAND_IN_POLICY = '1.2.3.4.1';
const generateKeyPairAsync = promisify(generateKeyPair);

/** PKIFailureInfo bits (RFC 3161 §2.4.2). */
const FAILURE = {
  badAlg: 0,
  badDataFormat: 5,
  unacceptedPolicy: 15,
  unacceptedExtension: 16,
  systemFailure: 25,
} as const;

/** A positive 128-bit serial number (RFC 5280 §4.1.2.2), its top bit clear. */
function serialBytes(): Buffer {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x40;
  return bytes;
}

interface TsaIdentity {
  privateKey: KeyObject;
  certificatePem: string;
  /** The certificate's DER and, parsed from it, its issuer Name, serial and subject Name. */
  certificate: forge.asn1.Asn1;
  certificateDer: Buffer;
  issuer: forge.asn1.Asn1;
  serial: forge.asn1.Asn1;
  subject: forge.asn1.Asn1;
}

/** A self-signed TSA certificate: id-kp-timeStamping only, critical, as RFC 3161 §2.3 requires. */
async function createTsaIdentity(commonName: string, organisation: string, now: Date): Promise<TsaIdentity> {
  const { privateKey: pem } = await generateKeyPairAsync('rsa', {
    modulusLength: 2048,
    publicExponent: 0x10001,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = serialBytes().toString('hex');
  cert.validity.notBefore = new Date(now.getTime() - 3_600_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 86_400_000);
  const name = [
    { name: 'organizationName', value: organisation },
    { name: 'commonName', value: commonName },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
    { name: 'extKeyUsage', critical: true, timeStamping: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const certificateDer = toDer(forge.pki.certificateToAsn1(cert));
  const certificate = parseDer(certificateDer, 'TSA certificate');
  const tbs = childrenOf(childrenOf(certificate, 'TSA certificate')[0], 'TSA certificate');
  // TBSCertificate: [0] version, serial, signature algorithm, issuer, validity, subject, ...
  const [serial, , issuer, , subject] = tbs.slice(isContext(tbs[0], 0) ? 1 : 0);
  if (!serial || !issuer || !subject) throw new Error('The TSA certificate was written without a name');
  return {
    privateKey: createPrivateKey(pem),
    certificatePem: forge.pki.certificateToPem(cert),
    certificate,
    certificateDer,
    issuer,
    serial,
    subject,
  };
}

const attribute = (type: string, value: forge.asn1.Asn1) => sequence(oid(type), setOf(value));

/** A GeneralName's directoryName ([4], explicit: Name is a CHOICE). */
const directoryName = (name: forge.asn1.Asn1) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, 4, true, [name]);

/**
 * The TimeStampToken: a CMS SignedData (version 3: the content is not id-data) encapsulating the
 * TSTInfo, signed by the TSA over its signed attributes (DER SET OF, RFC 5652 §5.4).
 */
function timeStampToken(
  identity: TsaIdentity,
  request: TimeStampRequest,
  options: { genTime: Date; policy: string },
): Buffer {
  const tstInfo = toDer(
    sequence(
      smallInteger(1),
      oid(options.policy),
      sequence(digestAlgorithm(request.digestAlgorithm), octets(request.digest)),
      unsignedInteger(randomBytes(8)),
      generalizedTime(options.genTime),
      // Accuracy: within a second.
      sequence(smallInteger(1)),
      ...(request.nonce ? [unsignedInteger(request.nonce)] : []),
      // tsa [0]: the TSA's name, as its certificate's subject.
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [directoryName(identity.subject)]),
    ),
  );
  // ESSCertIDv2 with SHA-256 (the DEFAULT, so its AlgorithmIdentifier is left out) and the
  // issuer and serial number, naming exactly the certificate that signed.
  const essCertId = sequence(
    octets(createHash('sha256').update(identity.certificateDer).digest()),
    sequence(sequence(directoryName(identity.issuer)), identity.serial),
  );
  const signedAttributes = setOf(
    attribute(TSP_OID.contentType, oid(TSP_OID.tstInfo)),
    attribute(
      TSP_OID.signingTime,
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.UTCTIME, false, asn1.dateToUtcTime(options.genTime)),
    ),
    attribute(TSP_OID.messageDigest, octets(createHash('sha256').update(tstInfo).digest())),
    attribute(TSP_OID.signingCertificateV2, sequence(sequence(essCertId))),
  );
  const signature = sign('sha256', toDer(signedAttributes), identity.privateKey);
  const signerInfo = sequence(
    smallInteger(1),
    sequence(identity.issuer, identity.serial),
    digestAlgorithm(TSP_OID.sha256),
    // The same attributes under [0] IMPLICIT.
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, signedAttributes.value as forge.asn1.Asn1[]),
    sequence(oid(TSP_OID.sha256WithRsa), asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '')),
    octets(signature),
  );
  const signedData = sequence(
    smallInteger(3),
    setOf(digestAlgorithm(TSP_OID.sha256)),
    sequence(oid(TSP_OID.tstInfo), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [octets(tstInfo)])),
    ...(request.certReq ? [asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [identity.certificate])] : []),
    setOf(signerInfo),
  );
  return toDer(
    sequence(oid(TSP_OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])),
  );
}

/** PKIStatusInfo with status and, for a refusal, the failure bit and a text. */
function statusInfo(status: number, failure?: { bit: number; text: string }): forge.asn1.Asn1 {
  if (!failure) return sequence(smallInteger(status));
  // A named bit list in DER: as many bytes as the bit needs, the unused trailing bits counted.
  const bytes = Buffer.alloc(Math.floor(failure.bit / 8) + 2);
  bytes[0] = 7 - (failure.bit % 8);
  bytes[bytes.length - 1] = 0x80 >> (failure.bit % 8);
  return sequence(
    smallInteger(status),
    sequence(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.UTF8, false, forge.util.encodeUtf8(failure.text))),
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.BITSTRING, false, bytes.toString('binary')),
  );
}

function answer(response: ServerResponse, body: Buffer): void {
  response.writeHead(200, { 'content-type': 'application/timestamp-reply', 'content-length': body.length });
  response.end(body);
}

const refusal = (response: ServerResponse, bit: number, text: string) =>
  answer(response, toDer(sequence(statusInfo(2, { bit, text }))));

function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(text);
}

export async function startTsaStandIn(
  options: {
    /** genTime's clock; default the machine's. */
    now?: () => Date;
    /** A fixed port (see listen); default any free one. */
    port?: number;
    commonName?: string;
    organisation?: string;
  } = {},
): Promise<TsaStandIn> {
  const now = options.now ?? (() => new Date());
  const commonName = options.commonName ?? 'Imprint TSA stand-in';
  const organisation = options.organisation ?? 'Imprint stand-ins';
  const identity = await createTsaIdentity(commonName, organisation, now());
  const requests: TsaStandIn['requests'] = [];
  let delayMs = 0;
  let failing = false;
  let refusing = false;

  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const contentType = request.headers['content-type'];
    requests.push({ contentType, authorization: request.headers.authorization, body });
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (response.destroyed) return;
    if (new URL(request.url ?? '/', 'http://stand-in').pathname !== '/timestamp')
      return sendText(response, 404, 'not found');
    if (request.method !== 'POST') return sendText(response, 405, 'POST a TimeStampReq');
    if (failing) return sendText(response, 500, 'internal error');
    if (contentType?.split(';')[0]?.trim().toLowerCase() !== 'application/timestamp-query')
      return sendText(response, 415, 'expected application/timestamp-query');
    if (refusing) return refusal(response, FAILURE.systemFailure, 'the stand-in refuses every request');
    let parsed: TimeStampRequest;
    try {
      parsed = decodeTimeStampReq(body);
    } catch (error) {
      return refusal(response, FAILURE.badDataFormat, (error as Error).message);
    }
    const digestName = IMPRINT_DIGESTS[parsed.digestAlgorithm];
    if (!digestName) return refusal(response, FAILURE.badAlg, `unknown digest ${parsed.digestAlgorithm}`);
    if (parsed.digest.length !== createHash(digestName).digest().length)
      return refusal(response, FAILURE.badDataFormat, `the digest is not ${digestName}'s length`);
    if (parsed.policy && parsed.policy !== TSA_STAND_IN_POLICY)
      return refusal(response, FAILURE.unacceptedPolicy, `only policy ${TSA_STAND_IN_POLICY}`);
    if (parsed.extensions) return refusal(response, FAILURE.unacceptedExtension, 'no extensions');
    const token = timeStampToken(identity, parsed, { genTime: now(), policy: TSA_STAND_IN_POLICY });
    answer(response, toDer(sequence(statusInfo(0), parseDer(token, 'token'))));
  });

  const port = await listen(server, options.port);

  return {
    url: `http://127.0.0.1:${port}/timestamp`,
    certificatePem: identity.certificatePem,
    commonName,
    organisation,
    policy: TSA_STAND_IN_POLICY,
    requests,
    delayAnswers(ms) {
      delayMs = ms;
    },
    failAll(fail) {
      failing = fail;
    },
    refuseAll(refuse) {
      refusing = refuse;
    },
    close: () => close(server),
  };
}
