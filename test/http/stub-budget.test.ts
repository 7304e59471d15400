// Every stub has a budget: the reproductions of a stub that stalled or bloated
// every session, each ending in a clear refusal or a bounded answer with the
// state unchanged, and another session answering beside it.
import t, { type Test } from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import Handlebars from 'handlebars';
import { api, build, CREDENTIALS, FROZEN_NOW, storeJson } from '../helpers/app.js';
import { buildApp } from '../../src/app.js';
import { createSimulator } from '../../src/simulator.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';

async function control(app: FastifyInstance, method: 'GET' | 'POST' | 'DELETE', url: string, body?: object | string, session?: string) {
  const response = await app.inject({
    method,
    url: `/__billsim${url}`,
    headers: { 'x-billsim-control': '1', 'content-type': 'application/json', ...(session && { 'x-billsim-session': session }) },
    ...(body !== undefined && { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.json() };
}

/** A JSON API request, so that a list parameter keeps its 1,000 items. */
async function post(origin: string, params: Record<string, unknown>, session: string) {
  const response = await fetch(`${origin}/admin/api.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-billsim-session': session },
    body: JSON.stringify({ ...CREDENTIALS, ...params }),
  });
  const text = await response.text();
  return { status: response.status, size: text.length, body: JSON.parse(text) };
}

const THOUSAND = Array.from({ length: 1000 }, (_, i) => String(i));
const NESTED = '{{#each params.a}}{{#each @root.params.a}}{{#each @root.params.a}}x{{/each}}{{/each}}{{/each}}';

t.test('three nested loops over a 1,000-item parameter end in an error naming the stub, while another session answers', async (t) => {
  const app = await build(t);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  t.equal((await control(app, 'POST', '/stubs', { call: 'getNested', answer: { x: NESTED } }, 'heavy')).status, 201);
  const stubsBefore = await control(app, 'GET', '/stubs', undefined, 'heavy');
  const before = storeJson(app);
  const [heavy, other] = await Promise.all([
    post(origin, { call: 'getNested', a: THOUSAND }, 'heavy'),
    post(origin, { call: 'getCurrencies' }, 'other'),
  ]);
  t.equal(heavy.status, 200);
  t.strictSame(heavy.body.error, [
    'Stub 1 could not fill in its answer for this request (filling it in takes more than 100000 steps (each pass of a loop costs the expressions inside it): loop over fewer items): fix or remove it (DELETE /__billsim/stubs/1)',
  ]);
  t.equal(heavy.body.success, false);
  t.match(other.body, { success: true, call: 'getCurrencies' }, 'the other session was answered');
  // The request met the stub, so it counts as a hit; nothing else of it changed.
  const counted = {
    ...stubsBefore,
    body: { ...stubsBefore.body, stubs: stubsBefore.body.stubs.map((stub: object) => ({ ...stub, hits: 1 })) },
  };
  t.strictSame(await control(app, 'GET', '/stubs', undefined, 'heavy'), counted, 'the stub is as it was, its hit counted');
  t.equal(storeJson(app), before, 'no state changed');
  const again = await post(origin, { call: 'getNested', a: ['1', '2'] }, 'heavy');
  t.strictSame(again.body.x, 'xxxxxxxx', 'a small request of the same stub is answered whole');
});

t.test('a template repeating a parameter answers an error of a few hundred bytes, not hundreds of megabytes', async (t) => {
  const app = await build(t);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  await control(app, 'POST', '/stubs', { call: 'getEcho', answer: { x: '{{params.b}}'.repeat(200) } });
  const answer = await post(origin, { call: 'getEcho', b: 'y'.repeat(500_000) }, 'default');
  t.strictSame(answer.body.error, [
    'Stub 1 could not fill in its answer for this request (its templates write more than 4194304 characters (4 MB) for this request): fix or remove it (DELETE /__billsim/stubs/1)',
  ]);
  t.ok(answer.size < 1000, `${answer.size} characters sent`);
  const [entry] = (await control(app, 'GET', '/requests?limit=1')).body.requests;
  t.match(
    entry,
    { call: 'getEcho', success: false, error: [/^Stub 1 could not fill in its answer/] },
    'the journal says which stub failed',
  );
  t.equal((await post(origin, { call: 'getEcho', b: 'y' }, 'default')).body.x, 'y'.repeat(200), 'within the limit it is answered');
});

t.test('a 960 KB template is refused at once, naming its expressions and the limit; nothing is stored', async (t) => {
  const app = await build(t);
  const text = 'abc {{params.a}} '.repeat(56_000);
  t.ok(text.length > 950_000);
  const refused = await control(app, 'POST', '/stubs', { call: 'getBig', answer: { x: text } });
  t.strictSame(refused, { status: 400, body: { error: "answer's templates hold 56000 expressions ({{...}}); a stub's hold at most 200" } });
  t.strictSame((await control(app, 'GET', '/stubs')).body, { stubs: [] });
  const nested = await control(app, 'POST', '/stubs', {
    call: 'getBig',
    answer: { x: [`${'{{#with a}}'.repeat(9)}${'{{/with}}'.repeat(9)}`] },
  });
  t.strictSame(nested, { status: 400, body: { error: 'answer.x[0] nests blocks more than 8 deep' } });
  t.strictSame((await control(app, 'GET', '/stubs')).body, { stubs: [] });
});

t.test('a stub with times is compiled once, not on every request', async (t) => {
  // Every compile of a stub template parses it first: the parses counted are the compiles.
  const parse = Handlebars.parseWithoutProcessing;
  const parsed: string[] = [];
  Handlebars.parseWithoutProcessing = (text, options) => {
    parsed.push(String(text));
    return parse(text, options);
  };
  t.teardown(() => {
    Handlebars.parseWithoutProcessing = parse;
  });
  const app = await build(t);
  await control(app, 'POST', '/stubs', { call: 'getCounted', answer: { id: '{{params.id}}', at: '{{now}}', fixed: 'text' }, times: 5 });
  t.strictSame(parsed, ['{{params.id}}', '{{now}}'], 'compiled when stored');
  for (let i = 0; i < 5; i++) t.match(await api(app, 'getCounted', { id: String(i) }), { success: true, id: String(i) });
  t.match(await api(app, 'getCounted'), { success: false }, 'its times used up');
  t.equal(parsed.length, 2, 'five answers, each from a record its count replaced, and no compiling again');
});

t.test('stubs count their bytes in the memory budget; one that does not fit is refused and nothing changes', async (t) => {
  const budget = 12 * 1024 * 1024;
  const app = await build(t, { memoryBudget: budget });
  const answer = { text: 'x'.repeat(1_000_000) };
  let added = 0;
  let refused: { status: number; body: { error?: string } } | undefined;
  for (let i = 0; i < 20 && !refused; i++) {
    const result = await control(app, 'POST', '/stubs', { call: 'getLarge', params: { n: String(i) }, answer }, 'big');
    if (result.status === 201) added++;
    else refused = result;
  }
  const { memory } = (await control(app, 'GET', '/health')).body;
  t.ok(added >= 10 && added <= 12, `${added} stubs of 1 MB fit in 12 MiB`);
  t.ok(memory.state >= added * 1_000_000, `the state counts ${memory.state} bytes for them`);
  t.ok(memory.used <= budget);
  t.strictSame(refused, {
    status: 409,
    body: {
      error:
        'The stub was not added: its 976.6 KiB would take the memory sessions keep beyond the memory budget of 12 MiB (--memory-budget). Remove stubs you no longer need (DELETE /__billsim/stubs/:id), or start billsim with a larger --memory-budget',
    },
  });
  const rows = async () =>
    (await control(app, 'GET', '/state', undefined, 'big')).body.collections.find((c: { name: string }) => c.name === 'stubs').rows;
  t.equal(await rows(), added, 'the refused stub was not stored');
  t.strictSame((await control(app, 'GET', '/health')).body.memory, memory, 'nor counted');
  await control(app, 'DELETE', '/stubs', undefined, 'big');
  t.ok((await control(app, 'GET', '/health')).body.memory.state < 1_000_000, 'removed stubs leave the budget');
  t.equal((await control(app, 'POST', '/stubs', { call: 'getLarge', answer }, 'big')).status, 201, 'there is room again');
  t.ok((await control(app, 'GET', '/health')).body.memory.state >= 1_000_000);
  await control(app, 'POST', '/reset', undefined, 'big');
  t.ok((await control(app, 'GET', '/health')).body.memory.state < 1_000_000, 'a reset back to the seed leaves it too');
});

t.test('in-process, a stub beyond the budget is refused the same way', async (t) => {
  const sim = await createSimulator({ now: FROZEN_NOW, memoryBudget: 1.5 * 1024 * 1024 });
  t.teardown(() => sim.close());
  const s = sim.session('inproc');
  await s.stub({ call: 'getLarge', answer: { text: 'x'.repeat(1_000_000) } });
  await t.rejects(s.stub({ call: 'getLarge', params: { n: '2' }, answer: { text: 'x'.repeat(1_040_000) } }), {
    kind: 'over-cap',
    message: /^The stub was not added: its 1015\.7 KiB would take the memory sessions keep beyond the memory budget of 1.5 MiB/,
  });
  t.equal((await s.stubs()).length, 1);
});

t.test('GET /__billsim/stubs is paged: 100 unless asked, next to go on from, at most 4 MB a page', async (t) => {
  const app = await build(t);
  for (let i = 0; i < 250; i++) await control(app, 'POST', '/stubs', { call: 'getMany', params: { n: String(i) }, answer: {} });
  const first = (await control(app, 'GET', '/stubs')).body;
  t.equal(first.stubs.length, 100);
  t.strictSame([first.stubs[0].id, first.stubs[99].id, first.next], ['1', '100', 100]);
  const second = (await control(app, 'GET', `/stubs?after=${first.next}`)).body;
  t.strictSame([second.stubs.length, second.stubs[0].id, second.next], [100, '101', 200]);
  const last = (await control(app, 'GET', `/stubs?after=${second.next}`)).body;
  t.strictSame([last.stubs.length, last.stubs[49].id, 'next' in last], [50, '250', false]);
  t.strictSame(Object.keys((await control(app, 'GET', '/stubs?limit=1000')).body), ['stubs'], 'all in one page when asked');
  t.strictSame(await control(app, 'GET', '/stubs?limit=0'), {
    status: 400,
    body: { error: 'limit must be a whole number from 1 to 1000' },
  });
  t.strictSame(await control(app, 'GET', '/stubs?page=2'), {
    status: 400,
    body: { error: 'Unknown stubs query field "page": send only after, limit' },
  });
  await control(app, 'DELETE', '/stubs');
  const big = { text: 'x'.repeat(1_000_000) };
  for (let i = 0; i < 6; i++) await control(app, 'POST', '/stubs', { call: 'getLarge', params: { n: String(i) }, answer: big });
  const response = await app.inject({ method: 'GET', url: '/__billsim/stubs', headers: { 'x-billsim-control': '1' } });
  const page = response.json();
  t.strictSame([page.stubs.length, page.next], [4, 254], 'four stubs of 1 MB, then next');
  t.ok(response.body.length < 4.2 * 1024 * 1024, `${response.body.length} characters sent`);
});

t.test('a params key no request can carry is refused by every way in, not dropped into a catch-all', async (t) => {
  const app = await build(t);
  const member = (name: string) => `"${name}" names a member of every object, and billsim drops such keys from every request`;
  const raw = '{"call":"getCatch","params":{"__proto__":"1","id":"7"},"answer":{"who":"{{params.id}}"}}';
  t.strictSame(await control(app, 'POST', '/stubs', raw), {
    status: 400,
    body: { error: `params key "__proto__" cannot be matched: ${member('__proto__')}` },
  });
  t.strictSame(await control(app, 'POST', '/stubs', { call: 'getCatch', params: { constructor: 'x', 'a[valueOf]': 'y' } }), {
    status: 400,
    body: {
      error: `params key "constructor" cannot be matched: ${member('constructor')}; params key "a[valueOf]" cannot be matched: ${member('valueOf')}`,
    },
  });
  t.strictSame((await control(app, 'GET', '/stubs')).body, { stubs: [] }, 'nothing stored');
  t.match(await api(app, 'getCatch', { id: '8' }), { success: false, error: [/^Unknown call "getCatch"/] }, 'no catch-all answers');
  const sim = await createSimulator({ now: FROZEN_NOW });
  t.teardown(() => sim.close());
  await t.rejects(sim.session().stub({ call: 'getCatch', params: JSON.parse('{"__proto__":"1"}') }), {
    kind: 'bad-input',
    message: `params key "__proto__" cannot be matched: ${member('__proto__')}`,
  });
  const dir = fixturesWith(t, [{ id: '1', call: 'getCatch', params: { toString: '1' } }]);
  await t.rejects(buildApp({ fixturesDir: dir }), {
    message: /stubs record 1 \(id 1\): params key "toString" cannot be matched/,
  });
});

t.test('a template touching prototypes writes nothing to the server process stderr', async (t) => {
  const app = await build(t);
  await control(app, 'POST', '/stubs', { call: 'getProto', answer: { x: '{{valueOf}}{{params.a.toLocaleString}}{{__defineSetter__}}' } });
  const written: string[] = [];
  const write = process.stderr.write;
  process.stderr.write = ((chunk: unknown) => {
    written.push(String(chunk));
    return true;
  }) as typeof process.stderr.write;
  let answer: Record<string, unknown>;
  try {
    answer = await api(app, 'getProto', { a: 'b' });
  } finally {
    process.stderr.write = write;
  }
  t.match(answer, { success: true, x: '' });
  t.strictSame(written, []);
});

function fixturesWith(t: Test, stubs: object[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-stub-budget-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const data = loadFixtures(defaultFixturesDir) as unknown as Record<string, unknown>;
  for (const [name, rows] of Object.entries(data)) fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(rows));
  fs.writeFileSync(path.join(dir, 'stubs.json'), JSON.stringify(stubs));
  return dir;
}
