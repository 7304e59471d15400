// A data file read back shares the seed's objects for the rows it holds
// unchanged (a restart at a million invoices would otherwise hold the world
// twice), and still reads back to the same state byte for byte.
import t, { type Test } from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Seed, World } from '../../src/store/world.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { openDataFile, readDataFile } from '../../src/store/persistence.js';
import { defaultFixturesDir } from '../../src/paths.js';
import type { Collections } from '../../src/generated/wire.js';

const data = loadFixtures(defaultFixturesDir);
const seed = new Seed(data);

function tmpFile(t: Test): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-shared-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'state.json');
}

/** A data file written from `state` (the default session's world persisting it), closed. */
async function written(t: Test, state?: Collections): Promise<string> {
  const file = tmpFile(t);
  const opened = openDataFile(file, data);
  const world = new World(seed, opened.saver);
  if (state) world.restore(state);
  await world.persist();
  await opened.saver.close();
  return file;
}

t.test('rows equal to the seed are the seed objects, changed and new rows are parsed', async (t) => {
  const changed = { ...data.clients[1], firstname: 'Changed' };
  const added = { ...data.news[0], id: '900', title: 'added' };
  const file = await written(t, {
    ...data,
    clients: [data.clients[0], changed, ...data.clients.slice(2)],
    news: [...data.news, added],
  });
  const read = readDataFile(file, data)!.data;
  t.equal(read.invoices[0], data.invoices[0], 'a collection never changed');
  t.equal(read.clients[0], data.clients[0], 'an unchanged row of a changed collection');
  t.not(read.clients[1], data.clients[1]);
  t.strictSame(read.clients[1], changed, 'the changed row as saved');
  t.strictSame(read.news.at(-1), added, 'the new row as saved');
  t.equal(read.clients[2], data.clients[2], 'rows after a changed one are shared again');
});

t.test('a row removed from the middle: the rows after it are still found in the seed', async (t) => {
  const clients = data.clients.filter((_, i) => i !== 1);
  const file = await written(t, { ...data, clients });
  const read = readDataFile(file, data)!.data;
  t.equal(read.clients.length, data.clients.length - 1);
  t.ok(
    read.clients.every((row, i) => row === clients[i]),
    'every row is the seed object',
  );
});

t.test('a restored world reads the state back byte for byte, and writes keep off the seed', async (t) => {
  const changed = { ...data.estimates[0], subject: 'edited' };
  const file = await written(t, {
    ...data,
    estimates: [changed, ...data.estimates.slice(1)],
  });
  const bytes = fs.readFileSync(file);
  const opened = openDataFile(file, data);
  const world = new World(seed, opened.saver);
  world.restore(opened.data!);
  t.equal(world.get('invoices', '1'), seed.tables.invoices.get('1'), 'an unchanged collection reads the seed');
  t.equal(world.get('estimates', changed.id)!.subject, 'edited');
  await world.persist();
  const again = fs.readFileSync(file, 'utf8');
  // Only the snapshot's own entry (its sequence number) moves on.
  t.equal(again.replace(/"seq":\d+/, ''), bytes.toString('utf8').replace(/"seq":\d+/, ''), 'the same bytes written again');
  await world.mutate(() =>
    world.replace('clients', {
      ...world.get('clients', '1')!,
      firstname: 'Else',
    }),
  );
  await opened.saver.close();
  t.equal(seed.tables.clients.get('1')!.firstname, data.clients[0].firstname, 'the seed keeps its row');
});

t.test('a saved row made invalid by hand is reported by its place, like any invalid record', async (t) => {
  const file = await written(t);
  const text = fs.readFileSync(file, 'utf8');
  const line = text.split('\n').findIndex((l) => l.startsWith(JSON.stringify(data.news[1])));
  t.ok(line > 0, 'the news row is on a line of its own');
  const lines = text.split('\n');
  lines[line] = lines[line].replace('"enable":"1"', '"enable":1');
  fs.writeFileSync(file, lines.join('\n'));
  t.throws(() => readDataFile(file, data), {
    message: /data file is invalid: .*news\.json: record 2 \(id \d+\): field enable/,
  });
  fs.writeFileSync(file, `${text.slice(0, -10)}`);
  t.throws(() => readDataFile(file, data), {
    message: new RegExp(`data file ${file} is not valid JSON`),
  });
  fs.writeFileSync(file, '[]');
  t.throws(() => readDataFile(file, data), {
    message: new RegExp(`data file ${file} must hold an object of collections`),
  });
});
