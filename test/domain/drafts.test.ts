import t from 'tap';
import { Seed, World } from '../../src/store/world.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import { draftView } from '../../src/domain/drafts.js';
import type { DraftViewService, OrderDraft } from '../../src/generated/wire.js';

const seed = new Seed(loadFixtures(defaultFixturesDir));
const world = (): World => new World(seed);
// Draft 3 is priced in EUR; in the main currency its prices read as the catalogue's.
const draft3 = (db: World): OrderDraft => ({ ...db.get('order_drafts', '3')!, currency_id: '0' });
const onlyService = (view: ReturnType<typeof draftView>): DraftViewService =>
  Object.values(view.services as Record<string, DraftViewService>)[0];

t.test('a one-time product: price from m, no cycle enabled, no billing period', async (t) => {
  const db = world();
  const service = { ...draft3(db).services[0], product_id: '16', cycle: 'Once' as const };
  const view = onlyService(draftView(db, { ...draft3(db), services: [service] }));
  t.match(view, { cycle: 'Once', recurring: 'once', price: 49, price_today: 49, setup: 0 });
  t.strictSame(view.period, { from: '0000-00-00', to: '0000-00-00' });
  t.equal(view.product.m, 49);
  t.equal(view.product.m_enabled, '0', 'as in the real sample: a Once price enables no cycle');
});

t.test('a free product costs nothing', async (t) => {
  const db = world();
  const service = { ...draft3(db).services[0], product_id: '13', cycle: 'Free' as const, qty: 3 };
  const view = draftView(db, { ...draft3(db), services: [service] });
  t.match(onlyService(view), { recurring: 'free', price: 0, setup: 0, qty: 3 });
  t.equal(view.subtotal, 0);
});

t.test('an annual period ends the day before the next due date', async (t) => {
  const db = world();
  const service = { ...draft3(db).services[0], cycle: 'a' as const, order_date: '2028-02-29 10:00:00' };
  const view = onlyService(draftView(db, { ...draft3(db), services: [service] }));
  t.strictSame(view.period, { from: '2028-02-29', to: '2029-02-27' });
  t.equal(view.price, 64.8);
});

t.test('an empty draft shows [] for both item lists and zero totals', async (t) => {
  const db = world();
  const view = draftView(db, { ...draft3(db), services: [], domains: [] });
  t.strictSame([view.services, view.domains, view.subtotal, view.total], [[], [], 0, 0]);
});

t.test('the discount comes off the total: an amount, a share, never below zero', async (t) => {
  const db = world();
  const base = db.get('order_drafts', '2')!; // subtotal 64.05
  const totals = (discount: string) => {
    const view = draftView(db, { ...base, discount });
    return [view.subtotal, view.total];
  };
  t.strictSame(totals(''), [64.05, 64.05]);
  t.strictSame(totals('10.00'), [64.05, 54.05]);
  t.strictSame(totals('10%'), [64.05, 57.64], '6.405 rounds half away from zero to 6.41');
  t.strictSame(totals('100.00'), [64.05, 0]);
  t.strictSame(totals('COUPON'), [64.05, 64.05], 'unknown text is no discount');
});

t.test('a draft without a client has no recipients', async (t) => {
  const db = world();
  t.strictSame(draftView(db, { ...draft3(db), client_id: '0' }).available_recipients, []);
});

t.test('addons are listed after the services and count once per unit of their service', async (t) => {
  const db = world();
  // Managed Backup, quarterly 17.10, two units; each carries Extra Backup Space monthly (5.00) twice.
  const service = { ...draft3(db).services[0], qty: 2, addons: [{ addon_id: '2', cycle: 'm' as const, qty: 2 }] };
  const view = draftView(db, { ...draft3(db), services: [service] });
  t.strictSame(view.addons, [
    { service_id: 1, addon_id: '2', name: 'Extra Backup Space 10GB', cycle: 'm', recurring: 'monthly', qty: 2, price: 5, setup: 0 },
  ]);
  t.equal(view.subtotal, 54.2, '2 x (17.10 + 2 x 5.00)');
});

t.test('an addon with a setup fee, a one-time addon and a free one', async (t) => {
  const db = world();
  const vps = {
    ...draft3(db).services[0],
    product_id: '9',
    cycle: 'm' as const,
    addons: [
      { addon_id: '4', cycle: 'a' as const, qty: 1 },
      { addon_id: '5', cycle: 'Once' as const, qty: 1 },
      { addon_id: '6', cycle: 'Free' as const, qty: 1 },
    ],
  };
  const view = draftView(db, { ...draft3(db), services: [vps] });
  t.strictSame(
    view.addons.map((a) => [a.addon_id, a.recurring, a.price, a.setup]),
    [
      ['4', 'annually', 102, 25],
      ['5', 'once', 25, 0],
      ['6', 'free', 0, 0],
    ],
  );
  t.equal(view.subtotal, 182, '20.00 + 10.00 setup + 102.00 + 25.00 setup + 25.00');
});

t.test('prices follow the draft currency; the embedded product keeps the catalogue', async (t) => {
  const db = world();
  const eur = db.get('order_drafts', '3')!;
  const service = { ...eur.services[0], addons: [{ addon_id: '2', cycle: 'm' as const, qty: 1 }] };
  const view = draftView(db, { ...eur, services: [service] });
  t.match(onlyService(view), { price: 15.76, setup: 0 }, '17.10 x 0.9215');
  t.equal(onlyService(view).product.q, 17.1);
  t.equal(view.addons[0].price, 4.61, '5.00 x 0.9215 = 4.6075');
  t.equal(view.subtotal, 20.37);
});
