import t from 'tap';
import { api, assertError, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { idRefusals, refusedWith } from '../../helpers/refusals.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';
import { checkIds, checkReferences } from '../../fuzz/state.js';

const CALL = 'domainDeleteHB';
const REMOVED = { success: true, call: CALL, server_time: SERVER_TIME };

t.test('domainDeleteHB removes the record only; its order no longer lists it and its invoice keeps the line', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { id: '8' });
  t.strictSame(body, REMOVED, 'the published answer: no info');
  t.strictSame(Object.keys(body), ['success', 'call', 'server_time']);
  assertSuccess(t, body, CALL);

  assertError(t, await api(app, 'getDomainDetails', { id: '8' }), 'getDomainDetails', ['Domain 8 not found']);
  const listed = await read(t, app, 'getClientDomains', { id: '7' });
  t.strictSame(listed.domains, []);
  const order = await read(t, app, 'getOrderDetails', { id: '1018' });
  t.match(order.details, { status: 'Pending', domains: [] });
  const invoice = (await read(t, app, 'getInvoiceDetails', { id: '8' })).invoice as {
    items: Array<{ type: string; item_id: string }>;
  };
  t.ok(
    invoice.items.some((line) => line.type === 'Domain Register' && line.item_id === '8'),
    'the invoice that billed it is history and keeps its line',
  );
  const world = app.billsim.sessions.get('default').world;
  t.strictSame([...checkIds(world), ...checkReferences(world)], [], 'nothing points at a missing record');

  // The order is still accepted, with nothing left to register; the name is free again.
  assertSuccess(t, await api(app, 'setOrderActive', { id: '1018' }), 'setOrderActive');
  const again = await api(app, 'addOrder', { client_id: '7', domain_action: 'register', domain_sld: 'graceliu', domain_tld: '.io' });
  assertSuccess(t, again, 'addOrder');
});

t.test('domainDeleteHB removes a domain in any status, with no registrar command', async (t) => {
  const app = await build(t);
  for (const id of ['1', '5', '7']) t.strictSame(await api(app, CALL, { id }), REMOVED, `domain ${id}`);
  const listed = await read(t, app, 'getClientDomains', { id: '1' });
  t.strictSame(
    (listed.domains as Array<{ id: string }>).map((d) => d.id),
    ['2'],
  );
});

t.test('domainDeleteHB answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  t.strictSame(await sameEverywhereMutating(t, app, CALL, { id: '2' }), REMOVED);
});

t.test('domainDeleteHB refuses a missing, malformed or unknown id and changes nothing', async (t) => {
  const app = await build(t);
  await refusedWith(t, app, CALL, idRefusals('Domain', ''));
  assertSuccess(t, await api(app, CALL, { id: '8' }), CALL);
  await refusedWith(t, app, CALL, [[{ id: '8' }, 'Domain 8 not found']]);
});
