import t from 'tap';
import { api, assertError, assertSuccess, build, ENCODINGS, type WireParams } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import { orderDraft } from '../../helpers/reads.js';

type Json = Record<string, unknown>;
const CALL = 'createOrderDraft';

const draftOf = orderDraft<Json>;

t.test('createOrderDraft makes an empty draft for a client and answers its id as a number', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { client_id: '1' });
  assertSuccess(t, body, CALL);
  t.strictSame(body, { success: true, draft_id: 4, call: CALL, server_time: body.server_time }, 'the published shape: no info');
  const draft = await draftOf(t, app, '4');
  const { available_recipients, ...rest } = draft;
  t.strictSame(rest, {
    services: [],
    addons: [],
    domains: [],
    customizations: [],
    dom_customizations: [],
    id: 4,
    client_id: 1,
    module: 0,
    date: '2026-11-20 12:00:00',
    discount: '',
    scenario_id: 0,
    staff_member_id: 0,
    contract_id: '',
    commitment_date: '',
    affiliate_id: 0,
    metadata: false,
    estimate_id: '0',
    options: { confirm_email: true, generate_invoice: true, send_invoice: true, override_recipients: false },
    subtotal: 0,
    total: 0,
  });
  t.strictSame(
    (available_recipients as Json[]).map((c) => c.id),
    ['1', '10'],
    'the client, then its contact',
  );
  const list = await api(app, 'getClientDraftOrders', { client_id: '1' });
  t.strictSame(
    (list.orders as Json[]).map((o) => [o.id, o.total, o.currency_id]),
    [
      ['4', '0.00', '0'],
      ['1', '102.00', '0'],
    ],
    'listed first, in the client currency',
  );
});

t.test('without a client the draft has client 0 and no recipients, in the main currency', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL);
  t.equal(assertSuccess(t, body, CALL).draft_id, 4);
  const draft = await draftOf(t, app, '4');
  t.equal(draft.client_id, 0);
  t.strictSame(draft.available_recipients, []);
  const added = await api(app, 'addOrderDraftItem', { id: '4', prod_type: 'service', product: '17', cycle: 'q' });
  t.equal((assertSuccess(t, added, 'addOrderDraftItem').draft as Json).total, 17.1, 'catalogue price, unconverted');
});

t.test('the draft is priced in the client currency, or the currency given', async (t) => {
  const app = await build(t);
  const priced = async (params: WireParams): Promise<unknown> => {
    const id = String(assertSuccess(t, await api(app, CALL, params), CALL).draft_id);
    const added = await api(app, 'addOrderDraftItem', { id, prod_type: 'service', product: '17', cycle: 'q' });
    return (assertSuccess(t, added, 'addOrderDraftItem').draft as Json).total;
  };
  t.equal(await priced({ client_id: '5' }), 15.76, 'client 5 is billed in EUR: 17.10 x 0.9215');
  t.equal(await priced({ client_id: '5', currency_id: '0' }), 17.1, 'forced to the main currency');
  t.equal(await priced({ client_id: '1', currency_id: '2' }), 13.49, 'forced to GBP: 17.10 x 0.7890 = 13.4919');
  const list = await api(app, 'getClientDraftOrders', { client_id: '5' });
  t.strictSame(
    (list.orders as Json[]).map((o) => [o.id, o.currency_id, o.total]),
    [
      ['5', '0', '17.10'],
      ['4', '1', '15.76'],
      ['3', '1', '15.76'],
    ],
  );
});

t.test('createOrderDraft works through GET, urlencoded and multipart alike', async (t) => {
  const app = await build(t);
  for (const via of ENCODINGS) {
    const body = await api(app, CALL, { client_id: '6', currency_id: '0' }, { via, session: via });
    t.strictSame(body, { success: true, draft_id: 4, call: CALL, server_time: body.server_time }, `${via}: draft 4`);
    t.equal((await draftOf(t, app, '4', via)).client_id, 6, `${via}: getOrderDraft in the same session shows it`);
  }
  assertError(t, await api(app, 'getOrderDraft', { id: '4' }), 'getOrderDraft', ['Order draft 4 not found']);
});

t.test('ids keep growing after a draft is removed', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'removeOrderDraft', { id: '3' }), 'removeOrderDraft');
  t.equal((await api(app, CALL, { client_id: '5' })).draft_id, 4, 'draft 3 is not reused');
});

refusals('unknown and malformed client or currency change nothing', CALL, [
  [{ client_id: '99' }, 'Client 99 not found'],
  [{ client_id: '1', currency_id: '9' }, 'Currency 9 not found'],
  [{ client_id: 'abc' }, 'Parameter client_id must be a positive whole number id, such as 1'],
  [{ client_id: '0' }, 'Parameter client_id must be a positive whole number id, such as 1'],
  [{ currency_id: 'EUR' }, 'Parameter currency_id must be 0 or a positive whole number id'],
]);
