import t from 'tap';
import { mergeParams, parsePairs, parseParams } from '../../src/http/params.js';

t.test('bracket notation and repeated keys all give arrays', async (t) => {
  t.strictSame(parseParams('product_ids[]=1&product_ids[]=2'), { product_ids: ['1', '2'] });
  t.strictSame(parseParams('product_ids[0]=1&product_ids[1]=2'), { product_ids: ['1', '2'] });
  t.strictSame(parseParams('product_ids=1&product_ids=2'), { product_ids: ['1', '2'] });
  t.strictSame(parseParams('products[0][name]=x&products[0][copyof]=3&products[1][name]=y'),
    { products: [{ name: 'x', copyof: '3' }, { name: 'y' }] }, 'objects inside arrays');
  t.strictSame(parseParams('custom[12][34]=v'), { custom: { 12: { 34: 'v' } } });
});

t.test('multipart pairs follow the same rules as a query string', async (t) => {
  t.strictSame(parsePairs([['ids[]', '1'], ['ids[]', '2'], ['filter[status]', 'Active']]),
    { ids: ['1', '2'], filter: { status: 'Active' } });
  t.strictSame(parsePairs([['x', '1'], ['x', '2']]), { x: ['1', '2'] });
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
  t.strictSame(parseParams('p[periods][1][register]=9.99&p[periods][3][renew]=8.00'),
    { p: { periods: { 1: { register: '9.99' }, 3: { renew: '8.00' } } } });
  t.strictSame(parseParams('a[1]=x&a[0]=y'), { a: { 0: 'y', 1: 'x' } }, 'out of order stays keyed');
  t.strictSame(parseParams('a%5B0%5D=1&a%5B1%5D=2'), { a: ['1', '2'] }, 'percent-encoded brackets');
  t.strictSame(parseParams({ 'ids[0]': '1', 'ids[1]': '2', plain: 3 }), { ids: ['1', '2'], plain: 3 }, 'JSON bodies with bracket keys');
});
