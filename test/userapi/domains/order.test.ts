import t from 'tap';
import { api, build, storeJson } from '../../helpers/app.js';
import { domainDetails, invoiceDetails } from '../../helpers/reads.js';
import { ALICE, assertAnswer, assertRefused, door, login, TOM } from '../../helpers/door.js';
import { grant } from '../../helpers/services.js';

type Fields = Record<string, unknown>;

t.test('POST /domain/lookup answers "ok" for a free name and nothing for a taken one, as domainCheck decides', async (t) => {
  const app = await build(t);
  t.strictSame(assertAnswer(t, await door(app, 'POST', '/domain/lookup', { name: 'Fresh-Name-42.com' }), 'postDomainLookup'), {
    status: 'ok',
  });
  t.match(await api(app, 'domainCheck', { domain: 'fresh-name-42.com' }), { domain_available: 'yes' });
  t.strictSame(assertAnswer(t, await door(app, 'POST', '/domain/lookup', { name: 'morgan-design.com' }), 'postDomainLookup'), {});
  t.strictSame(assertAnswer(t, await door(app, 'POST', '/domain/lookup', { name: 'google.com' }, { via: 'form' }), 'postDomainLookup'), {});
  const before = storeJson(app);
  const bad = await door(app, 'POST', '/domain/lookup', { name: 'bad_name.com' });
  t.equal(bad.status, 200);
  t.match(bad.body.error, [/^Parameter name must be a full domain name/]);
  assertRefused(t, await door(app, 'POST', '/domain/lookup', { name: 'shop.zz' }), 200, [
    'Domain shop.zz is under .zz, a TLD not sold here: check a name under .com, .net, .org, .io, .eu',
  ]);
  assertRefused(t, await door(app, 'POST', '/domain/lookup', {}), 200, ['Parameter name is required']);
  t.equal(storeJson(app), before);
});

t.test('GET /whois/{domain} shows what the registry shows, nothing of the holder', async (t) => {
  const app = await build(t);
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/whois/morgan-design.com'), 'getWhoisDomain'), {
    whois: {
      domain: 'morgan-design.com',
      status: 'registered',
      registrar: 'Enom',
      created: '2025-03-14',
      expires: '2027-03-14',
      nameservers: ['ns1.lumenhost.net', 'ns2.lumenhost.net'],
    },
  });
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/whois/google.com'), 'getWhoisDomain'), {
    whois: { domain: 'google.com', status: 'registered' },
  });
  t.strictSame(assertAnswer(t, await door(app, 'GET', '/whois/fresh-name-42.io'), 'getWhoisDomain'), {
    whois: { domain: 'fresh-name-42.io', status: 'available' },
  });
  t.match((await door(app, 'GET', '/whois/nodot')).body.error, [/^Parameter domain must be a full domain name/]);
});

t.test("GET /domain/order lists the TLDs sold, in the caller's currency when logged in", async (t) => {
  const app = await build(t);
  const visitor = assertAnswer(t, await door(app, 'GET', '/domain/order'), 'getDomainOrder');
  t.equal(visitor.currency_id, '0');
  const tlds = visitor.tlds as { tld_id: string; tld: string; periods: Fields[] }[];
  t.strictSame(
    tlds.map((x) => [x.tld_id, x.tld]),
    [
      ['20', '.com'],
      ['21', '.net'],
      ['22', '.org'],
      ['23', '.io'],
      ['24', '.eu'],
    ],
  );
  t.strictSame(tlds[0].periods[0], { period: '1', register: '12.95', transfer: '12.95', renew: '14.95' });
  const product = (await api(app, 'getProductDetails', { id: '20' })).product as Fields;
  t.strictSame(tlds[0].periods, product.periods, 'the prices getProductDetails shows');
  const bruno = await login(app, 'bruno.keller@keller-maschinenbau.de');
  const euro = assertAnswer(t, await door(app, 'GET', '/domain/order', {}, { token: bruno }), 'getDomainOrder');
  t.equal(euro.currency_id, '1');
  t.strictSame((euro.tlds as typeof tlds)[0].periods[0], { period: '1', register: '11.93', transfer: '11.93', renew: '13.78' });
});

