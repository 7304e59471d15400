import t from 'tap';
import { api, assertSuccess, build, sameEverywhere } from '../../helpers/app.js';
import { keyOrder } from '../../helpers/shapes.js';
import { refusals } from '../../helpers/refusals.js';
import { idLister, read } from '../../helpers/reads.js';

const ids = idLister('getEstimates', 'estimates');

t.test("getEstimates lists every estimate newest first with the client's names", async (t) => {
  const app = await build(t);
  const result = assertSuccess(t, await sameEverywhere(t, app, 'getEstimates', {}), 'getEstimates');
  t.strictSame(result, {
    estimates: [
      {
        id: '1',
        client_id: '1',
        date_created: '2026-11-18',
        date_expires: '2026-12-18',
        status: 'Draft',
        subject: 'Website relaunch support',
        total: '444.75',
        currency_id: '0',
        firstname: 'Alice',
        lastname: 'Morgan',
      },
      {
        id: '2',
        client_id: '7',
        date_created: '2026-11-16',
        date_expires: '2026-11-30',
        status: 'Sent',
        subject: 'Cloud setup for graceliu.io',
        total: '142.24',
        currency_id: '0',
        firstname: 'Grace',
        lastname: 'Liu',
      },
      {
        id: '3',
        client_id: '5',
        date_created: '2026-10-05',
        date_expires: '2026-11-05',
        status: 'Accepted',
        subject: 'Backups and DDoS protection for srv.laurent-conseil.fr',
        total: '78.07',
        currency_id: '1',
        firstname: 'Emma',
        lastname: 'Laurent',
      },
      {
        id: '4',
        client_id: '3',
        date_created: '2026-04-14',
        date_expires: '2026-05-14',
        status: 'Dead',
        subject: 'Email migration to hosted mailboxes',
        total: '171.00',
        currency_id: '2',
        firstname: 'Charlotte',
        lastname: 'Evans',
      },
    ],
    sorter: { perpage: 25, totalpages: 1, sorterrecords: 4, sorterpage: 1 },
  });
  keyOrder(
    t,
    (result.estimates as object[])[0],
    'id client_id date_created date_expires status subject total currency_id firstname lastname',
  );
});

t.test('getEstimates pages from 0 with perpage, sorterpage naming the next page', async (t) => {
  const app = await build(t);
  const first = await read(t, app, 'getEstimates', { perpage: '3' });
  const second = await read(t, app, 'getEstimates', { page: '1', perpage: '3' });
  t.strictSame(
    (first.estimates as { id: string }[]).map((e) => e.id),
    ['1', '2', '3'],
  );
  t.strictSame(
    (second.estimates as { id: string }[]).map((e) => e.id),
    ['4'],
  );
  t.strictSame(first.sorter, { perpage: 3, totalpages: 2, sorterrecords: 4, sorterpage: 1 });
  t.strictSame(second.sorter, { perpage: 3, totalpages: 2, sorterrecords: 4, sorterpage: 2 });
  const past = await read(t, app, 'getEstimates', { page: '5', perpage: '3' });
  t.strictSame(past, { estimates: [], sorter: { perpage: 3, totalpages: 2, sorterrecords: 4, sorterpage: 6 } });
});

t.test('getEstimates filters by status and by client, alone or together', async (t) => {
  const app = await build(t);
  t.strictSame(await ids(t, app, { status: 'Sent' }), ['2']);
  t.strictSame(await ids(t, app, { status: 'Invoiced' }), [], 'a status no estimate has lists nothing');
  t.strictSame(await ids(t, app, { client_id: '5' }), ['3']);
  t.strictSame(await ids(t, app, { client_id: '5', status: 'Accepted' }), ['3']);
  t.strictSame(await ids(t, app, { client_id: '5', status: 'Draft' }), []);
  const none = await read(t, app, 'getEstimates', { client_id: '2' });
  t.strictSame(
    none,
    { estimates: [], sorter: { perpage: 25, totalpages: 0, sorterrecords: 0, sorterpage: 1 } },
    'a client without estimates lists nothing',
  );
});

t.test('getEstimates sees an edit: a changed status and date reorder and refilter the list', async (t) => {
  const app = await build(t);
  assertSuccess(
    t,
    await api(app, 'editEstimateDetails', { id: '4', status: 'Draft', date_created: '2026-11-19', date_expires: '2026-12-19' }),
    'editEstimateDetails',
  );
  t.strictSame(await ids(t, app, {}), ['4', '1', '2', '3']);
  t.strictSame(await ids(t, app, { status: 'Draft' }), ['4', '1']);
  t.strictSame(await ids(t, app, { status: 'Dead' }), []);
});

refusals('getEstimates refuses malformed parameters and an unknown client', 'getEstimates', [
  [{ status: 'Open' }, 'Parameter status must be one of: Draft, Sent, Accepted, Invoiced, Dead'],
  [{ client_id: 'abc' }, 'Parameter client_id must be a positive whole number id, such as 1'],
  [{ page: '-1' }, 'Parameter page must be a page number counted from 0'],
  [{ perpage: '0' }, 'Parameter perpage must be a page size from 1 to 1000'],
  [{ client_id: '999' }, 'Client 999 not found'],
]);
