import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { infoAnswer } from '../../helpers/shapes.js';
import { idRefusals, refusedWith } from '../../helpers/refusals.js';
import { domainDetails, read } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';

const CALL = 'domainRenew';
const renewed = (id: string, name: string, years: string) => ({
  success: true,
  call: CALL,
  server_time: SERVER_TIME,
  info: [`Domain with ID #${id} synchronized.`, `Domain ${name} renewed for ${years} year/s`],
});

const invoices = (app: FastifyInstance) => JSON.stringify(app.billsim.sessions.get('default').world.snapshot().invoices);

t.test('domainRenew adds the period to the expiry and the next due date of an Active domain, and invoices nothing', async (t) => {
  const app = await build(t);
  const before = await domainDetails(t, app, '1');
  const unbilled = invoices(app);
  const body = await api(app, CALL, { id: '1' });
  infoAnswer(t, body, renewed('1', 'morgan-design.com', '1'), 'the published answer, "year/s" unescaped');
  assertSuccess(t, body, CALL);
  t.strictSame(await domainDetails(t, app, '1'), {
    ...before,
    expires: '2028-03-14',
    next_due: '2028-03-14',
    next_invoice: '2028-02-13',
    synch_date: '2026-11-20 12:00:00',
  });
  t.equal(invoices(app), unbilled, 'no invoice made or changed: the billing clock bills renewals');

  t.strictSame(await api(app, CALL, { id: '2' }), renewed('2', 'morgandesign.io', '2'), 'a two-year domain renews for 2 year/s');
  const listed = await read(t, app, 'getClientDomains', { id: '1' });
  t.match(listed.domains, [
    { id: '2', status: 'Active', expires: '2029-08-11', next_due: '2029-08-11' },
    { id: '1', status: 'Active', expires: '2028-03-14', next_due: '2028-03-14' },
  ]);
});

t.test('an Expired domain renews within the 30-day grace period of its TLD and is Active again', async (t) => {
  // nilsson-outdoor.com expired on 2026-10-02.
  const app = await build(t, { now: new Date('2026-10-20T12:00:00Z') });
  const before = await domainDetails(t, app, '7');
  t.match(await api(app, CALL, { id: '7' }), {
    success: true,
    info: ['Domain with ID #7 synchronized.', 'Domain nilsson-outdoor.com renewed for 1 year/s'],
  });
  t.strictSame(await domainDetails(t, app, '7'), {
    ...before,
    status: 'Active',
    expires: '2027-10-02',
    next_due: '2027-10-02',
    next_invoice: '2027-09-02',
    synch_date: '2026-10-20 12:00:00',
  });
});

t.test('the grace period ends 30 days after the expiry', async (t) => {
  const last = await build(t, { now: new Date('2026-11-01T23:59:59Z') });
  t.match(await api(last, CALL, { id: '7' }), { success: true }, 'on the 30th day');
  const after = await build(t, { now: new Date('2026-11-02T00:00:00Z') });
  const past =
    'Domain 7 (nilsson-outdoor.com) is Expired since 2026-10-02, past its 30-day grace period: ' +
    'only an Active domain, or an Expired one within 30 days of its expiry, can be renewed';
  await refusedWith(t, after, CALL, [[{ id: '7' }, past]]);
  const today = await build(t);
  await refusedWith(t, today, CALL, [[{ id: '7' }, past]]);
});

t.test('a renewal beyond ten years from today is refused by the registrar', async (t) => {
  const app = await build(t);
  // haddadtrading.com: 3 years, expiring 2028-11-05.
  for (const expires of ['2031-11-05', '2034-11-05']) {
    assertSuccess(t, await api(app, CALL, { id: '6' }), CALL);
    t.match(await domainDetails(t, app, '6'), { expires, next_due: expires });
  }
  await refusedWith(t, app, CALL, [
    [
      { id: '6' },
      'Registrar Enom refused the renewal of haddadtrading.com: it would expire on 2037-11-05, more than 10 years from today; domain 6 stays Active',
    ],
  ]);
});

t.test('domainRenew answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  t.strictSame(await sameEverywhereMutating(t, app, CALL, { id: '3' }), renewed('3', 'keller-maschinenbau.eu', '1'));
});

t.test('domainRenew refuses a domain that is not at the registrar, naming its status, and changes nothing', async (t) => {
  const app = await build(t);
  const only = 'only a domain that is Active or Expired can be renewed';
  await refusedWith(t, app, CALL, [
    ...idRefusals('Domain', '-1'),
    [{ id: '5' }, `Domain 5 (kowalski-foto.net) is Pending Transfer: ${only}`],
    [{ id: '8' }, `Domain 8 (graceliu.io) is Pending Registration: ${only}`],
  ]);
  assertSuccess(t, await api(app, 'domainDelete', { id: '4' }), 'domainDelete');
  await refusedWith(t, app, CALL, [[{ id: '4' }, `Domain 4 (evans-bakery.org) is Cancelled: ${only}`]]);
});
