import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { ENCODINGS, api, assertError, assertSuccess, build, resultOf, storeJson } from '../../helpers/app.js';
import type { CallOptions, WireParams } from '../../helpers/app.js';
import { estimateDetails } from '../../helpers/reads.js';
import { formatCents, lineCents, percentOf, toCents } from '../../../src/domain/money.js';

type Item = {
  id: string;
  estimate_id: string;
  item_id: string;
  type: string;
  description: string;
  amount: string;
  taxed: string;
  qty: string;
  linetotal: number;
};
type Estimate = Record<string, unknown> & {
  items: Item[];
  client: { id: string } | null;
  subtotal: string;
  tax: string;
  tax2: string;
  total: string;
};

const CALL = 'editEstimateDetails';
const INFO = ['Estimate details updated'];

async function edit(app: FastifyInstance, params: WireParams, options?: CallOptions) {
  return api(app, CALL, { id: '1', ...params }, options);
}

/** Edits and returns the answered estimate, checked against the schema. */
async function edited(t: Test, app: FastifyInstance, params: WireParams, options?: CallOptions): Promise<Estimate> {
  const result = assertSuccess(t, await edit(app, params, options), CALL);
  t.strictSame(result.info, INFO);
  return result.estimate as Estimate;
}

const details = (t: Test, app: FastifyInstance, id = '1', session?: string) => estimateDetails<Estimate>(t, app, id, session);

function totals(e: Estimate) {
  return { subtotal: e.subtotal, tax: e.tax, tax2: e.tax2, total: e.total };
}

/** The totals rule, computed independently of the operation, to check a stored estimate is consistent. */
function expectedTotals(e: Estimate) {
  const lines = e.items.map((i) => ({ cents: lineCents(i.amount, i.qty), taxed: i.taxed === '1' }));
  const subtotal = lines.reduce((n, l) => n + l.cents, 0);
  const taxable = Math.max(
    0,
    lines.filter((l) => l.taxed).reduce((n, l) => n + l.cents, 0),
  );
  const tax = percentOf(taxable, String(e.taxrate));
  const tax2 = percentOf(taxable, String(e.taxrate2));
  const total = Math.max(0, subtotal + tax + tax2 - toCents(String(e.credit)));
  return { subtotal: formatCents(subtotal), tax: formatCents(tax), tax2: formatCents(tax2), total: formatCents(total) };
}

t.test('editEstimateDetails changes plain fields and answers the whole estimate with info', async (t) => {
  const app = await build(t);
  const before = await details(t, app);
  const changes = {
    status: 'Sent',
    subject: 'Relaunch support, phase 1',
    date_created: '2026-11-19',
    date_expires: '2027-01-31',
    notes: 'Valid until the end of January.',
    notes_private: '',
  };
  const body = await edit(app, changes);
  const result = assertSuccess(t, body, CALL);
  t.strictSame(result, { estimate: { ...before, ...changes }, info: INFO });
  t.strictSame(Object.keys(body), ['success', 'estimate', 'call', 'server_time', 'info'], 'info follows server_time');
  t.strictSame(await details(t, app), { ...before, ...changes }, 'getEstimateDetails reads the change back');
  t.strictSame(await details(t, app, '1', 'other'), before, 'another session is untouched');
});

t.test('editEstimateDetails answers the same through GET, urlencoded and multipart, each in its own session', async (t) => {
  const app = await build(t);
  const params = {
    subject: 'Encoded',
    taxrate: '10',
    credit: '5.5',
    'item[1][qty]': '2',
    'item[2][remove]': '1',
    'newitem[0][description]': 'Caching: Redis & Varnish = 100%',
    'newitem[0][amount]': '19.99',
    'newitem[0][taxed]': '1',
  };
  const bodies = [];
  for (const via of ENCODINGS) bodies.push(await edit(app, params, { via, session: via }));
  for (let i = 1; i < bodies.length; i++) t.strictSame(bodies[i], bodies[0], `${ENCODINGS[i]} answers as GET does`);
  const estimate = assertSuccess(t, bodies[0], CALL).estimate as Estimate;
  t.strictSame(
    estimate.items.map((i) => [i.id, i.description, i.amount, i.qty, i.linetotal]),
    [
      ['1', 'Performance audit and caching setup [hours]', '75.00', '2', 150],
      ['11', 'Caching: Redis & Varnish = 100%', '19.99', '1', 19.99],
    ],
  );
  t.strictSame(totals(estimate), { subtotal: '169.99', tax: '17.00', tax2: '0.00', total: '181.49' });
  for (const via of ENCODINGS) t.strictSame(await details(t, app, '1', via), estimate, `session ${via} keeps its edit`);
  t.equal((await details(t, app)).subject, 'Website relaunch support', 'the default session is untouched');
});

