// Password hashes share the machine: a login storm over many sessions runs at
// most the bound of hashes at once (the rest wait in order), every login is
// still answered rightly, and another session's reads are answered while the
// storm's hashes are still running or waiting.
import t from 'tap';
import { api, assertError, assertSuccess, build } from '../helpers/app.js';
import { DEFAULT_HASH_CONCURRENCY, hashLoad, resetHashPeak, setHashConcurrency } from '../../src/domain/password.js';
import { availableParallelism } from 'node:os';

const EMAIL = 'alice@morgan-design.com';
const RIGHT = 'billsim-client';
const INVALID = ['Invalid login details: unknown username, wrong password or inactive account'];

t.test('by default every core but one hashes, and at least one', async (t) => {
  t.equal(DEFAULT_HASH_CONCURRENCY, Math.max(1, availableParallelism() - 1));
  t.equal(hashLoad().concurrency, DEFAULT_HASH_CONCURRENCY);
});

t.test('24 logins at once over 8 sessions: never more hashes at once than the bound, every answer right', async (t) => {
  const app = await build(t);
  for (const bound of [1, 2]) {
    setHashConcurrency(bound);
    t.teardown(() => setHashConcurrency(DEFAULT_HASH_CONCURRENCY));
    resetHashPeak();
    let most = 0;
    let mostWaiting = 0;
    const watch = setInterval(() => {
      most = Math.max(most, hashLoad().running);
      mostWaiting = Math.max(mostWaiting, hashLoad().waiting);
    }, 1);
    const logins = Array.from({ length: 24 }, (_, i) => {
      const right = i % 3 === 0;
      const session = `storm-${bound}-${i % 8}`;
      return api(app, 'verifyClientLogin', { email: EMAIL, password: right ? RIGHT : `wrong-${i}` }, { session }).then((body) => ({
        right,
        body,
      }));
    });
    // Another session reads while the storm's hashes run or wait.
    const readsDuring: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      const body = await api(app, 'getCurrencies', {}, { session: `reader-${bound}` });
      assertSuccess(t, body, 'getCurrencies');
      const { running, waiting } = hashLoad();
      readsDuring.push(running + waiting > 0);
    }
    const answers = await Promise.all(logins);
    clearInterval(watch);
    for (const { right, body } of answers) {
      if (right) t.equal(assertSuccess(t, body, 'verifyClientLogin').client_id, '1');
      else assertError(t, body, 'verifyClientLogin', INVALID);
    }
    t.ok(hashLoad().peak <= bound, `bound ${bound}: never more hashes at once (${hashLoad().peak} at most)`);
    t.ok(most <= bound, `bound ${bound}: never more seen running (${most})`);
    t.ok(mostWaiting > 0, `bound ${bound}: the rest waited (${mostWaiting} at most)`);
    t.ok(readsDuring[0], `bound ${bound}: a read was answered while hashes still ran or waited (${readsDuring.join(', ')})`);
    t.strictSame(hashLoad().running + hashLoad().waiting, 0, 'all done');
  }
});
