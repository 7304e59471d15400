import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertError, assertSuccess, build, sameEverywhere, type WireParams } from '../../helpers/app.js';
import { NO_SETUP } from '../../helpers/records.js';
import { readEverywhere } from '../../helpers/reads.js';
import { loadFixtures } from '../../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../../src/paths.js';

const call = 'getOtherPopularProducts';
type Offer = Record<string, string>;

async function offer(t: Test, app: FastifyInstance, params: WireParams): Promise<Offer[]> {
  return assertSuccess(t, await api(app, call, params), call).offer as Offer[];
}
const ranking = (list: Offer[]) => list.map((o) => [o.id, o.popularity]);

/*
 * Default fixtures (accounts.json, any status), the products each client has an account on:
 *   client 1: 2, 8, 14, 17 (accounts 1, 2, 12, 16)    client 2: 5, 17 (3, 4)    client 3: 4 (5)
 *   client 4: 1, 14, 17 (6, 13, 15)    client 5: 9 (7)    client 6: 3, 18, 14 (8, 9, 14)
 *   client 7: 12, 17 (10, 17)    client 8: 6 (11)    client 9: nothing
 * So product 14 has owners 1, 4 and 6, product 17 owners 2, 4, 1 and 7; every other product one owner.
 * The ranking world adds accounts (ids past the fixtures' highest) so that popularity differs more:
 *   client 2 also owns 2, client 3 also owns 2, 8 and 17, and client 1 a second account on 8.
 * Owners of product 2 are then clients 1, 2 and 3, who own:
 *   client 1: 8 (twice), 14, 17    client 2: 5, 17    client 3: 4, 8, 17
 * so, counting distinct clients: 17 -> 3, 8 -> 2, 4 -> 1, 5 -> 1, 14 -> 1.
 * Order pages: 8 is in page 2, 17 in page 6, 4 and 5 in page 7, 14 in page 5, 1 in page 1, 12 in page 3.
 */
async function rankingWorld(t: Test): Promise<FastifyInstance> {
  const fixtures = loadFixtures(defaultFixturesDir);
  const base = fixtures.accounts.find((a) => a.id === '1')!;
  // New ids start past the highest fixture id (and at 101 at least), so they never replace a fixture account.
  const firstId = Math.max(100, ...fixtures.accounts.map((a) => Number(a.id))) + 1;
  const extra = [
    ['2', '2'],
    ['3', '2'],
    ['3', '8'],
    ['3', '17'],
    ['1', '8'],
  ].map(([client_id, product_id], i) => {
    const id = String(firstId + i);
    return { ...base, id, client_id, product_id, domain: `extra-${id}.example` };
  });
  return build(t, { data: { ...fixtures, accounts: [...fixtures.accounts, ...extra] } });
}

t.test('getOtherPopularProducts offers what the owners of the selection also have', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, call, { 'product_ids[]': '2' });
  // Only client 1 owns product 2; client 1 also owns 8, 14 and 17.
  t.strictSame(ranking(result.offer as Offer[]), [
    ['8', '1'],
    ['14', '1'],
    ['17', '1'],
  ]);
  const first = (result.offer as Offer[])[0];
  t.strictSame(Object.keys(first).slice(0, 8), [
    'id',
    'name',
    'category_id',
    'category_name',
    'description',
    'popularity',
    'rel',
    'paytype',
  ]);
  t.strictSame(Object.keys(first).slice(19), ['m', 'q', 's', 'a', 'b', 't', 'p4', 'p5', 'd', 'w', 'h']);
  t.strictSame(first, {
    id: '8',
    name: 'VPS 1GB',
    category_id: '2',
    category_name: 'VPS Hosting',
    description: '1 vCPU\r\n1 GB RAM\r\n25 GB NVMe\r\n1 TB traffic',
    popularity: '1',
    rel: 'Product',
    paytype: 'Regular',
    m_setup: '10.00',
    q_setup: '10.00',
    s_setup: '0.00',
    a_setup: '0.00',
    b_setup: '0.00',
    t_setup: '0.00',
    p4_setup: '0.00',
    p5_setup: '0.00',
    d_setup: '0.00',
    w_setup: '0.00',
    h_setup: '0.00',
    m: '12.00',
    q: '34.20',
    s: '0.00',
    a: '129.60',
    b: '0.00',
    t: '0.00',
    p4: '0.00',
    p5: '0.00',
    d: '0.00',
    w: '0.00',
    h: '0.00',
  });
});

