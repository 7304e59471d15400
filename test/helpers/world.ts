// Tiny worlds for unit tests of the billing rules: a test names only the rows
// and fields it cares about; every other field takes the plain default below
// and every other collection is empty. The result is checked with the same
// validators the fixtures loader uses, so a default that drifts from the
// schema fails loudly instead of testing a record billsim could never hold.
import type { AutomationEntry, Collections, Invoice } from '../../src/generated/wire.js';
import { type ActionCounts, runDay } from '../../src/domain/automation.js';
import { DEFAULT_PRODUCT_AUTOMATION, DEFAULT_TLD_AUTOMATION } from '../../src/domain/automationSettings.js';
import { withTotals } from '../../src/domain/invoiceLines.js';
import { invoiceLine, type NewLine } from '../../src/domain/invoices.js';
import { COLLECTION_NAMES, validateCollections } from '../../src/store/fixtures.js';
import { NO_CYCLES, NO_SETUP } from './records.js';
import { type CollectionName, type RecordOf, Seed, World } from '../../src/store/world.js';

const ZERO_DATE = '0000-00-00';
const ZERO_DATETIME = '0000-00-00 00:00:00';

/**
 * One default record per collection a rule of the daily run reads, without its
 * id. Dates that would make a rule fire (due, invoice and expiry dates) are
 * zero, so a row does nothing until a test gives it a date.
 */
