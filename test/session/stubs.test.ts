// The rules of stubs where they live (src/session/stubs.ts): which stub a
// request meets, templates filled in from the request, counting down.
import t from 'tap';
import {
  countDown,
  paramsProblems,
  STUBS_PAGE_BYTES,
  stubAnswer,
  stubBytes,
  stubFor,
  stubsPage,
  storedStubProblems,
  templateProblems,
} from '../../src/session/stubs.js';
import { state, world, write } from '../helpers/world.js';
import { FROZEN_NOW } from '../helpers/app.js';
import type { Stub } from '../../src/generated/wire.js';

const stubs: Stub[] = [
  { id: '1', call: 'getInvoiceDetails', answer: { a: 'any' } },
  { id: '2', call: 'getInvoiceDetails', params: { id: '999' }, answer: { a: 'by id' } },
  { id: '3', call: 'getInvoiceDetails', params: { id: '999', 'items[0][qty]': '2' }, answer: { a: 'by id and qty' } },
  { id: '4', call: 'getInvoiceDetails', answer: { a: 'any, newer' } },
  { id: '5', call: 'getClients', answer: { a: 'other call' } },
];

const cases: [string, Record<string, unknown>, string | undefined][] = [
  ['no params named: the newest of the plain ones', { id: '1' }, '4'],
  ['the id named: the stub that asks for it', { id: '999' }, '2'],
  ['the id and a bracket key: the one asking for both', { id: '999', items: [{ qty: '2' }] }, '3'],
  ['a bracket key with another value: the one asking for the id alone', { id: '999', items: [{ qty: '3' }] }, '2'],
  ['a value compared as text, exactly', { id: ' 999' }, '4'],
];

for (const [name, params, id] of cases) {
  t.test(`which stub answers: ${name}`, async (t) => {
    const w = world({ stubs });
    t.equal(stubFor(w, 'getInvoiceDetails', params)?.id, id);
  });
}

t.test('a call no stub names meets none', async (t) => {
  t.equal(stubFor(world({ stubs }), 'getOrders', {}), undefined);
});

t.test("an answer's templates are filled in from the request, the call and the clock, at any depth", async (t) => {
  const stub = {
    id: '1',
    call: 'getKBCategories',
    answer: { categories: [{ id: '{{params.cat}}', title: 'For {{call}} at {{now}} ({{server_time}})', count: 3 }], plain: 'text' },
  };
  t.strictSame(stubAnswer(stub, { params: { cat: '7' }, call: 'getKBCategories', now: FROZEN_NOW }), {
    categories: [{ id: '7', title: 'For getKBCategories at 2026-11-20 12:00:00 (1795176000)', count: 3 }],
    plain: 'text',
  });
  t.equal(
    (stubAnswer(stub, { params: {}, call: 'getKBCategories', now: FROZEN_NOW }).categories as { id: string }[])[0].id,
    '',
    'a parameter not sent is empty',
  );
});

t.test('a template reaches nothing of the process: the log helper writes nothing, no prototype is read', async (t) => {
  const stub = {
    id: '1',
    call: 'x',
    answer: { a: '[{{log "secret"}}]', b: '{{params.constructor.name}}', c: '{{lookup params "__proto__"}}' },
  };
  t.strictSame(stubAnswer(stub, { params: {}, call: 'x', now: FROZEN_NOW }), { a: '[]', b: '', c: '' });
});

