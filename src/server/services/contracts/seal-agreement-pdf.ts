import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ADOBE_PKCS7_DETACHED } from '@signpdf/utils';
import { PDFDocument, type PDFImage } from 'pdf-lib';
import { splitAgreementBlocks } from '../../../domain';
import type { TimestampAuthority } from '../../providers/timestamp/timestamp-authority';
import {
  CONTENT_WIDTH,
  clean,
  drawFooters,
  drawLabelledRows,
  embedFonts,
  HEADING_SIZE,
  MARGIN,
  MUTED_COLOR,
  TEXT_COLOR,
  TITLE_SIZE,
  Writer,
  wrapText,
} from './pdf-layout';
import type { SealCertificate } from './seal-certificate';
import { SealSigner, TIMESTAMP_TOKEN_RESERVE_BYTES } from './seal-signer';

export type SealedSignature =
  | { method: 'typed'; typedName: string }
  /** The drawn signature as the PNG data URL the signing page sent. */
  | { method: 'drawn'; pngDataUrl: string };

export interface SealedAgreementInput {
  requestId: string;
  title: string;
  /** The agreement exactly as signed (its SHA-256 is `documentSha256`). */
  text: string;
  templateVersion: number;
  signerName: string;
  signerEmail: string;
  signature: SealedSignature;
  createdAt: Date;
  viewedAt: Date | null;
  consentedAt: Date | null;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
  documentSha256: string;
  /** `{publicUrl}/contracts/{id}/verify`. */
  verifyUrl: string;
  labelName: string;
  /** The PDF's creation date, and the `sealedAt` stored with it. */
  sealedAt: Date;
}

const BODY_SIZE = 10.5;
const BODY_LEADING = BODY_SIZE * 1.45;
const SIGNATURE_BOX = { width: 240, height: 80 };
const NOT_RECORDED = 'Not recorded';

/** ISO 8601 in UTC to the second: what the certificate records. */
export function formatCertificateTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function formatSignedLineTime(date: Date): string {
  return date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, ' UTC');
}

function decodePngDataUrl(dataUrl: string): Uint8Array {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!match?.[1]) throw new Error('The drawn signature is not a PNG data URL');
  return new Uint8Array(Buffer.from(match[1], 'base64'));
}

function drawAgreement(writer: Writer, input: SealedAgreementInput): void {
  const { regular, bold } = writer.fonts;
  writer.paragraph(input.title, bold, TITLE_SIZE, TITLE_SIZE * 1.3);
  writer.paragraph(
    `Version ${input.templateVersion} · prepared for ${input.signerName} <${input.signerEmail}> by ${input.labelName}`,
    regular,
    9,
    13,
    MUTED_COLOR,
  );
  writer.gap(10);
  const blocks = splitAgreementBlocks(input.text);
  // Templates usually open with their title as a heading; the page already shows it.
  if (blocks[0]?.kind === 'heading' && blocks[0].text === input.title.trim()) blocks.shift();
  for (const block of blocks) {
    if (block.kind === 'heading') {
      // A heading never sits alone at the foot of a page.
      writer.ensure(HEADING_SIZE * 1.4 + 8 + BODY_LEADING * 2);
      writer.gap(8);
      writer.paragraph(block.text, bold, HEADING_SIZE, HEADING_SIZE * 1.4);
      writer.gap(2);
    } else {
      writer.paragraph(block.text, regular, BODY_SIZE, BODY_LEADING);
      writer.gap(BODY_LEADING * 0.5);
    }
  }
}

function fitInBox(width: number, height: number, box: { width: number; height: number }) {
  const scale = Math.min(box.width / width, box.height / height, 1);
  return { width: width * scale, height: height * scale };
}

function drawSignatureBlock(writer: Writer, input: SealedAgreementInput, drawn: PDFImage | undefined): void {
  const { regular, bold, oblique } = writer.fonts;
  const signedLine = `Signed electronically by ${input.signerName} <${input.signerEmail}> on ${formatSignedLineTime(input.signedAt)}`;
  const signedLines = wrapText(signedLine, regular, BODY_SIZE, CONTENT_WIDTH);
  const height = 24 + HEADING_SIZE * 1.4 + SIGNATURE_BOX.height + 14 + signedLines.length * BODY_LEADING;
  writer.ensure(height);
  writer.gap(16);
  writer.paragraph('Signature', bold, HEADING_SIZE, HEADING_SIZE * 1.4);
  writer.gap(6);
  const boxTop = writer.y;
  const baseline = boxTop - SIGNATURE_BOX.height;
  if (drawn) {
    const size = fitInBox(drawn.width, drawn.height, SIGNATURE_BOX);
    writer.page.drawImage(drawn, { x: MARGIN, y: baseline + 4, width: size.width, height: size.height });
  } else if (input.signature.method === 'typed') {
    const name = clean(input.signature.typedName.trim());
    // Large like a hand signature, smaller only when a long name would not fit on the line.
    const size = Math.max(10, Math.min(30, (30 * CONTENT_WIDTH) / oblique.widthOfTextAtSize(name, 30)));
    writer.page.drawText(name, { x: MARGIN, y: baseline + 14, size, font: oblique, color: TEXT_COLOR });
  }
  writer.y = baseline;
  writer.page.drawLine({
    start: { x: MARGIN, y: baseline + 8 },
    end: { x: MARGIN + SIGNATURE_BOX.width + 60, y: baseline + 8 },
    thickness: 0.75,
    color: MUTED_COLOR,
  });
  writer.gap(6);
  writer.lines(signedLines, { font: regular, size: BODY_SIZE, leading: BODY_LEADING });
}

