import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, build, SERVER_TIME, type WireParams } from '../../helpers/app.js';
import { read, readEverywhere } from '../../helpers/reads.js';
import { refusals } from '../../helpers/refusals.js';
import { readBase64Pdf } from '../../helpers/pdf.js';
import { MAX_PDFS } from '../../../src/domain/invoicePdf.js';

const CALL = 'getInvoicesPDF';
const ALL = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'];

type Pdfs = Record<string, string>;

/** The answer's PDFs by invoice id, or [] when none. */
async function pdfs(t: Test, app: FastifyInstance, params: WireParams = {}, session?: string): Promise<Pdfs | []> {
  return (await read(t, app, CALL, params, session)).invoices as Pdfs | [];
}

async function idsOf(t: Test, app: FastifyInstance, params: WireParams): Promise<string[]> {
  return Object.keys(await pdfs(t, app, params));
}

/** The text of one invoice's PDF, page by page. */
async function pages(t: Test, app: FastifyInstance, id: string): Promise<string[][]> {
  return (await readBase64Pdf(((await pdfs(t, app, { 'invoices[]': id })) as Pdfs)[id])).pages;
}

t.test('getInvoicesPDF answers every invoice as a base64 PDF, keyed by id in ascending order', async (t) => {
  const app = await build(t);
  const invoices = (await readEverywhere(t, app, CALL, {})).invoices as Pdfs;
  t.strictSame(Object.keys(invoices), ALL);
  for (const [id, pdf] of Object.entries(invoices)) {
    const bytes = Buffer.from(pdf, 'base64').toString('latin1');
    t.ok(bytes.startsWith('%PDF-1.3') && bytes.trimEnd().endsWith('%%EOF'), `invoice ${id} is a whole PDF document`);
  }
  const body = await api(app, CALL, { 'invoices[]': '3' });
  t.strictSame(Object.keys(body), ['success', 'invoices', 'call', 'server_time'], 'the published key order');
  t.equal(body.server_time, SERVER_TIME);
});

t.test('a paid invoice reads back with its number, dates, client, lines, totals and status', async (t) => {
  const app = await build(t);
  const pdf = await readBase64Pdf(((await pdfs(t, app, { 'invoices[]': '1' })) as Pdfs)['1']);
  t.strictSame(pdf.pages, [
    [
      'INVOICE PAID',
      'Invoice: #1',
      'Invoice number: 2026/0047',
      'Invoice date: 2026-11-07',
      'Due date: 2026-11-14',
      'Paid on: 2026-11-14 06:02:17',
      'Status: Paid',
      'Bill to',
      'Alice Morgan',
      'Morgan Design Studio LLC',
      '1420 Congress Ave',
      'Suite 300',
      'Austin, Texas, 78701',
      'US',
      'alice@morgan-design.com',
      'Description Qty Amount Total',
      'Business Hosting - morgan-design.com (14/11/2026 - 1 8.95 8.95',
      '13/12/2026)',
      'Extra Backup Space 10GB (14/11/2026 - 13/12/2026) 1 5.00 5.00',
      'Subtotal 13.95 USD',
      'Tax (8.25%) 1.15 USD',
      'Total 15.10 USD',
      'Paid 15.10 USD',
    ],
  ]);
  t.match(pdf.info, { Title: 'Invoice #1', Creator: 'billsim', CreationDate: 'D:20261107000000Z', ModDate: 'D:20261114060217Z' });
});

t.test('an unpaid invoice in euros shows what was paid, what is still due, and its notes', async (t) => {
  const app = await build(t);
  const pdf = await readBase64Pdf(((await pdfs(t, app, { 'invoices[]': '12' })) as Pdfs)['12']);
  const [lines] = pdf.pages;
  t.strictSame(lines.slice(0, 5), ['INVOICE UNPAID', 'Invoice: #12', 'Invoice date: 2026-11-10', 'Due date: 2026-11-24', 'Status: Unpaid']);
  t.ok(lines.includes('Industriestraße 12'), 'accented text reads back as written');
  t.strictSame(lines.slice(-6), [
    'Server hardening consultation [hours] 1.5 55.00 82.50',
    'Subtotal 88.03 EUR',
    'Total 88.03 EUR',
    'Paid 40.00 EUR',
    'Balance due 48.03 EUR',
    'Notes: Reverse charge: VAT to be accounted for by the recipient (Art. 196 Directive 2006/112/EC).',
  ]);
  t.match(pdf.info, { CreationDate: 'D:20261110000000Z', ModDate: 'D:20261110000000Z' }, 'an unpaid invoice is dated by its date alone');
});

t.test('a cancelled invoice asks for nothing more', async (t) => {
  const app = await build(t);
  const [lines] = await pages(t, app, '7');
  t.equal(lines[0], 'INVOICE CANCELLED');
  t.strictSame(lines.slice(-3), ['Total 44.00 USD', 'Paid 0.00 USD', "Notes: Cancelled at the client's request on 2026-07-03."]);
});

