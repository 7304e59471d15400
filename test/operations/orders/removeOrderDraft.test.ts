import t from 'tap';
import { api, assertError, assertSuccess, build, ENCODINGS, storeJson } from '../../helpers/app.js';

type Json = Record<string, unknown>;
const CALL = 'removeOrderDraft';

t.test('removeOrderDraft deletes the draft and answers its id as a number', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { id: '2' });
  assertSuccess(t, body, CALL);
  t.strictSame(body, { success: true, draft_id: 2, call: CALL, server_time: body.server_time, info: ['Draft deleted'] });
  assertError(t, await api(app, 'getOrderDraft', { id: '2' }), 'getOrderDraft', ['Order draft 2 not found']);
  t.strictSame((await api(app, 'getClientDraftOrders', { client_id: '6' })).orders, [], 'client 6 has no draft left');
  assertError(t, await api(app, CALL, { id: '2' }), CALL, ['Order draft 2 not found']);
  assertError(t, await api(app, 'addOrderDraftItem', { id: '2', prod_type: 'service', product: '17' }), 'addOrderDraftItem', [
    'Order draft 2 not found',
  ]);
  t.equal((await api(app, 'getOrderDraft', { id: '1' })).success, true, 'the other drafts stay');
});

t.test('removeOrderDraft works through GET, urlencoded and multipart alike', async (t) => {
  const app = await build(t);
  for (const via of ENCODINGS) {
    const body = await api(app, CALL, { id: '1' }, { via, session: via });
    t.strictSame(body, { success: true, draft_id: 1, call: CALL, server_time: body.server_time, info: ['Draft deleted'] }, via);
    const list = await api(app, 'getClientDraftOrders', { client_id: '1' }, { session: via });
    t.strictSame(list.orders, [], `${via}: gone in its own session`);
  }
  const list = await api(app, 'getClientDraftOrders', { client_id: '1' });
  t.strictSame(
    (list.orders as Json[]).map((o) => o.id),
    ['1'],
    'the default session still has it',
  );
});

t.test('missing, malformed and unknown ids change nothing', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  assertError(t, await api(app, CALL, {}), CALL, ['Parameter id is required']);
  for (const id of ['abc', '0', '-1']) {
    assertError(t, await api(app, CALL, { id }), CALL, ['Parameter id must be a positive whole number id, such as 1']);
  }
  assertError(t, await api(app, CALL, { id: '99' }), CALL, ['Order draft 99 not found']);
  t.equal(storeJson(app), before);
});
