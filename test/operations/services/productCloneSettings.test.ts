import t from 'tap';
import { api, assertError, assertSuccess, build, SERVER_TIME, storeJson } from '../../helpers/app.js';
import { COM_PERIODS } from '../../helpers/records.js';
import { productDetails } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';
import { infoAnswer } from '../../helpers/shapes.js';

const CALL = 'productCloneSettings';
type Fields = Record<string, unknown>;
const details = productDetails<Fields>;
const copied = (label: string) => `${label}: Copying completed successfully`;

const PRICES = ['paytype', ...['m', 'q', 's', 'a', 'b', 't', 'p4', 'p5', 'd', 'w', 'h'].flatMap((c) => [`${c}_setup`, c])];
const OTHER = ['tax', 'stock', 'qty', 'domain_options', 'subdomain', 'owndomain', 'free_domain'];
const fieldsOf = (product: Fields, keys: string[]) => Object.fromEntries(keys.map((key) => [key, product[key]]));

t.test('productCloneSettings answers one line per setting, in the published shape and the order 1 to 7', async (t) => {
  const app = await build(t);
  infoAnswer(t, await api(app, CALL, { source_product_id: '12', 'target_product_ids[]': '13', 'settings[]': ['2', '1'] }), {
    success: true,
    call: CALL,
    server_time: SERVER_TIME,
    info: [copied('Connect with app'), copied('Automation')],
  });
});

t.test('the app, other settings and price of a VPS copy onto another product, which keeps the rest of its own', async (t) => {
  const app = await build(t);
  const [source, target, untouched] = [await details(t, app, '8'), await details(t, app, '13'), await details(t, app, '12')];
  const body = await api(app, CALL, { source_product_id: '8', 'target_product_ids[]': ['13', '13'], 'settings[]': ['7', '5', '1', '7'] });
  t.strictSame(assertSuccess(t, body, CALL), { info: [copied('Connect with app'), copied('Other settings'), copied('Price')] });
  t.strictSame(await details(t, app, '13'), {
    ...target,
    ...fieldsOf(source, OTHER),
    ...fieldsOf(source, PRICES),
    module: '5',
    server: { 4: '4', 5: '5' },
  });
  t.equal((await details(t, app, '13')).name, 'Cloud Trial', 'names stay');
  t.strictSame(await details(t, app, '8'), source, 'the source is unchanged');
  t.strictSame(await details(t, app, '12'), untouched, 'products not named are unchanged');
});

t.test("a TLD's prices copy onto another TLD, periods included", async (t) => {
  const app = await build(t);
  const eu = await details(t, app, '24');
  assertSuccess(t, await api(app, CALL, { source_product_id: '20', target_product_ids: '24', settings: '7' }), CALL);
  t.strictSame(await details(t, app, '24'), { ...eu, periods: COM_PERIODS }, 'single values count as one-item lists');
});

t.test('settings billsim keeps nothing for are answered and change nothing', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  const body = await api(app, CALL, { source_product_id: '1', 'target_product_ids[]': ['2', '3'], 'settings[]': ['6', '4', '3'] });
  t.strictSame(assertSuccess(t, body, CALL), { info: [copied('Emails'), copied('Components'), copied('Client functions')] });
  t.equal(storeJson(app), before);
});

t.test('productCloneSettings answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  const body = await sameEverywhereMutating(t, app, CALL, {
    source_product_id: '1',
    'target_product_ids[]': ['6', '7'],
    'settings[]': ['1', '2', '5', '7'],
  });
  t.strictSame(body.info, [copied('Connect with app'), copied('Automation'), copied('Other settings'), copied('Price')]);
});

const wrongKind = 'Product 1 is not a domain TLD: the settings of TLD 20 copy only to TLDs';

t.test('every problem is named at once and nothing changes', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  assertError(
    t,
    await api(app, CALL, { source_product_id: '20', 'target_product_ids[]': ['1', '20', '99', '20'], 'settings[]': '7' }),
    CALL,
    [wrongKind, 'Parameter target_product_ids must not name the source product 20', 'Product 99 not found'],
  );
  assertError(t, await api(app, CALL, { source_product_id: '99', 'target_product_ids[]': ['98', '1'], 'settings[]': '1' }), CALL, [
    'Product 99 not found',
    'Product 98 not found',
  ]);
  assertError(t, await api(app, CALL, { source_product_id: '1', 'target_product_ids[]': ['20', '21'], 'settings[]': '1' }), CALL, [
    'Product 20 is a domain TLD: the settings of product 1 copy only to products that are not TLDs',
    'Product 21 is a domain TLD: the settings of product 1 copy only to products that are not TLDs',
  ]);
  assertError(t, await api(app, CALL, {}), CALL, [
    'Parameter source_product_id is required',
    'Parameter target_product_ids is required',
    'Parameter settings is required',
  ]);
  assertError(t, await api(app, CALL, { source_product_id: '1', 'target_product_ids[]': 'x', 'settings[]': '8' }), CALL, [
    'Parameter target_product_ids[0] must be a positive whole number id, such as 1',
    'Parameter settings[0] must be one of: 1, 2, 3, 4, 5, 6, 7',
  ]);
  t.equal(storeJson(app), before);
});