t.test('editEstimateDetails computes the totals again after every kind of edit', async (t) => {
  // Estimate 1: line 1 is 4 x 75.00 taxed, line 2 is 1 x 120.00 untaxed; taxrate 8.25, no tax2, no credit.
  const cases: Array<[string, WireParams, ReturnType<typeof totals>]> = [
    ['taxrate', { taxrate: '10' }, { subtotal: '420.00', tax: '30.00', tax2: '0.00', total: '450.00' }],
    [
      'taxrate2 on the taxed lines, not compounded',
      { taxrate2: '5' },
      { subtotal: '420.00', tax: '24.75', tax2: '15.00', total: '459.75' },
    ],
    ['credit', { credit: '44.75' }, { subtotal: '420.00', tax: '24.75', tax2: '0.00', total: '400.00' }],
    ["an untaxed line's amount", { 'item[2][amount]': '100' }, { subtotal: '400.00', tax: '24.75', tax2: '0.00', total: '424.75' }],
    [
      "a taxed line's qty (tax rounded half up)",
      { 'item[1][qty]': '2' },
      { subtotal: '270.00', tax: '12.38', tax2: '0.00', total: '282.38' },
    ],
    ['a line becoming taxed', { 'item[2][taxed]': '1' }, { subtotal: '420.00', tax: '34.65', tax2: '0.00', total: '454.65' }],
    ['a line becoming untaxed', { 'item[1][taxed]': '0' }, { subtotal: '420.00', tax: '0.00', tax2: '0.00', total: '420.00' }],
    ['a removed line', { 'item[1][remove]': '1' }, { subtotal: '120.00', tax: '0.00', tax2: '0.00', total: '120.00' }],
    [
      'an added untaxed line',
      { 'newitem[0][description]': 'Extra', 'newitem[0][amount]': '30' },
      { subtotal: '450.00', tax: '24.75', tax2: '0.00', total: '474.75' },
    ],
    [
      'an added taxed line',
      { 'newitem[0][description]': 'Extra', 'newitem[0][amount]': '100', 'newitem[0][taxed]': '1' },
      { subtotal: '520.00', tax: '33.00', tax2: '0.00', total: '553.00' },
    ],
    ['a description only', { 'item[1][description]': 'Audit' }, { subtotal: '420.00', tax: '24.75', tax2: '0.00', total: '444.75' }],
  ];
  for (const [label, params, expected] of cases) {
    await t.test(label, async (t) => {
      const app = await build(t);
      const estimate = await edited(t, app, params);
      t.strictSame(totals(estimate), expected);
      t.strictSame(totals(await details(t, app)), expected, 'stored as answered');
    });
  }
});

t.test('editEstimateDetails stores rates and credit with two decimals and line values normalised', async (t) => {
  const app = await build(t);
  const estimate = await edited(t, app, {
    taxrate: '7.5',
    taxrate2: '100',
    credit: '3',
    'item[1][amount]': '80.5',
    'item[1][qty]': '1.50',
  });
  t.match(estimate, { taxrate: '7.50', taxrate2: '100.00', credit: '3.00' });
  t.match(estimate.items[0], { amount: '80.50', qty: '1.5', linetotal: 120.75 });
  t.strictSame(totals(estimate), { subtotal: '240.75', tax: '9.06', tax2: '120.75', total: '367.56' });
});

t.test('editEstimateDetails never answers a negative total or tax', async (t) => {
  const app = await build(t);
  t.strictSame(
    totals(await edited(t, app, { credit: '1000' })),
    { subtotal: '420.00', tax: '24.75', tax2: '0.00', total: '0.00' },
    'credit above the sum leaves 0.00',
  );
  t.equal((await details(t, app)).credit, '1000.00', 'the credit itself is kept');
  const app2 = await build(t);
  const discounted = await edited(t, app2, { 'newitem[0][description]': 'Loyalty discount', 'newitem[0][amount]': '-500' });
  t.match(discounted.items[2], { amount: '-500.00', linetotal: -500, taxed: '0' }, 'a negative line is a discount');
  t.strictSame(totals(discounted), { subtotal: '-80.00', tax: '24.75', tax2: '0.00', total: '0.00' });
  const app3 = await build(t);
  const taxedDiscount = await edited(t, app3, {
    'newitem[0][description]': 'Discount',
    'newitem[0][amount]': '-400',
    'newitem[0][taxed]': '1',
  });
  t.strictSame(
    totals(taxedDiscount),
    { subtotal: '20.00', tax: '0.00', tax2: '0.00', total: '20.00' },
    'a taxed discount above the taxed lines leaves no tax, not a negative one',
  );
});

