import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { ENCODINGS, api, assertError, assertSuccess, build, storeJson, type WireParams } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import { COM_PERIODS } from '../../helpers/records.js';
import { productDetails, read } from '../../helpers/reads.js';

const CALL = 'bulkAddProducts';
type Fields = Record<string, unknown>;

const details = productDetails<Fields>;

async function pageProducts(t: Test, app: FastifyInstance, pageId: string): Promise<Record<string, Fields>> {
  return (await read(t, app, 'getProducts', { id: pageId })).products as Record<string, Fields>;
}

t.test('bulkAddProducts copies a product under a new name with all its prices and settings', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { 'products[0][copyof]': '1', 'products[0][name]': '  Starter Plus  ' });
  assertSuccess(t, body, CALL);
  t.strictSame(body, {
    success: true,
    new_products: ['25'],
    call: CALL,
    server_time: body.server_time,
    info: ['Product Starter Plus added'],
  });
  const copy = await details(t, app, '25');
  t.strictSame(copy, { ...(await details(t, app, '1')), id: '25', name: 'Starter Plus' }, 'the name is trimmed, the rest copied');
  // The copy is listed in the template's order page next to it.
  const page = await pageProducts(t, app, '1');
  t.strictSame(Object.keys(page), ['1', '2', '3', '25']);
  t.strictSame(page['25'], { ...page['1'], id: '25', name: 'Starter Plus', accounts: '0' });
});

t.test('bulkAddProducts copies a TLD, replacing and adding period prices', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, {
    'products[0][copyof]': '20',
    'products[0][name]': '.test',
    'products[0][periods][2][register]': '20',
    'products[0][periods][2][renew]': '21.5',
    'products[0][periods][10][register]': '100',
    'products[0][periods][10][transfer]': '99.99',
    'products[0][periods][10][renew]': '0',
  });
  t.strictSame(assertSuccess(t, body, CALL), { new_products: ['25'], info: ['Product .test added'] });
  const tld = await details(t, app, '25');
  t.strictSame(
    tld,
    {
      ...(await details(t, app, '20')),
      id: '25',
      name: '.test',
      periods: [
        COM_PERIODS[0],
        { period: '2', register: '20.00', transfer: '25.90', renew: '21.50' },
        ...COM_PERIODS.slice(2),
        { period: '10', register: '100.00', transfer: '99.99', renew: '0.00' },
      ],
    },
    'given prices replace, a new period is added in order, the rest is kept',
  );
  t.strictSame((await details(t, app, '20')).periods, COM_PERIODS, 'the template is untouched');
  t.ok((await pageProducts(t, app, '4'))['25'], 'the TLD copy is listed in the domains order page');
  // A period between the copied ones (6, between 5 and 10) lands in its place.
  const gap = assertSuccess(
    t,
    await api(app, CALL, {
      'products[0][copyof]': '25',
      'products[0][name]': '.gap',
      'products[0][periods][6][register]': '6',
      'products[0][periods][6][transfer]': '6',
      'products[0][periods][6][renew]': '6',
    }),
    CALL,
  );
  const gapPeriods = (await details(t, app, (gap.new_products as string[])[0])).periods as Fields[];
  t.strictSame(
    gapPeriods.map((p) => p.period),
    ['1', '2', '3', '4', '5', '6', '10'],
  );
  // A copy without periods keeps the template's.
  const plain = assertSuccess(t, await api(app, CALL, { 'products[0][copyof]': '20', 'products[0][name]': '.plain' }), CALL);
  t.strictSame((await details(t, app, (plain.new_products as string[])[0])).periods, COM_PERIODS);
});

