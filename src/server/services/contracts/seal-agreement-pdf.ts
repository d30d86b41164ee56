import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ADOBE_PKCS7_DETACHED } from '@signpdf/utils';
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from 'pdf-lib';
import { splitAgreementBlocks } from '../../../domain';
import type { SealCertificate } from './seal-certificate';
import { SealSigner } from './seal-signer';

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

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const FOOTER_Y = 30;
const TEXT_COLOR = rgb(0.1, 0.1, 0.16);
const MUTED_COLOR = rgb(0.38, 0.38, 0.44);
const RULE_COLOR = rgb(0.78, 0.78, 0.82);

const BODY_SIZE = 10.5;
const BODY_LEADING = BODY_SIZE * 1.45;
const HEADING_SIZE = 13;
const TITLE_SIZE = 18;
const TABLE_SIZE = 9;
const TABLE_LEADING = TABLE_SIZE * 1.45;
const TABLE_LABEL_WIDTH = 140;
const TABLE_GAP = 12;
const SIGNATURE_BOX = { width: 240, height: 80 };
const NOT_RECORDED = 'Not recorded';

interface FontBytes {
  regular: Uint8Array;
  bold: Uint8Array;
  oblique: Uint8Array;
}

let fontBytes: Promise<FontBytes> | undefined;

/**
 * DejaVu covers Latin, Greek and Cyrillic, so names like 'Zoë Łódź' or 'Привет' are real text in
 * the PDF. The folder is found through the package, which works from the sources (tsx, vitest)
 * and from any install layout alike.
 */
function loadFontBytes(): Promise<FontBytes> {
  fontBytes ??= (async () => {
    const packageJson = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json');
    const dir = path.join(path.dirname(packageJson), 'ttf');
    const [regular, bold, oblique] = await Promise.all(
      ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSans-Oblique.ttf'].map(
        async (file) => new Uint8Array(await readFile(path.join(dir, file))),
      ),
    );
    return { regular: regular as Uint8Array, bold: bold as Uint8Array, oblique: oblique as Uint8Array };
  })().catch((error: unknown) => {
    // A failed read must not stay cached: the next seal tries again.
    fontBytes = undefined;
    throw error;
  });
  return fontBytes;
}

type FontkitFont = ReturnType<typeof fontkit.create>;
const parsedFonts = new WeakMap<Uint8Array, FontkitFont>();

/**
 * fontkit parses the whole TTF on every embed; the cached font bytes are always the same arrays,
 * so each font is parsed once per process. fontkit's font objects are synchronous and keep no
 * state between calls that a second document could disturb.
 */
const cachingFontkit: typeof fontkit = {
  create(buffer: Uint8Array, postscriptName?: string) {
    if (postscriptName !== undefined) return fontkit.create(buffer, postscriptName);
    let font = parsedFonts.get(buffer);
    if (!font) {
      font = fontkit.create(buffer);
      parsedFonts.set(buffer, font);
    }
    return font;
  },
};

/** pdf-lib draws a string on one line; control characters would print as missing glyphs. */
function clean(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ');
}

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

/**
 * Lines of `text` no wider than `maxWidth`. Words are measured once each; a word wider than the
 * line on its own (a hash, a user agent, a long URL) is cut where it fills the line.
 */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const words = clean(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [''];
  const widthOf = (value: string) => font.widthOfTextAtSize(value, size);
  const spaceWidth = widthOf(' ');
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;

  const pushPieces = (word: string) => {
    let rest = word;
    while (rest) {
      let count = 1;
      // Longest prefix that fits (at least one character, so the loop always progresses).
      while (count < rest.length && widthOf(rest.slice(0, count + 1)) <= maxWidth) count++;
      const piece = rest.slice(0, count);
      rest = rest.slice(count);
      if (rest) lines.push(piece);
      else {
        line = piece;
        lineWidth = widthOf(piece);
      }
    }
  };

  for (const word of words) {
    const wordWidth = widthOf(word);
    if (line && lineWidth + spaceWidth + wordWidth <= maxWidth) {
      line += ` ${word}`;
      lineWidth += spaceWidth + wordWidth;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    lineWidth = 0;
    if (wordWidth <= maxWidth) {
      line = word;
      lineWidth = wordWidth;
    } else pushPieces(word);
  }
  if (line) lines.push(line);
  return lines;
}

function decodePngDataUrl(dataUrl: string): Uint8Array {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!match?.[1]) throw new Error('The drawn signature is not a PNG data URL');
  return new Uint8Array(Buffer.from(match[1], 'base64'));
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  oblique: PDFFont;
}

