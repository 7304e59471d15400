import t from 'tap';
import { api, assertSuccess, build, sameEverywhere, SERVER_TIME } from '../../helpers/app.js';

const CALL = 'getTicketDepts';

const dept = (id: string, name: string, description: string, email: string, admins: string[], tickets: string) => ({
  id,
  name,
  description,
  email,
  visible: '1',
  assigned_admins: Object.fromEntries(admins.map((a) => [a, a])),
  tickets,
});

const BUNDLED = [
  dept('1', 'Billing', 'Invoices, payments, refunds and changes to billing details', 'billing@lumenhost.net', ['1', '2'], '2'),
  dept('2', 'Technical Support', 'Hosting, e-mail, DNS, SSL and server problems', 'support@lumenhost.net', ['1', '3'], '4'),
  dept('3', 'Sales', 'Questions before you buy: plans, upgrades, resellers and quotes', 'sales@lumenhost.net', ['1', '2'], '2'),
];

t.test('getTicketDepts lists every department in the published shape', async (t) => {
  const app = await build(t);
  const body = await sameEverywhere(t, app, CALL, {});
  assertSuccess(t, body, CALL);
  t.strictSame(body, { success: true, depts: BUNDLED, call: CALL, server_time: SERVER_TIME });
  t.strictSame(Object.keys(body), ['success', 'depts', 'call', 'server_time'], 'keys in the published order');
  t.strictSame(
    Object.keys((body.depts as object[])[0]),
    ['id', 'name', 'description', 'email', 'visible', 'assigned_admins', 'tickets'],
    'item keys in the published order',
  );
});

t.test("getTicketDepts counts a department's tickets as they are opened and deleted", async (t) => {
  const app = await build(t);
  const opened = await api(app, 'addTicket', { client_id: '2', dept_id: '3', subject: 'Quote', body: 'Two more servers?' });
  assertSuccess(t, opened, 'addTicket');
  assertSuccess(t, await api(app, 'addTicket', { client_id: '2', subject: 'Invoice copy', body: 'Please resend.' }), 'addTicket');
  const counted = assertSuccess(t, await api(app, CALL), CALL).depts as Array<{ tickets: string }>;
  t.strictSame(
    counted.map((d) => d.tickets),
    ['3', '4', '3'],
    'one more in Sales, one more in Billing (the first department, the default)',
  );

  assertSuccess(t, await api(app, 'deleteClient', { id: '2' }), 'deleteClient');
  const after = assertSuccess(t, await api(app, CALL), CALL).depts as Array<{ tickets: string }>;
  t.strictSame(
    after.map((d) => d.tickets),
    ['1', '4', '2'],
    "client 2's tickets (one bundled, two new) are gone with the client",
  );
});

t.test('getTicketDepts ignores parameters it does not take', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { id: '2', page: '1' });
  t.strictSame(assertSuccess(t, body, CALL), { depts: BUNDLED });
});