t.test('POST /domain/order places the order addOrder would: a Pending domain and its Unpaid invoice', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const input = {
    name: 'alice-new.com',
    years: '2',
    pay_method: '3',
    nameservers: ['ns1.example.net', 'ns2.example.net'],
    registrant: '10',
    aff_id: '2',
    data: { note: 'kept nowhere' },
  };
  const body = assertAnswer(t, await door(app, 'POST', '/domain/order', input, { token }), 'postDomainOrder');
  const { order_id, order_num, invoice_id } = body as Record<string, string>;
  t.strictSame(body, {
    order_num,
    order_id,
    invoice_id,
    total: '28.04',
    items: [{ id: '11', type: 'domain', name: 'alice-new.com' }],
    info: [`Order #${order_num} placed for alice-new.com: pay its invoice to register it`],
  });
  t.match(await domainDetails<Fields>(t, app, '11'), {
    client_id: '1',
    order_id,
    name: 'alice-new.com',
    status: 'Pending Registration',
    period: '2',
    payment_module: '3',
    nameservers: ['ns1.example.net', 'ns2.example.net', '', ''],
  });
  t.match(await invoiceDetails(t, app, invoice_id), { status: 'Unpaid', subtotal: '25.90', total: '28.04', client_id: '1' });
  t.match(await api(app, 'getOrderDetails', { id: order_id }), { details: { id: order_id, invoice_id } });
  t.match(await api(app, 'domainCheck', { domain: 'alice-new.com' }), { domain_available: 'no' }, 'the name is taken for domainCheck');
  const contacts = assertAnswer(t, await door(app, 'GET', '/domain/11/contact', {}, { token }), 'getDomainIdContact');
  t.match(contacts.contact_info, { registrant: { firstname: 'Tom', email: TOM }, admin: { email: ALICE } });
  const state = JSON.parse(storeJson(app)) as { affiliate_referrals: Fields[] };
  t.match(
    state.affiliate_referrals.find((r) => r.order_id === order_id),
    { affiliate_id: '2', status: 'Pending' },
    'aff_id names the referrer, as setOrderReferrer does',
  );
  const emails = JSON.stringify(await api(app, 'getClientEmails', { id: '1' }));
  t.match(emails, new RegExp(`Order Confirmation #${order_num}`));
  // A transfer of a name registered elsewhere, with its code.
  const transfer = await door(app, 'POST', '/domain/order', { name: 'google.com', action: 'transfer', epp: 'AUTH-1' }, { token });
  const moved = assertAnswer(t, transfer, 'postDomainOrder');
  t.match(await domainDetails<Fields>(t, app, (moved.items as Fields[])[0].id as string), {
    status: 'Pending Transfer',
    epp_code: 'AUTH-1',
  });
  // A label under tld_id.
  const labelled = assertAnswer(
    t,
    await door(app, 'POST', '/domain/order', { name: 'alice-label', tld_id: '23' }, { token }),
    'postDomainOrder',
  );
  t.match(labelled.items, [{ name: 'alice-label.io' }]);
});

t.test('a contact needs billing.orders to order a domain', async (t) => {
  const app = await build(t);
  const token = await login(app, TOM);
  const before = storeJson(app);
  assertRefused(t, await door(app, 'POST', '/domain/order', { name: 'tom-shop.com' }, { token }), 403, [
    'Contact 10 may not do this: it needs the privilege billing.orders (the client grants it with PUT /api/contact/10 or editContactPermissions)',
  ]);
  t.equal(storeJson(app), before);
  await grant(t, app, '10', ['billing.orders']);
  const body = assertAnswer(t, await door(app, 'POST', '/domain/order', { name: 'tom-shop.com' }, { token }), 'postDomainOrder');
  t.match(
    await domainDetails<Fields>(t, app, (body.items as Fields[])[0].id as string),
    { client_id: '1' },
    "the domain is the contact's client's",
  );
});

t.test('every problem of an order is named at once and nothing is written', async (t) => {
  const app = await build(t);
  const token = await login(app, ALICE);
  const before = storeJson(app);
  const input = { name: 'morgan-design.com', years: '7', pay_method: '99', registrant: '2', aff_id: '999' };
  assertRefused(t, await door(app, 'POST', '/domain/order', input, { token }), 200, [
    'TLD .com is not priced for a 7-year Register; it offers: 1, 2, 3, 4, 5',
    'Gateway 99 not found',
    'Parameter registrant: 2 is neither client 1 nor one of its contacts',
    'Affiliate 999 not found: give the id of an Active affiliate as aff_id',
  ]);
  const own = await door(app, 'POST', '/domain/order', { name: 'morgan-design.com', pay_method: '5', aff_id: '1' }, { token });
  t.equal(own.status, 200);
  t.match(own.body.error, [
    'Domain morgan-design.com is already held here (domain 1, Active)',
    'Gateway 5 (Mollie) is disabled: give an enabled payment gateway as pay_method',
    // The order is not placed, so the refusal names no order number.
    "Parameter aff_id: affiliate 1 is client 1's own account, and an affiliate cannot refer its own orders",
  ]);
  assertRefused(t, await door(app, 'POST', '/domain/order', { name: 'google.com' }, { token }), 200, [
    'Domain google.com is already registered elsewhere: order it with domain_action=transfer and its EPP code instead',
  ]);
  assertRefused(t, await door(app, 'POST', '/domain/order', { name: 'fresh-one.com', epp: 'X' }, { token }), 200, [
    'Parameter epp applies to a Transfer only: give action=Transfer or leave epp out',
  ]);
  const bad = await door(app, 'POST', '/domain/order', { years: '0', action: 'buy' }, { token });
  t.equal((bad.body.error as string[]).length, 3, JSON.stringify(bad.body.error));
  t.equal(storeJson(app), before);
});
