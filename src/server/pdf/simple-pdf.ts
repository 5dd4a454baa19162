import { degrees, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { TEST_DOCUMENT_MARK, TEST_DOCUMENT_REASON } from '../../domain/test-mode';

// The app's printable documents (the guest's invoices and credit notes, the host's statements) as
// A4 PDFs: headings, lines of text, label-value pairs and tables, flowed down the page and onto
// the next. The standard Helvetica needs no font file; it writes WinAnsi (Latin-1 and a few more),
// so the rupee sign is written "Rs." and any other character it cannot write becomes "?".
// A document made in test mode carries a mark on every page (decision 040): a band at the top and
// the same words across the page, under the text, both in the PDF's text as a reader extracts it.

export type PdfBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string; bold?: boolean; muted?: boolean }
  | { kind: 'pairs'; rows: readonly (readonly [string, string])[] }
  | { kind: 'table'; columns: readonly PdfColumn[]; rows: readonly (readonly string[])[]; footer?: readonly string[] }
  | { kind: 'gap' };

/** A table's column: its heading, its share of the page's width, and which side its text keeps to. */
export type PdfColumn = { label: string; width: number; align?: 'left' | 'right' };

const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 48;
const SIZE = { heading: 16, text: 10, small: 8.5 } as const;
const LINE = 1.45;
const INK = rgb(0.11, 0.1, 0.09);
const MUTED = rgb(0.38, 0.36, 0.34);
const RULE = rgb(0.8, 0.78, 0.75);
const MARK_INK = rgb(0.6, 0.07, 0.07);
const MARK_BAND = { height: 38, gap: 14 } as const;

/** Words across every page: `text` in a band at the top and diagonally across the page; `note` under it in the band. */
export type PdfMark = { text: string; note: string };

/** The mark of an invoice, credit note or statement made in test mode. */
export const TEST_MODE_MARK: PdfMark = { text: TEST_DOCUMENT_MARK, note: TEST_DOCUMENT_REASON };

type Fonts = { regular: PDFFont; bold: PDFFont };

/** Text the standard font can write: the rupee sign as "Rs.", anything else it lacks as "?". */
function writable(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  let out = '';
  for (const char of text.replace(/₹/g, 'Rs. ').replace(/\s+/g, ' ')) out += known.has(char.codePointAt(0)!) ? char : '?';
  return out;
}