const DEFAULTS: { [K in CollectionName]?: Omit<RecordOf<K>, 'id'> } = {
  currencies: {
    code: 'EUR',
    sign: '€',
    iso: 'EUR',
    rate: '1.0000',
    last_changes: '2026-01-01 00:00:00',
    update: '0',
    enable: '1',
    format: '1,234.56',
    decimal: '2',
  },
  clients: {
    email: 'client@example.com',
    lastlogin: ZERO_DATETIME,
    ip: '',
    host: '',
    status: 'Active',
    parent_id: '0',
    firstname: 'Ada',
    lastname: 'Client',
    companyname: '',
    address1: '',
    address2: '',
    city: '',
    state: '',
    postcode: '',
    country: 'US',
    phonenumber: '',
    datecreated: '2026-01-01',
    notes: '',
    language: 'english',
    company: '0',
    credit: '0.00',
    taxexempt: '0',
    latefeeoveride: '0',
    overideduenotices: '0',
    client_id: '0',
    cardnum: '',
    currency_id: '0',
    privileges: null,
    howdidyou: '',
    password: '',
  },
  invoices: {
    paid_id: '',
    recurring_id: '0',
    status: 'Unpaid',
    client_id: '1',
    date: '2026-12-01',
    duedate: '2026-12-01',
    datepaid: ZERO_DATETIME,
    subtotal: '0.00',
    credit: '0.00',
    tax: '0.00',
    taxrate: '0.00',
    tax2: '0.00',
    taxrate2: '0.00',
    total: '0.00',
    payment_module: '1',
    currency_id: '0',
    rate: '1.0000',
    notes: '',
    items: [],
  },
  transactions: {
    client_id: '1',
    invoice_id: '1',
    date: '2026-12-01 00:00:00',
    description: '',
    in: '0.00',
    out: '0.00',
    fee: '0.00',
    currency_id: '0',
    payment_module: '1',
    trans_id: '',
  },
  products: {
    category_id: '1',
    type: '1',
    name: 'Hosting',
    description: '',
    visible: '1',
    domain_options: '0',
    stock: '0',
    qty: '0',
    autosetup: '1',
    subdomain: '',
    owndomain: '0',
    tax: '0',
    upgrades: '',
    sort_order: '1',
    rel: 'Product',
    paytype: 'Regular',
    ...NO_SETUP,
    ...NO_CYCLES,
    m: '10.00',
    ptype: 'shared',
    module: '0',
    server: [],
    free_domain: '0',
  },
  accounts: {
    client_id: '1',
    order_id: '0',
    product_id: '1',
    parent_id: '0',
    date_created: '2026-01-01',
    domain: '',
    server_id: '0',
    payment_module: '1',
    firstpayment: '10.00',
    total: '10.00',
    billingcycle: 'Monthly',
    billingtype: 'PrePay',
    next_due: ZERO_DATE,
    next_invoice: ZERO_DATE,
    status: 'Active',
    label: '',
    username: '',
    password: '',
    manual: '0',
    currency_id: '0',
    notes: '',
    mod: '',
    ip: '',
    additional_ip: [],
  },
  account_addons: {
    account_id: '1',
    addon_id: '1',
    name: 'Addon',
    billingcycle: 'Monthly',
    recurring_amount: '1.00',
    setup_fee: '0.00',
    status: 'Active',
    next_due: ZERO_DATE,
    date_created: '2026-01-01',
    payment_module: '1',
  },
  domains: {
    client_id: '1',
    order_id: '0',
    tld_id: '1',
    name: 'example.com',
    reg_module: '1',
    payment_module: '1',
    date_created: '2026-01-01',
    firstpayment: '15.00',
    recurring_amount: '15.00',
    period: '1',
    expires: ZERO_DATE,
    type: 'Register',
    status: 'Active',
    next_due: ZERO_DATE,
    next_invoice: ZERO_DATE,
    idprotection: '0',
    nameservers: ['', '', '', ''],
    autorenew: '1',
    reglock: '0',
    manual: '0',
    epp_code: '',
    notes: '',
    extended: '',
    synch_date: ZERO_DATETIME,
    currency_id: '0',
  },
  app_groups: { name: 'cPanel', module: '3', modulename: 'Cpanel2', type: 'Hosting' },
  metered_variables: {
    product_id: '1',
    name: 'Transfer',
    variable_name: 'transfer',
    unit_name: 'GB',
    cycle: 'Monthly',
    scheme: 'tiered',
    options: '0',
    prices: [],
  },
  metered_usage: {
    account_id: '1',
    variable_id: '1',
    date_created: '2026-11-10 00:00:00',
    date_updated: '2026-11-10 00:00:00',
    qty: '1',
    charge: '0.00',
    charged: '0',
    output: '',
    rawoutput: '',
    invoice_id: '0',
  },
  servers: {
    group_id: '1',
    default: '1',
    name: 'Server',
    username: 'root',
    password: 'fake-password',
    ip: '203.0.113.1',
    host: 'server.example.com',
    status_url: '',
    ns1: '',
    ns2: '',
    ns3: '',
    ns4: '',
    ip1: '',
    ip2: '',
    ip3: '',
    ip4: '',
    max_accounts: '0',
    hash: '',
    secure: '1',
    enable: '1',
    field1: '',
    field2: '',
  },
  gateways: { name: 'Bank Transfer', module: 'banktransfer', enabled: '1' },
  client_cards: { client_id: '1', cardtype: 'Visa', cardnum: '', lastfour: '4242', expdate: '1230', token: '', gateway_id: '1' },
  client_files: {
    category_id: '0',
    filename: '777401_file.pdf',
    name: 'File',
    description: '',
    size: '0',
    uploaded: '2026-01-01',
    product_id: '0',
    downloads: '0',
    clients: '1',
    client_id: '1',
    services: [],
  },
  registrars: { name: 'Registrar', module: 'class.registrar.php', transfer_days: '0', refuses_locked_transfers: '0' },
  orders: {
    number: '100000001',
    client_id: '1',
    date_created: '2026-12-01 00:00:00',
    status: 'Pending',
    payment_module: '1',
    invoice_id: '0',
    total: '0.00',
    currency_id: '0',
    order_ip: '',
    notes: '',
    fraudmodule: '',
    upgrades: [],
  },
  affiliates: {
    client_id: '1',
    date_created: '2026-01-01 00:00:00',
    status: 'Active',
    currency_id: '0',
    commission_rate: '10.00',
    balance: '0.00',
    total_withdrawn: '0.00',
    visits: '0',
  },
  affiliate_referrals: {
    affiliate_id: '1',
    order_id: '1',
    date_created: '2026-01-01 00:00:00',
    commission: '0.00',
    status: 'Pending',
    date_earned: ZERO_DATETIME,
  },
  tax_rules: { name: 'Tax', level: '1', country: 'US', state: '', rate: '0.00' },
  predefined_replies: { category_id: '1', name: 'Reply', reply: 'Hello,\r\n\r\nThank you.', uses: '0' },
  admins: {
    username: 'admin',
    password: 'scrypt$00$00',
    firstname: 'Ada',
    lastname: 'Admin',
    email: 'admin@example.com',
    status: 'Active',
  },
  kb_categories: { parent_cat: '0', name: 'Category', description: '', visible: '1', sort_order: '0' },
  kb_articles: {
    language_id: '1',
    cat_id: '1',
    title: 'Article',
    body: '<p>Text</p>',
    registered: '0',
    options: '0',
    sort_order: '0',
    views: '0',
    slug: 'article',
    upvotes: '0',
    downvotes: '0',
    tags: {},
  },
  // The settings records default to the numbers of billsim's own defaults (DEFAULT_PRODUCT_AUTOMATION and friends).
  product_automation: { product_id: '0', ...DEFAULT_PRODUCT_AUTOMATION },
  client_automation: { client_id: '0' },
  tld_automation: { tld_id: '0', ...DEFAULT_TLD_AUTOMATION },
  stubs: { call: 'getCurrencies' },
};

