// The registry's day for a domain and the grace period, on the days around
// each boundary. Domain 1 expires 2027-01-31; billsim's TLD defaults give 30
// grace days (to 2027-03-02) and 30 redemption days (to 2027-04-01).
import t from 'tap';
import type { Domain } from '../../src/generated/wire.js';
import { completeTransfer, registryDay, renewable, synchronize, withinGrace } from '../../src/domain/registrar.js';
import { ApiError } from '../../src/errors.js';
import { midnight, state, type WorldRows, world, write } from '../helpers/world.js';

const domainWorld = (domain: Partial<Domain>, extra: WorldRows = {}) =>
  world({ clients: [{}], domains: [{ expires: '2027-01-31', next_due: '2027-01-31', next_invoice: '2027-01-01', ...domain }], ...extra });

const expired = { action: 'domain_expired', reason: 'example.com expired on 2027-01-31 without a renewal' };
const redemption = { action: 'domain_redemption', reason: 'example.com in redemption until 2027-04-01: its 30-day grace period ended' };
const released = {
  action: 'domain_released',
  reason: 'example.com released by the registry: 30 redemption days after its grace period ended on 2027-03-02',
};

const cases: { from: Domain['status']; day: string; event?: object; status: Domain['status'] }[] = [
  { from: 'Active', day: '2027-01-30', status: 'Active' },
  { from: 'Active', day: '2027-01-31', event: expired, status: 'Expired' },
  { from: 'Active', day: '2027-02-01', event: expired, status: 'Expired' },
  { from: 'Expired', day: '2027-03-02', status: 'Expired' },
  { from: 'Expired', day: '2027-03-03', event: redemption, status: 'Expired' },
  { from: 'Expired', day: '2027-03-04', status: 'Expired' },
  { from: 'Expired', day: '2027-04-01', status: 'Expired' },
  { from: 'Expired', day: '2027-04-02', event: released, status: 'Cancelled' },
  { from: 'Expired', day: '2027-04-03', event: released, status: 'Cancelled' },
  { from: 'Cancelled', day: '2027-04-03', status: 'Cancelled' },
];

for (const c of cases) {
  t.test(`registry day ${c.day} for an ${c.from} domain: ${c.event ? (c.event as { action: string }).action : 'nothing'}`, async (t) => {
    const w = domainWorld({ status: c.from });
    const before = w.get('domains', '1')!;
    const snapshot = state(w);
    const event = write(w, () => registryDay(w, before, c.day));
    t.strictSame(event, c.event);
    t.strictSame(w.get('domains', '1'), { ...before, status: c.status }, 'only the status changes');
    if (!c.event || c.status === c.from) t.equal(state(w), snapshot, 'nothing written');
  });
}

t.test('without redemption days a domain is released the day after its grace period, with no redemption event', async (t) => {
  const rows = { tld_automation: [{ tld_id: '0', redemption_days: '0' }] };
  const on = (day: string) => {
    const w = domainWorld({ status: 'Expired' }, rows);
    return [write(w, () => registryDay(w, w.get('domains', '1')!, day))?.action, w.get('domains', '1')!.status];
  };
  t.strictSame(on('2027-03-02'), [undefined, 'Expired']);
  t.strictSame(on('2027-03-03'), ['domain_released', 'Cancelled']);
});

t.test("the TLD's own record sets its grace period", async (t) => {
  const w = domainWorld({ status: 'Expired', tld_id: '5' }, { tld_automation: [{ tld_id: '5', grace_days: '10' }] });
  const domain = w.get('domains', '1')!;
  t.equal(withinGrace(w, domain, midnight('2027-02-10')), true);
  t.equal(withinGrace(w, domain, midnight('2027-02-11')), false);
});

const graceCases = [
  { status: 'Expired' as const, day: '2027-03-01', within: true, renewable: true },
  { status: 'Expired' as const, day: '2027-03-02', within: true, renewable: true },
  { status: 'Expired' as const, day: '2027-03-03', within: false, renewable: false },
  { status: 'Active' as const, day: '2027-03-03', within: false, renewable: true },
  { status: 'Cancelled' as const, day: '2027-02-01', within: true, renewable: false },
];

