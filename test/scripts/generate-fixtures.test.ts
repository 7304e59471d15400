// The generated worlds (scripts/generate-fixtures.ts) must load like the bundled
// one: valid records, resolving references, money that adds up, same seed same world.
import t from 'tap';
import { loadFixtures, validateCollections } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import { centsToNumber, convertCents, formatCents, lineCents, percentOf, toCents } from '../../src/domain/money.js';
import { WorldGenerator, worldCounts, type Scaled } from '../../scripts/generate/world.js';
import type { Collections } from '../../src/generated/wire.js';

const base = loadFixtures(defaultFixturesDir);

function generate(n: number, seed: number): Collections {
  const data = structuredClone(base) as unknown as Record<string, unknown[]>;
  const scaled = new Set<string>();
  new WorldGenerator(base, n, seed, (name: Scaled, record) => {
    if (!scaled.has(name)) data[name] = [];
    scaled.add(name);
    data[name].push(record);
  }).run();
  return data as unknown as Collections;
}

const N = 3000;
const world = generate(N, 42);
const ids = (rows: readonly { id: string }[]) => new Set(rows.map((r) => r.id));
const byId = <T extends { id: string }>(rows: readonly T[]) => new Map(rows.map((r) => [r.id, r]));
const rate = (currencyId: string) => world.currencies.find((c) => c.id === currencyId)!.rate;
const inCurrency = (amount: string, currencyId: string) => formatCents(convertCents(toCents(amount), '1.0000', rate(currencyId)));

function dangling<T>(rows: readonly T[], field: keyof T, target: Set<string>): T[] {
  return rows.filter((row) => !target.has(String(row[field])));
}

t.test('sizes follow the invoice count and every record validates', async (t) => {
  const counts = worldCounts(N);
  t.equal(world.invoices.length, N);
  t.equal(world.clients.length, counts.clients);
  t.equal(world.accounts.length, counts.accounts);
  t.equal(world.domains.length, counts.domains);
  t.equal(world.estimates.length, counts.estimates);
  t.ok(Math.abs(world.transactions.length - N / 5) < N / 20, `about N/5 transactions (${world.transactions.length})`);
  t.strictSame(world.products, base.products, 'the catalogue is the bundled one');
  t.strictSame(world.invoices.slice(0, base.invoices.length), base.invoices, 'the bundled records come first, unchanged');
  t.doesNotThrow(() => validateCollections(world, '(generated)'));
});

t.test('references resolve', async (t) => {
  const clients = ids(world.clients);
  const gateways = ids(world.gateways);
  const currencies = ids(world.currencies);
  for (const name of ['invoices', 'transactions', 'estimates', 'accounts', 'domains', 'order_drafts', 'client_cards'] as const) {
    t.strictSame(dangling(world[name] as { client_id: string }[], 'client_id', clients), [], `${name}.client_id`);
  }
  t.strictSame(dangling(world.invoices, 'payment_module', gateways), []);
  t.strictSame(dangling(world.invoices, 'currency_id', currencies), []);
  t.strictSame(dangling(world.transactions, 'invoice_id', ids(world.invoices)), []);
  t.strictSame(dangling(world.accounts, 'product_id', ids(world.products)), []);
  const products = byId(world.products);
  const servers = byId(world.servers);
  t.ok(
    world.accounts.every((a) => (a.server_id === '0' ? a.ip === '' : products.get(a.product_id)!.server.includes(a.server_id))),
    "services run on one of their product's servers, or on none without an address",
  );
  const generated = world.accounts.slice(base.accounts.length).filter((a) => a.server_id !== '0');
  t.ok(
    generated.every((a) => a.ip === servers.get(a.server_id)!.ip || /^10\.\d+\.\d+\.\d+$/.test(a.ip)),
    "a generated service has its server's shared address or one of its own",
  );
  t.strictSame(dangling(world.account_addons, 'account_id', ids(world.accounts)), []);
  t.strictSame(dangling(world.account_addons, 'addon_id', ids(world.addons)), []);
  t.strictSame(dangling(world.domains, 'tld_id', ids(world.products)), []);
  t.strictSame(dangling(world.domains, 'reg_module', ids(world.registrars)), []);
  const parents = byId(world.clients);
  t.ok(
    world.clients.filter((c) => c.parent_id !== '0').every((c) => parents.get(c.parent_id)?.parent_id === '0'),
    'contacts belong to main clients',
  );
  // The primary card (lowest id) is the one cardnum shows: later cards of a client do not replace it.
  const cards = new Map<string, (typeof world.client_cards)[number]>();
  for (const card of [...world.client_cards].sort((a, b) => Number(b.id) - Number(a.id))) cards.set(card.client_id, card);
  t.ok(
    world.clients.every((c) => c.cardnum === (cards.has(c.id) ? `************${cards.get(c.id)!.lastfour}` : '')),
    'cardnum matches the card on file',
  );
  t.equal(
    new Set(world.invoices.flatMap((i) => i.items.map((item) => item.id))).size,
    world.invoices.reduce((n, i) => n + i.items.length, 0),
    'invoice line ids are unique',
  );
});

