// Memory bounds: the number of sessions kept at once, and what the request
// journal keeps of each request.
import t from 'tap';
import { Seed } from '../../src/store/world.js';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION, Sessions } from '../../src/session/sessions.js';
import {
  COVERAGE_LIMIT,
  JOURNAL_TEXT_LIMIT,
  JOURNAL_VALUE_LIMIT,
  Journal,
  OTHER_CALLS,
  REDACTED,
  TRUNCATED,
  redact,
} from '../../src/session/journal.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import { api, build } from '../helpers/app.js';
import { Random } from '../../scripts/generate/random.js';

const seed = new Seed(loadFixtures(defaultFixturesDir));

t.test('beyond maxSessions the least recently used session is dropped, never the default one', async (t) => {
  const sessions = new Sessions(seed, { maxSessions: 3 });
  const first = sessions.get(DEFAULT_SESSION);
  sessions.get('a');
  sessions.get('b');
  sessions.get('a'); // a is now more recent than b
  sessions.get('c');
  t.strictSame(sessions.names().sort(), ['a', 'c', 'default'], 'b, the least recently used, was dropped');
  for (const name of ['d', 'e', 'f']) sessions.get(name);
  t.ok(sessions.has(DEFAULT_SESSION), 'the default session stays however old');
  t.equal(sessions.get(DEFAULT_SESSION), first);
  t.equal(sessions.names().length, 3);
  t.equal(sessions.evicted, 4);
  t.equal(new Sessions(seed).maxSessions, DEFAULT_MAX_SESSIONS);
});

t.test('maxSessions 0 keeps every session', async (t) => {
  const sessions = new Sessions(seed, { maxSessions: 0 });
  for (let i = 0; i < DEFAULT_MAX_SESSIONS + 50; i++) sessions.get(`s${i}`);
  t.equal(sessions.names().length, DEFAULT_MAX_SESSIONS + 50);
  t.equal(sessions.evicted, 0);
});

t.test('the journal keeps the start of long texts and at most a bounded number of values', async (t) => {
  const long = 'x'.repeat(1_000_000);
  const kept = redact({ notes: long, api_key: 'secret', nested: { password: 'pw', list: ['a', long] } }) as Record<string, unknown>;
  t.equal(kept.notes, `${'x'.repeat(JOURNAL_TEXT_LIMIT)}...[${1_000_000 - JOURNAL_TEXT_LIMIT} more characters]`);
  t.equal(kept.api_key, REDACTED);
  t.strictSame(kept.nested, { password: REDACTED, list: ['a', kept.notes] });
  const many = redact(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, String(i)]))) as Record<string, unknown>;
  t.equal(Object.keys(many).length, JOURNAL_VALUE_LIMIT + 1, 'the values up to the limit, then one marker');
  t.equal(many[`k${JOURNAL_VALUE_LIMIT}`], TRUNCATED);
  const list = redact({ ids: Array.from({ length: 1000 }, (_, i) => String(i)) }) as { ids: string[] };
  t.equal(list.ids.length, JOURNAL_VALUE_LIMIT, 'a list stops at the budget (the key ids itself counts)');
  t.equal(list.ids.at(-1), TRUNCATED);
});

