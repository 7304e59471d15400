// Password hashes: the thread-pool path stores the very bytes the synchronous
// one always stored, so existing data files and fixtures keep logging in, and
// a prepared result serves exactly one run.
import t from 'tap';
import { scryptSync } from 'node:crypto';
import {
  NO_ACCOUNT_HASH,
  hashPassword,
  prepareHash,
  prepareVerify,
  preparedCount,
  saltFor,
  verifyPassword,
} from '../../src/domain/password.js';

// What the synchronous scryptSync implementation stored for this account.
const STORED = 'scrypt$63912e3e24b17d0e371122e94db293d3$cb571d981a54027097fa12cecfc52c8b12b357a4bd8b95a00bd0bd9791808930';
const SALT = saltFor('7', 'Ann@Example.com');

t.test('a prepared hash is the one scryptSync gave, and is taken once', async (t) => {
  t.equal(hashPassword('s3cret!', SALT), STORED, 'unprepared: computed on the spot');
  await prepareHash('s3cret!', SALT);
  t.equal(preparedCount(), 1);
  t.equal(hashPassword('s3cret!', SALT), STORED, 'prepared: the same bytes');
  t.equal(preparedCount(), 0, 'nothing left behind');
  const [, salt, hash] = STORED.split('$');
  t.equal(scryptSync('s3cret!', Buffer.from(salt, 'hex'), 32).toString('hex'), hash, 'plain scrypt agrees');
});

t.test('a prepared verification answers as the synchronous one, right and wrong', async (t) => {
  for (const [password, expected] of [
    ['s3cret!', true],
    ['s3cret?', false],
  ] as const) {
    t.equal(verifyPassword(password, STORED), expected, `${password} unprepared`);
    await prepareVerify(password, STORED);
    t.equal(verifyPassword(password, STORED), expected, `${password} prepared`);
  }
  await prepareVerify('anything', NO_ACCOUNT_HASH);
  t.equal(verifyPassword('anything', NO_ACCOUNT_HASH), false, 'the unknown-account hash still costs one scrypt and never matches');
  t.equal(preparedCount(), 0);
});

t.test('two requests preparing the same input each find theirs', async (t) => {
  await Promise.all([prepareHash('twice', SALT), prepareHash('twice', SALT)]);
  const first = hashPassword('twice', SALT);
  t.equal(preparedCount(), 1, 'one still waits');
  t.equal(hashPassword('twice', SALT), first);
  t.equal(preparedCount(), 0);
});

t.test('a prepared result never taken cannot pile up', async (t) => {
  await Promise.all(Array.from({ length: 65 }, (_, i) => prepareHash(`left-${i}`, SALT)));
  t.equal(preparedCount(), 64, 'bounded');
  for (let i = 0; i < 65; i++) hashPassword(`left-${i}`, SALT);
  t.equal(preparedCount(), 0);
});

t.test('a malformed stored hash matches nothing, prepared or not', async (t) => {
  await prepareVerify('x', 'plain-text');
  t.equal(verifyPassword('x', 'plain-text'), false);
  t.equal(preparedCount(), 0);
});