t.test('getOtherPopularProducts ranks the default world by how many owners share a product', async (t) => {
  const app = await build(t);
  // Owners of product 17: clients 2 (account 4), 4 (15), 1 (16) and 7 (17). Besides 17 they own:
  //   client 1: 2, 8, 14    client 2: 5    client 4: 1, 14    client 7: 12
  // so 14 -> 2 (clients 1 and 4; client 6 owns 14 but not 17), and 1, 2, 5, 8, 12 -> 1 each, in id order.
  const offers = await offer(t, app, { 'product_ids[]': '17' });
  t.strictSame(ranking(offers), [
    ['14', '2'],
    ['1', '1'],
    ['2', '1'],
    ['5', '1'],
    ['8', '1'],
    ['12', '1'],
  ]);
  t.strictSame(offers[0], {
    id: '14',
    name: 'PositiveSSL DV',
    category_id: '5',
    category_name: 'SSL Certificates',
    description: 'Domain-validated certificate for one domain and www.',
    popularity: '2',
    rel: 'Product',
    paytype: 'Regular',
    ...NO_SETUP,
    m: '0.00',
    q: '0.00',
    s: '0.00',
    a: '9.95',
    b: '17.90',
    t: '24.90',
    p4: '0.00',
    p5: '0.00',
    d: '0.00',
    w: '0.00',
    h: '0.00',
  });
  // Client 4 already has 1 and 14, so the most popular product is not offered to them.
  t.strictSame(ranking(await offer(t, app, { 'product_ids[]': '17', client_id: '4' })), [
    ['2', '1'],
    ['5', '1'],
    ['8', '1'],
    ['12', '1'],
  ]);
});

t.test('getOtherPopularProducts ranks by popularity, then id, never offering a selected product', async (t) => {
  const app = await rankingWorld(t);
  t.strictSame(
    ranking(await offer(t, app, { 'product_ids[]': '2' })),
    [
      ['17', '3'],
      ['8', '2'],
      ['4', '1'],
      ['5', '1'],
      ['14', '1'],
    ],
    'ids compare as numbers: 4, 5, 14',
  );
  // Selecting 2 and 8: the owners are still clients 1, 2 and 3; 8 is selected so it drops out.
  t.strictSame(ranking(await offer(t, app, { 'product_ids[]': ['2', '8'] })), [
    ['17', '3'],
    ['4', '1'],
    ['5', '1'],
    ['14', '1'],
  ]);
  // Selecting 17 alone: owners clients 1, 2, 3, 4 and 7, who also own
  //   client 1: 2, 8, 14    client 2: 2, 5    client 3: 2, 4, 8    client 4: 1, 14    client 7: 12
  // -> 2: 3, 8: 2, 14: 2 (equal popularity, id order), then 1, 4, 5, 12: 1.
  t.strictSame(ranking(await offer(t, app, { 'product_ids[]': '17' })), [
    ['2', '3'],
    ['8', '2'],
    ['14', '2'],
    ['1', '1'],
    ['4', '1'],
    ['5', '1'],
    ['12', '1'],
  ]);
  // Product 13 (Cloud Trial) has no account: nobody to learn from, nothing offered.
  t.strictSame(await offer(t, app, { 'product_ids[]': '13' }), []);
});

