import { PDFDocument } from 'pdf-lib';
import type { AuditEntry, AuditExport } from '../../../domain';
import {
  CONTENT_WIDTH,
  drawFooters,
  drawLabelledRows,
  embedFonts,
  HEADING_SIZE,
  MARGIN,
  MUTED_COLOR,
  TABLE_LEADING,
  TABLE_SIZE,
  TITLE_SIZE,
  Writer,
  wrapText,
} from '../contracts/pdf-layout';

const CELL_SIZE = 7.5;
const CELL_LEADING = CELL_SIZE * 1.4;
const CELL_PAD = 3;
const COLUMN_GAP = 6;
/** A row this short moves to the next page whole rather than being split. */
const KEEP_TOGETHER_LINES = 8;
const NOT_RECORDED = 'Not recorded';

const COLUMN_WIDTHS = [58, 96, 96, 66];
const COLUMNS = ['When (UTC)', 'Who', 'What', 'From IP', 'Detail'].map((title, index) => {
  const x = MARGIN + COLUMN_WIDTHS.slice(0, index).reduce((sum, width) => sum + width + COLUMN_GAP, 0);
  const width = COLUMN_WIDTHS[index] ?? MARGIN + CONTENT_WIDTH - x;
  return { title, x, width };
});

/** '2025-03-01T09:30:05.123Z' → '2025-03-01 09:30:05': the second is what an audit is read to. */
function formatUtc(iso: string): string {
  return iso.replace('T', ' ').replace(/(\.\d+)?Z$/, '');
}

/** Lines of a cell: each of its paragraphs (the text's own lines) wrapped to the column. */
function cellLines(writer: Writer, value: string, width: number, bold = false): string[] {
  const font = bold ? writer.fonts.bold : writer.fonts.regular;
  return value.split('\n').flatMap((paragraph) => wrapText(paragraph, font, CELL_SIZE, width));
}

function entryCells(entry: AuditEntry): string[] {
  const detail = [
    entry.detail,
    entry.userAgent ? `User agent: ${entry.userAgent}` : null,
    ...entry.hashes.map((hash) => `${hash.label} SHA-256: ${hash.sha256 ?? NOT_RECORDED}`),
  ].filter((line): line is string => Boolean(line));
  return [formatUtc(entry.at), entry.actor.label, entry.action, entry.ip ?? '—', detail.join('\n')];
}

function drawCells(writer: Writer, cells: string[][], from: number, count: number, bold: boolean): void {
  const top = writer.y - CELL_PAD;
  COLUMNS.forEach((column, index) => {
    writer.y = top;
    writer.lines((cells[index] ?? []).slice(from, from + count), {
      font: bold ? writer.fonts.bold : writer.fonts.regular,
      size: CELL_SIZE,
      leading: CELL_LEADING,
      x: column.x,
      ...(bold ? { color: MUTED_COLOR } : {}),
    });
  });
  writer.y = top - count * CELL_LEADING;
}

/**
 * The events as a table, its header on every page it runs over. A row taller than the room left
 * (a long message, a hash and a user agent) continues on the next page.
 */
function drawEntries(writer: Writer, entries: readonly AuditEntry[]): void {
  const header = COLUMNS.map((column) => cellLines(writer, column.title, column.width, true));
  const headerLines = Math.max(...header.map((lines) => lines.length));
  const roomFor = () => Math.floor((writer.y - CELL_PAD * 2 - MARGIN) / CELL_LEADING);
  const drawHeader = () => {
    drawCells(writer, header, 0, headerLines, true);
    writer.gap(CELL_PAD);
    writer.rule();
  };
  writer.ensure((headerLines + 2) * CELL_LEADING + CELL_PAD * 4);
  drawHeader();
  for (const entry of entries) {
    const cells = entryCells(entry).map((value, index) =>
      cellLines(writer, value, COLUMNS[index]?.width ?? 0),
    );
    const height = Math.max(...cells.map((lines) => lines.length));
    if (height <= KEEP_TOGETHER_LINES && roomFor() < height) {
      writer.addPage();
      drawHeader();
    }
    let drawn = 0;
    while (drawn < height) {
      const count = Math.min(roomFor(), height - drawn);
      if (count < 1) {
        writer.addPage();
        drawHeader();
        continue;
      }
      drawCells(writer, cells, drawn, count, false);
      drawn += count;
    }
    writer.gap(CELL_PAD);
    writer.rule();
  }
}