for (const c of graceCases) {
  t.test(`an ${c.status} domain on ${c.day}: within grace ${c.within}, renewable ${c.renewable}`, async (t) => {
    const w = domainWorld({ status: c.status });
    const domain = w.get('domains', '1')!;
    t.equal(withinGrace(w, domain, midnight(c.day)), c.within);
    t.equal(renewable(w, domain, midnight(c.day)), c.renewable);
  });
}

// A transfer begun 2026-12-01 at a registrar taking 5 days completes on 2026-12-06.
const transfer = (extra: Partial<Domain> = {}) =>
  world({
    clients: [{}],
    registrars: [{ name: 'Enom', transfer_days: '5' }],
    domains: [{ status: 'Pending Transfer', type: 'Transfer', transfer_started: '2026-12-01', ...extra }],
  });

const transferCases = [
  { day: '2026-12-05', done: false },
  { day: '2026-12-06', done: true },
  { day: '2026-12-07', done: true },
];

for (const c of transferCases) {
  t.test(`a transfer on ${c.day}: ${c.done ? 'completed' : 'still pending'}`, async (t) => {
    const w = transfer();
    const before = w.get('domains', '1')!;
    const snapshot = state(w);
    const after = write(w, () => completeTransfer(w, before, midnight(c.day)));
    if (!c.done) {
      t.equal(after, before, 'the same record back');
      t.equal(state(w), snapshot);
      t.equal(
        write(w, () => registryDay(w, before, c.day)),
        undefined,
      );
      return;
    }
    // Active for one period from the day the transfer completed, whichever day the clock noticed it.
    t.strictSame(after, {
      ...before,
      status: 'Active',
      expires: '2027-12-06',
      next_due: '2027-12-06',
      next_invoice: '2027-11-06',
      synch_date: `${c.day} 00:00:00`,
    });
  });
}

t.test('the registry day logs a completed transfer', async (t) => {
  const w = transfer();
  t.strictSame(
    write(w, () => registryDay(w, w.get('domains', '1')!, '2026-12-06')),
    { action: 'transfer_completed', reason: 'example.com transferred from Enom on 2026-12-06' },
  );
});

t.test('a transfer not begun waits, however late', async (t) => {
  const w = world({ clients: [{}], registrars: [{}], domains: [{ status: 'Pending Transfer', type: 'Transfer' }] });
  const before = w.get('domains', '1')!;
  t.equal(
    write(w, () => completeTransfer(w, before, midnight('2030-01-01'))),
    before,
  );
});

// domainSynch: the transfer above, synchronized the day before it completes and the day it does.
for (const c of transferCases.slice(0, 2)) {
  t.test(`a synchronization on ${c.day}: synch_date stamped, the transfer ${c.done ? 'completed' : 'still pending'}`, async (t) => {
    const w = transfer();
    const after = write(w, () => synchronize(w, w.get('domains', '1')!, new Date(`${c.day}T10:30:00Z`)));
    t.match(after, { status: c.done ? 'Active' : 'Pending Transfer', synch_date: `${c.day} 10:30:00` });
    t.strictSame(w.get('domains', '1'), after);
  });
}

t.test('a synchronization refuses a transfer not begun and a domain no registrar holds, writing nothing', async (t) => {
  for (const [domain, message] of [
    [
      { status: 'Pending Transfer', type: 'Transfer' },
      'Domain 1 (example.com) is Pending Transfer and its transfer has not begun, so no registrar holds it yet: start it with domainTransfer',
    ],
    [
      { status: 'Pending Registration' },
      'Domain 1 (example.com) is Pending Registration: only a domain that is Active or Expired or Pending Transfer can be synchronized',
    ],
    [
      { status: 'Cancelled' },
      'Domain 1 (example.com) is Cancelled: only a domain that is Active or Expired or Pending Transfer can be synchronized',
    ],
  ] as const) {
    const w = world({ clients: [{}], registrars: [{}], domains: [domain as Partial<Domain>] });
    const snapshot = state(w);
    t.throws(() => write(w, () => synchronize(w, w.get('domains', '1')!, midnight('2026-12-06'))), new ApiError(message));
    t.equal(state(w), snapshot);
  }
});
