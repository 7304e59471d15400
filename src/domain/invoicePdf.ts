// An invoice as the PDF document getInvoicesPDF answers: number, status, dates,
// the client, the lines and the totals, as text a reader can select. The bytes
// are a function of the invoice, its client and its payments: the document's
// dates come from the invoice, and pdfkit derives the file id from them, so the
// same state always gives the same bytes.
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';
import type { Invoice } from '../generated/wire.js';
import type { View } from '../store/world.js';
import { ZERO_DATETIME } from '../lib/dates.js';
import { formatCents, lineCents, toCents } from './money.js';
import { balanceDueCents, PAYABLE_STATUSES, paidCents } from './payments.js';

type Doc = InstanceType<typeof PDFDocument>;

/** How many PDFs one call writes at most, a list page's worth: each takes milliseconds of the one thread every session shares. */
export const MAX_PDFS = 25;

// pdfkit takes about a tenth of a second to load, so it is loaded on the first PDF, not at start-up.
let loaded: typeof PDFDocument | undefined;
function pdfkit(): typeof PDFDocument {
  loaded ??= createRequire(import.meta.url)('pdfkit') as typeof PDFDocument;
  return loaded;
}

const LEFT = 50;
const RIGHT = 545;
const BOTTOM = 780;
/** Columns of the lines table: description, then qty, amount and total right-aligned. */
const COLUMNS = { description: LEFT, qty: 330, amount: 400, total: 475 } as const;
const NUMBER_WIDTH = 70;

/** A label and its value, one line of the document. */
type Row = [label: string, value: string];
const rowIf = (shown: boolean, row: Row): Row[] => (shown ? [row] : []);

/** A date-time of the wire as the Date it names, in UTC. */
const at = (dateTime: string) => new Date(`${dateTime.replace(' ', 'T')}Z`);

/** The PDF of one invoice, as bytes. */
export function invoicePdf(world: View, invoice: Invoice): Buffer {
  const paidOn = invoice.datepaid === ZERO_DATETIME ? undefined : invoice.datepaid;
  const doc = new (pdfkit())({
    size: 'A4',
    margin: LEFT,
    // Uncompressed streams keep the bytes the same on every zlib version; an invoice is a few kilobytes either way.
    compress: false,
    info: {
      Title: `Invoice #${invoice.id}`,
      Creator: 'billsim',
      CreationDate: at(`${invoice.date} 00:00:00`),
      ModDate: at(paidOn ?? `${invoice.date} 00:00:00`),
    },
  });
  let y = heading(doc, invoice, paidOn);
  y = billTo(doc, world, invoice, y);
  y = lines(doc, invoice, y);
  y = totals(doc, world, invoice, y);
  if (invoice.notes) text(doc, `Notes: ${invoice.notes}`, LEFT, room(doc, y + 10, 30), { width: RIGHT - LEFT });
  return bytesOf(doc);
}

/** The document's bytes: pdfkit writes them synchronously into its stream's buffer, read here without waiting. */
function bytesOf(doc: Doc): Buffer {
  doc.end();
  const chunks: Buffer[] = [];
  for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function text(doc: Doc, value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}): void {
  doc.text(value, x, y, { lineBreak: options.width !== undefined, ...options });
}

/** `y`, or the top of a new page when `height` would not fit below it. */
function room(doc: Doc, y: number, height: number): number {
  if (y + height <= BOTTOM) return y;
  doc.addPage();
  return LEFT;
}

function heading(doc: Doc, invoice: Invoice, paidOn: string | undefined): number {
  doc.fontSize(22);
  text(doc, 'INVOICE', LEFT, LEFT);
  text(doc, invoice.status.toUpperCase(), LEFT, LEFT, { width: RIGHT - LEFT, align: 'right' });
  doc.fontSize(10);
  const rows: Row[] = [
    ['Invoice', `#${invoice.id}`],
    ...rowIf(invoice.paid_id !== '', ['Invoice number', invoice.paid_id]),
    ['Invoice date', invoice.date],
    ['Due date', invoice.duedate],
    ...rowIf(paidOn !== undefined, ['Paid on', paidOn ?? '']),
    ['Status', invoice.status],
  ];
  let y = LEFT + 40;
  for (const [label, value] of rows) {
    text(doc, `${label}:`, LEFT, y);
    text(doc, value, LEFT + 90, y);
    y += 14;
  }
  return y + 10;
}

function billTo(doc: Doc, world: View, invoice: Invoice, top: number): number {
  const client = world.get('clients', invoice.client_id);
  const place = client ? [client.city, client.state, client.postcode].filter(Boolean).join(', ') : '';
  const rows = client
    ? [
        `${client.firstname} ${client.lastname}`.trim(),
        client.companyname,
        client.address1,
        client.address2,
        place,
        client.country,
        client.email,
      ]
    : [`Client ${invoice.client_id}`];
  text(doc, 'Bill to', LEFT, top);
  let y = top + 14;
  for (const row of rows.filter(Boolean)) {
    text(doc, row, LEFT, y, { width: RIGHT - LEFT });
    y = doc.y;
  }
  return y + 16;
}

/** The four columns of one row; the description wraps, the numbers do not. */
function row(doc: Doc, y: number, cells: [string, string, string, string]): number {
  const [description, qty, amount, total] = cells;
  text(doc, description, COLUMNS.description, y, { width: COLUMNS.qty - COLUMNS.description - 10 });
  const bottom = doc.y;
  for (const [value, x] of [
    [qty, COLUMNS.qty],
    [amount, COLUMNS.amount],
    [total, COLUMNS.total],
  ] as const) {
    text(doc, value, x, y, { width: NUMBER_WIDTH, align: 'right' });
  }
  return Math.max(bottom, y + 12) + 4;
}

function lines(doc: Doc, invoice: Invoice, top: number): number {
  let y = row(doc, top, ['Description', 'Qty', 'Amount', 'Total']);
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).stroke();
  y += 6;
  for (const line of invoice.items) {
    const height = doc.heightOfString(line.description, { width: COLUMNS.qty - COLUMNS.description - 10 });
    y = room(doc, y, height + 4);
    y = row(doc, y, [line.description, line.qty, line.amount, formatCents(lineCents(line.amount, line.qty))]);
  }
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).stroke();
  return y + 10;
}

function totals(doc: Doc, world: View, invoice: Invoice, top: number): number {
  const code = world.get('currencies', invoice.currency_id)?.code ?? '';
  const money = (amount: string) => `${amount} ${code}`.trim();
  const rows: Row[] = [
    ['Subtotal', invoice.subtotal],
    ...rowIf(toCents(invoice.credit) !== 0, ['Credit', `-${invoice.credit}`]),
    ...rowIf(toCents(invoice.taxrate) !== 0, [`Tax (${invoice.taxrate}%)`, invoice.tax]),
    ...rowIf(toCents(invoice.taxrate2) !== 0, [`Tax 2 (${invoice.taxrate2}%)`, invoice.tax2]),
    ['Total', invoice.total],
    ['Paid', formatCents(paidCents(world, invoice.id))],
    // Only an invoice that takes payments still asks for money.
    ...rowIf(PAYABLE_STATUSES.includes(invoice.status), ['Balance due', formatCents(balanceDueCents(world, invoice))]),
  ];
  let y = room(doc, top, rows.length * 14);
  for (const [label, value] of rows) {
    text(doc, label, 300, y, { width: 150, align: 'right' });
    text(doc, money(value), COLUMNS.total - 20, y, { width: NUMBER_WIDTH + 20, align: 'right' });
    y += 14;
  }
  return y;
}
