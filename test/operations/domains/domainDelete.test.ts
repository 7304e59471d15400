import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { infoAnswer } from '../../helpers/shapes.js';
import { idRefusals, refusedWith } from '../../helpers/refusals.js';
import { domainDetails, read } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';

const CALL = 'domainDelete';
const deleted = (name: string) => ({ success: true, call: CALL, server_time: SERVER_TIME, info: [`Domain ${name} deleted`] });

t.test('domainDelete deletes the name at the registrar: the record stays, Cancelled, and the name is free', async (t) => {
  const app = await build(t);
  const before = await domainDetails(t, app, '1');
  const body = await api(app, CALL, { id: '1' });
  infoAnswer(t, body, deleted('morgan-design.com'), 'the published answer');
  assertSuccess(t, body, CALL);
  t.strictSame(await domainDetails(t, app, '1'), { ...before, status: 'Cancelled' }, 'only the status changes');
  const listed = await read(t, app, 'getClientDomains', { id: '1', 'filter[status]': 'Cancelled' });
  t.match(listed.domains, [{ id: '1', name: 'morgan-design.com', status: 'Cancelled', expires: '2027-03-14' }]);

  const ordered = await api(app, 'addOrder', {
    client_id: '1',
    domain_action: 'register',
    domain_sld: 'morgan-design',
    domain_tld: '.com',
  });
  assertSuccess(t, ordered, 'addOrder');
  const order = await read(t, app, 'getOrderDetails', { id: ordered.order_id as string });
  t.match(
    order.details,
    { domains: [{ id: '11', name: 'morgan-design.com', status: 'Pending Registration' }] },
    'the name may be ordered again',
  );
});

t.test('an Expired domain is still at the registrar and may be deleted', async (t) => {
  const app = await build(t);
  t.strictSame(await api(app, CALL, { id: '7' }), deleted('nilsson-outdoor.com'));
  t.match(await domainDetails(t, app, '7'), { status: 'Cancelled', expires: '2026-10-02' });
});

t.test('domainDelete answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  t.strictSame(await sameEverywhereMutating(t, app, CALL, { id: '2' }), deleted('morgandesign.io'));
});

t.test('domainDelete refuses a domain that is not at the registrar, naming its status, and changes nothing', async (t) => {
  const app = await build(t);
  const only = 'only a domain that is Active or Expired can be deleted at the registrar';
  await refusedWith(t, app, CALL, [
    ...idRefusals('Domain', '1.5'),
    [{ id: '5' }, `Domain 5 (kowalski-foto.net) is Pending Transfer: ${only}`],
    [{ id: '8' }, `Domain 8 (graceliu.io) is Pending Registration: ${only}`],
  ]);
  assertSuccess(t, await api(app, CALL, { id: '1' }), CALL);
  assertSuccess(t, await api(app, 'setOrderFraud', { id: '1018' }), 'setOrderFraud');
  await refusedWith(t, app, CALL, [
    [{ id: '1' }, `Domain 1 (morgan-design.com) is Cancelled: ${only}`],
    [{ id: '8' }, `Domain 8 (graceliu.io) is Fraud: ${only}`],
  ]);
});
