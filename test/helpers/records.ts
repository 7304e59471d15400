// Expected records of the bundled world (fixtures/default), in wire shape, written
// once so that the calls that answer the same record (a list and its client-scoped
// list, a detail call and the records that embed it) are held to the very same value.
// Each is the whole record a test asserts with t.strictSame, never a pattern.
// Frozen, so a test that builds an expected value from one cannot change it for the next.

export function frozen<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

/** Client 1, Alice Morgan (USD, Texas, contact 10 Tom Reed): as getClientDetails answers it without its contacts, and as estimates and order drafts embed it. */
export const ALICE = frozen({
  id: '1',
  email: 'alice@morgan-design.com',
  lastlogin: '2026-11-19 08:41:12',
  ip: '198.51.100.23',
  host: '198-51-100-23.static.austin-fiber.net',
  status: 'Active',
  parent_id: '0',
  firstname: 'Alice',
  lastname: 'Morgan',
  companyname: 'Morgan Design Studio LLC',
  address1: '1420 Congress Ave',
  address2: 'Suite 300',
  city: 'Austin',
  state: 'Texas',
  postcode: '78701',
  country: 'US',
  phonenumber: '+1.5125550142',
  datecreated: '2025-03-14',
  notes: '',
  language: 'english',
  company: '1',
  credit: '0.00',
  taxexempt: '0',
  latefeeoveride: '0',
  overideduenotices: '0',
  client_id: '1',
  cardnum: '************1111',
  currency_id: '0',
  privileges: null,
  howdidyou: 'Search engine',
});

/** The bundled contacts as getClientContacts lists them (and getClientDetails embeds them): 10 Tom Reed of client 1, 11 Sabine Vogel of client 2. */
export const TOM_ITEM = frozen({
  id: '10',
  firstname: 'Tom',
  lastname: 'Reed',
  datecreated: '2025-09-01',
  email: 'tom.reed@morgan-design.com',
  privileges: { billing: { emails: '1', payinvoice: '1' } },
});
export const SABINE_ITEM = frozen({
  id: '11',
  firstname: 'Sabine',
  lastname: 'Vogel',
  datecreated: '2026-02-10',
  email: 's.vogel@keller-maschinenbau.de',
  privileges: { billing: { payinvoice: '1' }, support: { newticket: '1', tickets: '1' } },
});

/** The listing rows of Alice's two domains (getDomains and getClientDomains share one item shape): 1 morgan-design.com at Enom, 2 morgandesign.io at OpenSRS. */
export const DOMAIN_ROWS = frozen({
  1: {
    id: '1',
    manual: '0',
    name: 'morgan-design.com',
    lastname: 'Morgan',
    firstname: 'Alice',
    cid: '1',
    period: '1',
    recurring_amount: '14.95',
    currency_id: '0',
    module: 'Enom',
    next_due: '2027-03-14',
    expires: '2027-03-14',
    status: 'Active',
    type: 'Register',
    date_created: '2025-03-14',
    autorenew: '1',
    reglock: '1',
    idprotection: '1',
  },
  2: {
    id: '2',
    manual: '0',
    name: 'morgandesign.io',
    lastname: 'Morgan',
    firstname: 'Alice',
    cid: '1',
    period: '2',
    recurring_amount: '108.00',
    currency_id: '0',
    module: 'OpenSRS',
    next_due: '2027-08-11',
    expires: '2027-08-11',
    status: 'Active',
    type: 'Register',
    date_created: '2025-08-11',
    autorenew: '1',
    reglock: '1',
    idprotection: '0',
  },
});

/** Order 1019 of client 4 (Daniel Kowalski, PayPal, no invoice) as getOrders and getClientOrders list it. */
export const ORDER_ROW_1019 = frozen({
  id: '1019',
  date_created: '2026-04-02 11:53:47',
  number: '156842470',
  client_id: '4',
  total: '9.95',
  status: 'Active',
  firstname: 'Daniel',
  lastname: 'Kowalski',
  module: 'PayPal',
  invtotal: null,
  invstatus: null,
  currency_id: '0',
  invoice_id: '0',
  payment_module: '1',
});

/** Account 12 (PositiveSSL DV for morgan-design.com, client 1) as getAccounts and getClientAccounts list it. */
export const ACCOUNT_ROW_12 = frozen({
  id: '12',
  manual: '0',
  domain: 'morgan-design.com',
  billingcycle: 'Annually',
  status: 'Active',
  total: '9.95',
  next_due: '2027-01-20',
  name: 'PositiveSSL DV',
  type: '5',
  lastname: 'Morgan',
  firstname: 'Alice',
  client_id: '1',
  currency_id: '0',
});

/** The setup fees of a product or addon that charges none, per cycle, as the catalogue calls answer them. */
export const NO_SETUP = frozen({
  m_setup: '0.00',
  q_setup: '0.00',
  s_setup: '0.00',
  a_setup: '0.00',
  b_setup: '0.00',
  t_setup: '0.00',
  p4_setup: '0.00',
  p5_setup: '0.00',
  d_setup: '0.00',
  w_setup: '0.00',
  h_setup: '0.00',
});