t.test('getOtherPopularProducts honours limit, exclude_cat and client_id', async (t) => {
  const app = await rankingWorld(t);
  t.strictSame(ranking(await offer(t, app, { 'product_ids[]': '2', limit: '2' })), [
    ['17', '3'],
    ['8', '2'],
  ]);
  t.strictSame(ranking(await offer(t, app, { 'product_ids[]': '2', limit: '100' })).length, 5);
  t.strictSame(
    ranking(await offer(t, app, { 'product_ids[]': '2', 'exclude_cat[]': '7' })),
    [
      ['17', '3'],
      ['8', '2'],
      ['14', '1'],
    ],
    'page 7 holds 4 and 5',
  );
  t.strictSame(
    ranking(await offer(t, app, { 'product_ids[]': '2', 'exclude_cat[]': ['2', '6'] })),
    [
      ['4', '1'],
      ['5', '1'],
      ['14', '1'],
    ],
    'page 2 holds 8, page 6 holds 17',
  );
  // Client 1 already owns 8, 14 and 17; client 2 owns 5 and 17.
  t.strictSame(ranking(await offer(t, app, { 'product_ids[]': '2', client_id: '1' })), [
    ['4', '1'],
    ['5', '1'],
  ]);
  t.strictSame(ranking(await offer(t, app, { 'product_ids[]': '2', client_id: '2', limit: '2' })), [
    ['8', '2'],
    ['4', '1'],
  ]);
  // Client 9 owns nothing: no filtering.
  t.strictSame(ranking(await offer(t, app, { 'product_ids[]': '2', client_id: '9', 'exclude_cat[]': '5' })), [
    ['17', '3'],
    ['8', '2'],
    ['4', '1'],
    ['5', '1'],
  ]);
});

t.test('getOtherPopularProducts takes product_ids in every array spelling', async (t) => {
  const app = await rankingWorld(t);
  const expected = await api(app, call, { 'product_ids[]': ['2', '8'] });
  const spellings: WireParams[] = [
    { product_ids: ['2', '8'] },
    { 'product_ids[0]': '2', 'product_ids[1]': '8' },
    { 'product_ids[]': ['2', '8', '8'] },
  ];
  for (const params of spellings) {
    t.strictSame((await api(app, call, params)).offer, expected.offer, JSON.stringify(params));
  }
  const single = await api(app, call, { 'product_ids[]': '2' });
  const singles: WireParams[] = [{ product_ids: '2' }, { 'product_ids[0]': '2' }];
  for (const params of singles) {
    t.strictSame((await api(app, call, params)).offer, single.offer, JSON.stringify(params));
  }
  t.strictSame(
    (await sameEverywhere(t, app, call, { product_ids: '2', 'exclude_cat[]': '7' })).offer,
    (await api(app, call, { 'product_ids[]': '2', 'exclude_cat[0]': '7' })).offer,
  );
});

t.test('getOtherPopularProducts refuses missing, malformed and unknown parameters', async (t) => {
  const app = await build(t);
  assertError(t, await api(app, call, {}), call, ['Parameter product_ids is required']);
  assertError(t, await api(app, call, { 'product_ids[]': 'abc' }), call, [
    'Parameter product_ids[0] must be a positive whole number id, such as 1',
  ]);
  assertError(t, await api(app, call, { 'product_ids[x]': '2' }), call, [
    'Parameter product_ids must be a non-empty list of product ids, such as product_ids[]=1&product_ids[]=2',
  ]);
  assertError(t, await api(app, call, { 'product_ids[]': '2', limit: '0' }), call, [
    'Parameter limit must be a whole number from 1 to 100',
  ]);
  assertError(t, await api(app, call, { 'product_ids[]': '2', limit: '101' }), call, [
    'Parameter limit must be a whole number from 1 to 100',
  ]);
  assertError(t, await api(app, call, { 'product_ids[]': '2', client_id: 'x' }), call, [
    'Parameter client_id must be a positive whole number id, such as 1',
  ]);
  assertError(t, await api(app, call, { 'product_ids[]': '2', 'exclude_cat[]': 'x' }), call, [
    'Parameter exclude_cat[0] must be a positive whole number id, such as 1',
  ]);
  assertError(t, await api(app, call, { 'product_ids[]': ['2', '999'] }), call, ['Product 999 not found']);
  assertError(t, await api(app, call, { 'product_ids[]': '2', client_id: '999' }), call, ['Client 999 not found']);
});
