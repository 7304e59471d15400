// The rules of stubs where they live (src/session/stubs.ts): which stub a
// request meets, templates filled in from the request, counting down.
import t from 'tap';
import { countDown, stubAnswer, stubFor, storedStubProblems, templateProblems } from '../../src/session/stubs.js';
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
