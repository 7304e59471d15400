// Metered usage on the renewal invoice, with its boundary days: the day before
// the usage is still the current period; on the day the renewal invoice bills
// it, one line per variable, and the next period starts empty.
import t from 'tap';
import { api, assertSuccess, build } from '../helpers/app.js';
import { onDay, read } from './support.js';

// Managed Backup for cloud.graceliu.io (service 17, client 7): next_invoice 2026-12-01, next_due 2026-12-15.
// Bundled usage: 120 GB of backup storage (volume) and 11 GB of restore transfer (tiered).
const renewalOf17 = async (t: Parameters<typeof read>[0], app: Parameters<typeof read>[1]) => {
  const { invoices } = await read(t, app, 'getClientInvoices', { id: '7' });
  for (const listed of invoices) {
    const { invoice } = await read(t, app, 'getInvoiceDetails', { id: listed.id });
    if (invoice.items.some((item: any) => item.type === 'Hosting' && item.item_id === '17' && invoice.duedate === '2026-12-15'))
      return invoice;
  }
  return undefined;
};

t.test("the renewal invoice bills the period's metered usage, once, and the next period starts empty", async (t) => {
  const app = await build(t);
  await onDay(app, '2026-11-30');
  t.equal(await renewalOf17(t, app), undefined, 'the day before: no renewal invoice');
  const added = await api(app, 'meteredAddUsage', { account_id: '17', variable: 'restore_transfer', qty: '55' });
  assertSuccess(t, added, 'meteredAddUsage');
  const before = (await read(t, app, 'meteredGetUsage', { account_id: '17' })).variables;
  t.strictSame(
    [before['1'].usage, before['1'].charge, before['2'].usage, before['2'].charge],
    ['120', 6, '66', 12.1],
    'the day before: the usage is the current period',
  );

  await onDay(app, '2026-12-01');
  const invoice = await renewalOf17(t, app);
  t.ok(invoice, 'the day itself: the renewal invoice');
  t.match(invoice, {
    date: '2026-12-01',
    duedate: '2026-12-15',
    subtotal: '24.10',
    items: [
      { type: 'Hosting', item_id: '17', description: 'Managed Backup - cloud.graceliu.io (15/12/2026 - 14/01/2027)', amount: '6.00' },
      { type: 'Metered', item_id: '17', description: 'Managed Backup - Backup storage: 120 GB', amount: '6.00', qty: '1', linetotal: 6 },
      {
        type: 'Metered',
        item_id: '17',
        description: 'Managed Backup - Restore transfer: 66 GB',
        amount: '12.10',
        qty: '1',
        linetotal: 12.1,
      },
    ],
  });
  t.equal(invoice.items.length, 3);
  const after = (await read(t, app, 'meteredGetUsage', { account_id: '17' })).variables;
  t.strictSame(
    [after['1'].usage, after['1'].charge, after['1'].values, after['2'].usage, after['2'].values],
    ['0', 0, [], '0', []],
    'billed usage leaves the current period',
  );

  await api(app, 'meteredAddUsage', { account_id: '17', variable: 'backup_storage', qty: '40' });
  await onDay(app, '2026-12-02');
  t.equal((await renewalOf17(t, app)).items.length, 3, 'usage of the renewal day waits for the next period');
  t.equal((await read(t, app, 'meteredGetUsage', { account_id: '17' })).variables['1'].usage, '40');
});

t.test('a service without usage renews with its period line alone', async (t) => {
  // Managed Backup for morgan-design.com (service 16): next_invoice 2026-11-25, no usage recorded.
  const app = await build(t);
  await onDay(app, '2026-11-25');
  const { invoice } = await read(t, app, 'getInvoiceDetails', { id: '14' });
  t.strictSame(
    invoice.items.map((item: any) => [item.type, item.item_id]),
    [['Hosting', '16']],
  );
});
