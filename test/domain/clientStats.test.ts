import t from 'tap';
import { clientStats } from '../../src/domain/clientStats.js';
import { hostingLine, world } from '../helpers/world.js';

const products = [
  { id: '1', ptype: 'shared' },
  { id: '2', ptype: 'dedicated' },
  { id: '3', ptype: 'vps' },
];

t.test('clientStats counts issued invoices by status and adds up their totals as numbers', async (t) => {
  const w = world({
    clients: [{ id: '1', credit: '3.50' }],
    products,
    services: [{ id: '1', client_id: '1' }],
    invoices: [
      { client_id: '1', status: 'Paid', items: [hostingLine('1', '10.10')] },
      { client_id: '1', status: 'Paid', items: [hostingLine('1', '0.20')] },
      { client_id: '1', status: 'Unpaid', items: [hostingLine('1', '5.00')] },
      { client_id: '1', status: 'Draft', items: [hostingLine('1', '99.00')] },
      { client_id: '1', status: 'Refunded', items: [hostingLine('1', '99.00')] },
    ],
  });
  const stats = clientStats(w, w.get('clients', '1')!);
  t.match(stats, { invoice_paid: 10.3, paid: 2, invoice_unpaid: 5, unpaid: 1, invoice_cancelled: 0, cancelled: 0, credit: '3.50' });
});

t.test('clientStats counts Active services by product type, the rest of the types as other', async (t) => {
  const w = world({
    clients: [{ id: '1' }],
    products,
    services: [
      { id: '1', product_id: '3' },
      { id: '2', product_id: '1' },
      { id: '3', product_id: '2' },
      { id: '4', product_id: '3' },
      { id: '5', product_id: '1', status: 'Suspended' },
      { id: '6', product_id: '1', status: 'Terminated' },
    ],
    domains: [{ id: '1' }, { id: '2', status: 'Expired' }],
    affiliates: [{ client_id: '1' }],
  });
  const stats = clientStats(w, w.get('clients', '1')!);
  t.match(stats, { shared: 1, reseller: 0, dedicated: 1, other: 2, domain: '1', affiliate: true });
  t.strictSame(stats.accounts, { vps: '2', shared: '1', dedicated: '1' }, 'in the order first met, oldest service first');
  const empty = world({ clients: [{ id: '1' }] });
  t.strictSame(clientStats(empty, empty.get('clients', '1')!).accounts, []);
});
