import t from 'tap';
import { api, assertSuccess, build } from '../../helpers/app.js';
import { idRefusals, refusals } from '../../helpers/refusals.js';
import { orderDraft } from '../../helpers/reads.js';
import { callInEachSession, sameAnswers, sameStateInEachSession } from '../../helpers/sessions.js';

type Json = Record<string, unknown>;
const CALL = 'clearOrderDraftItems';
const draftOf = orderDraft<Json>;

t.test('clearOrderDraftItems empties the draft, lists as [] and totals 0, and keeps the rest of it', async (t) => {
  const app = await build(t);
  const before = await draftOf(t, app, '1');
  const body = await api(app, CALL, { id: '1' });
  const result = assertSuccess(t, body, CALL);
  const expected = { ...before, services: [], addons: [], domains: [], subtotal: 0, total: 0 };
  t.strictSame(result, { draft: expected, info: ['Draft items removed'] });
  t.strictSame(Object.keys(body), ['success', 'draft', 'call', 'server_time', 'info'], 'draft after success, as published');
  t.strictSame(await draftOf(t, app, '1'), expected, 'getOrderDraft shows the draft emptied');
  t.strictSame(await draftOf(t, app, '1', 'other'), before, 'another session keeps its items');
  t.strictSame(await api(app, CALL, { id: '1' }), body, 'clearing an empty draft answers the same');
  const converted = await api(app, 'convertOrderDraft', { id: '1' });
  t.strictSame(converted.error, ['Order draft 1 has no items: add a service or a domain with addOrderDraftItem before converting it']);
});

t.test('clearOrderDraftItems answers the same through every encoding', async (t) => {
  const app = await build(t);
  sameAnswers(t, await callInEachSession(app, CALL, { id: '2' }));
  sameStateInEachSession(t, app);
});

refusals('clearOrderDraftItems refusals change nothing', CALL, idRefusals('Order draft', '1.5'));