/** Every field the contract's Sealing section asks the certificate to carry, in reading order. */
export function certificateRows(input: SealedAgreementInput): [string, string][] {
  const time = (date: Date | null) => (date ? formatCertificateTime(date) : NOT_RECORDED);
  return [
    ['Request ID', input.requestId],
    ['Document title', input.title],
    ['Template version', String(input.templateVersion)],
    ['Signer name', input.signerName],
    ['Signer e-mail', input.signerEmail],
    ['IP address', input.ip ?? NOT_RECORDED],
    ['User agent', input.userAgent ?? NOT_RECORDED],
    ['Created', time(input.createdAt)],
    ['Viewed', time(input.viewedAt)],
    ['Consented', time(input.consentedAt)],
    ['Signed', time(input.signedAt)],
    ['Signature method', input.signature.method === 'typed' ? 'Typed name' : 'Drawn signature'],
    ['Agreement text SHA-256', input.documentSha256],
    ['Sealed', time(input.sealedAt)],
  ];
}

export function verificationNote(input: Pick<SealedAgreementInput, 'labelName' | 'verifyUrl'>): string {
  return `The SHA-256 of this sealed PDF file is kept by ${input.labelName}. Any copy can be checked at ${input.verifyUrl}`;
}

function drawCertificate(writer: Writer, input: SealedAgreementInput): void {
  const { regular, bold } = writer.fonts;
  writer.addPage();
  writer.paragraph('Signature certificate', bold, TITLE_SIZE, TITLE_SIZE * 1.3);
  writer.paragraph(
    `The record of the electronic signature of the agreement above, made with ${input.labelName}'s signing service.`,
    regular,
    9.5,
    14,
    MUTED_COLOR,
  );
  writer.gap(10);
  writer.rule();
  drawLabelledRows(writer, certificateRows(input));
  writer.gap(16);
  writer.paragraph(verificationNote(input), regular, 9.5, 14);
}

/** How the sealed PDF is signed: the seal certificate, and a timestamp authority when TSA_URL is set. */
export interface SealSigningWith {
  certificate: SealCertificate;
  contactInfo: string;
  /** The signature then carries the authority's RFC 3161 token; without it, only the server's clock. */
  timestamps?: TimestampAuthority | undefined;
}

/**
 * How the sealed PDF is finished: signed with the seal certificate (every seal), or left unsigned,
 * as sealed PDFs were before they carried a signature (the seal bench's baseline only).
 */
export type SealSigning = SealSigningWith | { sign: false };

/**
 * The body of a PDF literal string holding `value`, for pdf-lib's `PDFString.of`, which writes its
 * argument between the parentheses as it is (one byte per character): printable ASCII with `\`,
 * `(` and `)` escaped, else UTF-16BE with its byte order mark, every byte an octal escape, as PDF
 * text strings allow. A label name in any script, or with a parenthesis, then reads back whole.
 */
export function pdfTextLiteral(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value.replace(/[\\()]/g, (char) => `\\${char}`);
  const bytes = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(value, 'utf16le').swap16()]);
  return Array.from(bytes, (byte) => `\\${byte.toString(8).padStart(3, '0')}`).join('');
}

/**
 * Signs the finished document: a PKCS#7/CMS detached signature (adbe.pkcs7.detached, SHA-256)
 * over a ByteRange that covers the whole file but the signature itself. The placeholder goes in
 * with pdf-lib, then the file is written without object streams, so the signature dictionary and
 * its /ByteRange stay plain text that @signpdf/signpdf can fill in and any reader can find. The
 * signing time, the dictionary's /M and the PDF's dates are all the seal's time; with a timestamp
 * authority, /Contents keeps room for its token too (the signer adds it, seal-signer.ts).
 */
async function signSealedPdf(
  doc: PDFDocument,
  input: SealedAgreementInput,
  signing: SealSigningWith,
): Promise<Uint8Array> {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: pdfTextLiteral(`Sealed by ${input.labelName}`),
    contactInfo: pdfTextLiteral(signing.contactInfo),
    name: pdfTextLiteral(input.labelName),
    // Where the seal was made: the portal that keeps the record (the verify link's host).
    location: pdfTextLiteral(new URL(input.verifyUrl).host),
    signingTime: input.sealedAt,
    // Hex digits: two per byte.
    signatureLength:
      signing.certificate.signatureLength + (signing.timestamps ? 2 * TIMESTAMP_TOKEN_RESERVE_BYTES : 0),
    subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
    appName: 'Imprint',
  });
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(
    prepared,
    new SealSigner(signing.certificate, signing.timestamps),
    input.sealedAt,
  );
}

/**
 * The sealed copy of a signed agreement: the text as signed, the signature, and a certificate page
 * with the record of the signing, the whole file then signed with the seal certificate. Fonts are
 * embedded (subset) so the PDF reads the same anywhere and its text, names included, can be
 * extracted and searched.
 */
export async function buildSealedAgreementPdf(
  input: SealedAgreementInput,
  signing: SealSigning,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  const drawn =
    input.signature.method === 'drawn'
      ? await doc.embedPng(decodePngDataUrl(input.signature.pngDataUrl))
      : undefined;

  const writer = new Writer(doc, fonts);
  drawAgreement(writer, input);
  drawSignatureBlock(writer, input, drawn);
  drawCertificate(writer, input);
  drawFooters(doc, fonts.regular, input.labelName);

  doc.setTitle(input.title);
  doc.setAuthor(input.labelName);
  doc.setSubject(`${input.title}, signed electronically by ${input.signerName} <${input.signerEmail}>`);
  doc.setProducer('Imprint');
  doc.setCreator(`Imprint electronic signing for ${input.labelName}`);
  doc.setCreationDate(input.sealedAt);
  doc.setModificationDate(input.sealedAt);
  if ('sign' in signing) return doc.save();
  return signSealedPdf(doc, input, signing);
}
