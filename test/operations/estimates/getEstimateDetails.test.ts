import t from 'tap';
import { build } from '../../helpers/app.js';
import { keyOrder } from '../../helpers/shapes.js';
import { refusals } from '../../helpers/refusals.js';
import { ALICE } from '../../helpers/records.js';
import { read, readEverywhere } from '../../helpers/reads.js';

/** Estimate 1 of the bundled world, as getEstimateDetails answers it. */
const ESTIMATE_1 = {
  id: '1',
  status: 'Draft',
  subject: 'Website relaunch support',
  client_id: '1',
  date_created: '2026-11-18',
  date_expires: '2026-12-18',
  subtotal: '420.00',
  credit: '0.00',
  tax: '24.75',
  taxrate: '8.25',
  tax2: '0.00',
  taxrate2: '0.00',
  total: '444.75',
  currency_id: '0',
  rate: '1.0000',
  notes: '',
  notes_private: 'Alice wants the staging VPS reused; check disk space before sending.',
  hash: 'f72e3435ee97c8200b0b1e505d745c28',
  items: [
    {
      id: '1',
      estimate_id: '1',
      item_id: '0',
      type: 'Other',
      description: 'Performance audit and caching setup [hours]',
      amount: '75.00',
      taxed: '1',
      qty: '4',
      linetotal: 300,
    },
    {
      id: '2',
      estimate_id: '1',
      item_id: '0',
      type: 'Other',
      description: 'Staging environment configuration',
      amount: '120.00',
      taxed: '0',
      qty: '1',
      linetotal: 120,
    },
  ],
  client: ALICE,
};

const FIELD_ORDER = [
  'id',
  'status',
  'subject',
  'client_id',
  'date_created',
  'date_expires',
  'subtotal',
  'credit',
  'tax',
  'taxrate',
  'tax2',
  'taxrate2',
  'total',
  'currency_id',
  'rate',
  'notes',
  'notes_private',
  'hash',
  'items',
  'client',
];

t.test('getEstimateDetails answers the estimate with its lines and the client embedded', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, 'getEstimateDetails', { id: '1' });
  t.strictSame(result, { estimate: ESTIMATE_1 });
  const estimate = result.estimate as Record<string, unknown>;
  t.strictSame(Object.keys(estimate), FIELD_ORDER, "fields in the real answer's order");
  keyOrder(t, (estimate.items as object[])[0], 'id estimate_id item_id type description amount taxed qty linetotal');
  t.notOk('password' in (estimate.client as object), "the client's password hash never leaves the store");
});

t.test('getEstimateDetails keeps fractional quantities, numeric line totals and other currencies', async (t) => {
  const app = await build(t);
  const result = await read(t, app, 'getEstimateDetails', { id: '4' });
  const estimate = result.estimate as Record<string, unknown> & { items: Record<string, unknown>[]; client: { id: string } };
  t.match(estimate, {
    id: '4',
    status: 'Dead',
    client_id: '3',
    currency_id: '2',
    rate: '0.7890',
    subtotal: '142.50',
    tax: '28.50',
    total: '171.00',
  });
  t.strictSame(
    estimate.items.map((i) => [i.qty, i.linetotal]),
    [
      ['2.5', 112.5],
      ['1', 30],
    ],
  );
  t.equal(estimate.client.id, '3');
});

refusals('getEstimateDetails refuses a missing, malformed or unknown id', 'getEstimateDetails', [
  [{}, 'Parameter id is required'],
  [{ id: 'abc' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '0' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '99' }, 'Estimate 99 not found'],
]);