t.test('editEstimateDetails adds lines with fresh ids, defaults and both key forms', async (t) => {
  const app = await build(t);
  const one = await edited(t, app, { 'newitem[0][description]': 'Hosting setup', 'newitem[0][amount]': '25' });
  t.strictSame(
    one.items[2],
    {
      id: '11',
      estimate_id: '1',
      item_id: '0',
      type: 'Other',
      description: 'Hosting setup',
      amount: '25.00',
      taxed: '0',
      qty: '1',
      linetotal: 25,
    },
    'qty 1 and taxed 0 by default; id one past the highest line id of any estimate (10)',
  );
  const appended = await edited(t, app, {
    'newitem[][description]': 'Support [hours]',
    'newitem[][amount]': '40',
    'newitem[][qty]': '2.25',
  });
  t.strictSame(
    appended.items.map((i) => i.id),
    ['1', '2', '11', '12'],
    'newitem[] appends one line',
  );
  t.match(appended.items[3], { qty: '2.25', linetotal: 90 });
  const keyed = await edited(t, app, {
    'newitem[7][description]': 'Second',
    'newitem[7][amount]': '2',
    'newitem[5][description]': 'First',
    'newitem[5][amount]': '1',
  });
  t.strictSame(
    keyed.items.slice(4).map((i) => [i.id, i.description]),
    [
      ['13', 'First'],
      ['14', 'Second'],
    ],
    'keys other than 0..n-1, in key order',
  );
  const other = await edited(t, app, { id: '2', 'newitem[0][description]': 'Elsewhere', 'newitem[0][amount]': '1' });
  t.strictSame(other.items.at(-1)?.id, '15', 'ids stay unique across estimates');
  t.equal(other.items.at(-1)?.estimate_id, '2');
  t.strictSame(totals(await details(t, app)), { subtotal: '538.00', tax: '24.75', tax2: '0.00', total: '562.75' });
});

t.test('editEstimateDetails changes and removes lines, each in place', async (t) => {
  const app = await build(t);
  const estimate = await edited(t, app, {
    'item[2][description]': 'Staging and CI',
    'item[2][amount]': '150',
    'item[2][qty]': '2',
    'item[2][taxed]': '1',
    'item[1][remove]': '1',
    'newitem[0][description]': 'New',
    'newitem[0][amount]': '10',
  });
  t.strictSame(estimate.items, [
    {
      id: '2',
      estimate_id: '1',
      item_id: '0',
      type: 'Other',
      description: 'Staging and CI',
      amount: '150.00',
      taxed: '1',
      qty: '2',
      linetotal: 300,
    },
    { id: '11', estimate_id: '1', item_id: '0', type: 'Other', description: 'New', amount: '10.00', taxed: '0', qty: '1', linetotal: 10 },
  ]);
  t.strictSame(totals(estimate), { subtotal: '310.00', tax: '24.75', tax2: '0.00', total: '334.75' });
  const kept = await edited(t, app, { id: '2', 'item[3][amount]': '20' });
  t.match(kept.items[0], { id: '3', item_id: '12', type: 'Product', amount: '20.00' }, 'a changed line keeps its item_id and type');
  const removed = await edited(t, app, { 'item[2][remove]': '1', 'item[2][amount]': '5', 'item[11][remove]': '1' });
  t.strictSame(removed.items, [], 'remove=1 wins over other fields; every line can go');
  t.strictSame(totals(removed), { subtotal: '0.00', tax: '0.00', tax2: '0.00', total: '0.00' });
  t.strictSame(await details(t, app), removed);
});

t.test('editEstimateDetails: rate follows the currency, amounts stay; the client must exist', async (t) => {
  const app = await build(t);
  const euro = await edited(t, app, { currency_id: '1' });
  t.match(euro, { currency_id: '1', rate: '0.9215', subtotal: '420.00', total: '444.75' }, 'amounts are not converted');
  t.match(euro.items[0], { amount: '75.00' });
  t.match(await edited(t, app, { currency_id: '0' }), { currency_id: '0', rate: '1.0000' }, "the main currency's rate is 1.0000");
  t.match(await edited(t, app, { id: '4', currency_id: '1' }), { currency_id: '1', rate: '0.9215', subtotal: '142.50' });
  const moved = await edited(t, app, { client_id: '2' });
  t.match(moved, { client_id: '2', currency_id: '0', client: { id: '2', firstname: 'Bruno' } }, 'a new client brings no currency change');
  t.equal((await details(t, app)).client?.id, '2');
  assertError(t, await edit(app, { client_id: '999' }), CALL, ['Client 999 not found']);
  assertError(t, await edit(app, { currency_id: '9' }), CALL, ['Currency 9 not found']);
});

