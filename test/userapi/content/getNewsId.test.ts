import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login } from '../../helpers/door.js';
import { contactWithoutPrivileges } from './support.js';

const ROUTE = 'getNewsId';

t.test("one published item with its whole text, as the Admin API's getNewsItem shows it", async (t) => {
  const app = await build(t);
  const body = assertAnswer(t, await door(app, 'GET', '/news/2'), ROUTE);
  const admin = assertSuccess(t, await api(app, 'getNewsItem', { id: '2' }), 'getNewsItem').newsitem as Record<string, string>;
  const { enable, ...shown } = admin;
  t.equal(enable, '1');
  t.strictSame(body, { newsitem: shown });
  t.strictSame(Object.keys(body.newsitem as object), ['id', 'title', 'content', 'date']);
  t.match(
    (body.newsitem as { content: string }).content,
    /^On Saturday 11 April 2026.*contact support if anything looks wrong after the window\.$/s,
  );
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/news/2', {}, { token: await login(app, ALICE) }), ROUTE), body);
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/news/2', {}, { token: await contactWithoutPrivileges(app) }), ROUTE), body);
});

t.test('an item not published answers as missing, as one that is not there; nothing changes', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = storeJson(app);
  assertSuccess(t, await api(app, 'getNewsItem', { id: '4' }), 'getNewsItem');
  assertRefused(t, await door(app, 'GET', '/news/4', {}, { token }), 404, ['News item 4 not found']);
  assertRefused(t, await door(app, 'GET', '/news/99'), 404, ['News item 99 not found']);
  assertRefused(t, await door(app, 'GET', '/news/x'), 200, ['Parameter id must be a positive whole number id, such as 1']);
  t.equal(storeJson(app), before);
});
