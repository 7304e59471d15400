import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { idRefusals, refusedWith } from '../../helpers/refusals.js';
import { emails } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';

const CALL = 'domainEPP';
const SENT = {
  success: true,
  EppCode: 'Auth Info / Epp code has been sent to registrant email',
  call: CALL,
  server_time: SERVER_TIME,
};

t.test('domainEPP e-mails the EPP code to the registrant and answers the published EppCode message', async (t) => {
  const app = await build(t);
  const before = await api(app, 'getDomainDetails', { id: '3' });
  const body = await api(app, CALL, { id: '3' });
  t.strictSame(body, SENT, 'the published answer');
  t.strictSame(Object.keys(body), ['success', 'EppCode', 'call', 'server_time'], 'EppCode before call, as published');
  assertSuccess(t, body, CALL);
  t.strictSame(await emails(app), [
    {
      id: '1',
      date: '2026-11-20 12:00:00',
      to: 'bruno.keller@keller-maschinenbau.de',
      subject: 'EPP Code for keller-maschinenbau.eu',
      template: 'Domain EPP Code',
      client_id: '2',
      related: { domain_id: '3' },
    },
  ]);
  t.strictSame(await api(app, 'getDomainDetails', { id: '3' }), before, 'the domain is unchanged, its epp_code too');
  t.strictSame(await api(app, CALL, { id: '3' }), SENT, 'asked again');
  t.equal((await emails(app)).length, 2, 'one message per request');
});

t.test('domainEPP answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  t.strictSame(await sameEverywhereMutating(t, app, CALL, { id: '1' }), SENT);
});

t.test('domainEPP refuses a domain that is not Active, naming its status, and sends nothing', async (t) => {
  const app = await build(t);
  const only = 'only a domain that is Active can be sent its EPP code';
  await refusedWith(t, app, CALL, [
    ...idRefusals('Domain', 'one'),
    [{ id: '5' }, `Domain 5 (kowalski-foto.net) is Pending Transfer: ${only}`],
    [{ id: '7' }, `Domain 7 (nilsson-outdoor.com) is Expired: ${only}`],
    [{ id: '8' }, `Domain 8 (graceliu.io) is Pending Registration: ${only}`],
  ]);
  t.strictSame(await emails(app), []);
});