t.test('bulkAddProducts renames duplicates with numeric suffixes, copies of copies too', async (t) => {
  const app = await build(t);
  const first = assertSuccess(
    t,
    await api(app, CALL, {
      'products[0][copyof]': '20',
      'products[0][name]': '.test',
      'products[0][periods][1][register]': '1.00',
      'products[1][copyof]': '20',
      'products[1][name]': '.test',
      'products[2][copyof]': '21',
      'products[2][name]': '.TEST',
    }),
    CALL,
  );
  t.strictSame(
    first,
    {
      new_products: ['25', '26', '27'],
      info: [
        'Product .test added',
        'Product .test duplicated. New product name: .test(2)',
        'Product .TEST duplicated. New product name: .TEST(3)',
      ],
    },
    'names taken earlier in the same request count, without regard to case',
  );
  // Copy the copy (25, with its own 1-year price) under its own name: the numbering continues.
  const again = assertSuccess(
    t,
    await api(app, CALL, {
      'products[0][copyof]': '25',
      'products[0][name]': '.test',
      'products[1][copyof]': '26',
      'products[1][name]': '.test(2)',
    }),
    CALL,
  );
  t.strictSame(again, {
    new_products: ['28', '29'],
    info: ['Product .test duplicated. New product name: .test(4)', 'Product .test(2) duplicated. New product name: .test(5)'],
  });
  const copyOfCopy = await details(t, app, '28');
  t.strictSame(copyOfCopy.periods, [{ period: '1', register: '1.00', transfer: '12.95', renew: '14.95' }, ...COM_PERIODS.slice(1)]);
  t.equal(((await details(t, app, '27')).periods as Fields[])[0].register, '14.50', '.TEST(3) copies .net');
  // "Name(9)" is only a suffix when "Name" exists; otherwise it is the base name itself.
  const own = assertSuccess(
    t,
    await api(app, CALL, {
      'products[0][copyof]': '1',
      'products[0][name]': 'Box(9)',
      'products[1][copyof]': '1',
      'products[1][name]': 'Box(9)',
      'products[2][copyof]': '8',
      'products[2][name]': 'VPS 1GB(5)',
      'products[3][copyof]': '8',
      'products[3][name]': 'vps 1gb(5)',
    }),
    CALL,
  );
  t.strictSame(own.info, [
    'Product Box(9) added',
    'Product Box(9) duplicated. New product name: Box(9)(2)',
    'Product VPS 1GB(5) added',
    'Product vps 1gb(5) duplicated. New product name: vps 1gb(6)',
  ]);
});

t.test('bulkAddProducts reads entries keyed by any number and names them by their key', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { 'products[5][copyof]': '12', 'products[5][name]': 'Cloud Flex' });
  t.strictSame(assertSuccess(t, body, CALL), {
    new_products: ['25'],
    info: ['Product Cloud Flex duplicated. New product name: Cloud Flex(2)'],
  });
  assertError(t, await api(app, CALL, { 'products[7][copyof]': '99', 'products[7][name]': 'x' }), CALL, [
    'products[7][copyof]: Product 99 not found',
  ]);
  assertError(
    t,
    await api(app, CALL, { 'products[3][copyof]': '1', 'products[3][name]': '.x', 'products[3][periods][1][register]': '1' }),
    CALL,
    ['products[3][periods] applies to TLD products only'],
  );
});

t.test('bulkAddProducts creates nothing when one entry is invalid', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  const valid = {
    'products[0][copyof]': '20',
    'products[0][name]': '.test',
    'products[0][periods][1][register]': '5',
    'products[1][copyof]': '1',
    'products[1][name]': 'Starter Hosting',
  };
  assertError(t, await api(app, CALL, { ...valid, 'products[2][copyof]': '99', 'products[2][name]': 'Late' }), CALL, [
    'products[2][copyof]: Product 99 not found',
  ]);
  t.equal(storeJson(app), before, 'no product from the valid entries was kept');
  assertError(
    t,
    await api(app, CALL, { ...valid, 'products[2][copyof]': '2', 'products[2][name]': 'Late', 'products[2][periods][1][renew]': '5' }),
    CALL,
    ['products[2][periods] applies to TLD products only'],
  );
  assertError(
    t,
    await api(app, CALL, { ...valid, 'products[2][copyof]': '23', 'products[2][name]': '.late', 'products[2][periods][4][register]': '5' }),
    CALL,
    ['Parameter products[2][periods][4][transfer] is required: TLD .io has no 4-year price to keep'],
  );
  assertError(
    t,
    await api(app, CALL, { ...valid, 'products[2][copyof]': '23', 'products[2][name]': '.late', 'products[2][periods][2][price]': '5' }),
    CALL,
    ['Parameter products[2][periods][2] must be prices given as [register], [transfer] and/or [renew]'],
  );
  t.equal(storeJson(app), before);
  assertError(t, await api(app, 'getProductDetails', { id: '25' }), 'getProductDetails', ['Product 25 not found']);
});