t.test('editEstimateDetails refuses dates that are not real or that cross', async (t) => {
  const app = await build(t);
  const cases: Array<[WireParams, string]> = [
    [{ date_created: '2026-02-30' }, 'Parameter date_created must be a real calendar date as YYYY-MM-DD'],
    [{ date_expires: '2026-13-01' }, 'Parameter date_expires must be a real calendar date as YYYY-MM-DD'],
    [{ date_expires: '0000-00-00' }, 'Parameter date_expires must be a real calendar date as YYYY-MM-DD'],
    [{ date_created: '18.11.2026' }, 'Parameter date_created must be a date as YYYY-MM-DD'],
    [{ date_expires: '2026-11-17' }, 'Parameter date_expires must be on or after date_created (2026-11-18)'],
    [{ date_created: '2026-12-19' }, 'Parameter date_created must be on or before date_expires (2026-12-18)'],
    [{ date_created: '2027-02-01', date_expires: '2027-01-31' }, 'Parameter date_expires must be on or after date_created (2027-02-01)'],
  ];
  for (const [params, message] of cases) assertError(t, await edit(app, params), CALL, [message]);
  t.match(
    await edited(t, app, { date_expires: '2026-11-18' }),
    { date_created: '2026-11-18', date_expires: '2026-11-18' },
    'the same day is fine',
  );
  t.match(
    await edited(t, app, { date_created: '2027-01-02', date_expires: '2027-02-28' }),
    { date_created: '2027-01-02', date_expires: '2027-02-28' },
    'both dates move together',
  );
});

t.test("editEstimateDetails refuses unknown lines, naming the estimate's own", async (t) => {
  const app = await build(t);
  assertError(t, await edit(app, { 'item[3][amount]': '1' }), CALL, ['Estimate 1 has no item 3: its items are 1, 2']);
  assertError(t, await edit(app, { 'item[0][amount]': '1' }), CALL, ['Estimate 1 has no item 0: its items are 1, 2']);
  assertError(t, await edit(app, { 'item[99][remove]': '1' }), CALL, ['Estimate 1 has no item 99: its items are 1, 2']);
});

t.test("editEstimateDetails refuses malformed parameters with the parameter's name", async (t) => {
  const app = await build(t);
  const cases: Array<[WireParams, string]> = [
    [{ id: 'abc' }, 'Parameter id must be a positive whole number id, such as 1'],
    [{ id: '99' }, 'Estimate 99 not found'],
    [{ status: 'Open' }, 'Parameter status must be one of: Draft, Sent, Accepted, Invoiced, Dead'],
    [{ client_id: 'x' }, 'Parameter client_id must be a positive whole number id, such as 1'],
    [{ currency_id: '-1' }, 'Parameter currency_id must be 0 or a positive whole number id'],
    [{ taxrate: '101' }, 'Parameter taxrate must be a percentage from 0 to 100 with at most two decimals, such as 20 or 8.25'],
    [{ taxrate2: '7.125' }, 'Parameter taxrate2 must be a percentage from 0 to 100 with at most two decimals, such as 20 or 8.25'],
    [{ credit: '-1' }, 'Parameter credit must be a non-negative amount with at most two decimals, up to 999999999999.99, such as 12.30'],
    [
      { 'item[1][amount]': '1.234' },
      'Parameter item[1][amount] must be an amount with at most two decimals, such as 12.30 (negative for a discount line)',
    ],
    [{ 'item[1][qty]': '0' }, 'Parameter item[1][qty] must be a positive quantity with at most four decimals, such as 3 or 1.5'],
    [{ 'item[1][qty]': '-2' }, 'Parameter item[1][qty] must be a positive quantity with at most four decimals, such as 3 or 1.5'],
    [{ 'item[1][taxed]': 'maybe' }, 'Parameter item[1][taxed] must be one of: 0, 1'],
    [{ 'item[1][description]': '' }, 'Parameter item[1][description] must be a non-empty text'],
    [{ 'item[1][price]': '5' }, 'Parameter item[1][price] must be absent: it is not a known key here'],
    [{ 'item[abc][qty]': '1' }, 'Parameter item must be keyed by line id, such as item[12][qty]=2'],
    [{ 'item[0][qty]': '0' }, 'Parameter item[0][qty] must be a positive quantity with at most four decimals, such as 3 or 1.5'],
    [{ 'newitem[0][description]': 'No price' }, 'Parameter newitem[0][amount] is required'],
    [{ 'newitem[0][amount]': '5' }, 'Parameter newitem[0][description] is required'],
    [
      { 'newitem[3][description]': 'x', 'newitem[3][amount]': 'ten' },
      'Parameter newitem[3][amount] must be an amount with at most two decimals, such as 12.30 (negative for a discount line)',
    ],
    [
      { 'newitem[0][description]': 'x', 'newitem[0][amount]': '1', 'newitem[0][qty]': '0.00' },
      'Parameter newitem[0][qty] must be a positive quantity with at most four decimals, such as 3 or 1.5',
    ],
    [{ 'newitem[x][amount]': '1' }, 'Parameter newitem must be keyed by a number, such as newitem[0][amount]=50'],
  ];
  for (const [params, message] of cases) assertError(t, await edit(app, params), CALL, [message]);
  assertError(t, await api(app, CALL, {}), CALL, ['Parameter id is required']);
  t.strictSame(await details(t, app), await details(t, app, '1', 'fresh'), 'nothing was changed');
});

