import t from 'tap';
import { api, build, SERVER_TIME } from '../../helpers/app.js';
import { idLister, read, readEverywhere } from '../../helpers/reads.js';
import { refusals } from '../../helpers/refusals.js';
import { idOrder, keyOrder } from '../../helpers/shapes.js';
import { AFFILIATES } from '../../helpers/records.js';

const CALL = 'getAffiliates';
const ids = idLister(CALL, 'affiliates');

t.test('getAffiliates lists every affiliate newest first, in the published shape', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL);
  t.strictSame(body, {
    success: true,
    affiliates: [AFFILIATES[3], AFFILIATES[2], AFFILIATES[1]],
    call: CALL,
    sorter: { perpage: 25, totalpages: 1, sorterrecords: 3, sorterpage: 1 },
    server_time: SERVER_TIME,
  });
  t.strictSame(
    Object.keys(body),
    ['success', 'affiliates', 'call', 'sorter', 'server_time'],
    'sorter between call and server_time, as published',
  );
  keyOrder(
    t,
    (body.affiliates as object[])[0],
    'id firstname lastname date_created total_withdrawn status visits client_id currency_id balance signups signups_pending',
  );
  t.strictSame((await readEverywhere(t, app, CALL, {})).affiliates, body.affiliates, 'the same through every encoding');
});

t.test('getAffiliates pages from 0 with perpage, sorterpage naming the next page', async (t) => {
  const app = await build(t);
  const first = await read(t, app, CALL, { page: '0', perpage: '2' });
  idOrder(t, first.affiliates as { id: string }[], ['3', '2']);
  t.strictSame(first.sorter, { perpage: 2, totalpages: 2, sorterrecords: 3, sorterpage: 1 });
  const second = await read(t, app, CALL, { page: '1', perpage: '2' });
  idOrder(t, second.affiliates as { id: string }[], ['1']);
  t.strictSame(second.sorter, { perpage: 2, totalpages: 2, sorterrecords: 3, sorterpage: 2 });
  t.strictSame(await ids(t, app, { page: '2', perpage: '2' }), [], 'a page past the end is empty');
});

t.test("an affiliate shows its client's names as they are now", async (t) => {
  const app = await build(t);
  await read(t, app, 'setClientDetails', { id: '2', firstname: 'Bruno M.', lastname: 'Keller-Roth' });
  const [, bruno] = (await read(t, app, CALL)).affiliates as Array<Record<string, string>>;
  t.strictSame([bruno.id, bruno.firstname, bruno.lastname], ['2', 'Bruno M.', 'Keller-Roth']);
});

refusals('getAffiliates refuses a malformed page or page size', CALL, [
  [{ page: '-1' }, 'Parameter page must be a page number counted from 0'],
  [{ perpage: '0' }, 'Parameter perpage must be a page size from 1 to 1000'],
]);
