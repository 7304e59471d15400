import t from 'tap';
import { api, build, SERVER_TIME } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { refusals } from '../../helpers/refusals.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';
import { BUNDLED_STORAGE, BUNDLED_TRANSFER, STORAGE, TRANSFER, value } from '../../helpers/metered.js';

t.test('meteredAddUsageBulk records several variables at once, each priced by its scheme, as meteredGetUsage lists', async (t) => {
  const app = await build(t);
  const body = await api(app, 'meteredAddUsageBulk', {
    account_id: '17',
    'variables[restore_transfer][qty]': '55',
    'variables[restore_transfer][rawoutput]': '{"files":1200}',
    'variables[restore_transfer][date_created]': '2026-11-19 08:00:00',
    'variables[backup_storage][qty]': '100',
    'variables[backup_storage][output]': 'weekly full',
  });
  t.strictSame(
    body,
    { success: true, usage_ids: { restore_transfer: '3', backup_storage: '4' }, call: 'meteredAddUsageBulk', server_time: SERVER_TIME },
    'ids as strings keyed by variable name, in the order given',
  );
  const { variables } = (await read(t, app, 'meteredGetUsage', { account_id: '17' })) as { variables: Record<string, any> };
  t.strictSame(variables['1'], {
    ...STORAGE,
    usage: '220',
    charge: 8.8,
    values: [BUNDLED_STORAGE, value(STORAGE, { id: '4', date: '2026-11-20 12:00:00', charge: '4.00', qty: '100', output: 'weekly full' })],
  });
  t.strictSame(variables['2'], {
    ...TRANSFER,
    usage: '66',
    charge: 12.1,
    values: [
      BUNDLED_TRANSFER,
      { ...value(TRANSFER, { id: '3', date: '2026-11-19 08:00:00', charge: '11.00', qty: '55', output: '' }), rawoutput: '{"files":1200}' },
    ],
  });
});

t.test('meteredAddUsageBulk takes a given charge and a single variable as meteredAddUsage does', async (t) => {
  const app = await build(t);
  const body = await api(app, 'meteredAddUsageBulk', {
    account_id: '17',
    'variables[restore_transfer][qty]': '2',
    'variables[restore_transfer][charge]': '7.5',
    'variables[restore_transfer][date_updated]': '2026-11-20 13:00:00',
  });
  t.strictSame(body.usage_ids, { restore_transfer: '3' });
  const { variables } = (await read(t, app, 'meteredGetUsage', { account_id: '17' })) as { variables: Record<string, any> };
  t.strictSame(variables['2'].values[1], {
    ...value(TRANSFER, { id: '3', date: '2026-11-20 12:00:00', charge: '7.50', qty: '2', output: '' }),
    date_updated: '2026-11-20 13:00:00',
  });
});

t.test('meteredAddUsageBulk works the same through GET, urlencoded and multipart', async (t) => {
  const app = await build(t);
  const answer = await sameEverywhereMutating(t, app, 'meteredAddUsageBulk', {
    account_id: '16',
    'variables[backup_storage][qty]': '1.5',
    'variables[restore_transfer][qty]': '3',
  });
  t.strictSame(answer, {
    success: true,
    usage_ids: { backup_storage: '3', restore_transfer: '4' },
    call: 'meteredAddUsageBulk',
    server_time: SERVER_TIME,
  });
});

refusals('meteredAddUsageBulk refusals change nothing: one bad variable refuses them all', 'meteredAddUsageBulk', [
  [{ account_id: '99', 'variables[backup_storage][qty]': '1' }, 'Account 99 not found'],
  [
    { account_id: '1', 'variables[backup_storage][qty]': '1' },
    "Account 1 has no metered billing: its product 2 has no metered variables (meteredGetVariables lists a product's)",
  ],
  [
    { account_id: '17', 'variables[backup_storage][qty]': '1', 'variables[bandwidth][qty]': '1' },
    'Variable bandwidth is not a metered variable of product 17: use one of backup_storage, restore_transfer',
  ],
  [
    {
      account_id: '17',
      'variables[backup_storage][qty]': '1',
      'variables[restore_transfer][qty]': '1',
      'variables[restore_transfer][date_created]': '2026-02-30 00:00:00',
    },
    'Parameter variables[restore_transfer][date_created] must be a real date and time as YYYY-MM-DD HH:MM:SS',
  ],
  [{ 'variables[backup_storage][qty]': '1' }, 'Parameter account_id is required'],
  [{ account_id: '17' }, 'Parameter variables is required'],
  [{ account_id: '17', 'variables[backup_storage][output]': 'x' }, 'Parameter variables[backup_storage][qty] is required'],
  [
    { account_id: '17', 'variables[backup_storage][qty]': '-1' },
    'Parameter variables[backup_storage][qty] must be a quantity of at most 4 decimals, such as 2 or 1.5',
  ],
  [
    { account_id: '17', 'variables[backup_storage][qty]': '1', 'variables[backup_storage][charge]': '-2' },
    'Parameter variables[backup_storage][charge] must be a money amount of 0 or more, such as 5 or 4.20',
  ],
]);

t.test('meteredAddUsageBulk names every problem at once and records nothing', async (t) => {
  const app = await build(t);
  const body = await api(app, 'meteredAddUsageBulk', {
    account_id: '17',
    'variables[backup_storage][qty]': '1',
    'variables[backup_storage][date_updated]': '2026-04-31 00:00:00',
    'variables[bandwidth][qty]': '1',
    'variables[disk][qty]': '1',
  });
  t.strictSame(body.error, [
    'Variable bandwidth is not a metered variable of product 17: use one of backup_storage, restore_transfer',
    'Variable disk is not a metered variable of product 17: use one of backup_storage, restore_transfer',
    'Parameter variables[backup_storage][date_updated] must be a real date and time as YYYY-MM-DD HH:MM:SS',
  ]);
  const { variables } = (await read(t, app, 'meteredGetUsage', { account_id: '17' })) as { variables: Record<string, any> };
  t.strictSame(variables['1'].values, [BUNDLED_STORAGE], 'backup_storage, known and well dated, was not recorded either');
});
