import { constants, privateEncrypt } from 'node:crypto';
import { Signer } from '@signpdf/utils';
import forge from 'node-forge';
import type { TimestampAuthority } from '../../providers/timestamp/timestamp-authority';
import { oid, parseDer, sequence, setOf, TSP_OID } from '../../providers/timestamp/tsp';
import { type SealCertificate, writtenIssuer } from './seal-certificate';

/**
 * DigestInfo for SHA-256 before the digest itself (RFC 8017 §9.2, note 1): what an RSASSA-PKCS1-v1_5
 * signature with SHA-256 pads and signs.
 */
const SHA256_DIGEST_INFO_PREFIX = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/**
 * The bytes of /Contents kept for a timestamp token beside the signature: a token carries the
 * TSA's certificate chain (commercial TSAs send two to four certificates, 4 to 7 KB in all).
 */
export const TIMESTAMP_TOKEN_RESERVE_BYTES = 12 * 1024;

/**
 * The seal's `@signpdf` signer: the CMS SignedData `@signpdf/signer-p12` makes (node-forge's
 * pkcs7, detached, SHA-256, the signed attributes contentType, signingTime and messageDigest in
 * that order, the whole chain included), with three differences, each measured or seen to matter:
 * - the key is read from the PKCS#12 once per process (seal-certificate.ts), where P12Signer
 *   decrypts it again for every document (about 20 ms of PBKDF2 in JavaScript);
 * - the RSA signature is Node's (OpenSSL): node-forge's JavaScript RSA took about 28 ms, and the
 *   two together made a seal more than twice as slow as an unsigned one;
 * - the SignerInfo names the issuer with the certificate's own bytes: node-forge writes a parsed
 *   UTF8String name back UTF-8-encoded a second time, so for a label name beyond ASCII the
 *   signature named an issuer no certificate has, and no reader could find the signer. The
 *   SignerInfo's issuer is not among the signed attributes, so setting it does not touch what is
 *   signed.
 *
 * With a timestamp authority, the SignerInfo also carries its RFC 3161 token over the signature
 * value as the unsigned attribute id-aa-signatureTimeStampToken (RFC 3161 appendix A, as PAdES
 * and Acrobat read it): trusted time for the signature, where signingTime is only the server's
 * clock. Unsigned attributes are outside what the signature covers, so the token is added after
 * signing. When the authority fails, signing fails (TimestampAuthorityError): a seal that promised
 * trusted time never goes out without it.
 */
export class SealSigner extends Signer {
  constructor(
    private readonly certificate: SealCertificate,
    private readonly timestamps?: TimestampAuthority,
  ) {
    super();
  }

  override async sign(pdfBuffer: Buffer, signingTime?: Date): Promise<Buffer> {
    const { privateKey, chain } = this.certificate;
    const [signerCertificate] = chain;
    if (!signerCertificate) throw new Error('The seal certificate has no certificate');
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdfBuffer.toString('binary'));
    for (const certificate of chain) p7.addCertificate(certificate);
    const key = {
      // What node-forge's pkcs7 asks of a key: sign the digest of the signed attributes.
      sign: (md: forge.md.MessageDigest) =>
        privateEncrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_PADDING },
          Buffer.concat([SHA256_DIGEST_INFO_PREFIX, Buffer.from(md.digest().getBytes(), 'binary')]),
        ).toString('binary'),
    };
    p7.addSigner({
      key: key as unknown as forge.pki.rsa.PrivateKey,
      certificate: signerCertificate,
      digestAlgorithm: forge.pki.oids.sha256 as string,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType as string, value: forge.pki.oids.data as string },
        // node-forge takes the time as a Date (its types say string) and writes it as UTCTime.
        {
          type: forge.pki.oids.signingTime as string,
          value: (signingTime ?? new Date()) as unknown as string,
        },
        { type: forge.pki.oids.messageDigest as string },
      ],
    });
    p7.sign({ detached: true });
    // SignerInfo: version, issuerAndSerialNumber (issuer, serial), ...
    const signerInfos = (p7 as unknown as { signerInfos: forge.asn1.Asn1[] }).signerInfos;
    const issuerAndSerial = (signerInfos[0]?.value as forge.asn1.Asn1[] | undefined)?.[1];
    if (!issuerAndSerial || !Array.isArray(issuerAndSerial.value))
      throw new Error('node-forge wrote no SignerInfo');
    issuerAndSerial.value[0] = writtenIssuer(signerCertificate);
    if (this.timestamps) await this.addTimestamp(signerInfos[0] as forge.asn1.Asn1, this.timestamps);
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }

  /** The authority's token over the SignerInfo's signature value, as its unsignedAttrs [1]. */
  private async addTimestamp(signerInfo: forge.asn1.Asn1, timestamps: TimestampAuthority): Promise<void> {
    const fields = signerInfo.value as forge.asn1.Asn1[];
    // SignerInfo: version, sid, digestAlgorithm, [0] signedAttrs, signatureAlgorithm, signature.
    const signature = fields.at(-1);
    if (signature?.type !== forge.asn1.Type.OCTETSTRING || typeof signature.value !== 'string')
      throw new Error('node-forge wrote no signature value');
    const token = await timestamps.timestamp(Buffer.from(signature.value, 'binary'));
    if (token.length > TIMESTAMP_TOKEN_RESERVE_BYTES)
      throw new Error(
        `The timestamp token from ${timestamps.url} takes ${token.length} bytes, more than the ${TIMESTAMP_TOKEN_RESERVE_BYTES} the PDF keeps for it`,
      );
    // [1] IMPLICIT SET OF Attribute: the attribute, its value the token as the authority wrote it.
    const attribute = sequence(
      oid(TSP_OID.signatureTimeStampToken),
      setOf(parseDer(token, 'timestamp token')),
    );
    fields.push(forge.asn1.create(forge.asn1.Class.CONTEXT_SPECIFIC, 1, true, [attribute]));
  }
}
