import t from 'tap';
import { api, assertSuccess, build, storeJson } from '../../helpers/app.js';
import { ALICE, assertAnswer, assertRefused, door, login } from '../../helpers/door.js';
import { contactWithoutPrivileges } from './support.js';

const ROUTE = 'getKnowledgebase';

t.test('every category clients see, as getKBCategories lists the whole tree; anyone may read it', async (t) => {
  const app = await build(t);
  const body = assertAnswer(t, await door(app, 'GET', '/knowledgebase'), ROUTE);
  const admin = assertSuccess(t, await api(app, 'getKBCategories', { with_subcategories: '1' }), 'getKBCategories');
  t.strictSame(body, { categories: (admin.categories as { categories: unknown }).categories });
  t.strictSame(
    (body.categories as { id: string; parent_cat: string }[]).map((c) => [c.id, c.parent_cat]),
    [
      ['1', '0'],
      ['2', '0'],
      ['3', '0'],
      ['7', '3'],
      ['4', '0'],
      ['6', '4'],
      ['5', '0'],
    ],
    'the hidden Staff Procedures (8) is left out',
  );
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/knowledgebase', {}, { token: await login(app, ALICE) }), ROUTE), body);
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/knowledgebase', {}, { token: await contactWithoutPrivileges(app) }), ROUTE), body);
});

t.test('a token that does not stand is refused and changes nothing', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'GET', '/knowledgebase', {}, { token: 'not-a-token' }), 401, ['unauthorized']);
  t.equal(storeJson(app), before);
});