t.test('editEstimateDetails with nothing but id answers the estimate unchanged', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  const estimate = await details(t, app);
  t.strictSame(resultOf(await edit(app, {})), { estimate, info: INFO });
  t.equal(storeJson(app), before, 'the store is unchanged');
});

t.test('a failing edit leaves the whole store unchanged, even when it fails late', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  const failures: Array<[WireParams, string]> = [
    [
      {
        subject: 'Changed',
        client_id: '2',
        currency_id: '1',
        taxrate: '5',
        'item[1][qty]': '9',
        'newitem[0][description]': 'x',
        'newitem[0][amount]': '1',
        'item[99][amount]': '1',
      },
      'Estimate 1 has no item 99: its items are 1, 2',
    ],
    [
      { subject: 'Changed', status: 'Accepted', 'item[2][remove]': '1', date_expires: '2026-01-01' },
      'Parameter date_expires must be on or after date_created (2026-11-18)',
    ],
    [{ subject: 'Changed', credit: '10', currency_id: '7' }, 'Currency 7 not found'],
  ];
  for (const [params, message] of failures) {
    assertError(t, await edit(app, params), CALL, [message]);
    t.equal(storeJson(app), before, `unchanged after: ${message}`);
  }
});

t.test('two concurrent edits of one estimate both land and leave consistent totals', async (t) => {
  const app = await build(t);
  const [a, b] = await Promise.all([
    edit(app, { 'item[1][qty]': '10', taxrate: '20' }),
    edit(app, { 'newitem[0][description]': 'Rush fee', 'newitem[0][amount]': '50', 'newitem[0][taxed]': '1', credit: '5' }),
  ]);
  assertSuccess(t, a, CALL);
  assertSuccess(t, b, CALL);
  const estimate = await details(t, app);
  t.match(estimate, { taxrate: '20.00', credit: '5.00' });
  t.strictSame(
    estimate.items.map((i) => [i.id, i.qty]),
    [
      ['1', '10'],
      ['2', '1'],
      ['11', '1'],
    ],
    'both edits are kept',
  );
  t.strictSame(totals(estimate), expectedTotals(estimate));
  t.strictSame(totals(estimate), { subtotal: '920.00', tax: '160.00', tax2: '0.00', total: '1075.00' });
});

t.test('editEstimateDetails leaves Invoiced to the calls that make the invoice', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'convertEstimateToInvoice', { id: '2' }), 'convertEstimateToInvoice');
  const before = storeJson(app);
  assertError(t, await edit(app, { status: 'Invoiced' }), CALL, [
    'Estimate 1 becomes Invoiced only by making its invoice: use convertEstimateToInvoice or setEstimateStatus with status=Invoiced',
  ]);
  assertError(t, await edit(app, { id: '2', status: 'Sent' }), CALL, ['Estimate 2 is Invoiced (invoice 13): its status no longer changes']);
  t.equal(storeJson(app), before, 'nothing changed');
  assertSuccess(t, await edit(app, { id: '2', status: 'Invoiced', notes: 'Thanks' }), CALL);
});