t.test('bulkAddProducts validates periods: 1 to 10 years, non-negative amounts', async (t) => {
  const app = await build(t);
  const base: WireParams = { 'products[0][copyof]': '20', 'products[0][name]': '.test' };
  const cases: Array<[WireParams, string]> = [
    [
      { 'products[0][periods][11][register]': '1' },
      'Parameter products[0][periods] must be keyed by a period of 1 to 10 years, such as periods[1][register]=12.95',
    ],
    [
      { 'products[0][periods][0][register]': '1' },
      'Parameter products[0][periods] must be TLD prices keyed by the period in years, such as periods[1][register]=12.95',
    ],
    [
      { 'products[0][periods][1][register]': '-1' },
      'Parameter products[0][periods][1][register] must be a non-negative amount with at most two decimals, up to 999999999999.99, such as 12.30',
    ],
    [
      { 'products[0][periods][1][renew]': '1.234' },
      'Parameter products[0][periods][1][renew] must be a non-negative amount with at most two decimals, up to 999999999999.99, such as 12.30',
    ],
    [
      { 'products[0][periods][1][transfer]': 'free' },
      'Parameter products[0][periods][1][transfer] must be a non-negative amount with at most two decimals, up to 999999999999.99, such as 12.30',
    ],
    [
      { 'products[0][periods][1]': '5' },
      'Parameter products[0][periods][1] must be the prices of one period: [register], [transfer] and/or [renew]',
    ],
  ];
  const before = storeJson(app);
  for (const [params, message] of cases) assertError(t, await api(app, CALL, { ...base, ...params }), CALL, [message]);
  t.equal(storeJson(app), before);
  const ok = await api(app, CALL, {
    ...base,
    'products[0][periods][1][register]': '0',
    'products[0][periods][10][register]': '7.5',
    'products[0][periods][10][transfer]': '7.5',
    'products[0][periods][10][renew]': '8',
  });
  const periods = (await details(t, app, (assertSuccess(t, ok, CALL).new_products as string[])[0])).periods as Fields[];
  t.strictSame(
    [periods[0], periods[5]],
    [
      { period: '1', register: '0.00', transfer: '12.95', renew: '14.95' },
      { period: '10', register: '7.50', transfer: '7.50', renew: '8.00' },
    ],
  );
});

refusals('bulkAddProducts requires products with copyof and a non-blank name', CALL, [
  [{}, 'Parameter products is required'],
  [{ 'products[0][name]': 'x' }, 'Parameter products[0][copyof] is required'],
  [{ 'products[0][copyof]': '1' }, 'Parameter products[0][name] is required'],
  [
    { 'products[0][copyof]': 'abc', 'products[0][name]': 'x' },
    'Parameter products[0][copyof] must be a positive whole number id, such as 1',
  ],
  [
    { 'products[0][copyof]': '1', 'products[0][name]': '   ' },
    'Parameter products[0][name] must be a product name that is not blank, at most 200 characters',
  ],
  [
    { 'products[0][copyof]': '1', 'products[0][name]': 'x'.repeat(201) },
    'Parameter products[0][name] must be a product name that is not blank, at most 200 characters',
  ],
  [
    { products: 'abc' },
    'Parameter products must be a product to add, with [copyof] and [name], such as products[0][copyof]=1&products[0][name]=Plan',
  ],
  [
    { 'products[a][copyof]': '1', 'products[a][name]': 'x' },
    'Parameter products must be keyed by entry numbers, such as products[0][name]',
  ],
]);

t.test('bulkAddProducts works the same through GET, urlencoded and multipart', async (t) => {
  const app = await build(t);
  const params = {
    'products[0][copyof]': '20',
    'products[0][name]': '.com',
    'products[0][periods][1][register]': '9.99',
    'products[1][copyof]': '3',
    'products[1][name]': 'Ultimate Hosting',
  };
  const bodies = [];
  for (const via of ENCODINGS) {
    const body = await api(app, CALL, params, { via, session: via });
    t.strictSame(
      assertSuccess(t, body, CALL),
      {
        new_products: ['25', '26'],
        info: [
          'Product .com duplicated. New product name: .com(2)',
          'Product Ultimate Hosting duplicated. New product name: Ultimate Hosting(2)',
        ],
      },
      via,
    );
    t.equal(((await details(t, app, '25', { session: via })).periods as Fields[])[0].register, '9.99', `${via}: the copy is stored`);
    bodies.push(body);
  }
  t.strictSame(bodies[1], bodies[0]);
  t.strictSame(bodies[2], bodies[0]);
  t.equal((await api(app, 'getProductDetails', { id: '25' })).success, false, 'the default session is untouched');
});

t.test('bulkAddProducts gives simultaneous copies under one name distinct consecutive names', async (t) => {
  const app = await build(t);
  const bodies = await Promise.all(
    Array.from({ length: 50 }, () => api(app, CALL, { 'products[0][copyof]': '20', 'products[0][name]': '.test' })),
  );
  const ids = bodies.map((body) => (assertSuccess(t, body, CALL).new_products as string[])[0]);
  t.equal(new Set(ids).size, 50, 'fifty distinct ids');
  const names = await Promise.all(ids.map(async (id) => (await details(t, app, id)).name as string));
  const expected = ['.test', ...Array.from({ length: 49 }, (_, i) => `.test(${i + 2})`)];
  t.strictSame([...names].sort(), [...expected].sort(), 'names .test, .test(2) ... .test(50), none repeated');
});
