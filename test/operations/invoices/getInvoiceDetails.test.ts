import t from 'tap';
import { build, readContext } from '../../helpers/app.js';
import { keyOrder } from '../../helpers/shapes.js';
import { refusals } from '../../helpers/refusals.js';
import { ALICE } from '../../helpers/records.js';
import { read, readEverywhere } from '../../helpers/reads.js';
import getInvoiceDetails from '../../../src/operations/invoices/getInvoiceDetails.js';
import { resultValidator } from '../../../src/schemas.js';
import { Seed, World } from '../../../src/store/world.js';
import { loadFixtures } from '../../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../../src/paths.js';

/** Client 1 as getInvoiceDetails embeds it: the stored record, password hash included. */
const ALICE_STORED = {
  ...ALICE,
  password: 'scrypt$283560eadd1c0d6a70d458054c413c28$927907af57569fffc029f428a3edb033cb274f883daa5746b8d73b9df9fd60af',
};

t.test('getInvoiceDetails answers the invoice with its lines, client and gateway, and its transactions', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, 'getInvoiceDetails', { id: '1' });
  t.strictSame(result, {
    invoice: {
      id: '1',
      paid_id: '2026/0047',
      recurring_id: '0',
      status: 'Paid',
      client_id: '1',
      date: '2026-11-07',
      duedate: '2026-11-14',
      datepaid: '2026-11-14 06:02:17',
      subtotal: '13.95',
      credit: '0.00',
      tax: '1.15',
      taxrate: '8.25',
      tax2: '0.00',
      taxrate2: '0.00',
      total: '15.10',
      payment_module: '2',
      currency_id: '0',
      rate: '1.0000',
      notes: '',
      items: [
        {
          id: '1',
          invoice_id: '1',
          type: 'Hosting',
          item_id: '1',
          description: 'Business Hosting - morgan-design.com (14/11/2026 - 13/12/2026)',
          amount: '8.95',
          taxed: '1',
          qty: '1',
          linetotal: 8.95,
        },
        {
          id: '2',
          invoice_id: '1',
          type: 'Addon',
          item_id: '1',
          description: 'Extra Backup Space 10GB (14/11/2026 - 13/12/2026)',
          amount: '5.00',
          taxed: '1',
          qty: '1',
          linetotal: 5,
        },
      ],
      client: ALICE_STORED,
      gateway: 'Stripe',
    },
    transactions: [
      {
        in: '15.10',
        out: '0.00',
        id: '1',
        firstname: 'Alice',
        lastname: 'Morgan',
        date: '2026-11-14 06:02:17',
        currency_id: '0',
        description: 'Invoice #1 payment',
        fee: '0.74',
        module: 'Stripe',
        client_id: '1',
        trans_id: 'ch_3QfR8sLkdIwHu7ix0k2YbT4e',
        invoice_id: '1',
      },
    ],
  });
  const invoice = result.invoice as Record<string, unknown>;
  keyOrder(
    t,
    invoice,
    'id paid_id recurring_id status client_id date duedate datepaid subtotal credit tax taxrate tax2 taxrate2 total payment_module currency_id rate notes items client gateway',
  );
  const client = invoice.client as Record<string, string>;
  t.strictSame(Object.keys(client).slice(0, 3), ['id', 'email', 'password'], 'the hash right after email, as the real invoice has it');
  t.match(client.password, /^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/, 'the stored salted hash, never a password');
});

t.test('getInvoiceDetails lists several transactions oldest first and none as []', async (t) => {
  const app = await build(t);
  const six = await read(t, app, 'getInvoiceDetails', { id: '6' });
  t.strictSame(
    (six.transactions as { id: string }[]).map((tx) => tx.id),
    ['9', '10', '11', '12'],
  );
  const three = await read(t, app, 'getInvoiceDetails', { id: '3' });
  t.strictSame(three.transactions, [], 'an unpaid invoice has an empty list, not an object');
});

refusals('getInvoiceDetails refuses a missing, malformed or unknown id', 'getInvoiceDetails', [
  [{}, 'Parameter id is required'],
  [{ id: 'abc' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '0' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '999' }, 'Invoice 999 not found'],
]);

t.test('getInvoiceDetails embeds null for a client that is gone and "" for no gateway', async (t) => {
  const world = new World(new Seed(loadFixtures(defaultFixturesDir)));
  world.transaction(() => world.insert('invoices', { ...world.get('invoices', '1')!, id: '50', client_id: '999', payment_module: '0' }));
  const result = getInvoiceDetails.run({ id: '50' }, readContext(world));
  t.equal(result.invoice.client, null);
  t.equal(result.invoice.gateway, '');
  t.strictSame(result.transactions, []);
  t.ok(resultValidator('getInvoiceDetails')(JSON.parse(JSON.stringify(result))), 'still matches the schema');
});
