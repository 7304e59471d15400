import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertSuccess, build, type WireParams } from '../../helpers/app.js';
import { ORDER_1007_JOINED } from '../../helpers/records.js';
import { refusals } from '../../helpers/refusals.js';
import { readEverywhere } from '../../helpers/reads.js';

const CALL = 'getOrderDetails';
// The published sample's keys, in its order.
const PUBLISHED_KEYS = [
  'id',
  'number',
  'payment_module',
  'client_id',
  'invoice_id',
  'total',
  'date_created',
  'status',
  'order_ip',
  'notes',
  'firstname',
  'lastname',
  'module',
  'invtotal',
  'invstatus',
  'currency_id',
  'fraudmodule',
  'balance',
  'hosting',
  'addons',
  'upgrades',
  'fieldupgrades',
  'domains',
];
const PUBLISHED_DOMAIN_KEYS = ['id', 'name', 'type', 'firstpayment', 'period', 'status', 'reg_module', 'nameservers', 'nsips'];
const NAMESERVERS = ['ns1.lumenhost.net', 'ns2.lumenhost.net', '', '', ''];

type Details = Record<string, unknown> & { domains: object[] };

async function details(t: Test, app: FastifyInstance, params: WireParams): Promise<Details> {
  const result = assertSuccess(t, await api(app, CALL, params), CALL);
  t.strictSame(Object.keys(result), ['details']);
  return result.details as Details;
}

t.test('getOrderDetails answers a bundled order with its services and their addons, in the published shape', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, CALL, { id: '1004' });
  t.strictSame(result, {
    details: {
      id: '1004',
      number: '156118405',
      payment_module: '2',
      client_id: '1',
      invoice_id: '10',
      total: '129.60',
      date_created: '2025-06-02 14:08:32',
      status: 'Active',
      order_ip: '203.0.113.9',
      notes: '',
      firstname: 'Alice',
      lastname: 'Morgan',
      module: 'Stripe',
      invtotal: '445.56',
      invstatus: 'Paid',
      currency_id: '0',
      fraudmodule: null,
      balance: 'Completed',
      hosting: [
        {
          id: '2',
          product_id: '8',
          name: 'VPS 1GB',
          domain: 'vps1.morgan-design.com',
          billingcycle: 'Annually',
          firstpayment: '129.60',
          total: '129.60',
          status: 'Active',
          next_due: '2027-06-02',
        },
      ],
      addons: [
        {
          id: '2',
          account_id: '2',
          addon_id: '3',
          name: 'cPanel/WHM License',
          billingcycle: 'Annually',
          recurring_amount: '180.00',
          setup_fee: '0.00',
          status: 'Active',
        },
        {
          id: '3',
          account_id: '2',
          addon_id: '4',
          name: 'DDoS Protection',
          billingcycle: 'Annually',
          recurring_amount: '102.00',
          setup_fee: '25.00',
          status: 'Active',
        },
      ],
      upgrades: [],
      fieldupgrades: [],
      domains: [],
    },
  });
  t.strictSame(Object.keys(result.details as object), PUBLISHED_KEYS, "keys in the published sample's order");
});

t.test('getOrderDetails lists the domains an order registers or transfers, with five name-server slots', async (t) => {
  const app = await build(t);
  const order = await details(t, app, { id: '1007' });
  t.strictSame(order, {
    id: '1007',
    number: '156263218',
    payment_module: '1',
    client_id: '4',
    invoice_id: '4',
    total: '64.45',
    date_created: '2026-09-03 17:29:11',
    status: 'Active',
    order_ip: '203.0.113.120',
    notes: '',
    ...ORDER_1007_JOINED,
    fraudmodule: null,
    balance: 'Completed',
    hosting: [
      {
        id: '6',
        product_id: '1',
        name: 'Starter Hosting',
        domain: 'kowalski-foto.net',
        billingcycle: 'Annually',
        firstpayment: '49.95',
        total: '49.95',
        status: 'Active',
        next_due: '2027-09-03',
      },
    ],
    addons: [
      {
        id: '4',
        account_id: '6',
        addon_id: '1',
        name: 'Dedicated IP Address',
        billingcycle: 'Annually',
        recurring_amount: '36.00',
        setup_fee: '0.00',
        status: 'Pending',
      },
    ],
    upgrades: [],
    fieldupgrades: [],
    domains: [
      {
        id: '5',
        name: 'kowalski-foto.net',
        type: 'Transfer',
        firstpayment: '14.50',
        period: '1',
        status: 'Pending Transfer',
        reg_module: '1',
        nameservers: NAMESERVERS,
        nsips: [''],
      },
    ],
  });
  t.strictSame(Object.keys(order.domains[0]), PUBLISHED_DOMAIN_KEYS, "domain keys in the published sample's order");
});