t.test('what the journal holds of parameters stays within its limits, kept as sent or copied', async (t) => {
  // The journal keeps parameters within its limits as sent (redacted as they are read) and copies the
  // rest: either way an entry holds no text longer than the limit (but a cut one's marker), no more
  // values than the limit (but one marker a level), nothing deeper than copy goes and no file's
  // content, and reads back as redact makes it. Shapes as clients send them: bracketed lists and
  // maps, secrets and files at any depth, long texts, many values, deep nesting.
  const random = new Random(45);
  const keys = ['id', 'name', 'password', 'attachments', 'items', 'a', 'data', 'api_key', 'note'];
  const text = (long = 3) => random.text(random.int(long) === 0 ? JOURNAL_TEXT_LIMIT + random.int(3) - 1 : random.int(20));
  const key = (i: number) => `${keys[random.int(keys.length)]}${random.int(2) === 0 ? i : ''}`;
  const value = (depth: number): unknown => {
    const kind = random.int(depth > 12 ? 2 : 6);
    if (kind === 0) return text();
    if (kind === 1) return String(random.int(1000));
    // A map of texts around the value limit (a long one rarely), or a chain of objects around copy's depth.
    if (kind === 4) {
      const size = random.int(2) === 0 ? JOURNAL_VALUE_LIMIT - 3 + random.int(6) : random.int(2 * JOURNAL_VALUE_LIMIT);
      return Object.fromEntries(Array.from({ length: size }, (_, i) => [`k${i}`, text(500)]));
    }
    if (kind === 5) {
      let chain: unknown = text(10);
      for (let i = 8 + random.int(5) - depth; i > 0; i--) chain = { [key(i)]: chain };
      return chain;
    }
    const size = random.int(4);
    if (kind === 2) return Array.from({ length: size }, () => value(depth + 1));
    return Object.fromEntries(Array.from({ length: size }, (_, i) => [key(i), value(depth + 1)]));
  };
  const CUT = new RegExp(`^.{${JOURNAL_TEXT_LIMIT}}\\.\\.\\.\\[\\d+ more characters\\]$`, 's');
  const problems: string[] = [];
  const held = (v: unknown, depth: number, count: { values: number }, file: boolean): void => {
    if (v === REDACTED || v === TRUNCATED) return;
    if (depth > 10) problems.push(`a value at depth ${depth}`);
    if (typeof v === 'string') {
      if (file) problems.push("a file's content");
      if (v.length > JOURNAL_TEXT_LIMIT && !CUT.test(v)) problems.push(`a text of ${v.length} characters`);
      return;
    }
    for (const [key, inner] of Object.entries(v as object)) {
      if (inner !== TRUNCATED && ++count.values > JOURNAL_VALUE_LIMIT) problems.push('a value past the limit');
      held(inner, depth + 1, count, file || /^(attachments|data)$/.test(key));
    }
  };
  // The parameters an entry holds, as recorded (kept as sent, or the copy).
  const journal = new Journal(1);
  const inside = journal as unknown as { at(i: number): { params: Record<string, unknown>; plain: boolean }; filled: number };
  let plain = 0;
  let nested = 0;
  let differ = 0;
  for (let i = 0; i < 3000; i++) {
    const sent = value(0) as Record<string, unknown>;
    if (typeof sent !== 'object' || Array.isArray(sent)) continue;
    journal.record({ time: 0, call: 'c', params: sent, success: true, error: [], durationMs: 0, answer: '' });
    const slot = inside.at(inside.filled - 1);
    held(slot.params, 0, { values: 0 }, false);
    if (slot.plain && Object.values(sent).some((v) => typeof v === 'object')) plain++;
    if (JSON.stringify(journal.list()[0].params) !== JSON.stringify(redact(sent))) differ++;
    if (Object.values(sent).some((v) => typeof v === 'object')) nested++;
  }
  t.strictSame([...new Set(problems)], [], 'nothing held past the limits');
  t.equal(differ, 0, 'every entry reads back as redact makes it');
  t.ok(nested > 100 && plain > 50, `${nested} of them nested, ${plain} of those kept as sent`);
});

t.test("the journal keeps attachments' file names, never their content", async (t) => {
  const kept = redact({ subject: 'Log', attachments: { 'a.log': 'aGVsbG8=', 'b.png': 'iVBORw0KGgo=' } }) as Record<string, unknown>;
  t.strictSame(kept, { subject: 'Log', attachments: { 'a.log': REDACTED, 'b.png': REDACTED } });
  t.strictSame(redact({ attachments: ['aGVsbG8='] }), { attachments: [REDACTED] }, 'a list of files too');
  t.strictSame(redact({ attachments: 'aGVsbG8=' }), { attachments: REDACTED }, 'and a lone value');
});

t.test('a megabyte parameter is journaled in a few hundred bytes', async (t) => {
  const app = await build(t);
  await api(app, 'getCurrencies', { junk: 'y'.repeat(1_000_000) }, { via: 'form' });
  const journal = await app.inject({ url: '/__billsim/requests' });
  t.ok(journal.body.length < 2000, `journal answer is ${journal.body.length} bytes`);
  t.match(journal.json(), { requests: [{ call: 'getCurrencies', params: { junk: /^y{256}\.\.\.\[999744 more characters\]$/ } }] });
});

t.test("invented call names cannot grow a session's journal or coverage without bound", async (t) => {
  const journal = new Journal();
  const name = (i: number) => `call${i}${'z'.repeat(10_000)}`;
  for (let i = 0; i < COVERAGE_LIMIT + 100; i++) {
    journal.record({
      time: 0,
      call: name(i),
      params: {},
      success: false,
      error: [`Unknown call "${name(i)}"`],
      durationMs: 0,
      answer: '',
    });
  }
  t.equal(journal.coverage.size, COVERAGE_LIMIT + 1, 'the first names, then one bucket');
  t.equal(journal.coverage.get(OTHER_CALLS)?.requests, 100);
  const [last] = journal.list(undefined, 1);
  t.ok(last.call.length < JOURNAL_TEXT_LIMIT + 40, 'the name is cut');
  t.ok(last.error[0].length < JOURNAL_TEXT_LIMIT + 40, 'and so are the messages');
});
