// The daily run of one day: which rules it sets off, in which order, what it
// logs, and the client's credit taken for a new renewal invoice. The rules
// themselves have their own files; here a state and a day give the actions done.
import t from 'tap';
import { type ActionCounts, Run, runDay } from '../../src/domain/automation.js';
import { dayNumber, shiftDate } from '../../src/lib/dates.js';
import { day, hostingLine, state, type WorldRows, world } from '../helpers/world.js';

// Service 1 is due 2026-12-15 and invoiced 14 days earlier, on 2026-12-01.
const hosting = {
  clients: [{}],
  products: [{}],
  services: [{ domain: 'example.com', total: '10.00', next_due: '2026-12-15', next_invoice: '2026-12-01' }],
} satisfies WorldRows;

const created = (date: string) => ({
  action: 'invoice_created' as const,
  reason: 'renewal of service #1 (example.com) due 2026-12-15',
  records: { client_id: '1', invoice_id: '1', account_id: '1', email_id: '1' },
  date,
});

const renewalCases = [
  { day: '2026-11-30', expect: { actions: {}, log: [] } },
  { day: '2026-12-01', expect: { actions: { invoice_created: 1 }, log: [created('2026-12-01')] } },
  { day: '2026-12-02', expect: { actions: { invoice_created: 1 }, log: [created('2026-12-02')] } },
];

for (const c of renewalCases) {
  t.test(`a service's renewal through the daily run on ${c.day}`, async (t) => {
    const w = world(hosting);
    const before = state(w);
    const done = day(w, c.day);
    t.strictSame(done, { actions: c.expect.actions, log: c.expect.log.map(({ date, ...entry }) => entry) });
    if (c.expect.log.length === 0) {
      t.equal(state(w), before, 'a day that does nothing changes nothing');
      return;
    }
    t.strictSame(w.all('emails'), [
      {
        id: '1',
        date: `${c.day} 00:00:00`,
        to: 'client@example.com',
        subject: 'Customer Invoice #1',
        template: 'Invoice Created',
        client_id: '1',
        related: { invoice_id: '1', account_id: '1' },
      },
    ]);
    t.strictSame(day(w, c.day), { actions: {}, log: [] }, 'running the same day again bills nothing twice');
  });
}

t.test('an empty world: nothing to do, nothing changed', async (t) => {
  const w = world({});
  const before = state(w);
  t.strictSame(day(w, '2026-12-01'), { actions: {}, log: [] });
  t.equal(state(w), before);
});

t.test("a domain's renewal through the daily run", async (t) => {
  const w = world({ clients: [{}], domains: [{ expires: '2027-01-31', next_due: '2027-01-31', next_invoice: '2027-01-01' }] });
  t.strictSame(day(w, '2026-12-31'), { actions: {}, log: [] });
  t.strictSame(day(w, '2027-01-01'), {
    actions: { invoice_created: 1 },
    log: [
      {
        action: 'invoice_created',
        reason: 'renewal of example.com due 2027-01-31',
        records: { client_id: '1', invoice_id: '1', domain_id: '1', email_id: '1' },
      },
    ],
  });
});

t.test('the rules run in order: registry, renewals, then chasing the invoice made the same day', async (t) => {
  // invoice_days 3 = unpaid_reminder_days: the renewal invoice is reminded of the day it is made.
  const w = world({
    ...hosting,
    services: [{ ...hosting.services[0], next_invoice: '2026-12-12' }],
    product_automation: [{ product_id: '0', invoice_days: '3' }],
    domains: [{ expires: '2026-12-12', next_due: '2026-12-12', autorenew: '0' }],
  });
  t.strictSame(
    day(w, '2026-12-12').log.map((entry) => entry.action),
    ['domain_expired', 'invoice_created', 'reminder_sent'],
  );
});

t.test('each chasing rule on its day, through the daily run', async (t) => {
  const w = world({ clients: [{}], services: [{}], invoices: [{ duedate: '2026-12-15', items: [hostingLine('1')] }] });
  const actions = (date: string) => day(w, date).actions;
  t.strictSame(actions('2026-12-12'), { reminder_sent: 1 });
  t.strictSame(actions('2026-12-14'), {});
  t.strictSame(actions('2026-12-16'), { reminder_sent: 1 });
  t.strictSame(actions('2026-12-18'), { late_fee_added: 1 });
  t.strictSame(actions('2026-12-20'), { service_suspended: 1 });
  t.strictSame(actions('2027-01-14'), { service_terminated: 1, invoice_cancelled: 1 });
  t.strictSame(actions('2027-01-15'), {}, 'a cancelled invoice is chased no more');
});

t.test('an unpaid order is cancelled through the daily run on its day', async (t) => {
  const w = world({ clients: [{}], orders: [{ invoice_id: '1' }], invoices: [{ date: '2026-12-01', duedate: '2026-12-30' }] });
  t.strictSame(day(w, '2026-12-14').actions, {});
  t.strictSame(day(w, '2026-12-15'), {
    actions: { order_cancelled: 1 },
    log: [
      {
        action: 'order_cancelled',
        reason: 'order #1 placed 2026-12-01 with invoice #1 unpaid 14 days',
        records: { client_id: '1', order_id: '1', invoice_id: '1' },
      },
    ],
  });
});

