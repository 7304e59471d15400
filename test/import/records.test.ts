// Answers turned back into records: each record is what the bundled world
// holds, when the answer is billsim's own for that record.
import t from 'tap';
import { build } from '../helpers/app.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import {
  addonOf,
  currenciesOf,
  deptOf,
  gatewaysOf,
  listOf,
  newsOf,
  productFormsOf,
  productOf,
  recordOf,
  repliesOf,
  slugOf,
  subPage,
  topPage,
} from '../../src/cli/import/records.js';
import {
  accountAddonOf,
  accountOf,
  clientOf,
  contactOf,
  domainOf,
  invoiceOf,
  orderOf,
  ticketOf,
  transactionOf,
} from '../../src/cli/import/client-records.js';

type Row = Record<string, unknown>;
const bundled = loadFixtures(defaultFixturesDir) as unknown as Record<string, Row[]>;
const byId = (name: string, id: string) => bundled[name].find((r) => r.id === id)!;

t.test('recordOf keeps the stored fields in the schema order and drops computed ones', async (t) => {
  const row = recordOf('news', { date: '2026-01-01', id: '3', extra: 1, title: 'T', content: 'C', enable: '1' });
  t.strictSame(Object.keys(row), ['id', 'title', 'content', 'enable', 'date']);
  t.strictSame(listOf({ 2: { id: '2' }, 5: { id: '5' } }), [{ id: '2' }, { id: '5' }], 'a keyed object is a list');
  t.strictSame(listOf([]), []);
  t.strictSame(listOf(undefined), []);
  t.equal(slugOf('Web Hosting & Domains'), 'web-hosting-domains');
  t.equal(slugOf('Café Pro'), 'cafe-pro');
  t.equal(slugOf('!!!'), 'page');
});

t.test('catalogue answers give back the bundled records', async (t) => {
  const app = await build(t);
  const call = async (name: string, params: Record<string, string> = {}) => {
    const query = new URLSearchParams({ call: name, api_id: 'billsim', api_key: 'billsim-secret', ...params });
    return (await app.inject({ method: 'GET', url: `/admin/api.php?${query}` })).json() as Row;
  };
  for (const page of bundled.order_pages) {
    const subs = listOf((await call('getSubCategories', { id: page.id as string })).subcategories);
    if (page.parent_id === '0') {
      const item = listOf((await call('getOrderPages')).categories).find((c) => c.id === page.id)!;
      const made = topPage(item, subs.length > 0);
      t.strictSame({ ...made, slug: page.slug }, page, `top page ${page.id} (its slug is made from its name: ${made.slug})`);
    }
    for (const sub of subs) t.strictSame(subPage(sub), byId('order_pages', String(sub.id)), `sub-page ${sub.id}`);
  }
  for (const product of bundled.products) {
    const details = (await call('getProductDetails', { id: product.id as string })).product as Row;
    t.strictSame(productOf(details), product, `product ${product.id}`);
    const forms = bundled.product_forms.filter((f) => f.product_id === product.id);
    t.strictSame(productFormsOf(details), forms, `product ${product.id}'s forms`);
  }
  const addons = listOf((await call('getAddons')).addons);
  t.strictSame(addons.map(addonOf), bundled.addons, 'addons');
  t.strictSame(currenciesOf(await call('getCurrencies'), byId('currencies', '0')), bundled.currencies, 'currencies');
  t.strictSame(
    gatewaysOf(await call('getPaymentModules'), bundled.gateways),
    bundled.gateways.filter((g) => g.enabled === '1'),
    'the enabled gateways (getPaymentModules lists no other)',
  );
  t.strictSame(
    gatewaysOf({ modules: { 7: 'Bitcoin Pay' } }, bundled.gateways),
    [{ id: '7', name: 'Bitcoin Pay', module: 'class.bitcoinpay.php', enabled: '1' }],
    'a gateway billsim does not know gets a module file named after it',
  );
  t.strictSame(listOf((await call('getTicketDepts')).depts).map(deptOf), bundled.ticket_depts, 'departments');
  const news = await Promise.all(
    bundled.news.map(async (n) => newsOf((await call('getNewsItem', { id: n.id as string })).newsitem as Row)),
  );
  t.strictSame(news, bundled.news, 'news');
});

t.test('predefined replies: use counts that list the popular ones as the installation does', async (t) => {
  const replies = [
    { id: '1', category_id: '1', name: 'A', reply: 'a' },
    { id: '2', category_id: '1', name: 'B', reply: 'b' },
    { id: '3', category_id: '1', name: 'C', reply: 'c' },
  ];
  t.strictSame(
    repliesOf(replies, [{ id: '3' }, { id: '1' }]).map((r) => [r.id, r.uses]),
    [
      ['1', '1'],
      ['2', '0'],
      ['3', '2'],
    ],
  );
});

t.test("a client's answers give back the bundled records, but what no answer shows", async (t) => {
  const app = await build(t);
  const call = async (name: string, params: Record<string, string>) => {
    const query = new URLSearchParams({ call: name, api_id: 'billsim', api_key: 'billsim-secret', ...params });
    return (await app.inject({ method: 'GET', url: `/admin/api.php?${query}` })).json() as Row;
  };
  const client = byId('clients', '1');
  t.strictSame(clientOf((await call('getClientDetails', { id: '1' })).client as Row), { ...client, password: '' }, 'client 1, no password');
  const account = byId('accounts', '1');
  t.strictSame(
    accountOf((await call('getAccountDetails', { id: '1' })).details as Row),
    { ...account, ip: '', additional_ip: [] },
    'service 1, no IPs',
  );
  const domain = byId('domains', '1');
  t.strictSame(domainOf((await call('getDomainDetails', { id: '1' })).details as Row, client), domain, 'domain 1');
  t.strictSame(invoiceOf((await call('getInvoiceDetails', { id: '1' })).invoice as Row), byId('invoices', '1'), 'invoice 1');
  t.strictSame(
    orderOf((await call('getOrderDetails', { id: String(account.order_id) })).details as Row),
    byId('orders', String(account.order_id)),
    'its order',
  );
  const contact = bundled.clients.find((c) => c.parent_id === '1')!;
  t.strictSame(
    contactOf((await call('getClientContact', { id: String(contact.id) })).client as Row),
    { ...contact, password: '' },
    'a contact',
  );
  for (const addon of bundled.account_addons) {
    const owner = byId('accounts', String(addon.account_id));
    const items = ((await call('getAccountAddons', { id: String(owner.id) })).account_addons as Row[]).filter((i) => i.id === addon.id);
    const made = accountAddonOf(items[0], owner);
    t.strictSame(
      made,
      { ...addon, date_created: owner.date_created, payment_module: owner.payment_module },
      `service addon ${addon.id}: its start and gateway are the service's`,
    );
  }
  for (const tx of bundled.transactions) {
    t.strictSame(
      transactionOf((await call('getTransactionDetails', { id: String(tx.id) })).transaction as Row),
      tx,
      `transaction ${tx.id}`,
    );
  }
  const ticket = bundled.tickets.find((row) => row.client_id === '1')!;
  const { ticket: made, replies, notes } = ticketOf(await call('getTicketDetails', { id: String(ticket.ticket_number) }));
  t.strictSame(made, { ...ticket, request_type: 'General', owner_id: '0' }, 'a ticket: request type and owner are not shown');
  t.strictSame(
    replies,
    bundled.ticket_replies.filter((r) => r.ticket_id === ticket.id),
    'its replies',
  );
  t.strictSame(
    notes,
    bundled.ticket_notes.filter((r) => r.ticket_id === ticket.id),
    'its notes',
  );
});
