import t from 'tap';
import { mergeParams, parsePairs, parseParams, withinLimits } from '../../src/http/params.js';

t.test('bracket notation and repeated keys all give arrays', async (t) => {
  t.strictSame(parseParams('product_ids[]=1&product_ids[]=2'), { product_ids: ['1', '2'] });
  t.strictSame(parseParams('product_ids[0]=1&product_ids[1]=2'), { product_ids: ['1', '2'] });
  t.strictSame(parseParams('product_ids=1&product_ids=2'), { product_ids: ['1', '2'] });
  t.strictSame(
    parseParams('products[0][name]=x&products[0][copyof]=3&products[1][name]=y'),
    { products: [{ name: 'x', copyof: '3' }, { name: 'y' }] },
    'objects inside arrays',
  );
  t.strictSame(parseParams('custom[12][34]=v'), { custom: { 12: { 34: 'v' } } });
});

t.test('multipart pairs follow the same rules as a query string', async (t) => {
  t.strictSame(
    parsePairs([
      ['ids[]', '1'],
      ['ids[]', '2'],
      ['filter[status]', 'Active'],
    ]),
    { ids: ['1', '2'], filter: { status: 'Active' } },
  );
  t.strictSame(
    parsePairs([
      ['x', '1'],
      ['x', '2'],
    ]),
    { x: ['1', '2'] },
  );
});

t.test('prototype keys are dropped', async (t) => {
  const parsed = parseParams('__proto__[a]=1&constructor[prototype][b]=2&ok=1');
  t.strictSame(parsed, { ok: '1' });
  t.equal(Object.getPrototypeOf(parsed), Object.prototype);
  t.equal(({} as Record<string, unknown>).a, undefined);
});

t.test('the body wins over the query string', async (t) => {
  t.strictSame(mergeParams({ a: '1', b: '1' }, { b: '2' }), { a: '1', b: '2' });
  t.strictSame(mergeParams(undefined, 'not an object'), {});
});

t.test('explicit numeric keys are kept unless they are exactly 0..n-1', async (t) => {
  t.strictSame(parseParams('custom[12][34]=v&custom[12][35]=w'), { custom: { 12: { 34: 'v', 35: 'w' } } });
  t.strictSame(parseParams('p[periods][1][register]=9.99&p[periods][3][renew]=8.00'), {
    p: { periods: { 1: { register: '9.99' }, 3: { renew: '8.00' } } },
  });
  t.strictSame(parseParams('a[1]=x&a[0]=y'), { a: { 0: 'y', 1: 'x' } }, 'out of order stays keyed');
  t.strictSame(parseParams('a%5B0%5D=1&a%5B1%5D=2'), { a: ['1', '2'] }, 'percent-encoded brackets');
  t.strictSame(parseParams({ 'ids[0]': '1', 'ids[1]': '2', plain: 3 }), { ids: ['1', '2'], plain: 3 }, 'JSON bodies with bracket keys');
});

t.test('explicit indices and [] on one level keep every value: [] appends after the highest index', async (t) => {
  t.strictSame(parseParams('a[0]=x&a[]=y'), { a: ['x', 'y'] });
  t.strictSame(parseParams('a[0]=x&a[]=y&a[]=z'), { a: ['x', 'y', 'z'] });
  t.strictSame(parseParams('a[1]=x&a[]=y'), { a: { 1: 'x', 2: 'y' } }, 'PHP numbers the appended value 2');
  t.strictSame(parseParams('a[0][0]=1&a[0][]=2'), { a: [['1', '2']] });
  t.strictSame(parseParams('products[0][name]=x&products[][copyof]=1'), { products: [{ name: 'x' }, { copyof: '1' }] });
  t.strictSame(parseParams('a[x]=1&a[]=2'), { a: { 0: '2', x: '1' } });
});

t.test('JSON bodies: prototype keys are dropped at every depth, and nothing inherits from them', async (t) => {
  const parsed = parseParams(
    JSON.parse('{"a":{"__proto__":{"x":1},"b":1},"c":[{"constructor":{"prototype":{"x":1}}}],"d":{"toString":"1"}}'),
  );
  t.strictSame(parsed, { a: { b: 1 }, c: [{}], d: {} });
  t.equal(Object.getPrototypeOf(parsed.a), Object.prototype);
  t.equal((parsed.a as Record<string, unknown>).x, undefined);
});

t.test('the same limits hold for every encoding, JSON bodies included', async (t) => {
  const failed = (value: unknown) => Object.getOwnPropertySymbols(value).length === 1;
  let deep: unknown = '1';
  for (let i = 0; i < 9; i++) deep = { x: deep };
  t.ok(failed(parseParams({ a: deep })), 'JSON nested 9 levels');
  t.notOk(failed(parseParams({ a: (deep as { x: unknown }).x })), 'JSON nested 8 levels');
  t.ok(failed(parseParams({ a: Array(1001).fill('1') })), 'a JSON list of 1001');
  t.ok(failed(parseParams(Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`k${i}`, '1'])))), '10,001 JSON keys');
  t.ok(failed(parseParams(Array.from({ length: 1001 }, (_, i) => `a[${i}]=1`).join('&'))), '1001 explicit indices');
  t.strictSame(parseParams(`call=getX&${'a[]=1&'.repeat(1001)}`).call, 'getX', 'a refused parse still names the call');
  t.ok(withinLimits({ a: Array(1000).fill({ b: '1' }) }));
  t.notOk(withinLimits({ a: Array(6000).fill({ b: '1' }) }), '12,000 values in all');
});
