import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';

/**
 * The page layout Imprint's PDFs share (the sealed agreement, the audit trail export): A4 pages,
 * DejaVu Sans embedded as subsets, a cursor that turns the page, text wrapped to a width, labelled
 * rows, and a footer numbering the pages.
 */

export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 56;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const FOOTER_Y = 30;
export const TEXT_COLOR = rgb(0.1, 0.1, 0.16);
export const MUTED_COLOR = rgb(0.38, 0.38, 0.44);
const RULE_COLOR = rgb(0.78, 0.78, 0.82);

export const TITLE_SIZE = 18;
export const HEADING_SIZE = 13;
export const TABLE_SIZE = 9;
export const TABLE_LEADING = TABLE_SIZE * 1.45;

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
    // A failed read must not stay cached: the next document tries again.
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

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  oblique: PDFFont;
}

/** DejaVu Sans regular, bold and oblique, subset-embedded in `doc`. */
export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  const bytes = await loadFontBytes();
  doc.registerFontkit(cachingFontkit);
  const [regular, bold, oblique] = await Promise.all([
    doc.embedFont(bytes.regular, { subset: true }),
    doc.embedFont(bytes.bold, { subset: true }),
    doc.embedFont(bytes.oblique, { subset: true }),
  ]);
  return { regular, bold, oblique };
}

/** pdf-lib draws a string on one line; control characters would print as missing glyphs. */
export function clean(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ');
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

/** A cursor over A4 pages that starts a new page when the next thing does not fit. */
export class Writer {
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

const LABEL_WIDTH = 140;
const LABEL_GAP = 12;

/**
 * Label and value pairs as a two-column table, a rule under each row; a value wraps in its column
 * and a row never breaks across pages.
 */
export function drawLabelledRows(writer: Writer, rows: readonly (readonly [string, string])[]): void {
  const { regular, bold } = writer.fonts;
  const valueX = MARGIN + LABEL_WIDTH + LABEL_GAP;
  const valueWidth = CONTENT_WIDTH - LABEL_WIDTH - LABEL_GAP;
  for (const [label, value] of rows) {
    const labelLines = wrapText(label, bold, TABLE_SIZE, LABEL_WIDTH);
    const valueLines = wrapText(value, regular, TABLE_SIZE, valueWidth);
    const count = Math.max(labelLines.length, valueLines.length);
    writer.ensure(count * TABLE_LEADING + 8);
    const top = writer.y - 4;
    writer.y = top;
    writer.lines(labelLines, { font: bold, size: TABLE_SIZE, leading: TABLE_LEADING });
    writer.y = top;
    writer.lines(valueLines, { font: regular, size: TABLE_SIZE, leading: TABLE_LEADING, x: valueX });
    writer.y = top - count * TABLE_LEADING - 4;
    writer.rule();
  }
}

/** The footer of every page: the label on the left, "Page n of m" on the right. */
export function drawFooters(doc: PDFDocument, font: PDFFont, labelName: string): void {
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
