// Suspension and termination of the services an overdue invoice bills, and
// unpaid orders cancelled, on the days around their boundaries. Invoice 1 is
// due 2026-12-15; billsim's defaults suspend 5 days after (2026-12-20),
// terminate 30 days after (2027-01-14) and cancel an order left unpaid 14 days.
import t from 'tap';
import { cancelUnpaidOrder, chaseInvoice, chaseService } from '../../src/domain/dunning.js';
import { LineIds } from '../../src/domain/invoiceLines.js';
import { hostingLine, midnight, state, type WorldRows, world, write } from '../helpers/world.js';

const overdue = (service: WorldRows['services'] = [{}], extra: WorldRows = {}) =>
  world({
    clients: [{}],
    services: service,
    account_addons: [{ account_id: '1' }],
    invoices: [
      { duedate: '2026-12-15', items: [hostingLine('1')] },
      // A later renewal of the same service, not yet due: termination cancels it too.
      { duedate: '2027-01-15', items: [hostingLine('1')] },
      // Another client's invoice, untouched.
      { client_id: '2', duedate: '2026-12-15', items: [hostingLine('2')] },
    ],
    ...extra,
  });

const records = { client_id: '1', account_id: '1', invoice_id: '1' };

const suspendCases = [
  { day: '2026-12-19', done: [], status: 'Active' },
  { day: '2026-12-20', done: [{ action: 'service_suspended', reason: 'invoice #1 unpaid 5 days past due', records }], status: 'Suspended' },
  { day: '2026-12-21', done: [{ action: 'service_suspended', reason: 'invoice #1 unpaid 6 days past due', records }], status: 'Suspended' },
];

for (const c of suspendCases) {
  t.test(`an Active service on ${c.day}: ${c.status}`, async (t) => {
    const w = overdue();
    const before = state(w);
    const done = write(w, () => chaseService(w, w.get('accounts', '1')!, w.get('invoices', '1')!, c.day));
    t.strictSame(done, c.done);
    t.equal(w.get('accounts', '1')!.status, c.status);
    t.equal(w.get('account_addons', '1')!.status, c.status, 'its addon follows');
    if (c.done.length === 0) t.equal(state(w), before, 'nothing changed');
  });
}

const terminated = (late: number) => ({ action: 'service_terminated', reason: `invoice #1 unpaid ${late} days past due`, records });
const cancelled = (id: string) => ({
  action: 'invoice_cancelled',
  reason: `service #1 terminated with invoice #${id} unpaid`,
  records: { client_id: '1', invoice_id: id },
});

const terminateCases = [
  { day: '2027-01-13', done: [], status: 'Suspended', invoices: ['Unpaid', 'Unpaid', 'Unpaid'] },
  {
    day: '2027-01-14',
    done: [terminated(30), cancelled('1'), cancelled('2')],
    status: 'Terminated',
    invoices: ['Cancelled', 'Cancelled', 'Unpaid'],
  },
  {
    day: '2027-01-15',
    done: [terminated(31), cancelled('1'), cancelled('2')],
    status: 'Terminated',
    invoices: ['Cancelled', 'Cancelled', 'Unpaid'],
  },
];

for (const c of terminateCases) {
  t.test(`a Suspended service on ${c.day}: ${c.status}`, async (t) => {
    const w = overdue([{ status: 'Suspended' }], { account_addons: [{ account_id: '1', status: 'Suspended' }] });
    const before = state(w);
    const done = write(w, () => chaseService(w, w.get('accounts', '1')!, w.get('invoices', '1')!, c.day));
    t.strictSame(done, c.done);
    t.equal(w.get('accounts', '1')!.status, c.status);
    t.equal(w.get('account_addons', '1')!.status, c.status, 'its addon follows');
    t.strictSame(
      w.all('invoices').map((i) => i.status),
      c.invoices,
    );
    if (c.done.length === 0) t.equal(state(w), before, 'nothing changed');
  });
}

t.test("termination leaves the unpaid invoices when the product's terminate_cancel_invoices is 0", async (t) => {
  const w = overdue([{ status: 'Suspended' }], { product_automation: [{ product_id: '1', terminate_cancel_invoices: '0' }] });
  const done = write(w, () => chaseService(w, w.get('accounts', '1')!, w.get('invoices', '1')!, '2027-01-14'));
  t.strictSame(done, [terminated(30)]);
  t.strictSame(
    w.all('invoices').map((i) => i.status),
    ['Unpaid', 'Unpaid', 'Unpaid'],
  );
});

t.test('an Active service 30 days late is terminated, not suspended first', async (t) => {
  const w = overdue();
  const done = write(w, () => chaseService(w, w.get('accounts', '1')!, w.get('invoices', '1')!, '2027-01-14'));
  t.strictSame(
    done.map((d) => d.action),
    ['service_terminated', 'invoice_cancelled', 'invoice_cancelled'],
  );
});

