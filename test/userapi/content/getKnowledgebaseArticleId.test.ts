import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login } from '../../helpers/door.js';
import { contactWithoutPrivileges } from './support.js';

const ROUTE = 'getKnowledgebaseArticleId';

t.test("one article as the Admin API's getKBArticle answers it; anyone may read it", async (t) => {
  const app = await build(t);
  const body = assertAnswer(t, await door(app, 'GET', '/knowledgebase/article/3'), ROUTE);
  const admin = assertSuccess(t, await api(app, 'getKBArticle', { id: '3' }), 'getKBArticle');
  t.strictSame(body, { article: admin.article });
  t.match(body.article, { id: '3', cat_id: '2', title: 'Which payment methods can I use?', registered: '0' });
  t.strictSame(
    assertAnswer(t, await door(app, 'GET', '/knowledgebase/article/3', {}, { token: await contactWithoutPrivileges(app) }), ROUTE),
    body,
  );
  const after = assertSuccess(t, await api(app, 'getKBArticle', { id: '3' }), 'getKBArticle');
  t.strictSame(after.article, admin.article, 'reading it counts no view');
});

t.test('an article for registered clients needs a login; one in a hidden category is missing to everyone', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'GET', '/knowledgebase/article/11'), 404, ['Knowledgebase article 11 not found']);
  const body = assertAnswer(t, await door(app, 'GET', '/knowledgebase/article/11', {}, { token }), ROUTE);
  t.strictSame(body, { article: assertSuccess(t, await api(app, 'getKBArticle', { id: '11' }), 'getKBArticle').article });
  assertSuccess(t, await api(app, 'getKBArticle', { id: '13' }), 'getKBArticle');
  assertRefused(t, await door(app, 'GET', '/knowledgebase/article/13', {}, { token }), 404, ['Knowledgebase article 13 not found']);
  assertRefused(t, await door(app, 'GET', '/knowledgebase/article/99'), 404, ['Knowledgebase article 99 not found']);
  assertRefused(t, await door(app, 'GET', '/knowledgebase/article/x'), 200, ['Parameter id must be a positive whole number id, such as 1']);
  t.equal(storeJson(app), before);
});
