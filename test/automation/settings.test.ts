// Automation settings come from the world: a product's own record, the
// defaults record, and per-client overrides; a broken record stops the start
// naming file, record and field.
import t, { type Test } from 'tap';
import { buildApp } from '../../src/app.js';
import { loadFixtures, FixtureError, validateCollections } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import { DEFAULT_PRODUCT_AUTOMATION, DEFAULT_TLD_AUTOMATION, DEFAULT_CLIENT_AUTOMATION } from '../../src/domain/automationSettings.js';
import type { Collections } from '../../src/generated/wire.js';
import { FROZEN_NOW } from '../helpers/app.js';
import { clock, onDay, read } from './support.js';

const seed = loadFixtures(defaultFixturesDir);

async function world(t: Test, change: (data: Collections) => Collections) {
  const app = await buildApp({ now: FROZEN_NOW, data: change(structuredClone(seed)) });
  t.teardown(() => app.close());
  return app;
}

t.test("the bundled world's default records hold billsim's defaults", async (t) => {
  const { id, product_id, ...product } = seed.product_automation.find((row) => row.product_id === '0')!;
  t.strictSame(product, DEFAULT_PRODUCT_AUTOMATION);
  const { id: _t, tld_id, ...tld } = seed.tld_automation.find((row) => row.tld_id === '0')!;
  t.strictSame(tld, DEFAULT_TLD_AUTOMATION);
  const { id: _c, client_id, ...client } = seed.client_automation.find((row) => row.client_id === '0')!;
  t.strictSame(client, DEFAULT_CLIENT_AUTOMATION);
  void [id, product_id, tld_id, client_id, _t, _c];
});

t.test('a world without the default records behaves as if it had the bundled ones', async (t) => {
  const bare = await world(t, (data) => ({
    ...data,
    product_automation: data.product_automation.filter((row) => row.product_id !== '0'),
    tld_automation: data.tld_automation.filter((row) => row.tld_id !== '0'),
    client_automation: data.client_automation.filter((row) => row.client_id !== '0'),
  }));
  const bundled = await world(t, (data) => data);
  for (const app of [bare, bundled]) await clock(app, { advanceDays: 40 });
  const log = async (app: typeof bare) => (await app.inject({ url: '/__billsim/automation' })).json();
  t.strictSame(await log(bare), await log(bundled));
});

t.test('a client override: never auto-suspend, no late fees', async (t) => {
  const app = await world(t, (data) => ({
    ...data,
    client_automation: [...data.client_automation, { id: '9', client_id: '2', suspend: '0', late_fee: '0' }],
  }));
  await onDay(app, '2026-12-20');
  t.equal((await read(t, app, 'getAccountDetails', { id: '4' })).details.status, 'Active', 'service 4 stays Active');
  t.equal((await read(t, app, 'getInvoiceDetails', { id: '12' })).invoice.items.length, 2, 'invoice 12 gets no fee');
  await onDay(app, '2026-12-24');
  t.equal((await read(t, app, 'getAccountDetails', { id: '4' })).details.status, 'Terminated', 'termination is not overridden');
});

t.test('a client override: an own number of days', async (t) => {
  const app = await world(t, (data) => ({
    ...data,
    client_automation: [...data.client_automation, { id: '9', client_id: '2', suspend_days: '10', terminate: '0' }],
  }));
  await onDay(app, '2026-12-03');
  t.equal((await read(t, app, 'getAccountDetails', { id: '4' })).details.status, 'Active', '9 days late');
  await onDay(app, '2026-12-04');
  t.equal((await read(t, app, 'getAccountDetails', { id: '4' })).details.status, 'Suspended', '10 days late');
  await onDay(app, '2027-02-01');
  t.equal((await read(t, app, 'getAccountDetails', { id: '4' })).details.status, 'Suspended', 'never terminated');
});

t.test("a TLD's own grace period: .eu keeps an expired name 40 days, with no redemption", async (t) => {
  const app = await world(t, (data) => ({
    ...data,
    domains: data.domains.map((d) => (d.id === '3' ? { ...d, autorenew: '0', expires: '2026-11-21', next_due: '2026-11-21' } : d)),
  }));
  await onDay(app, '2026-12-31');
  t.equal((await read(t, app, 'getDomainDetails', { id: '3' })).details.status, 'Expired', 'day 40 of grace');
  t.equal((await read(t, app, 'domainRenew', { id: '3' })).success, undefined);
  const late = await world(t, (data) => ({
    ...data,
    domains: data.domains.map((d) => (d.id === '3' ? { ...d, autorenew: '0', expires: '2026-11-21', next_due: '2026-11-21' } : d)),
  }));
  await onDay(late, '2027-01-01');
  t.equal((await read(t, late, 'getDomainDetails', { id: '3' })).details.status, 'Cancelled', 'released the day after');
});

t.test('a broken setting stops the start, naming file, record and field', async (t) => {
  const broken = structuredClone(seed);
  broken.product_automation[1] = { ...broken.product_automation[1], suspend_days: 'five' };
  let error: unknown;
  try {
    validateCollections(broken, 'my-world');
  } catch (thrown) {
    error = thrown;
  }
  t.ok(error instanceof FixtureError);
  t.equal(
    (error as Error).message,
    'my-world/product_automation.json: record 2 (id 2): field suspend_days must be a whole number of days from 0 to 9999, as a string such as "5"',
  );
});
