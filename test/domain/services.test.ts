import t from 'tap';
import { Seed, World } from '../../src/store/world.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import { ApiError } from '../../src/errors.js';
import { moveService, nextInvoiceDate, type ServiceMove } from '../../src/domain/services.js';

const seed = new Seed(loadFixtures(defaultFixturesDir));

function addonStatuses(world: World, accountId: string): string[] {
  return world.where('account_addons', 'account_id', accountId).map((row) => row.status);
}

/** Account `id` with one addon in each status an addon can have, then `move`. */
function moved(id: string, move: ServiceMove): { service: string; addons: string[] } {
  const world = new World(seed);
  return world.transaction(() => {
    const template = world.get('account_addons', '1')!;
    for (const status of ['Pending', 'Active', 'Suspended', 'Terminated', 'Cancelled'] as const) {
      world.insert('account_addons', { ...template, id: world.nextId('account_addons'), account_id: id, status });
    }
    const service = moveService(world, world.get('accounts', id)!, move);
    return { service: service.status, addons: addonStatuses(world, id).slice(-5) };
  });
}

t.test("each move takes the service's live addons along", async (t) => {
  t.strictSame(moved('10', 'create'), { service: 'Active', addons: ['Active', 'Active', 'Suspended', 'Terminated', 'Cancelled'] });
  t.strictSame(moved('1', 'suspend'), { service: 'Suspended', addons: ['Pending', 'Suspended', 'Suspended', 'Terminated', 'Cancelled'] });
  t.strictSame(moved('5', 'unsuspend'), { service: 'Active', addons: ['Pending', 'Active', 'Active', 'Terminated', 'Cancelled'] });
  t.strictSame(moved('1', 'terminate'), {
    service: 'Terminated',
    addons: ['Terminated', 'Terminated', 'Terminated', 'Terminated', 'Cancelled'],
  });
  t.strictSame(moved('10', 'cancel'), { service: 'Cancelled', addons: ['Cancelled', 'Cancelled', 'Cancelled', 'Terminated', 'Cancelled'] });
  t.strictSame(moved('1', 'fraud'), { service: 'Fraud', addons: ['Cancelled', 'Cancelled', 'Cancelled', 'Terminated', 'Cancelled'] });
});

t.test('a refused move names the status and changes neither the service nor its addons', async (t) => {
  const world = new World(seed);
  const before = JSON.stringify(world.snapshot());
  t.throws(
    () => world.transaction(() => moveService(world, world.get('accounts', '10')!, 'terminate')),
    new ApiError('Account 10 is Pending: only a service that is Active or Suspended can become Terminated'),
  );
  t.equal(JSON.stringify(world.snapshot()), before);
});

t.test("the renewal invoice date follows the due date by the product's invoice_days", async (t) => {
  const world = new World(seed);
  const hosting = { product_id: '2', client_id: '1' };
  t.equal(nextInvoiceDate(world, hosting, '2026-12-14'), '2026-11-30', '14 days before: the product_id "0" record');
  t.equal(nextInvoiceDate(world, hosting, '2027-03-10'), '2027-02-24');
  t.equal(nextInvoiceDate(world, hosting, '0000-00-00'), '0000-00-00', 'a service that never falls due is never invoiced');
  world.transaction(() => world.replace('product_automation', { ...world.get('product_automation', '1')!, invoice_days: '7' }));
  t.equal(nextInvoiceDate(world, hosting, '2026-12-14'), '2026-12-07', 'a changed setting moves it');
});
