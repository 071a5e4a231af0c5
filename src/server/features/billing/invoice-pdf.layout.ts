import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/*
 * The page that the PDF invoice and credit note share: A4, the brand at the top, the document's
 * title, its two parties, a table and totals, and a footer with page numbers. DejaVu Sans is
 * embedded (subset to the glyphs used): it covers €, £, ¥, the accented Latin of every shipped
 * language and more, so the PDF reads the same on any machine, offline (decision 060).
 */

const require = createRequire(import.meta.url);
// PDFKit's own font engine (a dependency of ours too); it ships no types, and this is all we call.
const fontkit = require('fontkit') as { create(data: Buffer): unknown };

/** A parsed font. Kept for the process: parsing and laying out DejaVu is most of a render's cost, and fontkit caches its glyphs per font. */
type ParsedFont = Parameters<PDFKit.PDFDocument['registerFont']>[1];
let parsed: { regular: ParsedFont; bold: ParsedFont } | undefined;

function fonts() {
  const open = (file: string) => fontkit.create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))) as unknown as ParsedFont;
  parsed ??= { regular: open('DejaVuSans.ttf'), bold: open('DejaVuSans-Bold.ttf') };
  return parsed;
}

export const ink = '#18181b';
export const muted = '#52525b';
export const rule = '#d4d4d8';
const MARGIN = 50;
/** Room kept at the bottom of each page for the footer line. */
const FOOTER = 36;

export interface PdfPage {
  doc: PDFKit.PDFDocument;
  left: number;
  width: number;
  /** Starts a new page when fewer than `height` points are left above the footer. */
  room(height: number): void;
  /** Writes `text` at the cursor, across the width or within [x, x+w]; returns its height. */
  text(text: string, options?: { x?: number; width?: number; size?: number; bold?: boolean; color?: string; align?: 'left' | 'right' }): number;
  line(): void;
  gap(points: number): void;
  /** Draws a PNG or JPEG at the cursor within `width` × `height`, keeping its proportions; false when PDFKit cannot read it. */
  image(bytes: Buffer, box: { width: number; height: number }): boolean;
  /** Ends the document (numbering its pages) and gives its bytes. */
  finish(pageLabel: (page: number, pages: number) => string): Promise<Buffer>;
}

export function createPdfPage(meta: { title: string; author: string; lang: string }): PdfPage {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    // No Helvetica: every word is in the embedded font, so the standard one is never loaded.
    font: '',
    lang: meta.lang,
    displayTitle: true,
    info: { Title: meta.title, Author: meta.author, Creator: meta.author, Producer: meta.author },
  });
  const { regular, bold } = fonts();
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  doc.font('body').fontSize(10).fillColor(ink);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - FOOTER;

  const page: PdfPage = {
    doc,
    left,
    width,
    room(height) {
      if (doc.y + height > bottom()) doc.addPage();
    },
    text(text, options = {}) {
      const x = options.x ?? left;
      const w = options.width ?? width - (x - left);
      doc.font(options.bold ? 'bold' : 'body').fontSize(options.size ?? 10).fillColor(options.color ?? ink);
      const height = doc.heightOfString(text, { width: w });
      page.room(height);
      const y = doc.y;
      doc.text(text, x, y, { width: w, align: options.align ?? 'left' });
      return height;
    },
    line() {
      page.room(8);
      const y = doc.y + 3;
      doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.75).strokeColor(rule).stroke();
      doc.y = y + 5;
    },
    gap(points) {
      doc.y += points;
    },
    image(bytes, box) {
      let image: { width: number; height: number };
      try {
        // PDFKit's openImage (parses once, so the size is known before drawing) is missing from @types/pdfkit.
        image = (doc as unknown as { openImage(src: Buffer): { width: number; height: number } }).openImage(bytes);
      } catch {
        return false;
      }
      const scale = Math.min(box.width / image.width, box.height / image.height);
      const height = image.height * scale;
      page.room(height);
      const y = doc.y;
      doc.image(image as never, left, y, { width: image.width * scale, height });
      doc.y = y + height;
      return true;
    },
    async finish(pageLabel) {
      const range = doc.bufferedPageRange();
      for (let i = range.start; i < range.start + range.count; i++) {
        doc.switchToPage(i);
        // Writing below the bottom margin would start a page of its own: lift it for the footer.
        const margin = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        doc.font('body').fontSize(8).fillColor(muted);
        doc.text(pageLabel(i + 1, range.count), left, doc.page.height - MARGIN, { width, align: 'right', lineBreak: false });
        doc.page.margins.bottom = margin;
      }
      doc.end();
      await ended;
      return Buffer.concat(chunks);
    },
  };
  return page;
}

/** A label and a value on one line, as the documents' meta rows ("Date: Nov 26, 2026"). */
export function metaRow(page: PdfPage, label: string, value: string) {
  const { doc } = page;
  doc.font('body').fontSize(10);
  const labelWidth = Math.min(doc.widthOfString(label) + 6, 140);
  const height = Math.max(
    doc.heightOfString(label, { width: labelWidth }),
    doc.heightOfString(value, { width: page.width - labelWidth }),
  );
  page.room(height);
  const y = doc.y;
  doc.fillColor(muted).text(label, page.left, y, { width: labelWidth });
  doc.fillColor(ink).text(value, page.left + labelWidth, y, { width: page.width - labelWidth });
  doc.y = y + height + 2;
}

export interface Column {
  width: number;
  align?: 'left' | 'right';
}

/** One row of a table: each cell wraps within its column; the row is as tall as its tallest cell. */
export function tableRow(page: PdfPage, columns: Column[], cells: string[], options: { bold?: boolean; size?: number; color?: string } = {}) {
  const { doc } = page;
  const gutter = 8;
  doc.font(options.bold ? 'bold' : 'body').fontSize(options.size ?? 10);
  const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width - gutter }));
  const height = Math.max(...heights);
  page.room(height + 6);
  const y = doc.y + 3;
  let x = page.left;
  cells.forEach((cell, i) => {
    const column = columns[i]!;
    const align = column.align ?? 'left';
    doc.fillColor(options.color ?? ink).text(cell, align === 'right' ? x + gutter : x, y, { width: column.width - gutter, align });
    x += column.width;
  });
  doc.y = y + height + 3;
}

/** A totals line at the right: the label and its amount, as the HTML pages' <dl> of totals. */
export function totalRow(page: PdfPage, label: string, amount: string, options: { bold?: boolean; size?: number } = {}) {
  const labelWidth = page.width * 0.35;
  const amountWidth = page.width * 0.2;
  const x = page.left + page.width - labelWidth - amountWidth;
  tableRow(
    { ...page, left: x },
    [
      { width: labelWidth },
      { width: amountWidth, align: 'right' },
    ],
    [label, amount],
    { ...options, color: options.bold ? ink : undefined },
  );
}
