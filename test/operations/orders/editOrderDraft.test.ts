import t from 'tap';
import { api, assertSuccess, build, sameEverywhere, storeJson } from '../../helpers/app.js';
import { refusals, idRefusals } from '../../helpers/refusals.js';
import { orderDraft } from '../../helpers/reads.js';

type Json = Record<string, unknown>;
const CALL = 'editOrderDraft';

const draftOf = orderDraft<Json>;

t.test('editOrderDraft changes the settings and answers the whole draft', async (t) => {
  const app = await build(t);
  const before = await draftOf(t, app, '1');
  const params = { id: '1', module: '3', scenario_id: '2', affiliate_id: '7', confirm: '0', invoice_generate: '0', invoice_info: '0' };
  const body = await api(app, CALL, params);
  const result = assertSuccess(t, body, CALL);
  const expected = {
    ...before,
    module: 3,
    scenario_id: 2,
    affiliate_id: 7,
    options: { confirm_email: false, generate_invoice: false, send_invoice: false, override_recipients: false },
  };
  t.strictSame(result, { draft: expected, info: ['Draft updated'] });
  t.strictSame(Object.keys(body), ['success', 'draft', 'call', 'server_time', 'info'], 'info after server_time');
  t.strictSame(await draftOf(t, app, '1'), expected, 'getOrderDraft shows the change');
  const list = await api(app, 'getClientDraftOrders', { client_id: '1' });
  t.equal((list.orders as Json[])[0].module, 'Bank Transfer', 'the list names the new gateway');
});

t.test('each option can be turned on again, alone; the rest stays', async (t) => {
  const app = await build(t);
  await api(app, CALL, { id: '3', invoice_info: '1' });
  const draft = await draftOf(t, app, '3');
  t.strictSame(draft.options, { confirm_email: true, generate_invoice: true, send_invoice: true, override_recipients: true });
  t.equal(draft.module, 4, 'module kept');
  const cleared = assertSuccess(t, await api(app, CALL, { id: '3', module: '0', confirm: '0' }), CALL).draft as Json;
  t.equal(cleared.module, 0, 'module 0: no gateway');
  t.equal((cleared.options as Json).confirm_email, false);
});

t.test('with only an id the draft is answered unchanged, the same way through every encoding', async (t) => {
  const app = await build(t);
  const before = await draftOf(t, app, '2');
  const stored = storeJson(app);
  const body = await sameEverywhere(t, app, CALL, { id: '2' });
  t.strictSame(assertSuccess(t, body, CALL), { draft: before, info: ['Draft updated'] });
  t.equal(storeJson(app), stored, 'nothing changed');
});

t.test('a new client takes the draft, with its recipients and its currency', async (t) => {
  const app = await build(t);
  const draft = assertSuccess(t, await api(app, CALL, { id: '1', client_id: '5' }), CALL).draft as Json;
  t.equal(draft.client_id, 5);
  t.strictSame(
    (draft.available_recipients as Json[]).map((c) => c.id),
    ['5'],
  );
  // 57.00 + 10.00 + 6.00 + 29.00 = 102.00 in USD; each price converted to EUR at 0.9215, in whole cents.
  t.equal(draft.total, 94);
  t.strictSame((await api(app, 'getClientDraftOrders', { client_id: '1' })).orders, []);
  const listed = (await api(app, 'getClientDraftOrders', { client_id: '5' })).orders as Json[];
  t.strictSame(
    listed.map((o) => [o.id, o.client_id, o.currency_id, o.total, o.firstname]),
    [
      ['3', '5', '1', '15.76', 'Emma'],
      ['1', '5', '1', '94.00', 'Emma'],
    ],
  );
  const again = assertSuccess(t, await api(app, CALL, { id: '3', client_id: '5' }), CALL).draft as Json;
  t.equal(again.total, 15.76, 'the same client keeps the currency');
});

refusals('refusals name the parameter or record and change nothing', CALL, [
  ...idRefusals('Order draft', 'x'),
  [{ id: '1', module: '9' }, 'Gateway 9 not found'],
  [{ id: '1', module: '5', confirm: '0' }, 'Gateway 5 (Mollie) is disabled: give an enabled payment gateway as payment_module'],
  [{ id: '1', client_id: '99', confirm: '0' }, 'Client 99 not found'],
  [{ id: '1', module: 'x' }, 'Parameter module must be 0 or a positive whole number id'],
  [{ id: '1', client_id: '0' }, 'Parameter client_id must be a positive whole number id, such as 1'],
  [{ id: '1', confirm: 'maybe' }, 'Parameter confirm must be one of: 0, 1'],
  [{ id: '1', invoice_generate: 'maybe' }, 'Parameter invoice_generate must be one of: 0, 1'],
  [{ id: '1', scenario_id: '-1' }, 'Parameter scenario_id must be 0 or a positive whole number id'],
  [{ id: '1', affiliate_id: 'a' }, 'Parameter affiliate_id must be 0 or a positive whole number id'],
]);
