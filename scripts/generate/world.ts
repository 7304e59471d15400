// Builds a large world from the bundled one. The bundled records come first,
// unchanged (so id 1 of every collection is the one the docs and tests know);
// generated records follow with higher ids and reference only catalogue
// records and generated clients. Money is computed in integer cents with the
// same rules as the fixture test (src/domain/money.ts).
import type {
  Account,
  AccountAddon,
  Addon,
  Client,
  ClientCard,
  Collections,
  Domain,
  Estimate,
  Invoice,
  OrderDraft,
  Product,
  Server,
  Transaction,
} from '../../src/generated/wire.js';
import { convertCents, formatCents, percentOf, toCents } from '../../src/domain/money.js';
import { type Line as DocumentLine, lineTotal, withTotals } from '../../src/domain/invoiceLines.js';
import { Random, LAST_DAY, day, dayTime } from './random.js';
import { CYCLE_NAMES, type RecurringCycle } from '../../src/domain/cycles.js';
import { isServerProduct } from '../../src/domain/products.js';
import { moduleName } from '../../src/domain/services.js';

export type Scaled =
  | 'clients'
  | 'client_cards'
  | 'invoices'
  | 'transactions'
  | 'estimates'
  | 'accounts'
  | 'account_addons'
  | 'domains'
  | 'order_drafts';
export const SCALED: Scaled[] = [
  'clients',
  'client_cards',
  'invoices',
  'transactions',
  'estimates',
  'accounts',
  'account_addons',
  'domains',
  'order_drafts',
];

/**
 * Sizes for a world of n invoices; transactions (~n/5), cards and addons follow
 * from chances. Never below the bundled world's sizes, and at least one
 * generated client (the bundled world has 11) for the generated records to use.
 */
export function worldCounts(n: number) {
  return {
    invoices: n,
    clients: Math.max(12, Math.round(n / 10)),
    accounts: Math.max(12, Math.round(n / 20)),
    domains: Math.max(8, Math.round(n / 20)),
    estimates: Math.max(4, Math.round(n / 50)),
    order_drafts: Math.max(3, Math.round(n / 1000)),
  };
}

export type Sink = (collection: Scaled, record: object) => void;

interface Line {
  type: string;
  item_id: string;
  description: string;
  amount: string;
  taxed: '0' | '1';
  qty: string;
}
interface Service {
  type: string;
  id: string;
  description: string;
  amount: string;
}
interface Customer {
  id: string;
  currency: string;
  taxrate: string;
  gateway: string;
  slug: string;
  company: string;
  services: Service[];
  domains: number;
}

const FIRST = [
  'James',
  'Mary',
  'Liam',
  'Olivia',
  'Noah',
  'Emma',
  'Lucas',
  'Mia',
  'Jonas',
  'Sofia',
  'Mateo',
  'Ava',
  'Leon',
  'Chloe',
  'Ethan',
  'Hanna',
  'Oscar',
  'Julia',
  'Hugo',
  'Nora',
  'Adam',
  'Zoe',
  'Felix',
  'Ines',
  'Marek',
  'Anna',
];
const LAST = [
  'Smith',
  'Garcia',
  'Muller',
  'Rossi',
  'Novak',
  'Dubois',
  'Jansen',
  'Silva',
  'Walsh',
  'Berg',
  'Kim',
  'Lopez',
  'Fischer',
  'Moreau',
  'Brown',
  'Nowak',
  'Larsen',
  'Costa',
  'Weber',
  'Clark',
  'Horvat',
  'Eriksson',
  'Baker',
  'Romero',
];
const SUFFIX = ['LLC', 'Ltd', 'GmbH', 'Studio', 'Consulting', 'Labs', 'Trading', 'Media', 'S.L.', 'AB'];
const TAX_BY_COUNTRY: Record<string, string> = {
  US: '8.25',
  DE: '19.00',
  GB: '20.00',
  PL: '23.00',
  FR: '20.00',
  CA: '5.00',
  SE: '25.00',
  ES: '21.00',
};

