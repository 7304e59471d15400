// A world found clean is remembered by its files' digest, so the next start over
// the same bytes reads collections on first use; a broken or changed world is
// always checked whole, with every problem at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import { ChangedFixtureError, loadFixtures, readWorld } from '../../src/store/fixtures.js';
import { stampsOf, Verdicts } from '../../src/store/verdicts.js';
import { Seed } from '../../src/store/world.js';
import { buildApp } from '../../src/app.js';
import { defaultFixturesDir } from '../../src/paths.js';

function tmpDir(t: Test, prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A copy of the bundled world to edit, and an empty cache. */
function setUp(t: Test) {
  const dir = tmpDir(t, 'billsim-verdict-world-');
  fs.cpSync(defaultFixturesDir, dir, { recursive: true });
  return { dir, verdicts: new Verdicts(tmpDir(t, 'billsim-verdict-cache-')) };
}

const cached = (verdicts: Verdicts) => fs.readdirSync(verdicts.dir).filter((name) => name.endsWith('.json'));
const isRead = (data: object, name: string) => 'value' in Object.getOwnPropertyDescriptor(data, name)!;

t.test('a clean world is checked once; the next start reads each collection on first use, the same rows', async (t) => {
  const { dir, verdicts } = setUp(t);
  const first = readWorld(dir, verdicts);
  t.strictSame(first.problems, []);
  t.equal(cached(verdicts).length, 1, 'the verdict is remembered');
  const second = readWorld(dir, verdicts);
  t.notOk(isRead(second.data, 'invoices'), 'invoices not read yet');
  t.strictSame(second.data.invoices, loadFixtures(dir).invoices, 'read on first use, the same rows');
  t.strictSame(JSON.parse(JSON.stringify(second.data)), JSON.parse(JSON.stringify(first.data)), 'every collection the same');
  t.strictSame(second.warnings, first.warnings);
  const third = readWorld(dir, verdicts).data;
  const seed = new Seed(third);
  t.notOk(isRead(third, 'domains'), 'a seed reads a collection only when its table is first used');
  t.equal(seed.tables.domains.get('1')!.id, '1');
  t.ok(isRead(third, 'domains'));
});

t.test('a world with problems is never remembered, and reported whole at every start', async (t) => {
  const { dir, verdicts } = setUp(t);
  const news = JSON.parse(fs.readFileSync(path.join(dir, 'news.json'), 'utf8')) as Record<string, unknown>[];
  fs.writeFileSync(
    path.join(dir, 'news.json'),
    JSON.stringify([
      { ...news[0], enable: 1 },
      { ...news[1], id: news[0].id },
    ]),
  );
  const problems = readWorld(dir, verdicts).problems;
  t.equal(problems.length, 2, 'both problems at once');
  t.strictSame(cached(verdicts), [], 'nothing remembered');
  t.strictSame(readWorld(dir, verdicts).problems, problems, 'the same problems next time');
});

t.test('a file changed after a clean start is checked again; one changed while unread is refused when read', async (t) => {
  const { dir, verdicts } = setUp(t);
  readWorld(dir, verdicts);
  const file = path.join(dir, 'news.json');
  const text = fs.readFileSync(file, 'utf8');
  const news = JSON.parse(text) as Record<string, unknown>[];
  fs.writeFileSync(file, JSON.stringify([{ ...news[0], enable: 1 }]));
  t.equal(readWorld(dir, verdicts).problems.length, 1, 'new bytes, a new check');
  fs.writeFileSync(file, text);
  const lazy = readWorld(dir, verdicts);
  t.notOk(isRead(lazy.data, 'news'));
  fs.writeFileSync(file, JSON.stringify([{ ...news[0], enable: 1 }]));
  t.throws(() => lazy.data.news, new ChangedFixtureError(file));
  t.match(new ChangedFixtureError(file).message, /changed after billsim started.*restart billsim/);
});

t.test('a file rewritten with the same bytes after a clean start is still served when first read', async (t) => {
  const { dir, verdicts } = setUp(t);
  readWorld(dir, verdicts);
  const file = path.join(dir, 'news.json');
  const text = fs.readFileSync(file, 'utf8');
  const lazy = readWorld(dir, verdicts);
  t.notOk(isRead(lazy.data, 'news'));
  // An editor saving without a change: a new inode and time, the same bytes.
  fs.rmSync(file);
  fs.writeFileSync(file, text);
  t.strictSame(lazy.data.news, JSON.parse(text));
});

t.test('an API call and a control route that first read a changed file say so (envelope; 409), and nothing else breaks', async (t) => {
  const { dir, verdicts } = setUp(t);
  const options = { fixturesDir: dir, cacheDir: verdicts.dir };
  await (await buildApp(options)).close();
  const app = await buildApp(options);
  t.teardown(() => app.close());
  const file = path.join(dir, 'news.json');
  fs.writeFileSync(file, '[]');
  const api = await app.inject({ url: '/admin/api.php?call=getNews&api_id=billsim&api_key=billsim-secret' });
  t.equal(api.statusCode, 200);
  t.strictSame(api.json().error, [new ChangedFixtureError(file).message]);
  const control = await app.inject({ url: '/__billsim/state/news' });
  t.equal(control.statusCode, 409);
  t.match(control.body, /restart billsim/);
  const other = await app.inject({ url: '/admin/api.php?call=getCurrencies&api_id=billsim&api_key=billsim-secret' });
  t.equal(other.json().success, true, 'collections whose files did not change still answer');
});

t.test('an app over a remembered world answers as one over a checked world, credentials included', async (t) => {
  const { dir, verdicts } = setUp(t);
  const options = {
    fixturesDir: dir,
    cacheDir: verdicts.dir,
    credentials: { apiId: 'id-x', apiKey: 'key-x' },
  };
  const answers: unknown[] = [];
  for (let i = 0; i < 2; i++) {
    const app = await buildApp(options);
    const reply = await app.inject({
      url: '/admin/api.php?call=getInvoiceDetails&id=1&api_id=id-x&api_key=key-x',
    });
    const body = reply.json() as Record<string, unknown>;
    answers.push({ ...body, server_time: 0 });
    await app.close();
  }
  t.equal((answers[0] as { success: boolean }).success, true);
  t.strictSame(answers[1], answers[0]);
  t.equal(cached(verdicts).length, 1);
});

t.test('a folder digest is remembered by its files stamps once they are settled, and forgotten when one changes', async (t) => {
  const { dir, verdicts } = setUp(t);
  const names = fs.readdirSync(dir).map((name) => name.replace(/\.json$/, ''));
  readWorld(dir, verdicts);
  t.equal(verdicts.digestOf(dir, stampsOf(dir, names)), undefined, 'files written just now are digested again');
  const hourAgo = new Date(Date.now() - 3600_000);
  for (const name of fs.readdirSync(dir)) fs.utimesSync(path.join(dir, name), hourAgo, hourAgo);
  readWorld(dir, verdicts);
  const known = verdicts.digestOf(dir, stampsOf(dir, names));
  t.type(known?.digest, 'string', 'settled files are known by their stamps');
  t.notOk(isRead(readWorld(dir, verdicts).data, 'invoices'), 'and the world is read on first use');
  fs.appendFileSync(path.join(dir, 'news.json'), ' ');
  t.equal(verdicts.digestOf(dir, stampsOf(dir, names)), undefined, 'a changed file is read again');
});

t.test('a cache folder others can write to is not believed: every start checks the whole world', async (t) => {
  const { dir, verdicts } = setUp(t);
  readWorld(dir, verdicts);
  t.notOk(isRead(readWorld(dir, verdicts).data, 'invoices'), 'believed while it is the user own');
  fs.chmodSync(verdicts.dir, 0o777);
  t.ok(isRead(readWorld(dir, verdicts).data, 'invoices'), 'checked whole once anyone may write there');
});