t.test('templates that do not compile, or call a helper billsim does not have, are named with where they are', async (t) => {
  const problems = templateProblems({ ok: '{{params.id}}', list: ['fine', '{{#if params.id}}open'], deep: { x: '{{upper "a"}}' } });
  t.equal(problems.length, 2);
  t.match(problems[0], /^answer\.list\[1\] is not a template that compiles \(Parse error/);
  t.match(problems[1], /^answer\.deep\.x is not a template that compiles \(Missing helper: "upper"/);
});

t.test("stored stubs (a world's stubs.json) are checked for what their schema cannot say", async (t) => {
  t.strictSame(
    storedStubProblems([
      { id: '1', call: 'a', answer: { success: false, call: 'b' } },
      { id: '2', call: 'a', answer: { x: '1' }, error: ['no'] },
      { id: '3', call: 'a', answer: { x: '{{#each}}' } },
      { id: '4', call: 'a', answer: { x: '{{params.id}}' } },
    ]).map((p) => p.replace(/ compiles \(.*$/, ' compiles')),
    [
      'stubs record 1 (id 1): answer sets success, call, which billsim writes',
      'stubs record 2 (id 2): it has both answer and error',
      'stubs record 3 (id 3): answer.x is not a template that compiles',
    ],
  );
});

t.test('a stub with times counts down and goes after its last request; one without lasts', async (t) => {
  const w = world({
    stubs: [
      { id: '1', call: 'a', times: 2 },
      { id: '2', call: 'b' },
    ],
  });
  write(w, () => countDown(w, w.get('stubs', '1')!));
  t.equal(w.get('stubs', '1')?.remaining, 1);
  write(w, () => countDown(w, w.get('stubs', '1')!));
  t.equal(w.get('stubs', '1'), undefined, 'gone after the second');
  const before = state(w);
  write(w, () => countDown(w, w.get('stubs', '2')!));
  t.equal(state(w), before, 'without times nothing changes');
});

t.test('a params key no request can carry is named, never dropped', async (t) => {
  const member = (name: string) => `"${name}" names a member of every object, and billsim drops such keys from every request`;
  const brackets =
    'it is not a name followed by [steps], each with something between its brackets (send "items[0][qty]", not "items[][qty]")';
  t.strictSame(
    paramsProblems({ __proto__x: '1', constructor: '1', 'a[toString]': '1', 'items[]': '1', 'a]b[': '1', prototype: '1', 'a[0][b]': '1' }),
    [
      `params key "constructor" cannot be matched: ${member('constructor')}`,
      `params key "a[toString]" cannot be matched: ${member('toString')}`,
      `params key "items[]" cannot be matched: ${brackets}`,
      `params key "a]b[" cannot be matched: ${brackets}`,
    ],
  );
  t.strictSame(paramsProblems(JSON.parse('{"__proto__":"1"}')), [`params key "__proto__" cannot be matched: ${member('__proto__')}`]);
  t.strictSame(
    storedStubProblems([{ id: '4', call: 'a', params: { hasOwnProperty: 'x' }, answer: {} }]),
    [`stubs record 1 (id 4): params key "hasOwnProperty" cannot be matched: ${member('hasOwnProperty')}`],
    "a fixtures folder's stubs.json is held to the same rule",
  );
  const w = world({ stubs: [{ id: '1', call: 'a', params: { prototype: 'p' } }] });
  t.equal(stubFor(w, 'a', { prototype: 'p' })?.id, '1', 'prototype is an ordinary key: a request carries it');
});

t.test('a stub counts its JSON in bytes, its answer once whatever its count does', async (t) => {
  const answer = { text: 'x'.repeat(10_000) };
  const stub: Stub = { id: '1', call: 'a', answer, times: 3 };
  t.equal(stubBytes(stub), JSON.stringify(answer).length + JSON.stringify({ id: '1', call: 'a', times: 3 }).length);
  t.equal(stubBytes({ ...stub, remaining: 2 }), stubBytes(stub) + ',"remaining":2'.length);
});

t.test('a page of stubs: in id order, after an id, at most limit, ending before 4 MB with the id to go on from', async (t) => {
  const small = Array.from({ length: 5 }, (_, i): Stub => ({ id: String(5 - i), call: 'a' }));
  t.strictSame(
    stubsPage(small, 0, 2).stubs.map((s) => s.id),
    ['1', '2'],
  );
  t.strictSame(stubsPage(small, 0, 2).next, 2);
  t.strictSame(stubsPage(small, 2, 2), { stubs: [small[2], small[1]], next: 4 });
  t.strictSame(stubsPage(small, 4, 2), { stubs: [small[0]] }, 'the last page has no next');
  t.strictSame(stubsPage(small, 5, 2), { stubs: [] });
  const big = Array.from({ length: 6 }, (_, i): Stub => ({ id: String(i + 1), call: 'a', answer: { text: 'x'.repeat(1_000_000 + i) } }));
  const first = stubsPage(big, 0, 100);
  t.strictSame(
    first.stubs.map((s) => s.id),
    ['1', '2', '3', '4'],
    'four of 1 MB fit in 4 MB',
  );
  t.equal(first.next, 4);
  t.ok(first.stubs.reduce((sum, s) => sum + stubBytes(s), 0) <= STUBS_PAGE_BYTES);
  const huge: Stub[] = [
    { id: '1', call: 'a', answer: { text: 'x'.repeat(STUBS_PAGE_BYTES) } },
    { id: '2', call: 'a' },
  ];
  t.strictSame(stubsPage(huge, 0, 100), { stubs: [huge[0]], next: 1 }, 'a page always holds one');
});
