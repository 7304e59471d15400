// The bundled world (fixtures/default) must load, hold enough of everything for
// demos and contract tests, and be coherent: references resolve and money adds up.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import type { Test } from 'tap';
import { COLLECTION_NAMES, loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import { centsToNumber, convertCents, formatCents, lineCents, percentOf, toCents } from '../../src/domain/money.js';
import { verifyPassword } from '../../src/domain/password.js';
import { accHash, ticketNumber } from '../../src/domain/tickets.js';
import type { Collections } from '../../src/generated/wire.js';
import { PRODUCT_TYPES, TLD_TYPE } from '../../src/domain/productTypes.js';

const data: Collections = loadFixtures(defaultFixturesDir);

const ZERO_DATETIME = '0000-00-00 00:00:00';
const CYCLE_CODES = ['m', 'q', 's', 'a', 'b', 't', 'p4', 'p5', 'd', 'w', 'h'] as const;
const CYCLE_NAMES: Record<string, string> = {
  Hourly: 'h',
  Daily: 'd',
  Weekly: 'w',
  Monthly: 'm',
  Quarterly: 'q',
  'Semi-Annually': 's',
  Annually: 'a',
  Biennially: 'b',
  Triennially: 't',
  Quadrennially: 'p4',
  Quinquennially: 'p5',
};

const ids = (rows: readonly { id: string }[]) => new Set(rows.map((r) => r.id));
const byId = <T extends { id: string }>(rows: readonly T[]) => new Map(rows.map((r) => [r.id, r]));
const prices = (row: object) => row as unknown as Record<string, string>;
const rateOf = (currencyId: string) => data.currencies.find((c) => c.id === currencyId)!.rate;
/** A main-currency amount expressed in another currency, as stored. */
const inCurrency = (amount: string, currencyId: string) => formatCents(convertCents(toCents(amount), '1.0000', rateOf(currencyId)));

const products = byId(data.products);
const tlds = data.products.filter((p) => p.paytype === 'DomainRegular');
const regular = data.products.filter((p) => p.paytype === 'Regular');
const clients = byId(data.clients);
const invoices = byId(data.invoices);
const orders = byId(data.orders);

/** Every row's field names an existing record (or is one of the allowed placeholder values). */
function references<T>(t: Test, rows: readonly T[], field: keyof T & string, target: Set<string>, label: string, allowed: string[] = []) {
  const broken = rows.filter((row) => {
    const value = String(row[field]);
    return !allowed.includes(value) && !target.has(value);
  });
  t.strictSame(broken, [], `every ${label}.${field} points to an existing record`);
}

t.test('the bundled fixtures load and validate', async (t) => {
  t.doesNotThrow(() => loadFixtures(defaultFixturesDir));
  for (const name of COLLECTION_NAMES) {
    t.ok(fs.existsSync(path.join(defaultFixturesDir, `${name}.json`)), `${name}.json exists`);
  }
});

t.test(
  'every collection has a record with id "1"; the outbox, the automation log, the stubs, the door\'s tokens and cancellations start empty',
  async (t) => {
    t.strictSame(data.emails, [], 'no e-mail has been sent in the bundled world');
    t.strictSame(data.automation_log, [], 'the automation has not run');
    t.strictSame(data.automation_state, [], 'so a session starts it from its own clock');
    // Order ids continue the numbering the bundled services and domains already carry (from 1001).
    t.equal(data.orders[0]?.id, '1001', 'orders start at 1001');
    t.strictSame(data.stubs, [], 'every call is simulated until a stub says otherwise');
    t.strictSame(data.userapi_keys, [], "a session makes its signing key on its first login at the customer's door");
    t.strictSame(data.userapi_tokens, [], "nobody has logged in at the customer's door");
    t.strictSame(data.cancellations, [], 'no service has been asked to cancel');
    const empty = ['emails', 'orders', 'automation_log', 'automation_state', 'stubs', 'userapi_keys', 'userapi_tokens', 'cancellations'];
    for (const name of COLLECTION_NAMES.filter((n) => !empty.includes(n))) {
      const rows = data[name] as { id: string }[];
      t.ok(
        rows.some((r) => r.id === '1'),
        `${name} has id "1"`,
      );
    }
  },
);

t.test('the main currency is USD with rate 1.0000', async (t) => {
  const main = data.currencies.find((c) => c.id === '0');
  t.equal(main?.code, 'USD');
  t.equal(main?.rate, '1.0000');
});

t.test('clients, contacts and cards', async (t) => {
  const main = data.clients.filter((c) => c.parent_id === '0');
  const contacts = data.clients.filter((c) => c.parent_id !== '0');
  t.ok(main.length >= 8, `at least 8 main clients (${main.length})`);
  t.ok(contacts.length >= 2, `at least 2 contacts (${contacts.length})`);
  for (const c of main) t.equal(c.privileges, null, `client ${c.id} has no privileges`);
  for (const c of contacts) {
    t.equal(clients.get(c.parent_id)?.parent_id, '0', `contact ${c.id} belongs to a main client`);
    t.type(c.privileges, 'object', `contact ${c.id} has privileges`);
    t.not(c.privileges, null);
  }
  for (const c of data.clients) t.equal(c.client_id, c.id, `client ${c.id}: client_id equals id`);
  references(t, data.clients, 'currency_id', ids(data.currencies), 'clients');

  t.ok(data.client_cards.length >= 2, 'at least 2 cards on file');
  const first = data.client_cards.find((c) => c.id === '1')!;
  t.match(first, { client_id: '1', cardnum: '4111111111111111', lastfour: '1111', token: '' });
  t.equal(clients.get('1')!.cardnum, '************1111', 'client 1 shows its card masked');
  references(t, data.client_cards, 'client_id', ids(data.clients), 'client_cards');
  references(t, data.client_cards, 'gateway_id', ids(data.gateways), 'client_cards');
  // A client may keep several cards; the primary one (lowest id) is the one cardnum shows.
  const primary = new Map<string, (typeof data.client_cards)[number]>();
  for (const card of [...data.client_cards].sort((a, b) => Number(b.id) - Number(a.id))) primary.set(card.client_id, card);
  for (const c of data.clients) {
    const card = primary.get(c.id);
    t.equal(c.cardnum, card ? `${'*'.repeat(12)}${card.lastfour}` : '', `client ${c.id} cardnum matches its primary card`);
  }
  for (const card of data.client_cards) {
    if (card.cardnum) t.equal(card.cardnum.slice(-4), card.lastfour, `card ${card.id}: lastfour matches the number`);
  }
  t.strictSame(
    data.client_cards.filter((c) => c.client_id === '7').map((c) => [c.id, c.lastfour, c.expdate]),
    [
      ['3', '4242', '1230'],
      ['4', '9995', '1230'],
      ['5', '0069', '1230'],
      ['6', '0119', '1230'],
      ['7', '1881', '1026'],
    ],
    'client 7 keeps the test cards: a working primary Visa, three that decline and one past its expiry',
  );
});

t.test('gateways, registrars and admins', async (t) => {
  t.ok(data.gateways.length >= 5, 'about 5 payment gateways');
  t.ok(data.gateways.some((g) => g.enabled === '1'));
  t.ok(data.registrars.length >= 2 && data.registrars.length <= 3, '2-3 registrars');
  t.equal(data.admins.length, 3);
  const admin = data.admins.find((a) => a.id === '1')!;
  t.equal(admin.username, 'admin');
  t.ok(verifyPassword('billsim-admin', admin.password), 'admin signs in with billsim-admin');
  t.notOk(verifyPassword('wrong', admin.password));
  const others: Record<string, string> = { mkovacs: 'billing-desk-2026', jpatel: 'support-desk-2026' };
  for (const a of data.admins.filter((x) => x.id !== '1')) t.ok(verifyPassword(others[a.username], a.password), `${a.username} signs in`);
});

function checkTotals(t: Test, doc: Collections['invoices'][number] | Collections['estimates'][number], label: string) {
  let subtotal = 0;
  let taxed = 0;
  for (const item of doc.items) {
    const cents = lineCents(item.amount, item.qty);
    t.equal(item.linetotal, centsToNumber(cents), `${label} item ${item.id}: linetotal = amount x qty`);
    subtotal += cents;
    if (item.taxed === '1') taxed += cents;
  }
  const tax = percentOf(taxed, doc.taxrate);
  const tax2 = percentOf(taxed, doc.taxrate2);
  t.equal(doc.subtotal, formatCents(subtotal), `${label}: subtotal`);
  t.equal(doc.tax, formatCents(tax), `${label}: tax`);
  t.equal(doc.tax2, formatCents(tax2), `${label}: tax2`);
  t.equal(doc.total, formatCents(subtotal + tax + tax2 - toCents(doc.credit)), `${label}: total`);
  t.equal(doc.rate, rateOf(doc.currency_id), `${label}: rate is its currency's rate`);
  t.equal(doc.currency_id, clients.get(doc.client_id)?.currency_id, `${label}: in its client's currency`);
}

t.test('invoices', async (t) => {
  t.equal(data.invoices.length, 12);
  const first = invoices.get('1')!;
  t.equal(first.client_id, '1');
  t.equal(first.items.length, 2);
  for (const status of ['Paid', 'Unpaid', 'Cancelled', 'Refunded']) {
    t.ok(
      data.invoices.some((i) => i.status === status),
      `some invoice is ${status}`,
    );
  }
  t.ok(
    data.invoices.some((i) => i.currency_id !== '0'),
    'some invoices are in other currencies',
  );
  t.ok(new Set(data.invoices.map((i) => i.payment_module)).size >= 3, 'several gateways are used');
  for (const inv of data.invoices) {
    checkTotals(t, inv, `invoice ${inv.id}`);
    for (const item of inv.items) t.equal(item.invoice_id, inv.id);
    if (inv.status === 'Unpaid' || inv.status === 'Cancelled') {
      t.equal(inv.datepaid, ZERO_DATETIME, `invoice ${inv.id}: never paid`);
      t.equal(inv.paid_id, '', `invoice ${inv.id}: no paid number`);
    }
    if (inv.status === 'Paid') t.not(inv.datepaid, ZERO_DATETIME, `invoice ${inv.id}: has a payment date`);
  }
  references(t, data.invoices, 'client_id', ids(data.clients), 'invoices');
  references(t, data.invoices, 'payment_module', ids(data.gateways), 'invoices');
  references(t, data.invoices, 'currency_id', ids(data.currencies), 'invoices');
});

t.test('transactions', async (t) => {
  t.equal(data.transactions.length, 20);
  references(t, data.transactions, 'invoice_id', ids(data.invoices), 'transactions');
  references(t, data.transactions, 'client_id', ids(data.clients), 'transactions');
  references(t, data.transactions, 'payment_module', ids(data.gateways), 'transactions');
  references(t, data.transactions, 'currency_id', ids(data.currencies), 'transactions');
  for (const tx of data.transactions) {
    const inv = invoices.get(tx.invoice_id)!;
    t.equal(tx.client_id, inv.client_id, `transaction ${tx.id}: the invoice's client`);
    t.equal(tx.payment_module, inv.payment_module, `transaction ${tx.id}: the invoice's gateway`);
    t.equal(tx.currency_id, inv.currency_id, `transaction ${tx.id}: the invoice's currency`);
  }
  t.ok(
    data.transactions.some((tx) => tx.invoice_id === '1'),
    'invoice 1 has a transaction',
  );
  for (const inv of data.invoices) {
    const own = data.transactions.filter((tx) => tx.invoice_id === inv.id);
    const paidIn = own.reduce((sum, tx) => sum + toCents(tx.in), 0);
    const paidOut = own.reduce((sum, tx) => sum + toCents(tx.out), 0);
    const total = toCents(inv.total);
    if (inv.status === 'Paid') t.equal(paidIn - paidOut, total, `invoice ${inv.id}: transactions sum to the total`);
    if (inv.status === 'Refunded') t.ok(paidIn === total && paidOut === total, `invoice ${inv.id}: paid and refunded in full`);
    if (inv.status === 'Unpaid') t.ok(paidIn - paidOut < total, `invoice ${inv.id}: not fully paid`);
    if (inv.status === 'Cancelled') t.equal(own.length, 0, `invoice ${inv.id}: no payments`);
  }
});

t.test('estimates', async (t) => {
  t.equal(data.estimates.length, 4);
  for (const status of ['Draft', 'Sent', 'Accepted', 'Dead']) {
    t.ok(
      data.estimates.some((e) => e.status === status),
      `some estimate is ${status}`,
    );
  }
  for (const est of data.estimates) {
    t.ok(est.items.length > 0, `estimate ${est.id} has lines`);
    checkTotals(t, est, `estimate ${est.id}`);
    for (const item of est.items) t.equal(item.estimate_id, est.id);
  }
  references(t, data.estimates, 'client_id', ids(data.clients), 'estimates');
  references(t, data.estimates, 'currency_id', ids(data.currencies), 'estimates');
});

t.test("products and order pages name their type by getProductTypes' ids", async (t) => {
  const types = new Map<string, { type: string; lptype: string }>([...PRODUCT_TYPES, TLD_TYPE].map((row) => [row.id, row]));
  for (const p of data.products) {
    if (p.paytype === 'DomainRegular') t.equal(p.type, TLD_TYPE.id, `TLD ${p.name} has the TLD type`);
    else
      t.ok(
        PRODUCT_TYPES.some((row) => row.id === p.type),
        `product ${p.id}: type ${p.type} is listed`,
      );
  }
  for (const page of data.order_pages) {
    t.equal(types.get(page.ptype_id)?.type, page.ptype, `order page ${page.id}: ptype ${page.ptype} is the name of type ${page.ptype_id}`);
  }
});

t.test('order pages and products', async (t) => {
  const pages = byId(data.order_pages);
  const top = data.order_pages.filter((p) => p.parent_id === '0');
  t.equal(top.length, 6, '6 top-level order pages');
  for (const page of data.order_pages)
    t.equal(page.lptype, page.ptype.toLowerCase(), `order page ${page.id}: lptype is the lower-cased ptype`);
  for (const sub of data.order_pages.filter((p) => p.parent_id !== '0')) {
    t.equal(pages.get(sub.parent_id)?.parent_id, '0', `sub-page ${sub.id} sits under a top-level page`);
  }
  t.ok(data.order_pages.filter((p) => p.parent_id === '1').length >= 2, 'order page 1 has at least 2 sub-pages');
  t.ok(data.products.filter((p) => p.category_id === '1').length >= 3, 'order page 1 holds at least 3 products');
  references(t, data.products, 'category_id', ids(data.order_pages), 'products');
  const usedPages = new Set(data.products.map((p) => p.category_id));
  t.ok(
    [...usedPages].some((id) => pages.get(id)!.parent_id !== '0'),
    'some products sit on sub-pages',
  );

  t.ok(regular.length >= 15, `at least 15 regular products (${regular.length})`);
  for (const p of regular) {
    const offered = CYCLE_CODES.filter((c) => prices(p)[c] !== '0.00');
    t.ok(offered.length >= 1, `product ${p.id} is offered on some cycle`);
    for (const c of CYCLE_CODES) {
      if (prices(p)[c] === '0.00') t.equal(prices(p)[`${c}_setup`], '0.00', `product ${p.id}: no setup fee on unoffered cycle ${c}`);
    }
    t.equal(p.periods, undefined, `product ${p.id} has no TLD periods`);
  }
  t.ok(regular.filter((p) => CYCLE_CODES.filter((c) => prices(p)[c] !== '0.00').length >= 3).length >= 5, 'several products on 3+ cycles');
  t.ok(
    regular.some((p) => CYCLE_CODES.some((c) => prices(p)[`${c}_setup`] !== '0.00')),
    'some products have setup fees',
  );
  const free = data.products.filter((p) => p.paytype === 'Free');
  t.ok(free.length >= 1, 'a Free product');
  for (const p of free)
    t.ok(
      CYCLE_CODES.every((c) => prices(p)[c] === '0.00'),
      `free product ${p.id} costs nothing`,
    );
  const once = data.products.filter((p) => p.paytype === 'Once');
  t.ok(once.length >= 1 && once.every((p) => p.m !== '0.00'), 'a Once product priced in m');
  for (const p of data.products.filter((x) => x.upgrades !== '')) {
    for (const id of p.upgrades.split(',')) t.equal(products.get(id)?.paytype, 'Regular', `product ${p.id} upgrades to product ${id}`);
  }

  t.strictSame(
    ['.com', '.net', '.org', '.io'].filter((n) => !tlds.some((p) => p.name === n)),
    [],
    'TLDs .com .net .org .io exist',
  );
  const domainPage = pages.get(tlds[0].category_id)!;
  t.equal(domainPage.parent_id, '0');
  t.match(domainPage.ptype, /domain/i, 'TLDs sit on the Domains order page');
  for (const p of tlds) {
    t.equal(p.category_id, domainPage.id, `TLD ${p.name} on the Domains page`);
    t.ok(
      CYCLE_CODES.every((c) => prices(p)[c] === '0.00' && prices(p)[`${c}_setup`] === '0.00'),
      `TLD ${p.name} has no cycle prices`,
    );
    t.ok(p.periods && p.periods.length >= 1, `TLD ${p.name} has periods`);
    t.strictSame(
      p.periods!.map((x) => x.period),
      p.periods!.map((_, i) => String(i + 1)),
      `TLD ${p.name} periods count from 1`,
    );
    references(t, [p], 'module', ids(data.registrars), 'TLD products');
  }
});

t.test('accounts and addons', async (t) => {
  t.ok(data.accounts.length >= 10, 'at least 10 accounts');
  t.ok(new Set(data.accounts.map((a) => a.client_id)).size >= 5, 'accounts of at least 5 clients');
  t.ok(new Set(data.accounts.map((a) => a.status)).size >= 3, 'accounts in several statuses');
  references(t, data.accounts, 'client_id', ids(data.clients), 'accounts');
  references(t, data.accounts, 'product_id', ids(regular), 'accounts');
  references(t, data.accounts, 'payment_module', ids(data.gateways), 'accounts');
  references(t, data.accounts, 'currency_id', ids(data.currencies), 'accounts');
  for (const a of data.accounts) {
    const price = prices(products.get(a.product_id)!)[CYCLE_NAMES[a.billingcycle]];
    t.not(price, '0.00', `account ${a.id}: its product is priced ${a.billingcycle}`);
    t.equal(a.total, inCurrency(price, a.currency_id), `account ${a.id}: total is the ${a.billingcycle} price`);
    t.equal(a.currency_id, clients.get(a.client_id)?.currency_id, `account ${a.id}: in its client's currency`);
  }

  t.ok(data.addons.length >= 5, 'at least 5 addons');
  const regularAddons = data.addons.filter((a) => a.paytype === 'Regular');
  t.ok(
    regularAddons.some((a) => CYCLE_CODES.filter((c) => prices(a)[c] !== '0.00').length >= 2),
    'addons priced on several cycles',
  );
  t.ok(
    data.addons.some((a) => a.paytype === 'Once' && a.m !== '0.00'),
    'a one-time addon priced in m',
  );
  t.ok(
    data.addons.some((a) => a.paytype === 'Free'),
    'a free addon',
  );
  for (const a of data.addons.filter((x) => x.products !== '')) {
    for (const id of a.products.split(',')) t.ok(products.has(id), `addon ${a.id} applies to existing product ${id}`);
  }

  t.ok(data.account_addons.length >= 3, '3-4 addons attached to accounts');
  references(t, data.account_addons, 'account_id', ids(data.accounts), 'account_addons');
  references(t, data.account_addons, 'addon_id', ids(data.addons), 'account_addons');
  references(t, data.account_addons, 'payment_module', ids(data.gateways), 'account_addons');
  const addons = byId(data.addons);
  const accounts = byId(data.accounts);
  for (const aa of data.account_addons) {
    const addon = addons.get(aa.addon_id)!;
    const currency = accounts.get(aa.account_id)!.currency_id;
    const code = CYCLE_NAMES[aa.billingcycle];
    t.equal(aa.name, addon.name, `account addon ${aa.id}: the addon's name`);
    t.equal(aa.recurring_amount, inCurrency(prices(addon)[code], currency), `account addon ${aa.id}: the ${aa.billingcycle} price`);
  }
});

t.test('app groups, servers, and the servers products and services run on', async (t) => {
  t.ok(data.app_groups.length >= 3, 'at least 3 app groups');
  references(t, data.servers, 'group_id', ids(data.app_groups), 'servers');
  const groups = byId(data.app_groups);
  const servers = byId(data.servers);
  for (const group of data.app_groups) {
    const own = data.servers.filter((s) => s.group_id === group.id);
    if (own.length > 0) t.equal(own.filter((s) => s.default === '1').length, 1, `app group ${group.id} has one default server`);
  }
  for (const server of data.servers) {
    t.match(server.password, /^fake-/, `server ${server.id}: its password is marked fake`);
    t.ok(server.hash === '' || server.hash.startsWith('fake-'), `server ${server.id}: its hash is marked fake`);
  }
  for (const p of data.products) {
    for (const id of p.server) {
      t.equal(groups.get(servers.get(id)?.group_id ?? '')?.module, p.module, `product ${p.id} provisions on server ${id} of its module`);
    }
  }
  t.ok(
    data.products.some((p) => p.server.length > 1),
    'a product on several servers',
  );
  for (const a of data.accounts) {
    const product = products.get(a.product_id)!;
    if (a.server_id === '0') {
      t.strictSame([a.ip, a.additional_ip], ['', []], `account ${a.id} on no server holds no address`);
      continue;
    }
    const server = servers.get(a.server_id)!;
    t.ok(product.server.includes(a.server_id), `account ${a.id} runs on a server of its product`);
    t.equal(a.mod, groups.get(server.group_id)?.modulename, `account ${a.id}: mod is its server's module`);
    const own = [server.ip1, server.ip2, server.ip3, server.ip4];
    t.ok(a.ip === server.ip || own.includes(a.ip), `account ${a.id}: its server's shared address or one of the server's own`);
  }
  const shared = data.accounts.filter((a) => a.ip !== '' && data.accounts.filter((b) => b.ip === a.ip).length > 1);
  t.ok(shared.length >= 2, 'services sharing an address');
  t.ok(
    data.accounts.some((a) => a.additional_ip.some((ip) => ip.includes(':'))),
    'an additional IPv6 address',
  );
});

t.test('domains', async (t) => {
  t.ok(data.domains.length >= 6, 'at least 6 domains');
  t.ok(new Set(data.domains.map((d) => d.client_id)).size >= 4, 'domains of at least 4 clients');
  references(t, data.domains, 'client_id', ids(data.clients), 'domains');
  references(t, data.domains, 'tld_id', ids(tlds), 'domains');
  references(t, data.domains, 'reg_module', ids(data.registrars), 'domains');
  references(t, data.domains, 'payment_module', ids(data.gateways), 'domains');
  references(t, data.domains, 'currency_id', ids(data.currencies), 'domains');
  for (const d of data.domains) {
    const tld = products.get(d.tld_id)!;
    t.ok(d.name.endsWith(tld.name), `domain ${d.name} ends in ${tld.name}`);
    t.equal(d.nameservers.length, 4);
    const period = tld.periods!.find((p) => p.period === d.period);
    t.ok(period, `domain ${d.id}: its TLD offers ${d.period} year(s)`);
    t.equal(d.recurring_amount, inCurrency(period!.renew, d.currency_id), `domain ${d.id}: recurring amount is the renew price`);
    t.equal(d.currency_id, clients.get(d.client_id)?.currency_id, `domain ${d.id}: in its client's currency`);
    t.equal(orders.get(d.order_id)?.client_id, d.client_id, `domain ${d.id}: its order is its client's`);
    if (d.transfer_lock === '1') t.equal(d.status, 'Pending Transfer', `domain ${d.id}: only a name still to transfer is locked elsewhere`);
    if (d.transfer_started) t.equal(d.type, 'Transfer', `domain ${d.id}: only a transfer has a transfer start`);
  }

  // One bundled Pending Transfer domain for each thing domainTransfer does.
  const registrars = byId(data.registrars);
  const transfers = data.domains.filter((d) => d.status === 'Pending Transfer' && !d.transfer_started);
  const registrarOf = (d: (typeof transfers)[number]) => registrars.get(d.reg_module)!;
  t.ok(
    transfers.some((d) => registrarOf(d).transfer_days !== '0' && d.transfer_lock !== '1'),
    'one waits for its registrar transfer days',
  );
  t.ok(
    transfers.some((d) => registrarOf(d).transfer_days === '0' && d.transfer_lock !== '1'),
    'one completes at once',
  );
  t.ok(
    transfers.some((d) => registrarOf(d).refuses_locked_transfers === '1' && d.transfer_lock === '1'),
    'one is refused: locked at the losing registrar',
  );
});

t.test('names registered elsewhere', async (t) => {
  const names = data.registry_names.map((r) => r.name);
  t.ok(names.length >= 8, 'a handful of names taken elsewhere');
  t.equal(new Set(names).size, names.length, 'each name once');
  for (const name of ['google.com', 'example.com', 'hostbillapp.com']) t.ok(names.includes(name), `${name} is taken`);
  const held = new Set(data.domains.map((d) => d.name));
  for (const name of names) {
    t.ok(
      tlds.some((tld) => name.endsWith(tld.name) && !name.slice(0, -tld.name.length).includes('.')),
      `${name}: one label under a TLD the world sells, so domainCheck can reach it`,
    );
    t.notOk(held.has(name), `${name} is not also a domain held here`);
  }
});

t.test('news, predefined replies and order drafts', async (t) => {
  t.equal(data.news.length, 5);
  t.ok(data.news.some((n) => n.enable === '0') && data.news.some((n) => n.enable === '1'), 'some news hidden, some shown');
  for (const n of data.news) t.ok(n.content.split(/\r?\n\r?\n/).length >= 2, `news ${n.id} has several paragraphs`);

  const categories = byId(data.reply_categories);
  t.ok(data.reply_categories.filter((c) => c.parent_cat === '0').length >= 3, 'at least 3 top-level reply categories');
  const subs = data.reply_categories.filter((c) => c.parent_cat !== '0');
  t.ok(subs.length >= 2, 'at least 2 sub-categories');
  for (const c of subs) t.ok(categories.has(c.parent_cat), `category ${c.id} has an existing parent`);
  t.ok(data.predefined_replies.length >= 8, 'at least 8 predefined replies');
  references(t, data.predefined_replies, 'category_id', ids(data.reply_categories), 'predefined_replies');
  t.ok(new Set(data.predefined_replies.map((r) => r.category_id)).size >= 4, 'replies spread over the categories');

  t.equal(data.order_drafts.length, 3);
  const first = data.order_drafts.find((d) => d.id === '1')!;
  t.ok(first.services.length >= 1 && first.domains.length >= 1, 'draft 1 holds a service and a domain');
  references(t, data.order_drafts, 'client_id', ids(data.clients), 'order_drafts');
  references(t, data.order_drafts, 'module', ids(data.gateways), 'order_drafts', ['0']);
  references(t, data.order_drafts, 'estimate_id', ids(data.estimates), 'order_drafts', ['0']);
  references(t, data.order_drafts, 'staff_member_id', ids(data.admins), 'order_drafts', ['0']);
  for (const draft of data.order_drafts) {
    for (const s of draft.services) {
      const p = products.get(s.product_id);
      t.ok(p && p.paytype !== 'DomainRegular', `draft ${draft.id} service ${s.service_id}: a product`);
      if (p?.paytype === 'Regular') t.not(prices(p)[s.cycle], '0.00', `draft ${draft.id} service ${s.service_id}: priced on ${s.cycle}`);
    }
    references(t, draft.domains, 'tld_id', ids(tlds), `order_drafts[${draft.id}].domains`);
  }
});

t.test('the knowledge base: a category tree, tagged articles, something hidden', async (t) => {
  const categories = data.kb_categories;
  t.ok(categories.filter((c) => c.parent_cat === '0' && c.visible === '1').length >= 4, 'at least 4 shown main categories');
  t.ok(
    categories.some((c) => c.parent_cat !== '0'),
    'some sub-categories',
  );
  t.ok(
    categories.some((c) => c.visible === '0'),
    'a hidden category',
  );
  references(t, categories, 'parent_cat', ids(categories), 'kb_categories', ['0']);
  const articles = data.kb_articles;
  t.ok(articles.length >= 12, 'a dozen articles');
  references(t, articles, 'cat_id', ids(categories), 'kb_articles');
  t.ok(
    articles.some((a) => a.registered === '1'),
    'an article for signed-in clients only',
  );
  const tagNames = new Map<string, string>();
  for (const a of articles) {
    t.ok(Object.keys(a.tags).length > 0, `article ${a.id} is tagged`);
    t.equal(
      a.slug,
      a.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
      `article ${a.id}: its slug is its title's`,
    );
    for (const [id, name] of Object.entries(a.tags)) {
      t.equal(tagNames.get(id) ?? name, name, `tag ${id} has one name`);
      tagNames.set(id, name);
    }
  }
  t.equal(new Set(tagNames.values()).size, tagNames.size, 'one tag name has one id');
});

t.test('support departments, tickets, replies and notes', async (t) => {
  t.strictSame(
    data.ticket_depts.map((d) => d.name),
    ['Billing', 'Technical Support', 'Sales'],
  );
  for (const dept of data.ticket_depts) {
    t.match(dept.email, /@lumenhost\.net$/, `department ${dept.id} mails from lumenhost.net`);
    const admins = Object.entries(dept.assigned_admins);
    t.ok(admins.length >= 1, `department ${dept.id} has staff assigned`);
    for (const [key, value] of admins) t.equal(key, value, `department ${dept.id}: assigned admin ${key} keyed by itself`);
    references(
      t,
      admins.map(([id]) => ({ id })),
      'id',
      ids(data.admins),
      `ticket_depts[${dept.id}].assigned_admins`,
    );
  }

  t.ok(data.tickets.length >= 8, `about 8 tickets (${data.tickets.length})`);
  for (const status of ['Open', 'Answered', 'Client-Reply', 'In-Progress', 'Closed']) {
    t.ok(
      data.tickets.some((ticket) => ticket.status === status),
      `some ticket is ${status}`,
    );
  }
  t.ok(
    data.tickets.some((ticket) => ticket.client_id === '0'),
    "a guest's ticket",
  );
  t.ok(
    data.tickets.some((ticket) => ticket.type === 'Admin'),
    'a ticket staff opened',
  );
  references(t, data.tickets, 'dept_id', ids(data.ticket_depts), 'tickets');
  references(t, data.tickets, 'client_id', ids(data.clients), 'tickets', ['0']);
  references(t, data.tickets, 'owner_id', ids(data.admins), 'tickets', ['0']);
  references(t, data.ticket_replies, 'ticket_id', ids(data.tickets), 'ticket_replies');
  references(t, data.ticket_notes, 'ticket_id', ids(data.tickets), 'ticket_notes');
  references(t, data.ticket_notes, 'admin_id', ids(data.admins), 'ticket_notes');
  t.ok(data.ticket_notes.length >= 2, 'a couple of notes');
  const tickets = byId(data.tickets);
  for (const ticket of data.tickets) {
    t.equal(ticket.ticket_number, ticketNumber(ticket.id), `ticket ${ticket.id}: its number follows from its id`);
    t.equal(ticket.acc_hash, accHash(ticket.id), `ticket ${ticket.id}: its key follows from its id`);
    t.ok(ticket.date < '2026-11-20 12:00:00', `ticket ${ticket.id} was opened before the bundled clock`);
    const client = clients.get(ticket.client_id);
    if (client) {
      t.equal(client.parent_id, '0', `ticket ${ticket.id} belongs to a main client`);
      t.equal(ticket.name, `${client.firstname} ${client.lastname}`, `ticket ${ticket.id}: the client's name`);
      t.equal(ticket.email, client.email, `ticket ${ticket.id}: the client's e-mail`);
    }
    const replies = data.ticket_replies.filter((r) => r.ticket_id === ticket.id);
    const last = replies.reduce((latest, r) => (r.date > latest ? r.date : latest), ticket.date);
    t.equal(ticket.lastreply, last, `ticket ${ticket.id}: lastreply is its latest reply's date`);
    for (const reply of replies) {
      t.ok(reply.date > ticket.date, `reply ${reply.id} comes after its ticket was opened`);
      const author = reply.type === 'Admin' ? data.admins.find((a) => a.id === reply.replier_id) : clients.get(reply.replier_id);
      t.ok(author, `reply ${reply.id}: its ${reply.type} author exists`);
      t.equal(reply.email, author?.email, `reply ${reply.id}: the author's e-mail`);
      if (reply.type === 'Client') t.equal(reply.replier_id, ticket.client_id, `reply ${reply.id}: the ticket's client`);
    }
  }
  for (const note of data.ticket_notes) t.ok(note.date > tickets.get(note.ticket_id)!.date, `note ${note.id} comes after its ticket`);
});

t.test('affiliates and the orders they referred', async (t) => {
  const affiliates = byId(data.affiliates);
  references(t, data.affiliates, 'client_id', ids(data.clients), 'affiliates');
  references(t, data.affiliates, 'currency_id', ids(data.currencies), 'affiliates');
  references(t, data.affiliate_referrals, 'affiliate_id', ids(data.affiliates), 'affiliate_referrals');
  references(t, data.affiliate_referrals, 'order_id', ids(data.orders), 'affiliate_referrals');
  const owners = data.affiliates.map((a) => a.client_id);
  t.equal(new Set(owners).size, owners.length, 'a client has one affiliate account at most');
  for (const id of owners) t.equal(clients.get(id)?.parent_id, '0', `affiliate client ${id} is a main client`);
  const referred = data.affiliate_referrals.map((r) => r.order_id);
  t.equal(new Set(referred).size, referred.length, 'an order has one referrer at most');

  for (const referral of data.affiliate_referrals) {
    const affiliate = affiliates.get(referral.affiliate_id)!;
    const order = orders.get(referral.order_id)!;
    const label = `referral ${referral.id}`;
    t.not(order.client_id, affiliate.client_id, `${label}: not the affiliate's own order`);
    t.ok(referral.date_created >= affiliate.date_created, `${label}: made while the affiliate existed`);
    // The commission's rule, stated again: the affiliate's rate of the order total, converted into its currency.
    const total = convertCents(toCents(order.total), rateOf(order.currency_id), rateOf(affiliate.currency_id));
    t.equal(referral.commission, formatCents(percentOf(total, affiliate.commission_rate)), `${label}: commission`);
    const invoice = invoices.get(order.invoice_id);
    t.equal(referral.status, !invoice || invoice.status === 'Paid' ? 'Earned' : 'Pending', `${label}: earned once the order is paid for`);
    if (referral.status === 'Earned') t.equal(referral.date_earned, invoice?.datepaid, `${label}: earned when its invoice was paid`);
    else t.equal(referral.date_earned, ZERO_DATETIME, `${label}: not earned yet`);
  }
  for (const affiliate of data.affiliates) {
    let earned = 0;
    for (const r of data.affiliate_referrals) if (r.affiliate_id === affiliate.id && r.status === 'Earned') earned += toCents(r.commission);
    t.equal(
      affiliate.balance,
      formatCents(earned - toCents(affiliate.total_withdrawn)),
      `affiliate ${affiliate.id}: balance is earned less withdrawn`,
    );
  }
  t.ok(
    data.affiliates.some((a) => a.status === 'Inactive'),
    'an inactive affiliate',
  );
  t.ok(new Set(data.affiliates.map((a) => a.currency_id)).size > 1, 'affiliates paid in more than one currency');
  for (const status of ['Pending', 'Earned'])
    t.ok(
      data.affiliate_referrals.some((r) => r.status === status),
      `a ${status} commission`,
    );
});

t.test("client files belong to a main client, and the services they name are that client's", async (t) => {
  references(t, data.client_files, 'client_id', ids(data.clients), 'client_files');
  const accounts = byId(data.accounts);
  for (const file of data.client_files) {
    t.equal(clients.get(file.client_id)!.parent_id, '0', `file ${file.id}: a main client's`);
    for (const id of file.services) t.equal(accounts.get(id)?.client_id, file.client_id, `file ${file.id}: service ${id} is the client's`);
  }
  t.ok(
    data.client_files.some((f) => f.clients === '0'),
    'one kept for staff only',
  );
});

t.test('guest access grants link a main client to someone else, once per pair, made after both people', async (t) => {
  references(t, data.client_guests, 'client_id', ids(data.clients), 'client_guests');
  references(t, data.client_guests, 'user_id', ids(data.clients), 'client_guests');
  const pairs = new Set<string>();
  for (const grant of data.client_guests) {
    const host = clients.get(grant.client_id)!;
    const guest = clients.get(grant.user_id)!;
    t.equal(host.parent_id, '0', `grant ${grant.id}: the host is a main client`);
    t.not(guest.id, host.id, `grant ${grant.id}: not the host itself`);
    t.not(guest.parent_id, host.id, `grant ${grant.id}: not one of the host's own contacts`);
    t.notOk(pairs.has(`${host.id}:${guest.id}`), `grant ${grant.id}: the only grant of its pair`);
    pairs.add(`${host.id}:${guest.id}`);
    t.ok(grant.datecreated >= host.datecreated && grant.datecreated >= guest.datecreated, `grant ${grant.id}: made after both`);
  }
  t.ok(
    data.client_guests.some((g) => clients.get(g.user_id)!.parent_id !== '0'),
    'a contact of another client is a guest',
  );
  for (const status of ['Active', 'Pending'])
    t.ok(
      data.client_guests.some((g) => g.status === status),
      `a ${status} grant`,
    );
});
