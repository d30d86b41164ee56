import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import addressparser from 'nodemailer/lib/addressparser';

/**
 * DKIM signing of every outgoing mail (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY_FILE): the
 * shape nodemailer's own `dkim` option takes, which both mail providers hand over through
 * `nodemailerDkim` (the header fields to sign added).
 */
export interface DkimSigning {
  domainName: string;
  keySelector: string;
  /** A KeyObject rather than the PEM text: logged or serialized by mistake, it shows nothing. */
  privateKey: KeyObject;
}

/**
 * The header fields the signature covers: nodemailer's own list (RFC 4871 §5.5, List-Unsubscribe
 * among them) and List-Unsubscribe-Post, which RFC 8058 §4 requires a one-click mail to have signed
 * beside List-Unsubscribe and which nodemailer's list leaves out. Only the fields a message has are
 * signed.
 */
export const DKIM_SIGNED_HEADER_FIELDS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'Content-ID',
  'Content-Description',
  'Resent-Date',
  'Resent-From',
  'Resent-Sender',
  'Resent-To',
  'Resent-Cc',
  'Resent-Message-ID',
  'In-Reply-To',
  'References',
  'List-Id',
  'List-Help',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
  'List-Subscribe',
  'List-Post',
  'List-Owner',
  'List-Archive',
  'OTP-Token',
].join(':');

/** nodemailer's `dkim` option for a configured key: the key, and the header fields it signs. */
export function nodemailerDkim(dkim: DkimSigning): DkimSigning & { headerFieldNames: string } {
  return { ...dkim, headerFieldNames: DKIM_SIGNED_HEADER_FIELDS };
}

/** RFC 8301: verifiers must refuse RSA keys under 1024 bits, and mailauth does. */
export const DKIM_MIN_RSA_BITS = 1024;
/** What `dkim --generate` makes: the size every large mailbox provider accepts and recommends. */
export const DKIM_GENERATED_RSA_BITS = 2048;

/**
 * nodemailer signs with `rsa-sha256` only (its signer hard-codes the algorithm), and a key it
 * cannot sign with makes it send the mail unsigned without a word: so anything but RSA is
 * refused at start rather than discovered in a receiver's spam folder.
 */
const RSA_ONLY =
  'nodemailer signs DKIM with RSA only (rsa-sha256), so give an RSA key of 1024 bits or more (2048 recommended; npm run imprint -- dkim --generate FILE makes one)';

/**
 * Reads and checks the DKIM private key file: unencrypted PEM, RSA, at least 1024 bits. The
 * problem is worded to follow the variable's name in the configuration error.
 */
export function readDkimPrivateKey(file: string): { key: KeyObject } | { problem: string } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return { problem: `cannot be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: text, format: 'pem' });
  } catch {
    return {
      problem:
        'must be an unencrypted PEM private key file (-----BEGIN PRIVATE KEY----- or -----BEGIN RSA PRIVATE KEY-----)',
    };
  }
  if (key.asymmetricKeyType === 'ed25519') {
    return { problem: `is an Ed25519 key, which DKIM allows but ${RSA_ONLY}` };
  }
  if (key.asymmetricKeyType !== 'rsa') {
    return { problem: `is a ${key.asymmetricKeyType ?? 'unknown'} key; ${RSA_ONLY}` };
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < DKIM_MIN_RSA_BITS) {
    return { problem: `is a ${bits}-bit RSA key; receivers refuse DKIM keys under 1024 bits (use 2048)` };
  }
  return { key };
}

/** A DNS TXT record's character-strings hold at most 255 bytes each (RFC 1035 §3.3). */
const TXT_STRING_MAX = 255;

/** The TXT record receivers look up to check the signatures: its name, value and the strings it is published as. */
export function dkimDnsRecord(dkim: DkimSigning): { name: string; value: string; strings: string[] } {
  const publicKey = createPublicKey(dkim.privateKey)
    .export({ type: 'spki', format: 'der' })
    .toString('base64');
  const value = `v=DKIM1; k=rsa; p=${publicKey}`;
  const strings: string[] = [];
  for (let at = 0; at < value.length; at += TXT_STRING_MAX)
    strings.push(value.slice(at, at + TXT_STRING_MAX));
  return { name: `${dkim.keySelector}._domainkey.${dkim.domainName}`, value, strings };
}

/** The domain of a From value such as `Imprint <no-reply@label.example>`, lower-cased. */
export function fromDomainOf(from: string): string | undefined {
  const [first] = addressparser(from, { flatten: true });
  const address = first && 'address' in first ? first.address : undefined;
  const at = address?.lastIndexOf('@') ?? -1;
  return address && at > 0 ? address.slice(at + 1).toLowerCase() : undefined;
}

/**
 * DMARC passes on DKIM only when the signing domain aligns with the From domain. In the default
 * relaxed mode that means the same organizational domain; without the Public Suffix List, one
 * being the other or a subdomain of it is the check (mail.label.example signing for
 * label.example aligns, and so does the reverse).
 */
export function dkimAligns(fromDomain: string, dkimDomain: string): boolean {
  const a = fromDomain.toLowerCase();
  const b = dkimDomain.toLowerCase();
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}

/** Advice about mail signing for staff and the start-up log; none of it stops mail or the server. */
export function dkimNotices(mail: { from: string; dkim: DkimSigning | undefined }): string[] {
  if (!mail.dkim) return ['DKIM: not configured — mail may land in spam for domains with DMARC'];
  const fromDomain = fromDomainOf(mail.from);
  if (fromDomain && dkimAligns(fromDomain, mail.dkim.domainName)) return [];
  return [
    `DKIM: MAIL_FROM's domain (${fromDomain ?? 'none'}) does not align with DKIM_DOMAIN (${mail.dkim.domainName}), so DMARC will not count the signature; send from ${mail.dkim.domainName} or a subdomain of it`,
  ];
}

/** Writes a new RSA private key (PKCS #8 PEM) readable by its owner only; never over an existing file. */
export function generateDkimKey(file: string): void {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: DKIM_GENERATED_RSA_BITS,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  fs.writeFileSync(file, privateKey, { mode: 0o600, flag: 'wx' });
}
