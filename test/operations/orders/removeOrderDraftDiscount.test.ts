import t from 'tap';
import { api, assertSuccess, build } from '../../helpers/app.js';
import { idRefusals, refusals } from '../../helpers/refusals.js';
import { orderDraft } from '../../helpers/reads.js';
import { callInEachSession, sameAnswers, sameStateInEachSession } from '../../helpers/sessions.js';
import { loadFixtures } from '../../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../../src/paths.js';

type Json = Record<string, unknown>;
const CALL = 'removeOrderDraftDiscount';
const draftOf = orderDraft<Json>;

/** The bundled world with discounts on drafts 1 (10%) and 2 (5.00): no published call sets one, an imported world can hold them. */
function discounted() {
  const data = loadFixtures(defaultFixturesDir);
  const discounts: Record<string, string> = { 1: '10%', 2: '5.00' };
  data.order_drafts = data.order_drafts.map((d) => (discounts[d.id] ? { ...d, discount: discounts[d.id] } : d));
  return { data };
}

t.test('removeOrderDraftDiscount takes the discount off: the total is the subtotal again', async (t) => {
  const app = await build(t, discounted());
  const before = await draftOf(t, app, '1');
  t.match(before, { discount: '10%', subtotal: 102, total: 91.8 }, 'the discount the draft had');
  const body = await api(app, CALL, { id: '1' });
  const result = assertSuccess(t, body, CALL);
  const expected = { ...before, discount: '', total: 102 };
  t.strictSame(result, { draft: expected, info: ['Draft discount removed'] });
  t.strictSame(Object.keys(body), ['success', 'draft', 'call', 'server_time', 'info']);
  t.strictSame(await draftOf(t, app, '1'), expected, 'getOrderDraft reads it back');
  t.strictSame(await api(app, CALL, { id: '1' }), body, 'a draft without a discount answers the same');
  t.match(await draftOf(t, app, '2'), { discount: '5.00' }, 'other drafts keep theirs');
});

t.test('removeOrderDraftDiscount answers the same through every encoding', async (t) => {
  const app = await build(t, discounted());
  sameAnswers(t, await callInEachSession(app, CALL, { id: '2' }));
  sameStateInEachSession(t, app);
});

refusals('removeOrderDraftDiscount refusals change nothing', CALL, idRefusals('Order draft', 'x'));