/** The collections a tiny world can hold rows of. */
export const DEFAULTED = Object.keys(DEFAULTS) as CollectionName[];

/** An invoice as a test gives it: lines as the domain's NewLine (ids, linetotal and totals follow). */
export type InvoiceRow = Partial<Omit<Invoice, 'items'>> & { items?: readonly NewLine[] };

type PartialRows = { [K in Exclude<CollectionName, 'invoices'>]?: Partial<RecordOf<K>>[] };

/** The rows of a tiny world; `services` is HostBill's other name for `accounts`. */
export type WorldRows = PartialRows & { invoices?: InvoiceRow[]; services?: Partial<RecordOf<'accounts'>>[] };

function filled<K extends CollectionName>(name: K, rows: readonly Partial<RecordOf<K>>[]): RecordOf<K>[] {
  const base = DEFAULTS[name];
  if (!base) throw new Error(`test/helpers/world.ts has no default ${name} record: add one to DEFAULTS`);
  return rows.map((row, n) => {
    const id = row.id ?? String(n + 1);
    // A client record repeats its own id as client_id.
    const own = name === 'clients' ? { client_id: id } : {};
    return { ...base, id, ...own, ...row } as RecordOf<K>;
  });
}

/** Invoices with their lines numbered across the world (as line ids are) and totals from the lines, by the domain's own rule. */
function invoices(rows: readonly InvoiceRow[]): Invoice[] {
  let lineId = 1;
  return rows.map((row, n) => {
    const id = row.id ?? String(n + 1);
    const items = (row.items ?? []).map((line) => invoiceLine(id, String(lineId++), line));
    return withTotals({ ...(DEFAULTS.invoices as Omit<Invoice, 'id'>), id, ...row, items });
  });
}

/** A World holding exactly these rows, each completed with the defaults and valid against its collection's schema. */
export function world(rows: WorldRows): World {
  const { services, invoices: invoiceRows, ...rest } = rows;
  if (services && rest.accounts) throw new Error('world(): give accounts or services, not both');
  const given = { ...rest, accounts: services ?? rest.accounts } as Record<string, Partial<{ id: string }>[] | undefined>;
  const data = {} as Record<string, unknown[]>;
  for (const name of COLLECTION_NAMES) {
    if (name === 'invoices') data[name] = invoices(invoiceRows ?? []);
    else data[name] = given[name] ? filled(name, given[name] as never) : [];
  }
  for (const name of Object.keys(given))
    if (!(COLLECTION_NAMES as string[]).includes(name)) throw new Error(`world(): no collection ${name}`);
  validateCollections(data as unknown as Collections, 'test world');
  return new World(new Seed(data as unknown as Collections));
}

/** A line billing a service (the line dunning and renewals look for). */
export const hostingLine = (serviceId: string, amount = '10.00'): NewLine => ({
  type: 'Hosting',
  item_id: serviceId,
  description: `Hosting #${serviceId}`,
  amount,
  taxed: false,
});

/** A line renewing a domain. */
export const domainLine = (domainId: string, amount = '15.00'): NewLine => ({
  type: 'Domain Renew',
  item_id: domainId,
  description: `Domain #${domainId}`,
  amount,
  taxed: false,
});

/** A credit receipt's line ("add funds"). */
export const creditLine = (amount: string): NewLine => ({ type: 'Credit', item_id: '0', description: 'Add funds', amount, taxed: false });

/** What a daily run logged, without the id and day the log adds. */
export type Logged = Pick<AutomationEntry, 'action' | 'reason' | 'records'>;

/** Runs the daily automation of `date` as the clock does (inside a transaction): the actions counted and the log entries it added. */
export function day(w: World, date: string): { actions: ActionCounts; log: Logged[] } {
  const before = w.all('automation_log').length;
  const actions = w.transaction(() => runDay(w, date));
  const log = w
    .all('automation_log')
    .slice(before)
    .map(({ action, reason, records }) => ({ action, reason, records }));
  return { actions, log };
}

/** Runs fn inside a transaction (writes are refused outside one). */
export const write = <R>(w: World, fn: () => R): R => w.transaction(fn);

/** The whole state as text, to show that something changed nothing. */
export const state = (w: World): string => JSON.stringify(w.snapshot());

/** Midnight of a day, the `now` the daily run passes to the rules. */
export const midnight = (date: string): Date => new Date(`${date}T00:00:00Z`);