t.test('invoices, client_id, from and to narrow the invoices together', async (t) => {
  const app = await build(t);
  const cases: Array<[WireParams, string[]]> = [
    [{ 'invoices[]': ['12', '3', '3'] }, ['3', '12']],
    [{ invoices: '5' }, ['5']],
    [{ client_id: '1' }, ['1', '10', '11']],
    [{ from: '2026-11-01' }, ['1', '3', '8', '12']],
    [{ to: '2026-01-20' }, ['6', '11']],
    [{ from: '2026-09-03', to: '2026-09-20' }, ['4', '5']],
    [{ from: '2026-11-07', to: '2026-11-07' }, ['1']],
    [{ client_id: '1', from: '2026-05-01' }, ['1', '10']],
    [{ 'invoices[]': ['1', '2', '12'], client_id: '2' }, ['2', '12']],
    [{ 'invoices[]': ['1', '12'], from: '2026-11-08' }, ['12']],
  ];
  for (const [params, expected] of cases) t.strictSame(await idsOf(t, app, params), expected, JSON.stringify(params));
});

t.test('no invoice matching answers [], as PHP encodes an empty array', async (t) => {
  const app = await build(t);
  t.strictSame(await pdfs(t, app, { client_id: '9' }), [], 'a client without invoices');
  t.strictSame(await pdfs(t, app, { from: '2030-01-01' }), [], 'no invoice that late');
});

t.test('the same state answers the same bytes, in any session and any app', async (t) => {
  const first = await pdfs(t, await build(t));
  const app = await build(t);
  t.ok(JSON.stringify(await pdfs(t, app, {}, 'another')) === JSON.stringify(first), 'another session, another app: the same bytes');
  t.ok(JSON.stringify(await pdfs(t, app)) === JSON.stringify(first), 'asked again');
});

t.test("a payment changes that invoice's PDF and no other", async (t) => {
  const app = await build(t);
  const before = (await pdfs(t, app)) as Pdfs;
  await read(t, app, 'addInvoicePayment', { id: '3', amount: '5.20', paymentmodule: '1', fee: '0', date: '2026-11-20' });
  const after = (await pdfs(t, app)) as Pdfs;
  // Compared as booleans: a failing comparison of two PDFs would print kilobytes of base64.
  t.strictSame(
    ALL.filter((id) => after[id] !== before[id]),
    ['3'],
    'only invoice 3 changed',
  );
  const [lines] = await pages(t, app, '3');
  t.strictSame(lines.slice(0, 2), ['INVOICE PAID', 'Invoice: #3']);
  t.ok(lines.includes('Paid on: 2026-11-20 12:00:00'));
  t.strictSame(lines.slice(-2), ['Total 5.20 GBP', 'Paid 5.20 GBP']);
});

t.test('an invoice too long for one page goes on, every line and the totals readable', async (t) => {
  const app = await build(t);
  for (let n = 1; n <= 40; n++) await read(t, app, 'addInvoiceItem', { id: '8', line: `Extra line ${n}`, price: '1.00', tax: '0' });
  const document = await pages(t, app, '8');
  t.ok(document.length > 1, `${document.length} pages`);
  const text = document.flat();
  for (let n = 1; n <= 40; n++) t.ok(text.includes(`Extra line ${n} 1 1.00 1.00`), `line ${n} is there`);
  t.equal(text.at(-1), 'Balance due 90.04 USD');
});

t.test(`one call writes at most ${MAX_PDFS} PDFs and says how to ask for fewer`, async (t) => {
  const app = await build(t);
  for (let n = 0; n < MAX_PDFS - ALL.length + 1; n++) await read(t, app, 'addInvoice', { client_id: '4' });
  const body = await api(app, CALL);
  t.strictSame(body.error, [
    `${MAX_PDFS + 1} invoices match, more than the ${MAX_PDFS} PDFs one call writes: narrow them with from and to, client_id or invoices[]`,
  ]);
  t.strictSame(await idsOf(t, app, { to: '2026-11-19' }), ALL, 'a narrower selection is answered');
});

refusals('getInvoicesPDF refuses unknown records and malformed parameters, every problem at once', CALL, [
  [{ client_id: '99' }, 'Client 99 not found'],
  [{ 'invoices[]': ['1', '98'] }, 'Invoice 98 not found'],
  [{ from: '2026-13-45x' }, 'Parameter from must be a date as YYYY-MM-DD'],
  [{ to: 'yesterday' }, 'Parameter to must be a date as YYYY-MM-DD'],
  [{ 'invoices[]': 'abc' }, 'Parameter invoices[0] must be a positive whole number id, such as 1'],
  [{ client_id: '0' }, 'Parameter client_id must be a positive whole number id, such as 1'],
  [{ from: '2026-11-20', to: '2026-11-19' }, 'Parameter to (2026-11-19) must not be before from (2026-11-20)'],
]);

t.test('several problems are named in one answer', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { client_id: '77', 'invoices[]': ['98', '99'], from: '2026-02-01', to: '2026-01-01' });
  t.strictSame(body.error, [
    'Client 77 not found',
    'Invoice 98 not found',
    'Invoice 99 not found',
    'Parameter to (2026-01-01) must not be before from (2026-02-01)',
  ]);
});
