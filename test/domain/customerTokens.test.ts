// Reading the session a customer's token names, before any check: the same
// answer for the same token however often it is asked (it is remembered), and
// nothing for text that is not a token with a session.
import t from 'tap';
import { sessionOfJwt } from '../../src/domain/customerTokens.js';

const part = (value: object | string) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const jwt = (claims: object | string) => `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;

t.test('the session a token names, the same at every asking', async (t) => {
  const token = jwt({ sub: '1', session: 'team-a' });
  t.equal(sessionOfJwt(token), 'team-a');
  t.equal(sessionOfJwt(token), 'team-a', 'asked again');
  t.equal(sessionOfJwt(jwt({ sub: '1', session: 'team-b' })), 'team-b', 'another token, another session');
  t.equal(sessionOfJwt(jwt({ sub: '1', session: '' })), '', 'an empty session name is a name');
});

t.test('no session from text that is not a token naming one', async (t) => {
  for (const [text, why] of [
    ['', 'empty'],
    ['a.b', 'two parts'],
    ['a.b.c.d', 'four parts'],
    [jwt('not json'), 'claims not JSON'],
    [jwt({ sub: '1' }), 'no session claim'],
    [jwt({ session: 7 }), 'a session that is not text'],
    [jwt({ session: ['x'] }), 'a list'],
  ] as const) {
    t.equal(sessionOfJwt(text), undefined, why);
    t.equal(sessionOfJwt(text), undefined, `${why}, asked again`);
  }
});

t.test('a long token is read, not remembered, and thousands of tokens later the first still reads right', async (t) => {
  const long = jwt({ session: 'long', pad: 'x'.repeat(4000) });
  t.equal(sessionOfJwt(long), 'long');
  t.equal(sessionOfJwt(long), 'long');
  const first = jwt({ session: 'first' });
  t.equal(sessionOfJwt(first), 'first');
  const wrong: number[] = [];
  for (let i = 0; i < 5000; i++) if (sessionOfJwt(jwt({ session: `s${i}`, n: i })) !== `s${i}`) wrong.push(i);
  t.strictSame(wrong, [], 'each of 5,000 tokens names its own session');
  t.equal(sessionOfJwt(first), 'first');
});