const offCases: { name: string; extra: WorldRows; day: string }[] = [
  {
    name: 'suspension off for the client',
    extra: { client_automation: [{ client_id: '1', suspend: '0', terminate: '0' }] },
    day: '2026-12-20',
  },
  { name: 'termination off for the product', extra: { product_automation: [{ product_id: '1', terminate: '0' }] }, day: '2027-01-14' },
];

for (const c of offCases) {
  t.test(`nothing on its day with ${c.name}`, async (t) => {
    const w = overdue([{ status: c.day === '2027-01-14' ? 'Suspended' : 'Active' }], c.extra);
    const before = state(w);
    t.strictSame(
      write(w, () => chaseService(w, w.get('accounts', '1')!, w.get('invoices', '1')!, c.day)),
      [],
    );
    t.equal(state(w), before);
  });
}

t.test('an invoice is chased for its services only once past due, and only for services of its own client', async (t) => {
  // suspend_days 0: the due date itself is still not late; the day after is.
  const w = world({
    clients: [{}, {}],
    services: [{}, { client_id: '2' }],
    product_automation: [{ product_id: '0', suspend_days: '0', late_fee: '0', unpaid_reminder_days: '0', overdue_reminder_days: [] }],
    invoices: [{ duedate: '2026-12-15', items: [hostingLine('1'), hostingLine('2')] }],
  });
  const chase = (day: string) => write(w, () => chaseInvoice(w, w.get('invoices', '1')!, day, midnight(day), new LineIds(w, 'invoices')));
  t.strictSame(chase('2026-12-15'), []);
  t.strictSame(chase('2026-12-16'), [
    {
      action: 'service_suspended',
      reason: 'invoice #1 unpaid 1 day past due',
      records: { client_id: '1', account_id: '1', invoice_id: '1' },
    },
  ]);
  t.equal(w.get('accounts', '2')!.status, 'Active', "another client's service on the invoice is left alone");
});

// Order 1 placed 2026-12-01 with Pending service 1 and Unpaid invoice 1: cancelled 14 days on, on 2026-12-15.
const orderWorld = (invoiceStatus: 'Unpaid' | 'Paid' = 'Unpaid') =>
  world({
    clients: [{}],
    orders: [{ date_created: '2026-12-01 18:30:00', invoice_id: '1' }],
    services: [{ order_id: '1', status: 'Pending' }],
    invoices: [{ status: invoiceStatus, date: '2026-12-01', items: [hostingLine('1')] }],
  });

const orderCases = [
  { day: '2026-12-14', cancelled: false },
  { day: '2026-12-15', cancelled: true },
  { day: '2026-12-16', cancelled: true },
];

for (const c of orderCases) {
  t.test(`an unpaid order on ${c.day}: ${c.cancelled ? 'cancelled' : 'kept'}`, async (t) => {
    const w = orderWorld();
    const before = state(w);
    const done = write(w, () => cancelUnpaidOrder(w, w.get('orders', '1')!, c.day));
    if (!c.cancelled) {
      t.equal(done, undefined);
      t.equal(state(w), before, 'nothing changed');
      return;
    }
    const days = c.day === '2026-12-15' ? 14 : 15;
    t.strictSame(done, {
      action: 'order_cancelled',
      reason: `order #1 placed 2026-12-01 with invoice #1 unpaid ${days} days`,
      records: { client_id: '1', order_id: '1', invoice_id: '1' },
    });
    t.strictSame(
      [w.get('orders', '1')!.status, w.get('accounts', '1')!.status, w.get('invoices', '1')!.status],
      ['Cancelled', 'Cancelled', 'Cancelled'],
    );
  });
}

const keptOrders: { name: string; w: () => ReturnType<typeof world> }[] = [
  { name: 'its invoice is paid', w: () => orderWorld('Paid') },
  {
    name: 'its product does not cancel unpaid orders',
    w: () =>
      world({
        clients: [{}],
        orders: [{ date_created: '2026-12-01 18:30:00', invoice_id: '1' }],
        services: [{ order_id: '1', status: 'Pending' }],
        product_automation: [{ product_id: '1', cancel_unpaid_orders: '0' }],
        invoices: [{ date: '2026-12-01', items: [hostingLine('1')] }],
      }),
  },
];

for (const c of keptOrders) {
  t.test(`an order is kept past its day when ${c.name}`, async (t) => {
    const w = c.w();
    const before = state(w);
    t.equal(
      write(w, () => cancelUnpaidOrder(w, w.get('orders', '1')!, '2026-12-16')),
      undefined,
    );
    t.equal(state(w), before);
  });
}