t.test('a catch-up looks at a Pending order again only on the day it may be cancelled', async (t) => {
  // Order 1 may be cancelled from 2026-12-15 (placed 2026-12-01, 14 days); order 2's invoice is Paid, so it
  // never can be; order 3 was placed on 2026-12-05 (its day is 2026-12-19).
  const rows: WorldRows = {
    clients: [{}],
    orders: [{ invoice_id: '1' }, { invoice_id: '2' }, { invoice_id: '3', date_created: '2026-12-05 09:00:00' }],
    invoices: [{ date: '2026-12-01', duedate: '2026-12-30' }, { status: 'Paid' }, { date: '2026-12-05', duedate: '2026-12-30' }],
  };
  const w = world(rows);
  const run = new Run(w);
  const counts: ActionCounts = {};
  w.transaction(() => runDay(w, '2026-12-10', counts, run));
  t.strictSame(counts, {}, 'nothing to cancel on the first day');
  t.strictSame(run.ordersDue(w, dayNumber('2026-12-11')), [], 'no order is read on a day none may be cancelled');
  t.strictSame(run.ordersDue(w, dayNumber('2026-12-14')), [], 'nor on the day before the first may be');
  t.strictSame(run.ordersDue(w, dayNumber('2026-12-15')), ['1'], 'order 1 on its day; order 2 never again');
  t.strictSame(run.ordersDue(w, dayNumber('2026-12-19')), ['3']);

  // Scheduled or not, a catch-up cancels each order on the day day-by-day runs do.
  const days = Array.from({ length: 15 }, (_, n) => shiftDate('2026-12-10', n));
  const separate = world(rows);
  const cancelledOn = (log: { action: string }[], d: string) => log.filter((e) => e.action === 'order_cancelled').map(() => d);
  const daily = days.flatMap((d) => cancelledOn(day(separate, d).log, d));
  t.strictSame(daily, ['2026-12-15', '2026-12-19']);
  const together = world(rows);
  together.transaction(() => {
    const caughtUp = new Run(together);
    for (const d of days) runDay(together, d, {}, caughtUp);
  });
  t.equal(state(together), state(separate));
  t.strictSame(
    together.all('orders').map((o) => o.status),
    ['Cancelled', 'Pending', 'Cancelled'],
  );
});

// The client holds `credit`; a 10.00 renewal invoice is made on 2026-12-01. The
// rule itself is payments.ts's (test/domain/payments.test.ts); here, that the day logs it.
const creditCases: { name: string; rows: WorldRows; applied?: string; status: string; left: string }[] = [
  { name: 'part of the invoice', rows: { clients: [{ credit: '4.00' }] }, applied: '4.00', status: 'Unpaid', left: '0.00' },
  { name: 'all of it', rows: { clients: [{ credit: '25.00' }] }, applied: '10.00', status: 'Paid', left: '15.00' },
  {
    name: 'none: auto_apply_credit off for the client',
    rows: { clients: [{ credit: '25.00' }], client_automation: [{ client_id: '1', auto_apply_credit: '0' }] },
    status: 'Unpaid',
    left: '25.00',
  },
];

for (const c of creditCases) {
  t.test(`credit applied to a new renewal invoice: ${c.name}`, async (t) => {
    const w = world({ ...hosting, ...c.rows });
    const done = day(w, '2026-12-01');
    const applied = c.applied
      ? [
          {
            action: 'credit_applied',
            reason: `${c.applied} of the client's credit applied to invoice #1${c.status === 'Paid' ? ', which is now Paid' : ''}`,
            records: { client_id: '1', invoice_id: '1' },
          },
        ]
      : [];
    t.strictSame(
      done.log.map((entry) => entry.action),
      ['invoice_created', ...applied.map((entry) => entry.action)],
    );
    t.strictSame(done.log.slice(1), applied);
    const invoice = w.get('invoices', '1')!;
    t.strictSame([invoice.status, invoice.credit], [c.status, c.applied ?? '0.00']);
    t.equal(w.get('clients', '1')!.credit, c.left);
    if (c.status === 'Paid') t.equal(w.get('accounts', '1')!.next_due, '2027-01-15', 'paid in full: the service is renewed');
  });
}

t.test('a catch-up over many days in one run does what day-by-day runs do', async (t) => {
  // One Run skips invoices on which a day past the horizon did nothing; that must never skip an action.
  const rows: WorldRows = {
    clients: [{}],
    products: [{}],
    services: [{ next_due: '2026-12-15', next_invoice: '2026-12-01' }, { status: 'Suspended' }],
    invoices: [{ duedate: '2026-11-01', items: [hostingLine('2')] }],
    client_automation: [{ client_id: '1', terminate: '0' }],
  };
  const days = Array.from({ length: 80 }, (_, n) => shiftDate('2026-11-25', n));
  const separate = world(rows);
  const daily: ActionCounts = {};
  for (const d of days)
    for (const [action, n] of Object.entries(day(separate, d).actions))
      daily[action as keyof ActionCounts] = (daily[action as keyof ActionCounts] ?? 0) + n;
  const together = world(rows);
  const caughtUp = together.transaction(() => {
    const counts: ActionCounts = {};
    const run = new Run(together);
    for (const d of days) runDay(together, d, counts, run);
    return counts;
  });
  t.strictSame(caughtUp, daily);
  t.equal(state(together), state(separate));
  // Invoice 1 gets its fee on the first day and nothing more after it (no day left to chase it on); service 1 is
  // billed once, reminded of it four times, charged a fee and suspended (termination is off).
  t.strictSame(daily, { late_fee_added: 2, invoice_created: 1, reminder_sent: 4, service_suspended: 1 });
});