/** The cycles generated services and addons bill on (no hourly, daily or weekly hosting). */
const CYCLES: readonly RecurringCycle[] = ['m', 'q', 's', 'a', 'b', 't'];
const EXTRAS = [
  ['Hourly support [hours]', '60.00'],
  ['Website migration', '49.00'],
  ['Late payment fee', '10.00'],
  ['Extra bandwidth 100GB', '15.00'],
  ['Malware cleanup', '89.00'],
] as const;
const CARDS = [
  ['Visa', '4111111111111111'],
  ['MasterCard', '5555555555554444'],
  ['American Express', '378282246310005'],
] as const;

const price = (row: Product | Addon, key: string) => (row as unknown as Record<string, string>)[key];

export class WorldGenerator {
  readonly counts: ReturnType<typeof worldCounts>;
  private readonly rnd: Random;
  private readonly customers: Customer[] = [];
  private readonly rates: Map<string, string>;
  private readonly gateways: string[];
  private readonly servers: Map<string, Server>;
  private cardId: number;
  private addonId: number;
  private txId: number;

  constructor(
    private readonly base: Collections,
    n: number,
    seed: number,
    private readonly out: Sink,
  ) {
    this.counts = worldCounts(n);
    this.rnd = new Random(seed);
    this.rates = new Map(base.currencies.map((c) => [c.id, c.rate]));
    this.gateways = base.gateways.filter((g) => g.enabled === '1').map((g) => g.id);
    this.servers = new Map(base.servers.map((server) => [server.id, server]));
    this.cardId = maxId(base.client_cards);
    this.addonId = maxId(base.account_addons);
    this.txId = maxId(base.transactions);
  }

  /** Writes every scaled collection; `tick(done)` reports invoices written. */
  run(tick: (done: number) => void = () => {}): void {
    for (const name of SCALED) for (const row of this.base[name]) this.out(name, row);
    this.clients();
    this.accounts();
    this.domains();
    this.invoices(tick);
    this.estimates();
    this.drafts();
  }

  /** A main-currency amount in a customer's currency, as the bundled world stores it. */
  private inCurrency(amount: string, currencyId: string): string {
    return formatCents(convertCents(toCents(amount), '1.0000', this.rates.get(currencyId)!));
  }

  private clients(): void {
    const { rnd } = this;
    const templates = this.base.clients.filter((c) => c.parent_id === '0');
    const contact = this.base.clients.find((c) => c.parent_id !== '0')!;
    for (let i = this.base.clients.length + 1; i <= this.counts.clients; i++) {
      const id = String(i);
      const [first, last] = [rnd.pick(FIRST), rnd.pick(LAST)];
      const created = rnd.int(LAST_DAY - 400);
      const common = {
        id,
        client_id: id,
        firstname: first,
        lastname: last,
        datecreated: day(created),
        lastlogin: dayTime(created + rnd.int(400), rnd.int(86400)),
      };
      // Every tenth client is a contact of an earlier main client.
      if (i % 10 === 0 && this.customers.length > 0) {
        const parent = rnd.pick(this.customers);
        this.out('clients', {
          ...contact,
          ...common,
          parent_id: parent.id,
          email: `${first}.${last}.${id}@${parent.slug}.com`.toLowerCase(),
          companyname: parent.company,
          currency_id: parent.currency,
          cardnum: '',
        } satisfies Client);
        continue;
      }
      const template = templates[i % templates.length];
      const slug = `${last}-${first}-${id}`.toLowerCase();
      const company = rnd.next() < 0.5 ? `${last} ${rnd.pick(SUFFIX)}` : '';
      const card = rnd.next() < 0.1 ? this.card(id) : undefined;
      this.out('clients', {
        ...template,
        ...common,
        email: `${first}@${slug}.com`.toLowerCase(),
        companyname: company,
        company: company ? '1' : '0',
        status: rnd.weighted([
          ['Active', 88],
          ['Inactive', 5],
          ['Closed', 4],
          ['Lead', 3],
        ]),
        credit: '0.00',
        notes: '',
        cardnum: card ? `${'*'.repeat(12)}${card.lastfour}` : '',
      } satisfies Client);
      this.customers.push({
        id,
        currency: template.currency_id,
        taxrate: TAX_BY_COUNTRY[template.country] ?? '0.00',
        gateway: rnd.pick(this.gateways),
        slug,
        company,
        services: [],
        domains: 0,
      });
    }
  }

