import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { DocumentLanguage } from './words';

export type Doc = InstanceType<typeof PDFDocument>;

/** The documents' palette: the portal's green, ink, muted text and hairlines. */
export const COLOURS = {
  brand: '#065f46',
  ink: '#0f172a',
  muted: '#475569',
  faint: '#94a3b8',
  rule: '#e2e8f0',
  band: '#f1f5f9',
} as const;

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
export const MARGIN = 48;
const RIGHT = PAGE_WIDTH - MARGIN;
/** The left column that carries each section's heading; labels and values sit beside it. */
const HEADING_WIDTH = 112;
const LABEL_X = MARGIN + HEADING_WIDTH + 12;
const LABEL_WIDTH = 136;
const VALUE_X = LABEL_X + LABEL_WIDTH + 10;
const VALUE_WIDTH = RIGHT - VALUE_X;
/** Where content stops: the footer lives below. */
const CONTENT_BOTTOM = PAGE_HEIGHT - 78;

/** Bima Portal's shield (the favicon), drawn as vectors. */
const BIMA_MARK =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><path d="M20 3 35 9v10c0 9.5-6.3 16.3-15 18-8.7-1.7-15-8.5-15-18V9z" fill="#047857"/><path d="m13 20 5 5 9-10" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/></svg>';

/** A logo: SVG markup, or a PNG/JPEG image; null draws a wordmark of the name. */
export type Logo = { svg: string } | { image: Buffer } | null;

export interface DocumentMeta {
  title: string;
  language: DocumentLanguage;
  /**
   * The document's date (the policy's issue, the payment): the PDF's CreationDate, and with it the
   * file ID, so the same input always gives the same bytes.
   */
  createdAt: Date;
  /** The running line at the top of continuation pages: "Policy schedule BIMA/…". */
  runningTitle: string;
  /** The footer's first line (who issued the document and on what terms). */
  footerNote: string;
  /** "Page {page} of {pages}" in the document's language. */
  pageLabel: (page: number, pages: number) => string;
  /** The footer's right-hand line: "Bima Portal · digital insurance intermediary". */
  brandLine: string;
}

export type Row = [label: string, value: string];

export interface AmountLine {
  label: string;
  amount: string;
  /** 'subtotal' draws a hairline above; 'total' a heavier line and bold text. */
  kind?: 'line' | 'subtotal' | 'total';
}

/**
 * An A4 document laid out as the portal's documents are: a header with a logo and the title, then
 * sections whose heading stands in a left column with labels and values beside it, and a footer on
 * every page. Pages break between rows, never inside one.
 */
export class DocumentLayout {
  readonly doc: Doc;
  y = MARGIN;
  /** Whether the next section is the first under a header (which has its own rule). */
  private underHeader = false;

  constructor(
    doc: Doc,
    private readonly meta: DocumentMeta,
  ) {
    this.doc = doc;
  }

  /** The header: a logo on the left; the title and references on the right; a rule under both. */
  header(options: { logo: Logo; logoName: string; title: string; lines: string[]; subtitle?: string }) {
    const { doc } = this;
    const top = 40;
    drawLogo(doc, options.logo, options.logoName, MARGIN, top, 140, 56);
    const x = MARGIN + 170;
    const width = RIGHT - x;
    doc.font('Helvetica-Bold').fontSize(16).fillColor(COLOURS.ink);
    doc.text(options.title, x, top + 2, { width, align: 'right' });
    let y = doc.y + 3;
    doc.font('Helvetica').fontSize(9.5).fillColor(COLOURS.ink);
    for (const line of options.lines) {
      doc.text(line, x, y, { width, align: 'right' });
      y = doc.y + 1.5;
    }
    if (options.subtitle) {
      doc.fontSize(8.5).fillColor(COLOURS.muted).text(options.subtitle, x, y, { width, align: 'right' });
      y = doc.y;
    }
    const bottom = Math.max(top + 56, y) + 12;
    doc
      .save()
      .lineWidth(1.5)
      .strokeColor(COLOURS.brand)
      .moveTo(MARGIN, bottom)
      .lineTo(RIGHT, bottom)
      .stroke();
    doc.restore();
    this.y = bottom + 14;
    this.underHeader = true;
  }

