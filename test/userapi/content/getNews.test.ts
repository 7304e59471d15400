import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login } from '../../helpers/door.js';
import { contactWithoutPrivileges } from './support.js';

const ROUTE = 'getNews';

t.test("the published news, newest first, with the Admin API's previews; anyone may read it", async (t) => {
  const app = await build(t);
  const body = assertAnswer(t, await door(app, 'GET', '/news'), ROUTE);
  const admin = assertSuccess(t, await api(app, 'getNews', {}), 'getNews').news as Record<string, string>[];
  const published = admin.filter((item) => item.enable === '1').map(({ id, title, content, date }) => ({ id, title, content, date }));
  t.strictSame(body, { news: published, page: { current: 1, total: 1 } });
  t.strictSame(
    published.map((item) => item.id),
    ['3', '2', '1'],
    'items 4 and 5 are not published',
  );
  t.strictSame(published[0], {
    id: '3',
    title: 'PHP 8.4 now available on all shared hosting plans',
    content: 'PHP 8.4 can now be selected for every website on our shared hosting plans, in Europe and in North Am...',
    date: '2026-06-15',
  });
  t.strictSame(
    assertAnswer(t, await door(app, 'GET', '/news', {}, { token: await login(app, ALICE) }), ROUTE),
    body,
    'a client reads the same',
  );
  const contact = await contactWithoutPrivileges(app);
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/news', {}, { token: contact }), ROUTE), body, 'a contact needs no privilege');
  const past = assertAnswer(t, await door(app, 'GET', '/news', { page: 2 }), ROUTE);
  t.strictSame(past, { news: [], page: { current: 2, total: 1 } });
});

t.test('bad input, or a token that does not stand, is refused and changes nothing', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'GET', '/news', { page: 'x' }), 200, [
    'Parameter page must be the page of the list, counted from 1 (25 items a page)',
  ]);
  assertRefused(t, await door(app, 'GET', '/news', {}, { token: 'not-a-token' }), 401, ['unauthorized']);
  t.equal(storeJson(app), before);
});
