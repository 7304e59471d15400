import t from 'tap';
import { api, assertSuccess, build, storeJson, SERVER_TIME } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { refusals } from '../../helpers/refusals.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';
import { BUNDLED_STORAGE, STORAGE, TRANSFER, value } from '../../helpers/metered.js';

t.test('meteredAddUsage records usage, priced by the scheme, that meteredGetUsage lists', async (t) => {
  const app = await build(t);
  const body = await api(app, 'meteredAddUsage', { account_id: '17', variable: 'backup_storage', qty: '100', output: 'weekly full' });
  t.strictSame(body, { success: true, usage_id: '3', call: 'meteredAddUsage', server_time: SERVER_TIME }, 'usage_id is a string');
  const transfer = await api(app, 'meteredAddUsage', {
    account_id: '17',
    variable: 'restore_transfer',
    qty: '55',
    rawoutput: '{"files":1200}',
    date_created: '2026-11-19 08:00:00',
  });
  t.equal(transfer.usage_id, '4');
  const fixed = await api(app, 'meteredAddUsage', { account_id: '17', variable: 'restore_transfer', qty: '2', charge: '7.5' });
  t.equal(fixed.usage_id, '5');
  const { variables } = (await read(t, app, 'meteredGetUsage', { account_id: '17' })) as { variables: Record<string, any> };
  t.strictSame(
    variables['1'],
    {
      ...STORAGE,
      usage: '220',
      charge: 8.8,
      values: [
        BUNDLED_STORAGE,
        value(STORAGE, { id: '3', date: '2026-11-20 12:00:00', charge: '4.00', qty: '100', output: 'weekly full' }),
      ],
    },
    '220 GB fall in the 200+ bracket: all of it at 0.04',
  );
  t.strictSame(variables['2'].values.slice(1), [
    { ...value(TRANSFER, { id: '4', date: '2026-11-19 08:00:00', charge: '11.00', qty: '55', output: '' }), rawoutput: '{"files":1200}' },
    value(TRANSFER, { id: '5', date: '2026-11-20 12:00:00', charge: '7.50', qty: '2', output: '' }),
  ]);
  t.equal(variables['2'].charge, 19.6, 'tiered: the records summed, the given charge as given');
});

t.test('meteredAddUsage works the same through GET, urlencoded and multipart', async (t) => {
  const app = await build(t);
  const answer = await sameEverywhereMutating(t, app, 'meteredAddUsage', { account_id: '16', variable: 'backup_storage', qty: '1.5' });
  t.strictSame(answer, { success: true, usage_id: '3', call: 'meteredAddUsage', server_time: SERVER_TIME });
});

refusals('meteredAddUsage refusals change nothing', 'meteredAddUsage', [
  [{ account_id: '99', variable: 'backup_storage', qty: '1' }, 'Account 99 not found'],
  [
    { account_id: '1', variable: 'backup_storage', qty: '1' },
    "Account 1 has no metered billing: its product 2 has no metered variables (meteredGetVariables lists a product's)",
  ],
  [
    { account_id: '17', variable: 'bandwidth', qty: '1' },
    'Variable bandwidth is not a metered variable of product 17: use one of backup_storage, restore_transfer',
  ],
  [{ variable: 'backup_storage', qty: '1' }, 'Parameter account_id is required'],
  [{ account_id: '17', qty: '1' }, 'Parameter variable is required'],
  [{ account_id: '17', variable: 'backup_storage' }, 'Parameter qty is required'],
  [{ account_id: '17', variable: 'backup_storage', qty: '-1' }, 'Parameter qty must be a quantity of at most 4 decimals, such as 2 or 1.5'],
  [
    { account_id: '17', variable: 'backup_storage', qty: '1', charge: '-2' },
    'Parameter charge must be a money amount of 0 or more, such as 5 or 4.20',
  ],
  [
    { account_id: '17', variable: 'backup_storage', qty: '1', date_created: '2026-02-30 00:00:00' },
    'Parameter date_created must be a real date and time as YYYY-MM-DD HH:MM:SS',
  ],
  [
    { account_id: '17', variable: 'backup_storage', qty: '1', date_updated: '2026-11-20' },
    'Parameter date_updated must be a date-time as YYYY-MM-DD HH:MM:SS',
  ],
]);

t.test("deleting a client removes its services' usage", async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, 'deleteClient', { id: '7' }), 'deleteClient');
  t.strictSame(JSON.parse(storeJson(app)).metered_usage, [], "service 17's usage went with it");
  const { variables } = await api(app, 'meteredGetVariables', { product_id: '17' });
  t.equal((variables as unknown[]).length, 2, 'the product keeps its variables');
});