/** The .com registration prices of the bundled TLD product, one row a period in years. */
export const COM_PERIODS = frozen([
  { period: '1', register: '12.95', transfer: '12.95', renew: '14.95' },
  { period: '2', register: '25.90', transfer: '25.90', renew: '29.90' },
  { period: '3', register: '38.85', transfer: '38.85', renew: '44.85' },
  { period: '4', register: '51.80', transfer: '51.80', renew: '59.80' },
  { period: '5', register: '64.75', transfer: '64.75', renew: '74.75' },
]);

/** An order draft's price table for a product with no price at all: drafts carry numbers, not decimal strings. */
export const NO_PRICES = frozen({
  m_setup: 0,
  q_setup: 0,
  s_setup: 0,
  a_setup: 0,
  b_setup: 0,
  t_setup: 0,
  p4_setup: 0,
  p5_setup: 0,
  d_setup: 0,
  w_setup: 0,
  h_setup: 0,
  m: 0,
  q: 0,
  s: 0,
  a: 0,
  b: 0,
  t: 0,
  p4: 0,
  p5: 0,
  d: 0,
  w: 0,
  h: 0,
});

/** The cycles a draft offers for the bundled VPS products: monthly, quarterly and annually. */
export const ENABLED_MQA = frozen({
  m_enabled: '1',
  q_enabled: '1',
  s_enabled: '0',
  a_enabled: '1',
  b_enabled: '0',
  t_enabled: '0',
  p4_enabled: '0',
  p5_enabled: '0',
  d_enabled: '0',
  w_enabled: '0',
  h_enabled: '0',
});

/** A draft item's domain options when its product takes no domain. */
export const NO_DOMAIN_OPTIONS = frozen({
  register: '0',
  subdomain: '',
  owndomain: false,
  owndomainwithus: false,
  allowownoutside: false,
  hostname: false,
});

/** The recurring prices of a product or addon that charges nothing, per cycle, as the catalogue calls answer them. */
export const NO_CYCLES = frozen({
  m: '0.00',
  q: '0.00',
  s: '0.00',
  a: '0.00',
  b: '0.00',
  t: '0.00',
  p4: '0.00',
  p5: '0.00',
  d: '0.00',
  w: '0.00',
  h: '0.00',
});

/** Catalogue settings most bundled products share: visible, no domain options, no stock limit, set up on payment, no subdomain or own domain, taxed. */
export const PLAIN_PRODUCT = frozen({
  visible: '1',
  domain_options: '0',
  stock: '0',
  qty: '0',
  autosetup: '1',
  subdomain: '',
  owndomain: '0',
  tax: '1',
});

/** A domain made Active on the frozen clock's day (2026-11-20) for one year: due and expiring a year on, invoiced 30 days before, synchronised now. */
export const ACTIVE_FOR_A_YEAR = frozen({
  status: 'Active',
  expires: '2027-11-20',
  next_due: '2027-11-20',
  next_invoice: '2027-10-21',
  synch_date: '2026-11-20 12:00:00',
});

/** The end of getAccountDetails for a USD account on Business Hosting (product 2, Cpanel2) with no extras or notes. */
export const ON_BUSINESS_HOSTING = frozen({
  extra_details: [],
  manual: '0',
  currency_id: '0',
  notes: '',
  name: 'Business Hosting',
  mod: 'Cpanel2',
  options: [],
});

/** What getClientAccounts joins into each of Alice's Business Hosting rows: the product (type 1) and her names, in USD. */
export const ALICE_ON_BUSINESS_HOSTING = frozen({
  name: 'Business Hosting',
  type: '1',
  lastname: 'Morgan',
  firstname: 'Alice',
  client_id: '1',
  currency_id: '0',
});

/** What getClientOrders and getOrderDetails both join into order 1007: client 4's names, PayPal, and its paid invoice 4, in USD. */
export const ORDER_1007_JOINED = frozen({
  firstname: 'Daniel',
  lastname: 'Kowalski',
  module: 'PayPal',
  invtotal: '79.27',
  invstatus: 'Paid',
  currency_id: '0',
});

/** The bundled affiliates as getAffiliates lists them: Alice (1, USD, 10%), Bruno (2, EUR, 15%) and Farid's inactive account (3). */
export const AFFILIATES = frozen({
  1: {
    id: '1',
    firstname: 'Alice',
    lastname: 'Morgan',
    date_created: '2025-04-02 10:15:00',
    total_withdrawn: '30.00',
    status: 'Active',
    visits: '148',
    client_id: '1',
    currency_id: '0',
    balance: '12.34',
    signups: '2',
    signups_pending: '1',
  },
  2: {
    id: '2',
    firstname: 'Bruno',
    lastname: 'Keller',
    date_created: '2025-04-20 16:40:12',
    total_withdrawn: '0.00',
    status: 'Active',
    visits: '37',
    client_id: '2',
    currency_id: '1',
    balance: '9.26',
    signups: '1',
    signups_pending: '1',
  },
  3: {
    id: '3',
    firstname: 'Farid',
    lastname: 'Haddad',
    date_created: '2026-01-12 14:30:00',
    total_withdrawn: '0.00',
    status: 'Inactive',
    visits: '3',
    client_id: '6',
    currency_id: '0',
    balance: '0.00',
    signups: '0',
    signups_pending: '0',
  },
});
