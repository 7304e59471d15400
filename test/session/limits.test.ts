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