  private card(clientId: string): ClientCard {
    const [cardtype, number] = this.rnd.pick(CARDS);
    // Some cards are stored at the gateway: only a token and the last four digits are kept.
    const tokenised = this.rnd.next() < 0.3;
    const card: ClientCard = {
      id: String(++this.cardId),
      client_id: clientId,
      cardtype,
      cardnum: tokenised ? '' : number,
      lastfour: number.slice(-4),
      expdate: `${String(1 + this.rnd.int(12)).padStart(2, '0')}${27 + this.rnd.int(4)}`,
      token: tokenised ? `cim_${this.rnd.text(9, '0123456789')}_${this.rnd.text(9, '0123456789')}` : '',
      gateway_id: tokenised ? '4' : '2',
    };
    this.out('client_cards', card);
    return card;
  }

  private accounts(): void {
    const { rnd } = this;
    const products = this.base.products.filter((p) => p.paytype === 'Regular');
    for (let i = this.base.accounts.length + 1; i <= this.counts.accounts; i++) {
      const id = String(i);
      const who = rnd.pick(this.customers);
      const product = rnd.pick(products);
      const code = rnd.pick(CYCLES.filter((c) => price(product, c) !== '0.00'));
      const total = this.inCurrency(price(product, code), who.currency);
      const setup = toCents(this.inCurrency(price(product, `${code}_setup`), who.currency));
      const created = rnd.int(LAST_DAY);
      const due = day(LAST_DAY + 1 + rnd.int(360));
      const domain = product.ptype === 'vps' ? `vps${i}.${who.slug}.com` : `${who.slug}.com`;
      // A service runs on one of its product's servers; a server product has an address of its own (private, one per id).
      const server = product.server.length > 0 ? this.servers.get(rnd.pick(product.server)) : undefined;
      const ip = !server ? '' : isServerProduct(product) ? `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` : server.ip;
      const account: Account = {
        id,
        client_id: who.id,
        // No orders are generated: "0" is the API's "no order" (a service added by staff), as a world may not name a missing one.
        order_id: '0',
        product_id: product.id,
        parent_id: '0',
        date_created: day(created),
        domain,
        server_id: server?.id ?? '0',
        payment_module: who.gateway,
        firstpayment: formatCents(toCents(total) + setup),
        total,
        billingcycle: CYCLE_NAMES[code],
        billingtype: 'PrePay',
        next_due: due,
        next_invoice: due,
        status: rnd.weighted([
          ['Active', 75],
          ['Suspended', 5],
          ['Terminated', 8],
          ['Cancelled', 7],
          ['Pending', 5],
        ]),
        label: '',
        username: who.slug.replace(/[^a-z]/g, '').slice(0, 8),
        password: rnd.text(12, 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'),
        manual: '0',
        currency_id: who.currency,
        notes: '',
        mod: moduleName(product),
        ip,
        additional_ip: [],
      };
      this.out('accounts', account);
      who.services.push({ type: 'Hosting', id, description: `${product.name} - ${domain}`, amount: total });
      if (rnd.next() < 0.1) this.addon(account, product, code, who);
    }
  }

  private addon(account: Account, product: Product, code: RecurringCycle, who: Customer): void {
    const fits = this.base.addons.filter(
      (a) => a.paytype === 'Regular' && price(a, code) !== '0.00' && (a.products === '' || a.products.split(',').includes(product.id)),
    );
    if (fits.length === 0) return;
    const addon = this.rnd.pick(fits);
    const row: AccountAddon = {
      id: String(++this.addonId),
      account_id: account.id,
      addon_id: addon.id,
      name: addon.name,
      billingcycle: CYCLE_NAMES[code],
      recurring_amount: this.inCurrency(price(addon, code), who.currency),
      setup_fee: this.inCurrency(price(addon, `${code}_setup`), who.currency),
      status: account.status === 'Active' ? 'Active' : 'Cancelled',
      next_due: account.next_due,
      date_created: account.date_created,
      payment_module: account.payment_module,
    };
    this.out('account_addons', row);
    who.services.push({ type: 'Addon', id: row.id, description: addon.name, amount: row.recurring_amount });
  }

  private domains(): void {
    const { rnd } = this;
    const tlds = this.base.products.filter((p) => p.paytype === 'DomainRegular' && p.periods?.length);
    for (let i = this.base.domains.length + 1; i <= this.counts.domains; i++) {
      const id = String(i);
      const who = rnd.pick(this.customers);
      const tld = rnd.pick(tlds);
      const period = rnd.pick(tld.periods!);
      const type = rnd.next() < 0.85 ? 'Register' : 'Transfer';
      const name = `${who.slug}${who.domains++ ? `-${who.domains}` : ''}${tld.name}`;
      const expires = LAST_DAY + rnd.int(365 * Number(period.period));
      const domain: Domain = {
        id,
        client_id: who.id,
        order_id: '0', // no orders are generated (see accounts)
        tld_id: tld.id,
        name,
        reg_module: tld.module,
        payment_module: who.gateway,
        date_created: day(rnd.int(LAST_DAY)),
        firstpayment: this.inCurrency(type === 'Register' ? period.register : period.transfer, who.currency),
        recurring_amount: this.inCurrency(period.renew, who.currency),
        period: period.period,
        expires: day(expires),
        type,
        status: rnd.weighted([
          ['Active', 85],
          ['Expired', 7],
          ['Cancelled', 5],
          ['Pending', 3],
        ]),
        next_due: day(expires),
        next_invoice: day(expires - 30),
        idprotection: rnd.next() < 0.3 ? '1' : '0',
        nameservers: ['ns1.lumenhost.net', 'ns2.lumenhost.net', '', ''],
        autorenew: '1',
        reglock: '1',
        manual: '0',
        epp_code: type === 'Transfer' ? rnd.text(12, 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789') : '',
        notes: '',
        extended: '',
        synch_date: dayTime(LAST_DAY - 1, rnd.int(86400)),
        currency_id: who.currency,
      };
      this.out('domains', domain);
      who.services.push({
        type: `Domain ${type}`,
        id,
        description: `${name} (${period.period} year${period.period === '1' ? '' : 's'})`,
        amount: domain.recurring_amount,
      });
    }
  }

  /** 1-3 lines: the customer's services first, then extras; amounts in the customer's currency. */
  private lines(who: Customer, count: number): Line[] {
    const start = this.rnd.int(Math.max(1, who.services.length));
    return Array.from({ length: count }, (_, k) => {
      const service = k < who.services.length ? who.services[(start + k) % who.services.length] : undefined;
      if (service)
        return { type: service.type, item_id: service.id, description: service.description, amount: service.amount, taxed: '1', qty: '1' };
      const [description, amount] = this.rnd.pick(EXTRAS);
      return {
        type: 'Other',
        item_id: '0',
        description,
        amount: this.inCurrency(amount, who.currency),
        taxed: this.rnd.next() < 0.8 ? '1' : '0',
        qty: this.rnd.pick(['1', '1', '2', '1.5']),
      };
    });
  }

  private invoices(tick: (done: number) => void): void {
    const { rnd } = this;
    const n = this.counts.invoices;
    let itemId = Math.max(0, ...this.base.invoices.flatMap((inv) => inv.items.map((item) => Number(item.id))));
    for (let i = this.base.invoices.length + 1; i <= n; i++) {
      const id = String(i);
      const who = rnd.pick(this.customers);
      const items = this.lines(who, 1 + rnd.int(3)).map((line) => withLineTotal({ id: String(++itemId), invoice_id: id, ...line }));
      // Ids follow dates, as in a real ledger.
      const date = Math.floor((i / n) * (LAST_DAY - 14));
      // ~n/5 transactions: each Paid or partly paid invoice has one, each Refunded one two.
      const status = rnd.weighted([
        ['Paid', 15],
        ['Refunded', 2],
        ['Partly', 1],
        ['Unpaid', 63],
        ['Cancelled', 19],
      ] as const);
      const paidDay = date + rnd.int(10);
      const paid = status === 'Paid' || status === 'Refunded';
      const invoice: Invoice = {
        id,
        paid_id: paid ? `${day(paidDay).slice(0, 4)}/${id}` : '',
        recurring_id: '0',
        status: status === 'Partly' ? 'Unpaid' : status,
        client_id: who.id,
        date: day(date),
        duedate: day(date + 14),
        datepaid: paid ? dayTime(paidDay, rnd.int(86400)) : '0000-00-00 00:00:00',
        ...totals(items, who.taxrate, '0.00', '0.00'),
        payment_module: who.gateway,
        currency_id: who.currency,
        rate: this.rates.get(who.currency)!,
        notes: '',
        items,
      };
      this.out('invoices', invoice);
      const total = toCents(invoice.total);
      if (paid) this.transaction(invoice, `Invoice #${id} payment`, total, 0, invoice.datepaid);
      if (status === 'Refunded') this.transaction(invoice, `Refund of invoice #${id}`, 0, total, dayTime(paidDay + 1, rnd.int(86400)));
      if (status === 'Partly')
        this.transaction(invoice, `Invoice #${id} partial payment`, Math.floor(total / 2), 0, dayTime(paidDay, rnd.int(86400)));
      if (i % 1000 === 0) tick(i);
    }
    tick(n);
  }

  private transaction(inv: Invoice, description: string, inCents: number, outCents: number, date: string): void {
    const bank = inv.payment_module === '3';
    const tx: Transaction = {
      id: String(++this.txId),
      client_id: inv.client_id,
      invoice_id: inv.id,
      date,
      description,
      in: formatCents(inCents),
      out: formatCents(outCents),
      fee: formatCents(bank || inCents === 0 ? 0 : percentOf(inCents, '2.90') + 30),
      currency_id: inv.currency_id,
      payment_module: inv.payment_module,
      trans_id: bank
        ? `BT-${date.slice(0, 10).replace(/-/g, '')}-${this.rnd.text(4, '0123456789')}`
        : `ch_${this.rnd.text(24, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')}`,
    };
    this.out('transactions', tx);
  }

  private estimates(): void {
    const { rnd } = this;
    let itemId = Math.max(0, ...this.base.estimates.flatMap((e) => e.items.map((item) => Number(item.id))));
    for (let i = this.base.estimates.length + 1; i <= this.counts.estimates; i++) {
      const id = String(i);
      const who = rnd.pick(this.customers);
      const items = this.lines(who, 1 + rnd.int(3)).map((line) => withLineTotal({ id: String(++itemId), estimate_id: id, ...line }));
      const created = LAST_DAY - rnd.int(365);
      const estimate: Estimate = {
        id,
        status: rnd.weighted([
          ['Draft', 30],
          ['Sent', 35],
          ['Accepted', 20],
          ['Dead', 15],
        ]),
        subject: `Quote for ${who.slug}`,
        client_id: who.id,
        date_created: day(created),
        date_expires: day(created + 30),
        ...totals(items, who.taxrate, '0.00', '0.00'),
        currency_id: who.currency,
        rate: this.rates.get(who.currency)!,
        notes: '',
        notes_private: '',
        hash: rnd.text(32),
        invoice_id: '0',
        items,
      };
      this.out('estimates', estimate);
    }
  }

  private drafts(): void {
    const templates = this.base.order_drafts;
    for (let i = templates.length + 1; i <= this.counts.order_drafts; i++) {
      const who = this.rnd.pick(this.customers);
      const template = templates[i % templates.length];
      const draft: OrderDraft = {
        ...template,
        id: String(i),
        client_id: who.id,
        module: who.gateway,
        estimate_id: '0',
        currency_id: who.currency,
        date: dayTime(LAST_DAY - this.rnd.int(30), this.rnd.int(86400)),
      };
      this.out('order_drafts', draft);
    }
  }
}

function maxId(rows: readonly { id: string }[]): number {
  return rows.reduce((m, r) => Math.max(m, Number(r.id)), 0);
}

function withLineTotal<T extends { amount: string; qty: string }>(line: T): T & { linetotal: number } {
  return { ...line, linetotal: lineTotal(line.amount, line.qty) };
}

/** subtotal, taxes and total by the rule every call uses (src/domain/invoiceLines.ts), in the record's key order. */
function totals(items: readonly DocumentLine[], taxrate: string, taxrate2: string, credit: string) {
  const zero = '0.00';
  const { subtotal, tax, tax2, total } = withTotals({
    items,
    taxrate,
    taxrate2,
    credit,
    subtotal: zero,
    tax: zero,
    tax2: zero,
    total: zero,
  });
  return { subtotal, credit, tax, taxrate, tax2, taxrate2, total };
}
