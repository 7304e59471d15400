import t from 'tap';
import { api, build, storeJson } from '../../helpers/app.js';
import { accountDetails, addonStatuses } from '../../helpers/reads.js';
import { ALICE, assertAnswer, assertRefused, CLIENT_PASSWORD, door, GRACE, login, TOM } from '../../helpers/door.js';
import { grant } from '../../helpers/services.js';

const FILED = 'Cancelation request submitted';

t.test('an end-of-period request shows in getAccountDetails and the billing clock carries it out', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(
    t,
    await door(app, 'POST', '/service/1/cancel', { immediate: false, reason: 'Moving to a VPS' }, { token }),
    'postServiceIdCancel',
  );
  const request = {
    id: '1',
    date: '2026-11-20 12:00:00',
    reason: 'Moving to a VPS',
    type: 'End of billing period',
    item_id: '1',
    item_type: 'Account',
    process_at: '2026-12-14 00:00:00',
    processed_at: '0000-00-00 00:00:00',
    who: 'Client',
    client_id: '1',
  };
  t.strictSame(body, { cancel_request: request, info: [FILED] });
  const details = await accountDetails(t, app, '1');
  t.strictSame(details.cancel_request, request, 'getAccountDetails shows the request');
  t.equal(details.status, 'Active', 'the paid period runs to its end');
  t.notOk((await accountDetails(t, app, '2')).cancel_request, 'a service without a request has no cancel_request');

  // The renewal invoice date (2026-11-30) passes without an invoice; the due date ends the service.
  const invoicesBefore = ((await api(app, 'getClientInvoices', { id: '1' })).invoices as unknown[]).length;
  const moved = await app.inject({ method: 'POST', url: '/__billsim/clock', payload: { now: '2026-12-14 09:00:00' } });
  t.equal(moved.statusCode, 200, moved.body);
  const after = await accountDetails(t, app, '1');
  t.equal(after.status, 'Terminated', 'carried out on the last day of the paid period');
  t.strictSame(after.cancel_request, { ...request, processed_at: '2026-12-14 00:00:00' });
  t.strictSame(await addonStatuses(t, app, '1'), ['Terminated'], 'its addons end with it');
  const invoices = (await api(app, 'getClientInvoices', { id: '1' })).invoices as Record<string, string>[];
  t.equal(invoices.length, invoicesBefore + 1, 'one new invoice: service 16, not service 1');
  const log = await app.inject({ method: 'GET', url: '/__billsim/automation' });
  t.match(log.body, /cancellation request #1 \(End of billing period\) of service #1 carried out/);
});

t.test('an immediate request ends the service now; a JSON true and a form "1" both ask for it', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const body = assertAnswer(t, await door(app, 'POST', '/service/1/cancel', { immediate: true }, { token }), 'postServiceIdCancel');
  t.match(body, {
    cancel_request: { type: 'Immediate', reason: '', process_at: '2026-11-20 12:00:00', processed_at: '2026-11-20 12:00:00' },
  });
  t.equal((await accountDetails(t, app, '1')).status, 'Terminated');
  assertAnswer(t, await door(app, 'POST', '/service/16/cancel', { immediate: '1' }, { token, via: 'form' }), 'postServiceIdCancel');
  t.equal((await accountDetails(t, app, '16')).status, 'Terminated');
});

t.test('a Pending service cancelled at once is Cancelled', async (t) => {
  const app = await build(t);
  const basic: [string, string] = [GRACE, CLIENT_PASSWORD];
  const body = assertAnswer(t, await door(app, 'POST', '/service/10/cancel', { immediate: 'true' }, { basic }), 'postServiceIdCancel');
  t.match(body, { cancel_request: { item_id: '10', type: 'Immediate' } });
  t.equal((await accountDetails(t, app, '10')).status, 'Cancelled');
});

t.test('a second request, a closed service and another client’s service are refused and change nothing', async (t) => {
  const app = await build(t);
  const token = await login(app, 'farid@haddadtrading.com');
  assertAnswer(t, await door(app, 'POST', '/service/8/cancel', {}, { token }), 'postServiceIdCancel');
  const before = await storeJson(app);
  assertRefused(t, await door(app, 'POST', '/service/8/cancel', { immediate: true }, { token }), 200, [
    'Service 8 already has cancellation request 1 (End of billing period) waiting to be carried out',
  ]);
  assertRefused(t, await door(app, 'POST', '/service/9/cancel', {}, { token }), 200, [
    'Account 9 is Cancelled: only a service that is Pending, Active or Suspended can be cancelled',
  ]);
  assertRefused(t, await door(app, 'POST', '/service/1/cancel', {}, { token }), 404, ['Service 1 not found']);
  assertRefused(t, await door(app, 'POST', '/service/8/renew', {}, { token }), 200, [
    'Service 8 has cancellation request 1 waiting, so it does not renew',
  ]);
  t.equal(await storeJson(app), before);
});

t.test('a contact needs billing.orders to cancel', async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  const before = await storeJson(app);
  assertRefused(t, await door(app, 'POST', '/service/1/cancel', {}, { token }), 403, [
    'Contact 10 may not do this: it needs the privilege billing.orders (the client grants it with PUT /api/contact/10 or editContactPermissions)',
  ]);
  t.equal(await storeJson(app), before);
  await grant(t, app, '10', ['billing.orders']);
  assertAnswer(t, await door(app, 'POST', '/service/1/cancel', {}, { token }), 'postServiceIdCancel');
  t.equal((await accountDetails(t, app, '1')).cancel_request !== undefined, true);
});

t.test('bad input is refused with every problem at once and changes nothing', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = await storeJson(app);
  const answer = await door(app, 'POST', '/service/x/cancel', { immediate: 'maybe', reason: 'r'.repeat(1001) }, { token });
  t.equal(answer.status, 200);
  t.equal((answer.body.error as string[]).length, 3, JSON.stringify(answer.body));
  t.equal(await storeJson(app), before);
});
