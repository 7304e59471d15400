// The memory budget: what it counts, what it drops first, and what it refuses.
import t from 'tap';
import { MemoryBudget, textBytes } from '../../src/session/memory.js';
import { ANSWER_DROPPED, Journal, type Recorded } from '../../src/session/journal.js';
import { KeptAnswers } from '../../src/session/kept-answers.js';
import { api, build } from '../helpers/app.js';
import type { JournalEntry } from '../../src/generated/wire.js';
import { snapshotBytes } from '../../src/session/sessions.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import { mebibytes } from '../../src/errors.js';

const entry = (answer: string, call = 'getCurrencies'): Recorded => ({
  time: Date.UTC(2026, 10, 20, 12),
  call,
  params: {},
  success: true,
  error: [],
  durationMs: 1,
  answer,
});

t.test('the oldest go first, kept answers before journal answer texts before whole entries', async (t) => {
  const budget = new MemoryBudget(100);
  const dropped: string[] = [];
  const item = (name: string) => () => dropped.push(name);
  const keys = { a1: {}, a2: {}, j1: {}, e1: {} };
  budget.add('journalEntries', keys.e1, 30, item('entry 1'));
  budget.add('journalAnswers', keys.j1, 30, item('journal answer 1'));
  budget.add('answers', keys.a1, 20, item('answer 1'));
  budget.add('answers', keys.a2, 20, item('answer 2'));
  t.strictSame(dropped, [], 'exactly at the limit: nothing goes');
  t.equal(budget.used, 100);
  budget.add('journalEntries', {}, 10, item('entry 2'));
  t.strictSame(dropped, ['answer 1'], 'one kept answer makes the room');
  budget.add('journalEntries', {}, 75, item('entry 3'));
  t.strictSame(dropped, ['answer 1', 'answer 2', 'journal answer 1', 'entry 1'], 'then the journal answer, then the oldest entry');
  t.equal(budget.used, 85, 'entry 2 and entry 3');
  t.strictSame(budget.use().dropped, { answers: 2, deliveries: 0, events: 0, journalAnswers: 1, journalEntries: 1 });
});

t.test('an item its owner let go of leaves the count once; what is never dropped only refuses', async (t) => {
  const budget = new MemoryBudget(100);
  const key = {};
  budget.add('answers', key, 40, () => t.fail('not dropped'));
  budget.remove('answers', key);
  budget.remove('answers', key);
  t.equal(budget.used, 0);
  budget.change('snapshots', 60);
  t.ok(budget.fits(40), 'up to the limit');
  t.notOk(budget.fits(41), 'one byte beyond');
  budget.add('answers', {}, 30, () => undefined);
  t.ok(budget.fits(40), 'droppable material does not count against a snapshot');
  budget.change('state', 50);
  t.equal(budget.use().answers, 0, 'the state grew: the answer made room');
  t.equal(budget.used, 110, 'snapshots and state alone may exceed it');
  budget.change('snapshots', -60);
  t.equal(budget.used, 50);
});

t.test('texts count one byte a character in ASCII, two otherwise', async (t) => {
  t.equal(textBytes('abcd'), 4);
  t.equal(textBytes('abcé'), 8, 'counted as a two-byte text, the most it may take');
  t.equal(textBytes('abc€'), 8);
});

t.test('an ASCII answer is kept as it is; any other as UTF-8, and read back the same', async (t) => {
  const journal = new Journal(10, new MemoryBudget(1_000_000));
  for (const text of ['{"a":"plain"}', '{"a":"Zoë"}', '{"a":"€ ✓ 😀"}']) {
    journal.record(entry(text));
    t.equal(journal.list()[0].answer, text);
  }
});

t.test('the journal keeps answers as UTF-8 and gives them back as sent', async (t) => {
  const journal = new Journal(10, new MemoryBudget(1_000_000));
  const text = '{"name":"Zoë","sign":"€ ✓ 😀"}';
  journal.record(entry(text));
  t.equal(journal.list()[0].answer, text);
});

t.test('a journal over the budget drops answer texts first, then its oldest entries, and stays consistent', async (t) => {
  const budget = new MemoryBudget(20_000);
  const journal = new Journal(1000, budget);
  const big = 'x'.repeat(1_000);
  for (let i = 0; i < 30; i++) journal.record(entry(big, `call${i}`));
  t.ok(budget.used <= 20_000, `within the budget (${budget.used} bytes)`);
  const list = journal.list();
  t.equal(list[0].call, 'call29', 'the newest is kept');
  t.equal(list[0].answer, big, 'with its answer');
  t.equal(list.at(-1)?.answer, ANSWER_DROPPED, 'older ones lost their answer text');
  t.equal(journal.size, list.length);
  t.strictSame(
    list.map((e) => e.call),
    Array.from({ length: list.length }, (_, i) => `call${29 - i}`),
    'newest first, no gap',
  );
  for (let i = 30; i < 200; i++) journal.record(entry('', `call${i}`));
  t.ok(journal.size < 200, 'whole entries went once no answer text was left');
  // Dropped from the front while it still grows: the ring grows past its moved start.
  t.strictSame(
    journal.list().map((e) => e.call),
    Array.from({ length: journal.size }, (_, i) => `call${199 - i}`),
    'still newest first, no gap',
  );
  t.ok(budget.used <= 20_000);
  journal.clear();
  t.equal(budget.used, 0, 'a cleared journal gives everything back');
});

