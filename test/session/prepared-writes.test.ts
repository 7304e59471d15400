// A mutation with a prepare step (password hashing in the thread pool) stays
// one all-or-nothing write: the step runs in the session's write queue with
// the state the write will change, nothing is written between the two, and a
// step or a run that fails leaves the state as it was.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { Seed } from '../../src/store/world.js';
import { Session } from '../../src/session/sessions.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import { hashPassword, preparedCount, saltFor } from '../../src/domain/password.js';
import { api, assertError, assertSuccess, build, storeJson } from '../helpers/app.js';
import { idLister } from '../helpers/reads.js';

const seed = new Seed(loadFixtures(defaultFixturesDir));
const PASSWORD = 'Green-Door-31';
const signUp = (email: string) => ({ firstname: 'Ann', lastname: 'Lee', email, password: PASSWORD, password2: PASSWORD });
const clientIds = idLister('getClients', 'clients');

async function login(app: FastifyInstance, email: string, password = PASSWORD) {
  return api(app, 'verifyClientLogin', { email, password });
}

t.test('sign-ups at once get ids in turn, each hashed with its own id, and log in', async (t) => {
  const app = await build(t);
  // Counted from here: the memo is the process's, and earlier tests may have left hashes nobody took.
  const leftBefore = preparedCount();
  const emails = ['a@one.test', 'b@two.test', 'c@three.test'];
  const answers = await Promise.all(emails.map((email) => api(app, 'addClient', signUp(email))));
  t.strictSame(
    answers.map((body) => assertSuccess(t, body, 'addClient').client_id),
    ['12', '13', '14'],
  );
  const world = JSON.parse(storeJson(app)) as { clients: Array<{ id: string; email: string; password: string }> };
  for (const [i, email] of emails.entries()) {
    const client = world.clients.find((row) => row.email === email)!;
    t.equal(client.password, hashPassword(PASSWORD, saltFor(String(12 + i), email)), `${email}: the hash of its own id`);
    t.equal(assertSuccess(t, await login(app, email), 'verifyClientLogin').client_id, String(12 + i));
  }
  assertError(t, await login(app, emails[0], 'wrong'), 'verifyClientLogin', [
    'Invalid login details: unknown username, wrong password or inactive account',
  ]);
  t.equal(preparedCount(), leftBefore, 'every prepared hash was taken');
});

t.test('a refused sign-up changes nothing, after its hash was prepared', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'addClient', signUp('a@one.test')), 'addClient');
  const before = storeJson(app);
  const ids = await clientIds(t, app);
  assertError(t, await api(app, 'addClient', signUp('A@one.test')), 'addClient', [
    'Email A@one.test is already used by another client or contact',
  ]);
  t.equal(storeJson(app), before);
  t.strictSame(await clientIds(t, app), ids, 'the client list reads the same');
});

t.test('no write comes between a prepare step and its run; a failed step changes nothing', async (t) => {
  const session = new Session('s', seed, { now: new Date('2026-11-20T12:00:00Z') });
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const seen: string[] = [];
  const first = session.write(
    (world) => {
      seen.push(`run saw next id ${world.nextId('clients')}`);
      return world.nextId('clients');
    },
    undefined,
    async (world) => {
      seen.push(`prepare saw next id ${world.nextId('clients')}`);
      await held;
    },
  );
  const second = session.write((world) => {
    seen.push('second write');
    world.remove('clients', '1');
  });
  await new Promise((resolve) => setImmediate(resolve));
  t.strictSame(seen, ['prepare saw next id 12'], 'the second write waits');
  release();
  await Promise.all([first, second]);
  t.strictSame(seen, ['prepare saw next id 12', 'run saw next id 12', 'second write']);

  const version = session.world.version;
  const failed = session.write(
    (world) => world.remove('clients', '2'),
    undefined,
    async () => {
      throw new Error('thread pool gone');
    },
  );
  await t.rejects(failed, /thread pool gone/);
  t.equal(session.world.version, version, 'nothing changed');
  t.ok(session.world.get('clients', '2'), 'the record is still there');
  await session.write((world) => world.remove('clients', '2'));
  t.notOk(session.world.get('clients', '2'), 'the next write runs');
});
