// The data file and its log read back to the last acknowledged state from
// every state a crash can leave them in: a line cut short, a snapshot renamed
// before the log was rewritten, temporary files left behind. Damaged files stop
// the start and are left as they are.
import t, { type Test } from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Seed, World } from '../../src/store/world.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { openDataFile, readDataFile } from '../../src/store/persistence.js';
import { logFileOf } from '../../src/store/data-files.js';
import { defaultFixturesDir } from '../../src/paths.js';
import type { NewsItem } from '../../src/generated/wire.js';

const data = loadFixtures(defaultFixturesDir);
const seed = new Seed(data);

function tmpFile(t: Test): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-log-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'state.json');
}

/** The default session's world over a data file, as the app opens it. */
async function open(file: string) {
  const opened = openDataFile(file, data);
  const world = new World(seed, opened.saver);
  if (opened.data) world.restore(opened.data);
  else await world.persist();
  return { world, saver: opened.saver, recovered: opened.recovered };
}

const news = (id: string, title: string, size = 10): NewsItem => ({
  id,
  title,
  content: 'x'.repeat(size),
  enable: '1',
  date: '2026-11-20',
});

/** Inserts, replaces and removes in one mutation each. */
async function churn(world: World, count: number, size = 10): Promise<void> {
  for (let i = 0; i < count; i++) {
    await world.mutate(() => {
      const id = world.nextId('news');
      world.insert('news', news(id, `n${i}`, size));
      world.replace('news', { ...world.get('news', '1')!, title: `edited ${i}` });
      if (i % 3 === 0) world.remove('news', id);
    });
  }
}

const saved = (file: string) => readDataFile(file, data)!.data;

t.test('a restart reads back exactly the state memory held, order included', async (t) => {
  const file = tmpFile(t);
  const { world, saver } = await open(file);
  t.ok(fs.existsSync(file), 'a new data file is written at once');
  await churn(world, 20);
  // One mutation that inserts, changes its own row twice and removes another: one log entry.
  await world.mutate(() => {
    const id = world.nextId('news');
    world.insert('news', news(id, 'first'));
    world.replace('news', news(id, 'second'));
    world.replace('news', news(id, 'third'));
    world.remove('news', '2');
  });
  await saver.close();
  const lines = fs.readFileSync(logFileOf(file), 'utf8').trim().split('\n');
  t.equal(lines.length, 21, 'one log line per mutation');
  t.strictSame(
    JSON.parse(lines[20]).changes.map((c: { collection: string; put?: NewsItem; remove?: string }) => c.put?.title ?? `remove ${c.remove}`),
    ['third', 'remove 2'],
    'a row written twice is logged once, with its last value',
  );
  t.strictSame(saved(file), world.snapshot());
  const again = await open(file);
  t.strictSame(again.world.snapshot(), world.snapshot());
  await again.saver.close();
});

t.test('compaction under a stream of mutations keeps every one, and the log shrinks', async (t) => {
  const file = tmpFile(t);
  const { world, saver } = await open(file);
  // 4 KB rows pass the 256 KiB compaction size after about 64 mutations.
  await churn(world, 200, 4000);
  await saver.settled();
  const log = fs.statSync(logFileOf(file)).size;
  t.ok(log < 256 * 1024, `the log was compacted (${log} bytes left)`);
  const snapshot = JSON.parse(fs.readFileSync(file, 'utf8'));
  t.ok(snapshot.billsim.seq > 0, `the snapshot holds the log up to entry ${snapshot.billsim.seq}`);
  t.strictSame(saved(file), world.snapshot());
  await saver.close();
});

t.test('a crash after a compaction renamed the snapshot, before the log was rewritten', async (t) => {
  const file = tmpFile(t);
  const { world, saver } = await open(file);
  await churn(world, 40, 4000);
  await saver.settled();
  const fullLog = fs.readFileSync(logFileOf(file));
  await churn(world, 60, 4000); // passes the compaction size: a new snapshot, a shorter log
  await saver.settled();
  await saver.close();
  const expected = world.snapshot();
  // Put back the log as it was before it was rewritten, plus what came after: entries the snapshot holds come first.
  const seqOf = (line: string) => JSON.parse(line).seq as number;
  const tail = fs.readFileSync(logFileOf(file), 'utf8');
  const firstKept = seqOf(tail.split('\n')[0]);
  const before = fullLog
    .toString('utf8')
    .split('\n')
    .filter((line) => line && seqOf(line) < firstKept);
  t.ok(before.length > 0, 'the old log holds entries the snapshot already has');
  fs.writeFileSync(logFileOf(file), `${before.join('\n')}\n${tail}`);
  t.strictSame(saved(file), expected, 'entries already in the snapshot are skipped');
  const again = await open(file);
  t.strictSame(again.world.snapshot(), expected);
  await churn(again.world, 1);
  await again.saver.close();
  t.strictSame(saved(file), again.world.snapshot(), 'and writing goes on after them');
});