t.test('money adds up in integer cents', async (t) => {
  const clients = byId(world.clients);
  const bad: string[] = [];
  for (const doc of [...world.invoices, ...world.estimates]) {
    let subtotal = 0;
    let taxed = 0;
    for (const item of doc.items) {
      const cents = lineCents(item.amount, item.qty);
      if (item.linetotal !== centsToNumber(cents)) bad.push(`${doc.id} line ${item.id}`);
      subtotal += cents;
      if (item.taxed === '1') taxed += cents;
    }
    const total = subtotal + percentOf(taxed, doc.taxrate) + percentOf(taxed, doc.taxrate2) - toCents(doc.credit);
    if (doc.subtotal !== formatCents(subtotal) || doc.total !== formatCents(total)) bad.push(`${doc.id} totals`);
    if (doc.rate !== rate(doc.currency_id) || doc.currency_id !== clients.get(doc.client_id)!.currency_id) bad.push(`${doc.id} currency`);
    if (doc.items.length < 1 || doc.items.length > 3) bad.push(`${doc.id} has ${doc.items.length} lines`);
  }
  t.strictSame(bad, []);
  const paid = new Map<string, { in: number; out: number }>();
  for (const tx of world.transactions) {
    const sum = paid.get(tx.invoice_id) ?? { in: 0, out: 0 };
    paid.set(tx.invoice_id, { in: sum.in + toCents(tx.in), out: sum.out + toCents(tx.out) });
  }
  const wrong = world.invoices.filter((inv) => {
    const { in: got = 0, out = 0 } = paid.get(inv.id) ?? {};
    const total = toCents(inv.total);
    if (inv.status === 'Paid') return got - out !== total;
    if (inv.status === 'Refunded') return got !== total || out !== total;
    if (inv.status === 'Unpaid') return got - out >= total;
    return got !== 0;
  });
  t.strictSame(
    wrong.map((i) => i.id),
    [],
    'transactions match each invoice status',
  );
  const products = byId(world.products);
  const cycles: Record<string, string> = {
    Monthly: 'm',
    Quarterly: 'q',
    'Semi-Annually': 's',
    Annually: 'a',
    Biennially: 'b',
    Triennially: 't',
  };
  const accountsOff = world.accounts.filter((a) => {
    const price = (products.get(a.product_id) as unknown as Record<string, string>)[cycles[a.billingcycle]];
    return price === '0.00' || a.total !== inCurrency(price, a.currency_id);
  });
  t.strictSame(
    accountsOff.map((a) => a.id),
    [],
    'account totals are the product price in the client currency',
  );
  const domainsOff = world.domains.filter((d) => {
    const period = products.get(d.tld_id)!.periods!.find((p) => p.period === d.period);
    return !period || d.recurring_amount !== inCurrency(period.renew, d.currency_id) || !d.name.endsWith(products.get(d.tld_id)!.name);
  });
  t.strictSame(
    domainsOff.map((d) => d.id),
    [],
    'domain renewals are the TLD price',
  );
});

t.test('the same seed gives the same world, another seed another', async (t) => {
  const text = (seed: number) => JSON.stringify(generate(300, seed));
  t.equal(text(42), text(42));
  t.not(text(42), text(43));
});
