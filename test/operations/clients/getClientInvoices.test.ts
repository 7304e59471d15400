import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { CREDENTIALS, api, assertSuccess, build, sameEverywhere, type WireParams } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { idOrder } from '../../helpers/shapes.js';
import { refusals } from '../../helpers/refusals.js';

const CALL = 'getClientInvoices';

type Item = Record<string, unknown> & { id: string };

async function list(t: Test, app: FastifyInstance, params: WireParams) {
  return assertSuccess(t, await api(app, CALL, params), CALL) as { invoices: Item[]; sorter: unknown };
}

async function ids(t: Test, app: FastifyInstance, params: WireParams): Promise<string[]> {
  return (await list(t, app, params)).invoices.map((i) => i.id);
}

/** Client 6 (Farid Haddad, USD, Bank Transfer): the names and gateway joined into each of his invoice rows. */
const FARID_BY_BANK = {
  client_id: '6',
  firstname: 'Farid',
  lastname: 'Haddad',
  companyname: 'Haddad Trading Co.',
  currency_id: '0',
  payment_module: '3',
  gateway: 'Bank Transfer',
};

t.test("getClientInvoices lists one client's invoices newest first, in getInvoices' item shape", async (t) => {
  const app = await build(t);
  const body = await sameEverywhere(t, app, CALL, { id: '6' });
  t.strictSame(assertSuccess(t, body, CALL), {
    invoices: [
      {
        id: '7',
        paid_id: '',
        date: '2026-07-01',
        duedate: '2026-07-08',
        datepaid: '0000-00-00 00:00:00',
        total: '44.00',
        credit: '0.00',
        status: 'Cancelled',
        ...FARID_BY_BANK,
      },
      {
        id: '6',
        paid_id: '2025/0041',
        date: '2025-11-05',
        duedate: '2025-11-19',
        datepaid: '2025-11-18 16:04:09',
        total: '358.85',
        credit: '0.00',
        status: 'Paid',
        ...FARID_BY_BANK,
      },
    ],
    sorter: { perpage: 25, totalpages: 1, sorterrecords: 2, sorterpage: 1 },
  });
  const raw = await app.inject({ method: 'GET', url: `/admin/api.php?${new URLSearchParams({ call: CALL, id: '6', ...CREDENTIALS })}` });
  t.ok(raw.body.startsWith('{"success":true,"invoices":[{"id":'), 'opens like getInvoices');

  const own = (await list(t, app, { id: '1' })).invoices;
  idOrder(t, own, ['11', '10', '1']);
  const all = (await read(t, app, 'getInvoices', { client_id: '1' })).invoices;
  t.strictSame(own, all, 'the same items getInvoices lists for this client');
});

t.test('getClientInvoices leaves out Draft invoices and shows a new invoice first', async (t) => {
  const app = await build(t);
  const world = app.billsim.sessions.get('default').world;
  world.transaction(() => world.insert('invoices', { ...world.get('invoices', '11')!, id: '13', status: 'Draft', paid_id: '', items: [] }));
  t.strictSame(await ids(t, app, { id: '1' }), ['11', '10', '1'], 'the Draft invoice 13 is not listed');
  t.strictSame((await list(t, app, { id: '1' })).sorter, { perpage: 25, totalpages: 1, sorterrecords: 3, sorterpage: 1 }, 'nor counted');

  const receipt = assertSuccess(t, await api(app, 'addCreditReceipt', { client_id: '1', amount: '20' }), 'addCreditReceipt');
  t.strictSame(receipt, { invoice_id: '14' });
  const first = (await list(t, app, { id: '1' })).invoices[0];
  t.match(first, { id: '14', status: 'Unpaid', total: '20.00', client_id: '1', gateway: 'PayPal' });
  t.strictSame(await ids(t, app, { id: '2' }), ['12', '2'], "and in no other client's list");
});

t.test('getClientInvoices pages; a contact has no invoices of its own', async (t) => {
  const app = await build(t);
  const second = await list(t, app, { id: '1', perpage: '2', page: '1' });
  t.strictSame(
    second.invoices.map((i) => i.id),
    ['1'],
  );
  t.strictSame(second.sorter, { perpage: 2, totalpages: 2, sorterrecords: 3, sorterpage: 2 });
  t.strictSame(await ids(t, app, { id: '1', page: '1' }), [], 'past the last page');
  t.strictSame(await list(t, app, { id: '10' }), {
    invoices: [],
    sorter: { perpage: 25, totalpages: 0, sorterrecords: 0, sorterpage: 1 },
  });
});

refusals('getClientInvoices errors', CALL, [
  [{}, 'Parameter id is required'],
  [{ id: 'alice' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '1', perpage: '0' }, 'Parameter perpage must be a page size from 1 to 1000'],
  [{ id: '99' }, 'Client 99 not found'],
]);
