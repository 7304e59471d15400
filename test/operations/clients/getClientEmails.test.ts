import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { refusals } from '../../helpers/refusals.js';

const CALL = 'getClientEmails';
const ALICE = { lastname: 'Morgan', firstname: 'Alice' };
const AT = '2026-11-20 12:00:00';

/** Alice gets her invoice 1 and a ticket's confirmation; Bruno his invoice 2. */
async function outbox(t: Test, app: FastifyInstance) {
  assertSuccess(t, await api(app, 'sendInvoice', { id: '1' }), 'sendInvoice');
  assertSuccess(t, await api(app, 'addTicket', { client_id: '1', subject: 'DNS', body: 'Help', asclient: '1' }), 'addTicket');
  assertSuccess(t, await api(app, 'sendInvoice', { id: '2' }), 'sendInvoice');
}

const INVOICE_1 = { id: '1', client_id: '1', subject: 'Customer Invoice #1', date: AT, ...ALICE };

t.test("getClientEmails lists the client's outbox newest first, in the published keys and order, with a sorter", async (t) => {
  const app = await build(t);
  t.strictSame((await read(t, app, CALL, { id: '1' })).emails, [], 'the bundled outbox is empty');
  await outbox(t, app);
  const body = await api(app, CALL, { id: '1' });
  assertSuccess(t, body, CALL);
  t.strictSame(body, {
    success: true,
    emails: [{ id: '2', client_id: '1', subject: 'We have received your ticket #814971: DNS', date: AT, ...ALICE }, INVOICE_1],
    sorter: { perpage: 25, totalpages: 1, sorterrecords: 2, sorterpage: 1 },
    call: CALL,
    server_time: SERVER_TIME,
  });
  t.strictSame(Object.keys((body.emails as object[])[0]), ['id', 'client_id', 'subject', 'date', 'lastname', 'firstname']);
  const page = await read(t, app, CALL, { id: '1', page: '1', perpage: '1' });
  t.strictSame(page, { emails: [INVOICE_1], sorter: { perpage: 1, totalpages: 2, sorterrecords: 2, sorterpage: 2 } });
});

t.test('getClientEmails filters', async (t) => {
  const app = await build(t);
  await outbox(t, app);
  const ids = async (filter: Record<string, string>) =>
    ((await read(t, app, CALL, { id: '1', ...filter })).emails as Array<{ id: string }>).map((e) => e.id);
  t.strictSame(await ids({ 'filter[subject]': 'invoice' }), ['1']);
  t.strictSame(await ids({ 'filter[message]': 'ticket opened' }), ['2'], 'the template name');
  t.strictSame(await ids({ 'filter[email]': 'MORGAN-design' }), ['2', '1']);
  t.strictSame(await ids({ 'filter[lastname]': 'keller' }), []);
  t.strictSame(await ids({ 'filter[rel_type]': 'invoice', 'filter[rel_id]': '1' }), ['1']);
  t.strictSame(await ids({ 'filter[rel_type]': 'ticket' }), ['2']);
  t.strictSame(await ids({ 'filter[rel_type]': 'client' }), []);
  t.strictSame(await ids({ 'filter[rel_id]': '1' }), ['1']);
  t.strictSame(await ids({ 'filter[status]': '1', 'filter[subject]': '' }), ['2', '1']);
  t.strictSame(await ids({ 'filter[status]': '0' }), []);
  t.strictSame(
    ((await read(t, app, CALL, { id: '2' })).emails as Array<{ id: string }>).map((e) => e.id),
    ['3'],
    "Bruno's own",
  );
});

refusals('getClientEmails refusals', CALL, [
  [{}, 'Parameter id is required'],
  [{ id: '99' }, 'Client 99 not found'],
  [
    { id: '1', 'filter[rel_type]': 'service' },
    'Parameter filter[rel_type] must be one of client, contact, account, domain, order, invoice, estimate or ticket',
  ],
  [{ id: '1', 'filter[status]': '2' }, 'Parameter filter[status] must be 0 or 1'],
]);