t.test('two journals over one budget: the oldest answer texts of both go first, then the oldest entries of both', async (t) => {
  const answer = 'x'.repeat(1_000);
  // What one entry with its answer counts, measured on a budget of its own.
  const measure = new MemoryBudget(1_000_000);
  new Journal(1000, measure).record(entry(answer, 'a0'));
  const perEntry = measure.used;
  // Room for six entries and most of a seventh: it needs one answer text dropped (each counts more than its 1,000 characters).
  const budget = new MemoryBudget(perEntry * 7 - 1_000);
  const [a, b] = [new Journal(1000, budget), new Journal(1000, budget)];
  for (let i = 0; i < 3; i++) {
    a.record(entry(answer, `a${i}`));
    b.record(entry(answer, `b${i}`));
  }
  t.equal(budget.use().dropped.journalAnswers, 0, 'six fit');
  const shown = (journal: Journal) => journal.list().map((e) => `${e.call}${e.answer === ANSWER_DROPPED ? ' dropped' : ''}`);
  a.record(entry(answer, 'a3'));
  t.strictSame(
    [shown(a), shown(b)],
    [
      ['a3', 'a2', 'a1', 'a0 dropped'],
      ['b2', 'b1', 'b0'],
    ],
    'the oldest answer of all went',
  );
  b.record(entry(answer, 'b3'));
  t.strictSame(
    [shown(a), shown(b)],
    [
      ['a3', 'a2', 'a1 dropped', 'a0 dropped'],
      ['b3', 'b2', 'b1', 'b0 dropped'],
    ],
    'then the next oldest of both journals, by age',
  );
  t.strictSame(budget.use().dropped, { answers: 0, deliveries: 0, events: 0, journalAnswers: 3, journalEntries: 0 });
  t.ok(budget.used <= budget.limit);
  // An entry larger than all the answer texts left: then the oldest whole entry goes.
  const tiny = new MemoryBudget(perEntry * 2);
  const [c, d] = [new Journal(1000, tiny), new Journal(1000, tiny)];
  c.record(entry(answer, 'c0'));
  d.record(entry(answer, 'd0'));
  const wide = Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`note${i}`, 'z'.repeat(250)]));
  c.record({ ...entry(answer, 'c1'), params: wide });
  t.strictSame([shown(c), shown(d)], [['c1 dropped'], ['d0 dropped']], 'c0 went whole, every answer text before it');
  t.strictSame(tiny.use().dropped, { answers: 0, deliveries: 0, events: 0, journalAnswers: 3, journalEntries: 1 });
  t.ok(tiny.used <= tiny.limit);
  c.clear();
  d.clear();
  t.equal(tiny.used, 0, 'cleared journals give everything back');
});

t.test('a full journal reuses its oldest slot: the newest entries stay, in order, and the budget counts only them', async (t) => {
  const budget = new MemoryBudget(1_000_000);
  const journal = new Journal(3, budget);
  const sizes: number[] = [];
  for (let i = 0; i < 7; i++) {
    journal.record({ ...entry(`{"n":${i}}`, `call${i}`), params: { id: String(i), api_key: 'secret' } });
    sizes.push(budget.used);
  }
  t.strictSame(
    journal.list().map((e) => [e.call, e.params, e.answer]),
    [
      ['call6', { id: '6', api_key: '[redacted]' }, '{"n":6}'],
      ['call5', { id: '5', api_key: '[redacted]' }, '{"n":5}'],
      ['call4', { id: '4', api_key: '[redacted]' }, '{"n":4}'],
    ],
    'the newest three, secrets redacted as read',
  );
  t.equal(sizes[6], sizes[2], 'three entries counted, however many were recorded');
  t.equal(journal.list()[0].time, '2026-11-20 12:00:00');
});

t.test('a journal whose oldest entries the budget dropped grows again in order once there is room', async (t) => {
  const budget = new MemoryBudget(10_000);
  const journal = new Journal(1000, budget);
  const other = new Journal(1000, budget);
  for (let i = 0; i < 10; i++) journal.record(entry('', `call${i}`));
  // Another session's large entry (its parameters) makes the budget drop this journal's oldest entries.
  const params = Object.fromEntries(Array.from({ length: 22 }, (_, i) => [`p${i}`, 'x'.repeat(200)]));
  other.record({ ...entry(''), params });
  const left = journal.size;
  t.ok(left > 0 && left < 10, `some of the oldest entries went (${left} left)`);
  other.clear();
  for (let i = 10; i < 30; i++) journal.record(entry('', `call${i}`));
  t.equal(journal.size, left + 20, 'nothing more was dropped');
  t.strictSame(
    journal.list().map((e) => e.call),
    Array.from({ length: left + 20 }, (_, i) => `call${29 - i}`),
    'newest first, no gap, across the slots it reused and the ones it grew',
  );
});