/** A cursor over A4 pages that starts a new page when the next thing does not fit. */
class Writer {
  page: PDFPage;
  y: number;

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.page = this.addPage();
    this.y = PAGE_HEIGHT - MARGIN;
  }

  addPage(): PDFPage {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN;
    return this.page;
  }

  /** Room for `height` points below the cursor, on this page or a new one. */
  ensure(height: number): void {
    if (this.y - height < MARGIN) this.addPage();
  }

  lines(
    lines: string[],
    options: { font: PDFFont; size: number; leading: number; x?: number; color?: typeof TEXT_COLOR },
  ): void {
    for (const line of lines) {
      this.ensure(options.leading);
      this.y -= options.leading;
      this.page.drawText(line, {
        x: options.x ?? MARGIN,
        // The baseline sits a little above the bottom of the line box.
        y: this.y + (options.leading - options.size) * 0.5 + options.size * 0.2,
        size: options.size,
        font: options.font,
        color: options.color ?? TEXT_COLOR,
      });
    }
  }

  paragraph(text: string, font: PDFFont, size: number, leading: number, color = TEXT_COLOR): void {
    this.lines(wrapText(text, font, size, CONTENT_WIDTH), { font, size, leading, color });
  }

  gap(height: number): void {
    this.y -= height;
  }

  rule(): void {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE_WIDTH - MARGIN, y: this.y },
      thickness: 0.5,
      color: RULE_COLOR,
    });
  }
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
  const valueX = MARGIN + TABLE_LABEL_WIDTH + TABLE_GAP;
  const valueWidth = CONTENT_WIDTH - TABLE_LABEL_WIDTH - TABLE_GAP;
  for (const [label, value] of certificateRows(input)) {
    const labelLines = wrapText(label, bold, TABLE_SIZE, TABLE_LABEL_WIDTH);
    const valueLines = wrapText(value, regular, TABLE_SIZE, valueWidth);
    const rows = Math.max(labelLines.length, valueLines.length);
    writer.ensure(rows * TABLE_LEADING + 8);
    const top = writer.y - 4;
    writer.y = top;
    writer.lines(labelLines, { font: bold, size: TABLE_SIZE, leading: TABLE_LEADING });
    writer.y = top;
    writer.lines(valueLines, { font: regular, size: TABLE_SIZE, leading: TABLE_LEADING, x: valueX });
    writer.y = top - rows * TABLE_LEADING - 4;
    writer.rule();
  }
  writer.gap(16);
  writer.paragraph(verificationNote(input), regular, 9.5, 14);
}

function drawFooters(doc: PDFDocument, font: PDFFont, labelName: string): void {
  const pages = doc.getPages();
  const size = 8.5;
  const label = wrapText(labelName, font, size, CONTENT_WIDTH / 2)[0] ?? '';
  pages.forEach((page, index) => {
    const pageText = `Page ${index + 1} of ${pages.length}`;
    page.drawText(label, { x: MARGIN, y: FOOTER_Y, size, font, color: MUTED_COLOR });
    page.drawText(pageText, {
      x: PAGE_WIDTH - MARGIN - font.widthOfTextAtSize(pageText, size),
      y: FOOTER_Y,
      size,
      font,
      color: MUTED_COLOR,
    });
  });
}

/**
 * How the sealed PDF is finished: signed with the seal certificate (every seal), or left unsigned,
 * as sealed PDFs were before they carried a signature (the seal bench's baseline only).
 */
export type SealSigning = { certificate: SealCertificate; contactInfo: string } | { sign: false };

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
 * signing time, the dictionary's /M and the PDF's dates are all the seal's time.
 */
async function signSealedPdf(
  doc: PDFDocument,
  input: SealedAgreementInput,
  signing: { certificate: SealCertificate; contactInfo: string },
): Promise<Uint8Array> {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: pdfTextLiteral(`Sealed by ${input.labelName}`),
    contactInfo: pdfTextLiteral(signing.contactInfo),
    name: pdfTextLiteral(input.labelName),
    // Where the seal was made: the portal that keeps the record (the verify link's host).
    location: pdfTextLiteral(new URL(input.verifyUrl).host),
    signingTime: input.sealedAt,
    signatureLength: signing.certificate.signatureLength,
    subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
    appName: 'Imprint',
  });
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(prepared, new SealSigner(signing.certificate), input.sealedAt);
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
  const bytes = await loadFontBytes();
  const doc = await PDFDocument.create();
  doc.registerFontkit(cachingFontkit);
  const [regular, bold, oblique] = await Promise.all([
    doc.embedFont(bytes.regular, { subset: true }),
    doc.embedFont(bytes.bold, { subset: true }),
    doc.embedFont(bytes.oblique, { subset: true }),
  ]);
  const drawn =
    input.signature.method === 'drawn'
      ? await doc.embedPng(decodePngDataUrl(input.signature.pngDataUrl))
      : undefined;

  const writer = new Writer(doc, { regular, bold, oblique });
  drawAgreement(writer, input);
  drawSignatureBlock(writer, input, drawn);
  drawCertificate(writer, input);
  drawFooters(doc, regular, input.labelName);

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
