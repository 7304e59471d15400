// The whole flow a storefront and a client area run, read back at every step:
// sign-up -> order (service + domain, invoice) -> activation -> suspension ->
// unsuspension -> termination -> the client deleted with everything they had.
import t from 'tap';
import { api, assertError, assertSuccess, build, type Body } from '../helpers/app.js';

type Test = Parameters<typeof assertSuccess>[0];
const ok = (t: Test, body: Body, call: string) => assertSuccess(t, body, call) as Record<string, any>;

t.test('sign-up to deletion, every read checked on the way', async (t) => {
  const app = await build(t);
  const call = (name: string, params: Record<string, string> = {}) => api(app, name, params);

  // Sign-up.
  const signup = ok(
    t,
    await call('addClient', {
      email: 'rosa@flow.example',
      password: 'S3cret-pass',
      password2: 'S3cret-pass',
      firstname: 'Rosa',
      lastname: 'Flow',
      country: 'US',
      state: 'Texas',
      city: 'Austin',
    }),
    'addClient',
  );
  const clientId = signup.client_id as string;
  t.match(clientId, /^[0-9]+$/, 'client_id is a string id');
  const login = ok(t, await call('verifyClientLogin', { email: 'ROSA@flow.example', password: 'S3cret-pass' }), 'verifyClientLogin');
  t.strictSame(login, { client_id: clientId, mfa_status: 0 });

  // Order: a hosting plan and its domain, invoiced.
  const placed = ok(
    t,
    await call('addOrder', {
      client_id: clientId,
      product: '1',
      cycle: 'm',
      domain_name: 'rosaflow.com',
      domain_action: 'register',
      domain_sld: 'rosaflow',
      domain_tld: '.com',
      invoice_generate: '1',
      confirm: '1',
    }),
    'addOrder',
  );
  const orderId = placed.order_id as string;
  const details = ok(t, await call('getOrderDetails', { id: orderId }), 'getOrderDetails').details as Record<string, any>;
  t.equal(details.status, 'Pending');
  t.equal(details.client_id, clientId);
  t.equal(details.hosting.length, 1);
  t.equal(details.hosting[0].status, 'Pending');
  t.strictSame(
    details.domains.map((d: Record<string, string>) => [d.name, d.type, d.status, d.firstpayment]),
    [['rosaflow.com', 'Register', 'Pending Registration', '12.95']],
  );
  const serviceId = details.hosting[0].id as string;
  const domainId = details.domains[0].id as string;

  const invoice = ok(t, await call('getInvoiceDetails', { id: details.invoice_id }), 'getInvoiceDetails').invoice as Record<string, any>;
  t.equal(invoice.status, 'Unpaid');
  t.equal(invoice.client_id, clientId);
  t.equal(invoice.duedate, '2026-11-20', 'due today by the session clock');
  t.strictSame(
    invoice.items.map((i: Record<string, unknown>) => [i.type, i.item_id, i.amount, i.linetotal]),
    [
      ['Hosting', serviceId, '4.95', 4.95],
      ['Domain Register', domainId, '12.95', 12.95],
    ],
  );
  // A Texas client: 8.25% on both taxed lines, rounded once for the invoice.
  t.strictSame([invoice.subtotal, invoice.taxrate, invoice.tax, invoice.total], ['17.90', '8.25', '1.48', '19.38']);
  t.equal(details.invtotal, '19.38');

  // Activation runs the order's automation.
  t.strictSame(ok(t, await call('setOrderActive', { id: orderId }), 'setOrderActive'), {
    id: orderId,
    info: [`Order #${orderId} activated`],
  });
  const accounts = ok(t, await call('getClientAccounts', { id: clientId }), 'getClientAccounts').accounts as Record<string, string>[];
  t.strictSame(
    accounts.map((a) => [a.id, a.status]),
    [[serviceId, 'Active']],
  );
  const domain = ok(t, await call('getDomainDetails', { id: domainId }), 'getDomainDetails').details as Record<string, string>;
  t.strictSame([domain.status, domain.expires, domain.next_due], ['Active', '2027-11-20', '2027-11-20']);

  // The service's life: suspended, back, terminated; each read back.
  const status = async () =>
    (ok(t, await call('getAccountDetails', { id: serviceId }), 'getAccountDetails').details as Record<string, string>).status;
  ok(t, await call('accountSuspend', { id: serviceId }), 'accountSuspend');
  t.equal(await status(), 'Suspended');
  assertError(t, await call('accountSuspend', { id: serviceId }), 'accountSuspend', [
    `Account ${serviceId} is Suspended: only a service that is Active can become Suspended`,
  ]);
  ok(t, await call('accountUnsuspend', { id: serviceId }), 'accountUnsuspend');
  t.equal(await status(), 'Active');
  ok(t, await call('accountTerminate', { id: serviceId }), 'accountTerminate');
  t.equal(await status(), 'Terminated');

  // Deleting the client takes everything they had with them.
  const deleted = await call('deleteClient', { id: clientId });
  ok(t, deleted, 'deleteClient');
  const info = deleted.info as string[];
  t.ok(info.includes(`Invoice #${details.invoice_id} deleted`), 'info names the invoice');
  t.ok(info.includes(`Order #${orderId} deleted`), 'info names the order');
  t.equal((await call('getClientDetails', { id: clientId })).success, false);
  t.equal((await call('getOrderDetails', { id: orderId })).success, false);
  t.equal((await call('getInvoiceDetails', { id: details.invoice_id })).success, false);
  t.equal((await call('getAccountDetails', { id: serviceId })).success, false);
  t.equal((await call('getDomainDetails', { id: domainId })).success, false);
  t.equal((await call('getClientDetails', { id: '1' })).success, true, 'other clients stay');
});
