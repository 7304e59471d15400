// Bracket keys in their common form are read without qs (readBrackets, a fast
// path); wherever it reads a request, it must give exactly what qs and the
// index marking give. A key with an empty step (`force[]`) added to the same
// input sends it through qs, for the comparison.
import t from 'tap';
import { pairsOf, parseParams, readBrackets } from '../../src/http/params.js';
import { Random } from '../../scripts/generate/random.js';

function viaQs(input: string): Record<string, unknown> {
  const { force, ...rest } = parseParams(`${input}&force[]=1`);
  void force;
  return rest;
}

// Steps qs reads as names, as indices, as neither (fast path refused), and prototype members.
const STEPS = ['a', 'b', 'name', 'x y', '0', '1', '2', '3', '10', '01', '007', '1234567890', '-1', '1e3', 'constructor', 'toString'];
const NAMES = ['products', 'item', 'call', '0', 'p'];
const VALUES = ['', '1', 'bench', 'a+b', '%E2%82%AC', '[0]'];

t.test('bracket keys read without qs read as qs and the marking read them', async (t) => {
  const random = new Random(11);
  const next = (n: number) => random.int(n);
  const differ: string[] = [];
  let fast = 0;
  for (let run = 0; run < 4000; run++) {
    const pairs = Array.from({ length: 1 + next(6) }, () => {
      const steps = Array.from({ length: next(4) }, () => `[${encodeURIComponent(STEPS[next(next(2) ? 6 : STEPS.length)])}]`);
      return `${NAMES[next(NAMES.length)]}${steps.join('')}=${VALUES[next(VALUES.length)]}`;
    });
    const input = pairs.join('&');
    const read = readBrackets(pairsOf(input));
    if (read === undefined) continue;
    fast++;
    if (JSON.stringify(read) !== JSON.stringify(viaQs(input)) || JSON.stringify(parseParams(input)) !== JSON.stringify(read))
      differ.push(input);
  }
  t.strictSame(differ, [], 'no input reads differently');
  t.ok(fast > 1000, `most generated inputs are read without qs (${fast} of 4000)`);
});

t.test('what the fast path reads, and what it leaves to qs', async (t) => {
  const read = (input: string) => readBrackets(pairsOf(input));
  t.strictSame(read('call=bulkAddProducts&products[0][copyof]=1&products[0][name]=bench&products[1][name]=x'), {
    call: 'bulkAddProducts',
    products: [{ copyof: '1', name: 'bench' }, { name: 'x' }],
  });
  t.strictSame(read('item[2][qty]=1&item[1][qty]=3'), { item: { 1: { qty: '3' }, 2: { qty: '1' } } }, 'ids out of order stay keys');
  t.strictSame(read('a[1]=x&a[0]=y'), { a: { 0: 'y', 1: 'x' } }, 'indices out of order are keys');
  t.strictSame(read('a[0]=x&a[2]=y'), { a: { 0: 'x', 2: 'y' } }, 'a gap makes keys');
  for (const input of [
    'a[]=1',
    'a[0]=1&a[0]=2',
    'a=1&a[b]=2',
    'a[b]=1&a=2',
    'a[b]=1&a[b][c]=2',
    'a[01]=1',
    'a[constructor]=1',
    'a[b',
    'a[b]c=1',
  ]) {
    t.equal(read(input), undefined, `${input}: left to qs`);
  }
  t.equal(read(`a${'[b]'.repeat(9)}=1`), undefined, 'deeper than the limit: left to qs, which refuses it');
  t.ok(read(`a${'[b]'.repeat(8)}=1`), 'as deep as the limit');
});
