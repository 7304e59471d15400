// A domain's life through the registrar calls, as a client area and the n8n
// HostBill node drive it: order a registration and a transfer, register,
// transfer, renew, send the EPP code, delete at the registrar, reading each
// state back through getDomainDetails and getClientDomains.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { CREDENTIALS, api, assertSuccess, build, type Body } from '../helpers/app.js';

type Test = Parameters<typeof assertSuccess>[0];
const ok = (t: Test, body: Body, call: string) => assertSuccess(t, body, call) as Record<string, any>;

/** A call as the n8n node sends it: GET, `id` in the query, a JSON content type and no body. */
async function n8n(t: Test, app: FastifyInstance, call: string, id: string): Promise<Body> {
  const query = new URLSearchParams({ call, ...CREDENTIALS, id });
  const response = await app.inject({ method: 'GET', url: `/admin/api.php?${query}`, headers: { 'content-type': 'application/json' } });
  t.equal(response.statusCode, 200);
  return response.json() as Body;
}

t.test('order, register, transfer, renew, EPP code and delete, read back at every step', async (t) => {
  const app = await build(t);
  const details = async (id: string) => ok(t, await api(app, 'getDomainDetails', { id }), 'getDomainDetails').details;
  const listed = async () =>
    (ok(t, await api(app, 'getClientDomains', { id: '4' }), 'getClientDomains').domains as Array<Record<string, string>>).map((d) => [
      d.id,
      d.name,
      d.type,
      d.status,
      d.expires,
      d.next_due,
    ]);
  const invoiceCount = async () => ok(t, await api(app, 'getClientInvoices', { id: '4' }), 'getClientInvoices').sorter.sorterrecords;

  // Two orders of client 4 (Daniel Kowalski): a two-year .com registration at Enom, a .eu transfer to ResellerClub.
  const registration = ok(
    t,
    await api(app, 'addOrder', {
      client_id: '4',
      domain_action: 'register',
      domain_sld: 'kowalski-studio',
      domain_tld: '.com',
      domain_period: '2',
      invoice_generate: '1',
    }),
    'addOrder',
  );
  const transfer = ok(
    t,
    await api(app, 'addOrder', {
      client_id: '4',
      domain_action: 'transfer',
      domain_sld: 'kowalski-foto',
      domain_tld: '.eu',
      domain_eppcode: 'EU-7781-xq',
      invoice_generate: '1',
    }),
    'addOrder',
  );
  const [registered] = ok(t, await api(app, 'getOrderDetails', { id: registration.order_id }), 'getOrderDetails').details.domains;
  const [moved] = ok(t, await api(app, 'getOrderDetails', { id: transfer.order_id }), 'getOrderDetails').details.domains;
  t.strictSame([registered.id, moved.id], ['11', '12']);
  t.match(await details('11'), { status: 'Pending Registration', period: '2', expires: '0000-00-00', reg_module: '1' });
  t.match(await details('12'), { status: 'Pending Transfer', type: 'Transfer', epp_code: 'EU-7781-xq', reg_module: '3' });
  const invoices = await invoiceCount();

  // Register: the published two lines, where the node reads them.
  t.strictSame((await n8n(t, app, 'domainRegister', '11')).info, [
    'Domain with ID #11 synchronized.',
    'Domain kowalski-studio.com registered',
  ]);
  t.match(await details('11'), { status: 'Active', expires: '2028-11-20', next_due: '2028-11-20', synch_date: '2026-11-20 12:00:00' });

  // Transfer: ResellerClub takes no days, so the domain is Active at once.
  t.strictSame((await n8n(t, app, 'domainTransfer', '12')).info, ['Domain kowalski-foto.eu transfer process began']);
  t.match(await details('12'), { status: 'Active', expires: '2027-11-20', next_due: '2027-11-20' });

  // Renew both, each for its own period; no invoice is made.
  t.strictSame((await n8n(t, app, 'domainRenew', '11')).info, [
    'Domain with ID #11 synchronized.',
    'Domain kowalski-studio.com renewed for 2 year/s',
  ]);
  t.strictSame((await n8n(t, app, 'domainRenew', '12')).info, [
    'Domain with ID #12 synchronized.',
    'Domain kowalski-foto.eu renewed for 1 year/s',
  ]);
  t.equal(await invoiceCount(), invoices, 'renewing at the registrar bills nothing');

  // The EPP code goes to the registrant by e-mail.
  const epp = await n8n(t, app, 'domainEPP', '12');
  t.equal(epp.EppCode, 'Auth Info / Epp code has been sent to registrant email');
  const outbox = (await app.inject({ url: '/__billsim/emails?to=daniel@kowalski-foto.net' })).json().emails;
  t.match(outbox[0], { subject: 'EPP Code for kowalski-foto.eu', template: 'Domain EPP Code', related: { domain_id: '12' } });

  // Delete at the registrar: the record stays, Cancelled.
  t.strictSame((await n8n(t, app, 'domainDelete', '12')).info, ['Domain kowalski-foto.eu deleted']);
  t.match(await details('12'), { status: 'Cancelled', expires: '2028-11-20' });
  t.match(await n8n(t, app, 'domainEPP', '12'), {
    success: false,
    error: ['Domain 12 (kowalski-foto.eu) is Cancelled: only a domain that is Active can be sent its EPP code'],
  });

  t.strictSame(await listed(), [
    ['12', 'kowalski-foto.eu', 'Transfer', 'Cancelled', '2028-11-20', '2028-11-20'],
    ['11', 'kowalski-studio.com', 'Register', 'Active', '2030-11-20', '2030-11-20'],
    ['5', 'kowalski-foto.net', 'Transfer', 'Pending Transfer', '0000-00-00', '2027-09-03'],
  ]);

  // The bundled .net transfer goes through Enom, which takes 5 days: it waits, Pending Transfer.
  t.strictSame((await n8n(t, app, 'domainTransfer', '5')).info, ['Domain kowalski-foto.net transfer process began']);
  t.match(await details('5'), { status: 'Pending Transfer', expires: '0000-00-00' });
});

t.test('a registrar outage is rehearsed with a fault: the error envelope, nothing changed, then the real answer', async (t) => {
  const app = await build(t);
  const error = 'Registrar Enom is unreachable: connection timed out after 30 seconds';
  const fault = await app.inject({ method: 'POST', url: '/__billsim/faults', payload: { call: 'domainRenew', error: [error], times: 1 } });
  t.equal(fault.statusCode, 201, fault.body);
  const before = ok(t, await api(app, 'getDomainDetails', { id: '1' }), 'getDomainDetails').details;
  t.match(await n8n(t, app, 'domainRenew', '1'), { success: false, error: [error] });
  t.strictSame(ok(t, await api(app, 'getDomainDetails', { id: '1' }), 'getDomainDetails').details, before, 'the domain did not move');
  t.strictSame((await n8n(t, app, 'domainRenew', '1')).info, [
    'Domain with ID #1 synchronized.',
    'Domain morgan-design.com renewed for 1 year/s',
  ]);
  t.equal(ok(t, await api(app, 'getDomainDetails', { id: '1' }), 'getDomainDetails').details.expires, '2028-03-14');
});
