import t from 'tap';
import { Seed, World } from '../../src/store/world.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import { draftView } from '../../src/domain/drafts.js';
import type { DraftViewService, OrderDraft } from '../../src/generated/wire.js';

const seed = new Seed(loadFixtures(defaultFixturesDir));
const world = (): World => new World(seed);
const draft3 = (db: World): OrderDraft => db.get('order_drafts', '3')!;
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