t.test('kept answers count in the budget and leave it when the state moves on', async (t) => {
  const budget = new MemoryBudget(1_000_000);
  const answers = new KeptAnswers(budget);
  const now = new Date('2026-11-20T12:00:00Z');
  answers.answer(1, now, { a: 1 }, () => '{"a":1}');
  t.ok(budget.use().answers > 0);
  answers.answer(2, now, { a: 1 }, () => '{"a":2}');
  t.equal(answers.size, 1, 'a new version starts again');
  answers.clear();
  t.equal(budget.use().answers, 0);
});

t.test('a snapshot that does not fit in the budget is refused, naming it, and nothing is saved', async (t) => {
  // Room for one snapshot of the bundled world, not two.
  const memoryBudget = Math.floor(1.5 * snapshotBytes(loadFixtures(defaultFixturesDir)));
  const app = await build(t, { memoryBudget });
  const first = await app.inject({ method: 'POST', url: '/__billsim/snapshots/first', headers: { 'x-billsim-session': 's' } });
  t.equal(first.statusCode, 200, 'one snapshot of the bundled world fits');
  const second = await app.inject({ method: 'POST', url: '/__billsim/snapshots/second', headers: { 'x-billsim-session': 's' } });
  t.equal(second.statusCode, 409);
  t.strictSame(second.json(), {
    error: `The snapshot was not saved: it would take the memory sessions keep beyond the memory budget of ${mebibytes(memoryBudget)} (--memory-budget). Delete snapshots you no longer need (DELETE /__billsim/snapshots/:name), or start billsim with a larger --memory-budget`,
  });
  const list = await app.inject({ method: 'GET', url: '/__billsim/snapshots', headers: { 'x-billsim-session': 's' } });
  t.strictSame(
    (list.json() as { snapshots: { name: string }[] }).snapshots.map((s) => s.name),
    ['first'],
  );
  const replaced = await app.inject({ method: 'POST', url: '/__billsim/snapshots/first', headers: { 'x-billsim-session': 's' } });
  t.equal(replaced.statusCode, 200, 'replacing a snapshot needs no more room');
});

t.test('many sessions of large reads stay within the budget, newest material kept', async (t) => {
  const budget = 256 * 1024;
  const app = await build(t, { memoryBudget: budget });
  for (let i = 0; i < 40; i++) {
    const session = `s${i}`;
    for (const call of ['getProducts', 'getInvoices', 'getClients']) await api(app, call, {}, { session });
  }
  const { memory } = (await app.inject('/__billsim/health')).json() as {
    memory: Record<string, number> & { dropped: Record<string, number> };
  };
  t.ok(memory.used <= budget, `used ${memory.used} of ${budget}`);
  t.ok(memory.dropped.answers > 0 && memory.dropped.journalAnswers > 0, 'old answers made room');
  const last = await app.inject({ url: '/__billsim/requests', headers: { 'x-billsim-session': 's39' } });
  const entries = (last.json() as { requests: JournalEntry[] }).requests;
  t.equal(entries.length, 3, 'the newest session keeps its journal whole');
  t.equal((JSON.parse(entries[0].answer) as { call: string }).call, 'getClients');
});

t.test("an answer's bytes, when given, are what the journal keeps and gives back, cut as a text is", async (t) => {
  const journal = new Journal(10, new MemoryBudget(1_000_000));
  const long = `{"a":"${'é'.repeat(20_000)}"}`;
  for (const text of ['{"a":"plain"}', '{"sign":"€ £ zł"}', long]) {
    journal.record({ ...entry(text), bytes: Buffer.from(text) });
    const plain = new Journal(10, new MemoryBudget(1_000_000));
    plain.record(entry(text));
    t.equal(journal.list()[0].answer, plain.list()[0].answer, `${text.slice(0, 20)}: the same as kept from the text`);
  }
  t.equal(journal.list()[1].answer, '{"sign":"€ £ zł"}');
  t.match(journal.list()[0].answer, /\.\.\.\[\d+ more characters\]$/, 'a long answer is cut');
});

t.test('over HTTP, a kept answer (the same read twice) is journaled as the bytes sent', async (t) => {
  const app = await build(t);
  const sent: string[] = [];
  for (let i = 0; i < 2; i++) {
    const res = await app.inject({ url: '/admin/api.php?call=getCurrencies&api_id=billsim&api_key=billsim-secret' });
    t.equal(Number(res.headers['content-length']), res.rawPayload.length, 'the length is the bytes, not the characters');
    sent.push(res.rawPayload.toString('utf8'));
  }
  t.match(sent[0], /€/, 'the answer is not ASCII');
  t.equal(sent[1], sent[0]);
  const { requests } = (await app.inject({ url: '/__billsim/requests' })).json() as { requests: { answer: string }[] };
  t.strictSame(
    requests.slice(0, 2).map((r) => r.answer),
    sent,
  );
});
