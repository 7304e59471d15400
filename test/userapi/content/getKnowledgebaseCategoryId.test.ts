import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login } from '../../helpers/door.js';
import { contactWithoutPrivileges } from './support.js';

const ROUTE = 'getKnowledgebaseCategoryId';

async function adminCategories(t: Test, app: FastifyInstance, params: Record<string, string>) {
  return (
    assertSuccess(t, await api(app, 'getKBCategories', params), 'getKBCategories').categories as { categories: Record<string, string>[] }
  ).categories;
}

t.test('a category with its sub-categories and articles, in the Admin API’s shapes', async (t) => {
  const app = await build(t);
  const body = assertAnswer(t, await door(app, 'GET', '/knowledgebase/4'), ROUTE);
  const main = await adminCategories(t, app, {});
  const articles = assertSuccess(t, await api(app, 'getKBArticlesByTags', { tag: 'hosting' }), 'getKBArticlesByTags').articles as {
    id: string;
  }[];
  t.strictSame(body, {
    category: main.find((c) => c.id === '4'),
    categories: await adminCategories(t, app, { cid: '4' }),
    articles: articles.filter((a) => a.id === '9'),
  });
  t.strictSame(
    (body.categories as { id: string }[]).map((c) => c.id),
    ['6'],
  );
  const contact = await contactWithoutPrivileges(app);
  t.strictSame(
    assertAnswer(t, await door(app, 'GET', '/knowledgebase/4', {}, { token: contact }), ROUTE),
    body,
    'a contact needs no privilege',
  );
});

t.test('an article for registered clients is listed once the caller has logged in', async (t) => {
  const app = await build(t);
  const vps = assertSuccess(t, await api(app, 'getKBArticlesByTags', { tag: 'vps' }), 'getKBArticlesByTags').articles as { id: string }[];
  const anonymous = assertAnswer(t, await door(app, 'GET', '/knowledgebase/5'), ROUTE);
  t.strictSame(
    anonymous.articles,
    vps.filter((a) => a.id === '12'),
    'article 11 is for registered clients',
  );
  const client = assertAnswer(t, await door(app, 'GET', '/knowledgebase/5', {}, { token: await login(app, ALICE) }), ROUTE);
  t.strictSame(client.articles, vps, 'both, by sort order');
  t.strictSame(client.categories, []);
});

t.test('a hidden category answers as missing, as one that is not there; nothing changes', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'GET', '/knowledgebase/8', {}, { token }), 404, ['Knowledgebase category 8 not found']);
  assertRefused(t, await door(app, 'GET', '/knowledgebase/99'), 404, ['Knowledgebase category 99 not found']);
  assertRefused(t, await door(app, 'GET', '/knowledgebase/abc'), 200, [
    'Parameter category_id must be a positive whole number id, such as 1',
  ]);
  t.equal(storeJson(app), before);
});