/** `text` cut into lines no wider than `width`, at spaces where it can be. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  lines.push(line);
  return lines;
}

/** Draws blocks down A4 pages, starting a new page where the next line would not fit. */
class Flow {
  private page!: PDFPage;
  private y = 0;
  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly mark: PdfMark | undefined,
  ) {
    this.newPage();
  }

  private newPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
    if (this.mark) this.drawMark(this.mark);
  }

  /** The mark, drawn first so that the page's text lies over its diagonal; the text starts below its band. */
  private drawMark(mark: PdfMark) {
    const bold = this.fonts.bold;
    const text = writable(mark.text, bold);
    // Diagonally across the page's middle, corner to corner, faint enough to read the text through.
    const angle = Math.atan2(A4.height, A4.width);
    const size = Math.min(64, (0.8 * Math.hypot(A4.width, A4.height)) / (bold.widthOfTextAtSize(text, 1) || 1));
    const half = bold.widthOfTextAtSize(text, size) / 2;
    const lift = bold.heightAtSize(size, { descender: false }) / 2;
    this.page.drawText(text, {
      x: A4.width / 2 - half * Math.cos(angle) + lift * Math.sin(angle),
      y: A4.height / 2 - half * Math.sin(angle) - lift * Math.cos(angle),
      size,
      font: bold,
      color: MARK_INK,
      opacity: 0.14,
      rotate: degrees((angle * 180) / Math.PI),
    });
    const top = A4.height - MARGIN;
    this.page.drawRectangle({ x: MARGIN, y: top - MARK_BAND.height, width: this.width, height: MARK_BAND.height, color: MARK_INK });
    this.page.drawText(text, { x: MARGIN + 10, y: top - 17, size: 13, font: bold, color: rgb(1, 1, 1) });
    this.page.drawText(writable(mark.note, this.fonts.regular), { x: MARGIN + 10, y: top - 31, size: SIZE.small, font: this.fonts.regular, color: rgb(1, 1, 1) });
    this.y = top - MARK_BAND.height - MARK_BAND.gap;
  }

  private room(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  private get width() {
    return A4.width - 2 * MARGIN;
  }

  line(text: string, x: number, o: { size?: number; bold?: boolean; muted?: boolean; width?: number; align?: 'left' | 'right' } = {}) {
    const size = o.size ?? SIZE.text;
    const font = o.bold ? this.fonts.bold : this.fonts.regular;
    const safe = writable(text, font);
    const left = o.align === 'right' && o.width ? x + o.width - font.widthOfTextAtSize(safe, size) : x;
    this.page.drawText(safe, { x: left, y: this.y - size, size, font, color: o.muted ? MUTED : INK });
  }

  heading(text: string) {
    this.room(SIZE.heading * LINE);
    this.line(text, MARGIN, { size: SIZE.heading, bold: true });
    this.y -= SIZE.heading * LINE;
  }

  text(text: string, bold = false, muted = false) {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    for (const l of wrap(writable(text, font), font, SIZE.text, this.width)) {
      this.room(SIZE.text * LINE);
      this.line(l, MARGIN, { bold, muted });
      this.y -= SIZE.text * LINE;
    }
  }

  pairs(rows: readonly (readonly [string, string])[]) {
    const labelWidth = this.width * 0.34;
    for (const [label, value] of rows) {
      const lines = wrap(writable(value, this.fonts.regular), this.fonts.regular, SIZE.text, this.width - labelWidth);
      this.room(lines.length * SIZE.text * LINE);
      this.line(label, MARGIN, { muted: true });
      for (const l of lines) {
        this.line(l, MARGIN + labelWidth);
        this.y -= SIZE.text * LINE;
      }
    }
  }

  table(columns: readonly PdfColumn[], rows: readonly (readonly string[])[], footer?: readonly string[]) {
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.width);
    const row = (cells: readonly string[], bold: boolean, size: number) => {
      // A cell's text is cut to its column; the row is as tall as its tallest cell.
      const wrapped = cells.map((cell, i) => wrap(writable(cell, bold ? this.fonts.bold : this.fonts.regular), bold ? this.fonts.bold : this.fonts.regular, size, widths[i]! - 6));
      const height = Math.max(...wrapped.map((w) => w.length)) * size * LINE;
      this.room(height + 4);
      const top = this.y;
      let x = MARGIN;
      wrapped.forEach((lines, i) => {
        this.y = top;
        for (const l of lines) {
          this.line(l, x, { size, bold, width: widths[i]! - 6, align: columns[i]!.align });
          this.y -= size * LINE;
        }
        x += widths[i]!;
      });
      this.y = top - height - 2;
    };
    const rule = () => {
      this.page.drawLine({ start: { x: MARGIN, y: this.y + 1 }, end: { x: MARGIN + this.width, y: this.y + 1 }, thickness: 0.6, color: RULE });
      this.y -= 3;
    };
    row(columns.map((c) => c.label), true, SIZE.small);
    rule();
    for (const cells of rows) row(cells, false, SIZE.small);
    if (footer) {
      rule();
      row(footer, true, SIZE.small);
    }
  }

  gap() {
    this.y -= SIZE.text;
  }
}

/**
 * An A4 PDF of `blocks`, with `title` and `date` (the document's own, so that it gives the same
 * bytes whenever it is downloaded) in its properties, and `mark` on every page when given.
 */
export async function renderPdf(title: string, date: Date, blocks: readonly PdfBlock[], mark?: PdfMark): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor('PawStay');
  doc.setCreator('PawStay');
  doc.setLanguage('en-IN');
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const flow = new Flow(doc, fonts, mark);
  for (const block of blocks) {
    if (block.kind === 'heading') flow.heading(block.text);
    else if (block.kind === 'text') flow.text(block.text, block.bold, block.muted);
    else if (block.kind === 'pairs') flow.pairs(block.rows);
    else if (block.kind === 'table') flow.table(block.columns, block.rows, block.footer);
    else flow.gap();
  }
  return doc.save();
}