  /** A section: its heading in the left column, its rows of label and value beside it. */
  section(heading: string, rows: Row[]) {
    if (rows.length === 0) return;
    this.sectionWith(
      heading,
      rows.map(
        ([label, value]) =>
          () =>
            this.row(label, value),
      ),
    );
  }

  /** A section of amounts: labels beside right-aligned amounts, subtotals and a total ruled off. */
  amounts(heading: string, lines: AmountLine[]) {
    this.sectionWith(
      heading,
      lines.map((line) => () => this.amountRow(line)),
    );
  }

  /** A section of custom content: `draw` gets the top-left corner beside the heading and `height` points. */
  block(heading: string, height: number, draw: (x: number, y: number) => void) {
    this.sectionWith(heading, [
      () => {
        this.ensureSpace(height);
        draw(LABEL_X, this.y);
        this.y += height;
      },
    ]);
  }

  /** A paragraph in small muted type across the content width (terms, notes). */
  note(text: string, options: { colour?: string; size?: number } = {}) {
    const { doc } = this;
    doc
      .font('Helvetica')
      .fontSize(options.size ?? 8)
      .fillColor(options.colour ?? COLOURS.muted);
    const height = doc.heightOfString(text, { width: RIGHT - MARGIN });
    this.ensureSpace(height + 6);
    doc.text(text, MARGIN, this.y, { width: RIGHT - MARGIN });
    this.y = doc.y + 8;
  }

  /**
   * Makes room for `height` points, starting a new page (with a running title) when the page is
   * full; answers whether it did.
   */
  ensureSpace(height: number): boolean {
    if (this.y + height <= CONTENT_BOTTOM) return false;
    const { doc } = this;
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(9).fillColor(COLOURS.muted);
    doc.text(this.meta.runningTitle, MARGIN, MARGIN - 10, { width: RIGHT - MARGIN });
    const y = doc.y + 6;
    doc.save().lineWidth(0.75).strokeColor(COLOURS.rule).moveTo(MARGIN, y).lineTo(RIGHT, y).stroke();
    doc.restore();
    this.y = y + 12;
    this.underHeader = true;
    return true;
  }

  /** The footer of every page: the note, the brand and the page count. Called once, at the end. */
  finish() {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index += 1) {
      doc.switchToPage(index);
      // Writing below the bottom margin must not start a new page.
      const margin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const top = PAGE_HEIGHT - 66;
      doc.save().lineWidth(0.75).strokeColor(COLOURS.rule).moveTo(MARGIN, top).lineTo(RIGHT, top).stroke();
      doc.restore();
      doc.font('Helvetica').fontSize(7.5).fillColor(COLOURS.muted);
      doc.text(this.meta.footerNote, MARGIN, top + 7, { width: RIGHT - MARGIN - 90, lineGap: 1 });
      doc.text(this.meta.pageLabel(index + 1, range.count), RIGHT - 80, top + 7, {
        width: 80,
        align: 'right',
      });
      SVGtoPDF(doc, BIMA_MARK, MARGIN, PAGE_HEIGHT - 30, { width: 12, height: 12 });
      doc.font('Helvetica-Bold').fontSize(8).fillColor(COLOURS.brand);
      doc.text(this.meta.brandLine, MARGIN + 16, PAGE_HEIGHT - 27.5, {
        width: RIGHT - MARGIN - 16,
        lineBreak: false,
      });
      doc.page.margins.bottom = margin;
    }
  }

  private sectionWith(heading: string, draws: Array<() => void>) {
    const { doc } = this;
    // The heading and the first row stay together.
    this.ensureSpace(34);
    if (this.underHeader) {
      this.y -= 4;
    } else {
      doc
        .save()
        .lineWidth(0.75)
        .strokeColor(COLOURS.rule)
        .moveTo(MARGIN, this.y)
        .lineTo(RIGHT, this.y)
        .stroke();
      doc.restore();
      this.y += 8;
    }
    this.underHeader = false;
    const top = this.y;
    doc.font('Helvetica-Bold').fontSize(9.5).fillColor(COLOURS.brand);
    doc.text(heading, MARGIN, top, { width: HEADING_WIDTH });
    const headingBottom = doc.y;
    for (const draw of draws) draw();
    this.y = Math.max(this.y, headingBottom) + 8;
  }

  private row(label: string, value: string) {
    const { doc } = this;
    doc.font('Helvetica').fontSize(9);
    const labelHeight = doc.heightOfString(label, { width: LABEL_WIDTH });
    doc.fontSize(9.5);
    const valueHeight = doc.heightOfString(value, { width: VALUE_WIDTH });
    this.ensureSpace(Math.max(labelHeight, valueHeight));
    const y = this.y;
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(COLOURS.muted)
      .text(label, LABEL_X, y, { width: LABEL_WIDTH });
    const labelBottom = doc.y;
    doc.fontSize(9.5).fillColor(COLOURS.ink).text(value, VALUE_X, y, { width: VALUE_WIDTH });
    this.y = Math.max(labelBottom, doc.y) + 4;
  }

  private amountRow(line: AmountLine) {
    const { doc } = this;
    const kind = line.kind ?? 'line';
    const width = RIGHT - LABEL_X;
    this.ensureSpace(kind === 'total' ? 22 : 16);
    if (kind !== 'line') {
      const y = this.y - 1;
      doc
        .save()
        .lineWidth(kind === 'total' ? 1 : 0.5)
        .strokeColor(kind === 'total' ? COLOURS.ink : COLOURS.rule)
        .moveTo(LABEL_X, y)
        .lineTo(RIGHT, y)
        .stroke();
      doc.restore();
      this.y += kind === 'total' ? 5 : 3;
    }
    const y = this.y;
    const bold = kind === 'total';
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 10.5 : 9)
      .fillColor(bold ? COLOURS.ink : COLOURS.muted);
    doc.text(line.label, LABEL_X, y, { width: width - 130 });
    const labelBottom = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 10.5 : 9.5)
      .fillColor(COLOURS.ink)
      .text(line.amount, RIGHT - 130, y, { width: 130, align: 'right' });
    this.y = Math.max(labelBottom, doc.y) + 4;
  }
}