/** Each document or file: its name, then its SHA-256 whole on one line. */
function drawDocuments(writer: Writer, documents: AuditExport['documents']): void {
  const { regular, bold } = writer.fonts;
  for (const document of documents) {
    const label = wrapText(document.label, bold, TABLE_SIZE, CONTENT_WIDTH);
    const name = document.fileName ? wrapText(document.fileName, regular, TABLE_SIZE, CONTENT_WIDTH) : [];
    const hash = wrapText(`SHA-256: ${document.sha256 ?? NOT_RECORDED}`, regular, TABLE_SIZE, CONTENT_WIDTH);
    writer.ensure((label.length + name.length + hash.length) * TABLE_LEADING + 8);
    writer.gap(4);
    writer.lines(label, { font: bold, size: TABLE_SIZE, leading: TABLE_LEADING });
    writer.lines(name, { font: regular, size: TABLE_SIZE, leading: TABLE_LEADING, color: MUTED_COLOR });
    writer.lines(hash, { font: regular, size: TABLE_SIZE, leading: TABLE_LEADING });
    writer.gap(4);
    writer.rule();
  }
}

function heading(writer: Writer, title: string, note: string): void {
  const { regular, bold } = writer.fonts;
  writer.ensure(HEADING_SIZE * 1.4 + 14 + 60);
  writer.gap(18);
  writer.paragraph(title, bold, HEADING_SIZE, HEADING_SIZE * 1.4);
  writer.paragraph(note, regular, 9, 13, MUTED_COLOR);
  writer.gap(6);
}

/**
 * The audit trail as a PDF for the record: A4, the subject, every event (when, who, what, from
 * which address, the detail with user agent and hashes), then the SHA-256 of each document, the
 * pages numbered. DejaVu Sans is embedded, so names in any script are real, extractable text.
 */
export async function buildAuditTrailPdf(data: AuditExport): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const writer = new Writer(doc, await embedFonts(doc));
  const { regular, bold } = writer.fonts;
  const { subject } = data;
  const kind = subject.kind === 'agreement' ? 'Agreement' : 'Release';

  writer.paragraph('Audit trail', bold, TITLE_SIZE, TITLE_SIZE * 1.3);
  writer.paragraph(`${kind}: ${subject.title}`, regular, 9.5, 14, MUTED_COLOR);
  writer.gap(10);
  writer.rule();
  const by = subject.generatedBy;
  drawLabelledRows(writer, [
    ['Record', subject.kind === 'agreement' ? 'Agreement (signature request)' : 'Release (submission)'],
    ['ID', subject.id],
    ['Title', subject.title],
    ['Status', subject.status],
    ['Artist', subject.artistName || NOT_RECORDED],
    ['Artist e-mail', subject.artistEmail || NOT_RECORDED],
    ...subject.facts.map((fact): [string, string] => [fact.label, fact.value]),
    ['Generated', `${formatUtc(subject.generatedAt)} UTC`],
    ['Generated by', by.name ? `${by.name} <${by.email}>` : by.email],
  ]);

  heading(
    writer,
    `Events (${data.entries.length})`,
    'Oldest first, times in UTC. From IP: the address the request came from, where it was recorded.',
  );
  if (data.entries.length === 0) writer.paragraph('No events recorded.', regular, TABLE_SIZE, TABLE_LEADING);
  else drawEntries(writer, data.entries);

  heading(
    writer,
    'Document hashes',
    'The SHA-256 of each document and file: a copy is the same only if its SHA-256 is the one listed.',
  );
  if (data.documents.length === 0) writer.paragraph('No documents.', regular, TABLE_SIZE, TABLE_LEADING);
  else drawDocuments(writer, data.documents);

  drawFooters(doc, regular, data.labelName);
  const generated = new Date(subject.generatedAt);
  doc.setTitle(`Audit trail: ${subject.title}`);
  doc.setAuthor(data.labelName);
  doc.setSubject(`The audit trail of ${kind.toLowerCase()} ${subject.id}`);
  doc.setProducer('Imprint');
  doc.setCreator(`Imprint for ${data.labelName}`);
  doc.setCreationDate(generated);
  doc.setModificationDate(generated);
  return doc.save();
}
