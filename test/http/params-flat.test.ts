// Bracket-free input skips qs (a fast path); it must give exactly what the qs
// path gives. A key with an empty step (`force[]`) added to the same input forces the qs path.
import t from 'tap';
import { parseParams, PARSE_FAILED } from '../../src/http/params.js';

function viaQs(input: string): Record<string, unknown> {
  const { force, ...rest } = parseParams(`${input}&force[]=1`);
  void force;
  return rest;
}

const KEYS = ['call', 'id', 'a', 'a b', 'ü', 'x.y', '%41', '__proto__', 'constructor', 'toString', 'hasOwnProperty', ''];
const VALUES = ['', '1', 'a+b', 'a%20b', '%E2%82%AC', '%zz', '=', 'x=y', '[0]', '%5B'];

t.test('flat input parses as qs parses it', async (t) => {
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const differ: string[] = [];
  for (let run = 0; run < 2000; run++) {
    const pairs = Array.from(
      { length: 1 + next(6) },
      () => `${encodeURIComponent(KEYS[next(KEYS.length)])}=${VALUES[next(VALUES.length)]}`,
    );
    const input = pairs.join('&');
    const fast = parseParams(input);
    const same = JSON.stringify(fast) === JSON.stringify(viaQs(input)) && Object.getPrototypeOf(fast) === Object.prototype;
    if (!same) differ.push(input);
  }
  t.strictSame(differ, [], 'no input parses differently');
});

t.test('input with nothing encoded and no bracket parses as qs parses it', async (t) => {
  const keys = ['call', 'id', 'a', 'x.y', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '', '?', 'a?b'];
  const values = ['', '1', '=', 'x=y', '==', '?', 'a?b', 'getCurrencies'];
  let seed = 11;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const part = () => {
    const key = keys[next(keys.length)];
    const form = next(5);
    // A key alone, an empty segment, or key=value.
    return form === 0 ? key : form === 1 ? '' : `${key}=${values[next(values.length)]}`;
  };
  const differ: string[] = [];
  for (let run = 0; run < 3000; run++) {
    const input = (next(4) === 0 ? '?' : '') + Array.from({ length: 1 + next(7) }, part).join('&');
    const fast = parseParams(input);
    const same = JSON.stringify(fast) === JSON.stringify(viaQs(input)) && Object.getPrototypeOf(fast) === Object.prototype;
    if (!same) differ.push(input);
  }
  t.strictSame(differ, [], 'no input parses differently');
  t.strictSame(parseParams('call=getCurrencies&api_id=a&api_key=b=c&&id'), { call: 'getCurrencies', api_id: 'a', api_key: 'b=c', id: '' });
});

t.test('the pair limit holds for input with nothing encoded, keys without a value counted', async (t) => {
  const pairs = (n: number, pair: string) => Array.from({ length: n }, (_, i) => `${pair}${i}`).join('&');
  t.equal(Object.keys(parseParams(pairs(10_000, 'k'))).length, 10_000);
  t.ok(parseParams(pairs(10_001, 'k'))[PARSE_FAILED as unknown as string], 'one pair too many, none with "="');
  t.ok(parseParams(pairs(10_001, 'k=v'))[PARSE_FAILED as unknown as string], 'one pair too many, each with "="');
  t.equal(Object.keys(parseParams(`${pairs(10_000, 'k')}&&&`)).length, 10_000, 'empty segments are not pairs');
});

t.test('a key repeated past the list limit fails as qs fails', async (t) => {
  const many = (n: number) => Array.from({ length: n }, () => 'id=1').join('&');
  t.equal((parseParams(many(1000)).id as string[]).length, 1000);
  t.ok(parseParams(many(1001))[PARSE_FAILED as unknown as string]);
  t.ok(parseParams(`${many(1001)}&force[]=1`)[PARSE_FAILED as unknown as string], 'the qs path agrees');
});

t.test('a query string with nothing encoded is split as URLSearchParams reads it', async (t) => {
  const { pairsOf } = await import('../../src/http/params.js');
  const inputs = ['', '&', '&&', 'a', '=', '=x', 'a=', 'a==b', 'a=1&&b=2', '?a=1', '??a=1', 'a=1&a=2&', '&a&b=', 'a?b=c', 'a=b=c&d'];
  // The same with something encoded takes URLSearchParams' own path.
  for (const input of [...inputs, 'a=%20', 'a=b+c', '%3F=1']) t.strictSame(pairsOf(input), [...new URLSearchParams(input)], input);
});
