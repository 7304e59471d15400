import t from 'tap';
import { api, assertError, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { idRefusals, refusals, refusedWith } from '../../helpers/refusals.js';
import { productDetails, read } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';
import { infoAnswer } from '../../helpers/shapes.js';

const CALL = 'deleteProduct';
const DELETED = { success: true, call: CALL, server_time: SERVER_TIME, info: ['Product deleted'] };

async function pageIds(...args: Parameters<typeof read>): Promise<string[]> {
  return Object.keys((await read(...args)).products as object);
}

t.test('deleteProduct removes an unused product and the catalogue forgets it', async (t) => {
  const app = await build(t);
  t.strictSame(((await read(t, app, 'getAddonDetails', { id: '7' })).addon as { products: string[] }).products, ['', '1', '2', '3', '19']);
  infoAnswer(t, await api(app, CALL, { id: '19' }), DELETED);

  assertError(t, await api(app, 'getProductDetails', { id: '19' }), 'getProductDetails', ['Product 19 not found']);
  t.strictSame(await pageIds(t, app, 'getProducts', { id: '11' }), [], 'its order page no longer lists it');
  t.strictSame(
    ((await read(t, app, 'getAddonDetails', { id: '7' })).addon as { products: string[] }).products,
    ['', '1', '2', '3'],
    'the addon limited to it and others keeps the others',
  );
  // Its name is free again, without a suffix.
  const copy = assertSuccess(
    t,
    await api(app, 'bulkAddProducts', { 'products[0][copyof]': '1', 'products[0][name]': 'Classic Hosting (legacy)' }),
    'bulkAddProducts',
  );
  t.strictSame(copy.info, ['Product Classic Hosting (legacy) added']);
  assertError(t, await api(app, CALL, { id: '19' }), CALL, ['Product 19 not found']);
});

t.test('a product other products upgrade to leaves their upgrade lists', async (t) => {
  const app = await build(t);
  t.equal((await productDetails<{ upgrades: string }>(t, app, '6')).upgrades, '7');
  assertSuccess(t, await api(app, CALL, { id: '7' }), CALL);
  t.equal((await productDetails<{ upgrades: string }>(t, app, '6')).upgrades, '', 'NA Starter upgrades to nothing now');
  t.strictSame((await read(t, app, 'getProductUpgrades', { id: '6' })).upgrades ?? [], [], 'getProductUpgrades offers nothing');
});

t.test('deleteProduct answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  t.strictSame(await sameEverywhereMutating(t, app, CALL, { id: '19' }), DELETED);
});

const inUse = (id: string, name: string, why: string) => `Product ${id} (${name}) cannot be deleted: ${why}`;

refusals('a product services, domains or drafts use is refused, naming every use', CALL, [
  ...idRefusals('Product', 'x1'),
  [{ id: '1' }, inUse('1', 'Starter Hosting', 'services (accounts 6, 18) are on it')],
  [{ id: '20' }, inUse('20', '.com', 'domains 1, 6, 7 are under this TLD')],
]);

t.test('every use of a product is named at once, and nothing changes', async (t) => {
  const app = await build(t);
  assertError(t, await api(app, CALL, { id: '21' }), CALL, [
    inUse('21', '.net', 'domains 5 are under this TLD'),
    inUse('21', '.net', 'order drafts 1, 2 order it'),
  ]);
  assertError(t, await api(app, CALL, { id: '9' }), CALL, [
    inUse('9', 'VPS 2GB', 'services (accounts 7) are on it'),
    inUse('9', 'VPS 2GB', 'order drafts 1 order it'),
  ]);
  assertError(t, await api(app, CALL, { id: '17' }), CALL, [
    inUse('17', 'Managed Backup', 'services (accounts 4, 15, 16, 17) are on it'),
    inUse('17', 'Managed Backup', 'order drafts 1, 3 order it'),
  ]);
  // An upgrade order moving a service to product 10; a catalogue where addon 3 is limited to product 11 alone.
  assertSuccess(t, await api(app, 'orderUpgrade', { id: '2', new: '10', new_billing: 'a' }), 'orderUpgrade');
  // No API call edits the addon catalogue: through the session's own entrance.
  await app.billsim.sessions.get('default').write((w) => w.replace('addons', { ...w.get('addons', '3')!, products: '11' }));
  await refusedWith(t, app, CALL, [
    [{ id: '10' }, inUse('10', 'VPS 4GB Amsterdam', 'upgrade orders 1022 move services from or to it')],
    [{ id: '11' }, inUse('11', 'VPS 4GB New York', 'it is the only product addon 3 applies to, which would then apply to every product')],
  ]);
  t.ok(await productDetails(t, app, '10'), 'the products are still there');
});
