import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { ACTIVE_FOR_A_YEAR } from '../../helpers/records.js';
import { infoAnswer } from '../../helpers/shapes.js';
import { domainDetails, read } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';
import { refusedWith } from '../../helpers/refusals.js';

const CALL = 'domainRegister';
const REGISTERED = {
  success: true,
  call: CALL,
  server_time: SERVER_TIME,
  info: ['Domain with ID #8 synchronized.', 'Domain graceliu.io registered'],
};

t.test('domainRegister makes a Pending Registration domain Active for its period from today', async (t) => {
  const app = await build(t);
  const before = await domainDetails(t, app, '8');
  const body = await api(app, CALL, { id: '8' });
  infoAnswer(t, body, REGISTERED, 'the published answer: the sync line, then the registration');
  assertSuccess(t, body, CALL);

  t.strictSame(
    await domainDetails(t, app, '8'),
    {
      ...before,
      ...ACTIVE_FOR_A_YEAR,
    },
    'one year from today (period 1), invoiced 30 days before; the order date stays',
  );
  const listed = await read(t, app, 'getClientDomains', { id: '7' });
  t.match(listed.domains, [{ id: '8', status: 'Active', expires: '2027-11-20', next_due: '2027-11-20', date_created: '2026-11-18' }]);

  // Its order is still Pending: accepting it later leaves the registered domain as it is.
  assertSuccess(t, await api(app, 'setOrderActive', { id: '1018' }), 'setOrderActive');
  t.match(await domainDetails(t, app, '8'), { status: 'Active', expires: '2027-11-20', synch_date: '2026-11-20 12:00:00' });
});

t.test('domainRegister answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  t.strictSame(await sameEverywhereMutating(t, app, CALL, { id: '8' }), REGISTERED);
});

t.test('domainRegister refuses anything but a Pending Registration domain, naming its status, and changes nothing', async (t) => {
  const app = await build(t);
  const only = 'only a domain that is Pending Registration can be registered';
  await refusedWith(t, app, CALL, [
    [{}, 'Parameter id is required'],
    [{ id: 'abc' }, 'Parameter id must be a positive whole number id, such as 1'],
    [{ id: '0' }, 'Parameter id must be a positive whole number id, such as 1'],
    [{ id: '99' }, 'Domain 99 not found'],
    [{ id: '1' }, `Domain 1 (morgan-design.com) is Active: ${only}`],
    [{ id: '5' }, `Domain 5 (kowalski-foto.net) is Pending Transfer: ${only}`],
    [{ id: '7' }, `Domain 7 (nilsson-outdoor.com) is Expired: ${only}`],
  ]);
  assertSuccess(t, await api(app, CALL, { id: '8' }), CALL);
  await refusedWith(t, app, CALL, [[{ id: '8' }, `Domain 8 (graceliu.io) is Active: ${only}`]]);
});

t.test('a domain of a cancelled order is Cancelled and cannot be registered', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'setOrderCancel', { id: '1018' }), 'setOrderCancel');
  await refusedWith(t, app, CALL, [
    [{ id: '8' }, 'Domain 8 (graceliu.io) is Cancelled: only a domain that is Pending Registration can be registered'],
  ]);
});