t.test('a crash after a reset wrote its snapshot, before the log was emptied', async (t) => {
  const file = tmpFile(t);
  const { world, saver } = await open(file);
  await churn(world, 5);
  const oldLog = fs.readFileSync(logFileOf(file));
  await world.replaceState(() => world.reset());
  t.equal(fs.statSync(logFileOf(file)).size, 0, 'a reset empties the log');
  fs.writeFileSync(logFileOf(file), oldLog);
  await saver.close();
  t.strictSame(saved(file), seed.data, 'the old entries are older than the reset and are skipped');
});

t.test('a line cut short at the end of the log is dropped, and the next entry follows the last whole one', async (t) => {
  const file = tmpFile(t);
  const { world, saver } = await open(file);
  await churn(world, 3);
  await saver.close();
  const expected = world.snapshot();
  for (const cut of ['{"seq":4,"changes":[{"collection":"ne', '{"seq":4,"changes":[]\n'.slice(0, 10)]) {
    fs.appendFileSync(logFileOf(file), cut);
    const again = await open(file);
    t.match(again.recovered, /was cut short/, 'the start says what it dropped');
    t.strictSame(again.world.snapshot(), expected);
    await churn(again.world, 1);
    await again.saver.close();
    expected.news = again.world.snapshot().news;
    t.strictSame(saved(file), again.world.snapshot(), 'the log reads back after the next write');
  }
});

t.test('temporary files a crash left behind are ignored', async (t) => {
  const file = tmpFile(t);
  const { world, saver } = await open(file);
  await churn(world, 3);
  await saver.close();
  for (const tmp of [`${file}.tmp`, `${file}.compact.tmp`, `${logFileOf(file)}.tmp`]) fs.writeFileSync(tmp, '{"half a');
  t.strictSame(saved(file), world.snapshot());
});

t.test('a damaged log or a log without its data file stops the start and is left unchanged', async (t) => {
  const file = tmpFile(t);
  const { world, saver } = await open(file);
  await churn(world, 3);
  await saver.close();
  const log = logFileOf(file);
  const good = fs.readFileSync(log, 'utf8');
  const lines = good.trim().split('\n');
  const cases: [string, string, RegExp][] = [
    ['a broken line before the last', `${lines[0]}\n{broken\n${lines[2]}\n`, /line 2 is not valid JSON/],
    ['a missing entry', `${lines[0]}\n${lines[2]}\n`, /line 2 is entry \d+, but entry \d+ comes next: entries are missing/],
    [
      'an invalid record',
      `${lines[0].replace('"enable":"1"', '"enable":1')}\n`,
      /line 1 stores an invalid record: news record \(id \d+\): field enable/,
    ],
    ['an unknown collection', '{"seq":1,"changes":[{"collection":"nope","put":{}}]}\n', /line 1 names no known collection \("nope"\)/],
  ];
  for (const [what, text, message] of cases) {
    fs.writeFileSync(log, text);
    const before = fs.readFileSync(file);
    t.throws(() => openDataFile(file, data), { message: new RegExp(`data file log ${log} ${message.source}.*left unchanged`) }, what);
    t.equal(fs.readFileSync(log, 'utf8'), text, `${what}: the log is left as it was`);
    t.same(fs.readFileSync(file), before, `${what}: and the data file`);
  }
  fs.rmSync(file);
  t.throws(() => openDataFile(file, data), {
    message: `data file ${file} is missing but its log ${log} exists; restore the data file, or move the log away to start from the seed`,
  });
});

t.test('a log that cannot be written undoes the mutation; writing works again once it can', async (t) => {
  const file = tmpFile(t);
  const { world, saver } = await open(file);
  await saver.close();
  const reopened = await open(file);
  fs.rmSync(logFileOf(file));
  fs.mkdirSync(logFileOf(file)); // opening the log for appending now fails
  const before = reopened.world.snapshot();
  await t.rejects(
    reopened.world.mutate(() => reopened.world.insert('news', news(reopened.world.nextId('news'), 'lost'))),
    {
      message: /EISDIR/,
    },
  );
  t.strictSame(reopened.world.snapshot(), before, 'memory is as before');
  fs.rmdirSync(logFileOf(file));
  await churn(reopened.world, 1);
  await reopened.saver.close();
  t.strictSame(saved(file), reopened.world.snapshot());
  t.notOk(world.all('news').some((n) => n.title === 'lost'));
});
