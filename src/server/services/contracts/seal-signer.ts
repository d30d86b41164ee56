import { constants, privateEncrypt } from 'node:crypto';
import { Signer } from '@signpdf/utils';
import forge from 'node-forge';
import type { SealCertificate } from './seal-certificate';

/**
 * DigestInfo for SHA-256 before the digest itself (RFC 8017 §9.2, note 1): what an RSASSA-PKCS1-v1_5
 * signature with SHA-256 pads and signs.
 */
const SHA256_DIGEST_INFO_PREFIX = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/** The issuer Name of a certificate as it was written (node-forge keeps the parsed TBSCertificate). */
export function writtenIssuer(certificate: forge.pki.Certificate): forge.asn1.Asn1 {
  const tbs = (certificate as forge.pki.Certificate & { tbsCertificate?: forge.asn1.Asn1 }).tbsCertificate;
  const fields = (tbs?.value ?? []) as forge.asn1.Asn1[];
  // TBSCertificate: [0] version (from v2 on), serial, signature algorithm, issuer, ...
  const issuer = fields[0]?.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC ? fields[3] : fields[2];
  if (!issuer) throw new Error('The seal certificate has no issuer name');
  return issuer;
}

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
 */
export class SealSigner extends Signer {
  constructor(private readonly certificate: SealCertificate) {
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
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
}