t.test('getOrderDetails: the fraud module when one flagged it; balance Incomplete while the invoice is unpaid', async (t) => {
  const app = await build(t);
  t.strictSame(await details(t, app, { id: '1017' }), {
    id: '1017',
    number: '156745928',
    payment_module: '2',
    client_id: '9',
    invoice_id: '0',
    total: '4.56',
    date_created: '2026-11-16 19:42:07',
    status: 'Fraud',
    order_ip: '185.220.101.4',
    notes: 'Proxy IP, card country does not match',
    firstname: 'Isabel',
    lastname: 'Torres',
    module: 'Stripe',
    invtotal: null,
    invstatus: null,
    currency_id: '1',
    fraudmodule: 'MaxMind',
    balance: 'Completed',
    hosting: [
      {
        id: '18',
        product_id: '1',
        name: 'Starter Hosting',
        domain: 'torres-arquitectura.es',
        billingcycle: 'Monthly',
        firstpayment: '4.56',
        total: '4.56',
        status: 'Fraud',
        next_due: '2026-11-16',
      },
    ],
    addons: [],
    upgrades: [],
    fieldupgrades: [],
    domains: [],
  });
  t.match(await details(t, app, { id: '1018' }), { invtotal: '75.04', invstatus: 'Unpaid', balance: 'Incomplete' });
  t.match(await details(t, app, { id: '1003' }), { invstatus: 'Unpaid', balance: 'Incomplete' });
  t.match(await details(t, app, { id: '1015' }), { invstatus: 'Cancelled', balance: 'Incomplete' });
});

t.test('getOrderDetails answers a freshly placed order', async (t) => {
  const app = await build(t);
  const placed = await api(app, 'addOrder', {
    client_id: '4',
    product: '1',
    cycle: 'a',
    domain_name: 'kowalski-studio.eu',
    domain_action: 'register',
    domain_sld: 'kowalski-studio',
    domain_tld: '.eu',
    domain_period: '3',
    invoice_generate: '1',
    module: '4',
  });
  assertSuccess(t, placed, 'addOrder');
  // Daniel (client 4, Poland, VAT 23%): Starter Hosting yearly 49.95 + .eu for 3 years 25.50 = 75.45; + 17.35 VAT = 92.80.
  const order = await details(t, app, { id: placed.order_id as string });
  t.strictSame(order, {
    id: '1022',
    number: '156987283',
    payment_module: '4',
    client_id: '4',
    invoice_id: '13',
    total: '92.80',
    date_created: '2026-11-20 12:00:00',
    status: 'Pending',
    order_ip: '',
    notes: '',
    firstname: 'Daniel',
    lastname: 'Kowalski',
    module: 'Authorize.net CC',
    invtotal: '92.80',
    invstatus: 'Unpaid',
    currency_id: '0',
    fraudmodule: null,
    balance: 'Incomplete',
    hosting: [
      {
        id: '19',
        product_id: '1',
        name: 'Starter Hosting',
        domain: 'kowalski-studio.eu',
        billingcycle: 'Annually',
        firstpayment: '49.95',
        total: '49.95',
        status: 'Pending',
        next_due: '2027-11-20',
      },
    ],
    addons: [],
    upgrades: [],
    fieldupgrades: [],
    domains: [
      {
        id: '11',
        name: 'kowalski-studio.eu',
        type: 'Register',
        firstpayment: '25.50',
        period: '3',
        status: 'Pending Registration',
        reg_module: '3',
        nameservers: NAMESERVERS,
        nsips: [''],
      },
    ],
  });
  t.strictSame(Object.keys(order), PUBLISHED_KEYS);
});

refusals('getOrderDetails errors', CALL, [
  [{ id: '99' }, 'Order 99 not found'],
  [{ id: '1000' }, 'Order 1000 not found'],
  [{}, 'Parameter id is required'],
  [{ id: 'abc' }, 'Parameter id must be a positive whole number id, such as 1'],
]);