/** Initials of a name for a wordmark: "Jubilee Insurance" → "JI", "APA Insurance" → "AI". */
function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^[A-Za-z]/.test(word));
  return (words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '?').slice(0, 2)).toUpperCase();
}

/**
 * A logo in a box of `width`×`height` points: the SVG or image when there is one, else a wordmark
 * in the logos' own style (a disc with the initials, the name beside it).
 */
export function drawLogo(
  doc: Doc,
  logo: Logo,
  name: string,
  x: number,
  y: number,
  width: number,
  height: number,
) {
  if (logo && 'svg' in logo) {
    SVGtoPDF(doc, logo.svg, x, y, {
      width,
      height,
      preserveAspectRatio: 'xMinYMid meet',
      fontCallback: (_family, bold) => (bold ? 'Helvetica-Bold' : 'Helvetica'),
      warningCallback: () => {},
    });
    return;
  }
  if (logo && 'image' in logo) {
    doc.image(logo.image, x, y, { fit: [width, height], valign: 'center' });
    return;
  }
  const radius = height * 0.36;
  const cx = x + radius + 2;
  const cy = y + height / 2;
  doc.save().circle(cx, cy, radius).fill(COLOURS.brand).restore();
  const initials = initialsOf(name);
  doc
    .font('Helvetica-Bold')
    .fontSize(radius * 0.8)
    .fillColor('#ffffff');
  doc.text(initials, cx - radius, cy - radius * 0.42, {
    width: radius * 2,
    align: 'center',
    lineBreak: false,
  });
  const textX = cx + radius + 8;
  const textWidth = x + width - textX;
  let size = 13;
  doc.font('Helvetica-Bold');
  while (size > 7 && doc.fontSize(size).widthOfString(name) > textWidth * 1.9) size -= 0.5;
  doc.fontSize(size).fillColor(COLOURS.brand);
  const textHeight = doc.heightOfString(name, { width: textWidth });
  doc.text(name, textX, cy - textHeight / 2, { width: textWidth });
}

/**
 * Renders a document to PDF bytes. No clock is read: the CreationDate (and so the file ID) is the
 * document's own date, so the same input gives the same file.
 */
export function renderDocument(meta: DocumentMeta, build: (layout: DocumentLayout) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: meta.language === 'sw' ? 'sw-KE' : 'en-KE',
    info: {
      Title: meta.title,
      Author: 'Bima Portal',
      Creator: 'Bima Portal',
      Producer: 'Bima Portal',
      CreationDate: meta.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const layout = new DocumentLayout(doc, meta);
  build(layout);
  layout.finish();
  doc.end();
  return done;
}
