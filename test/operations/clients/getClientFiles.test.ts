import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';

const CALL = 'getClientFiles';
const AGREEMENT = {
  id: '1',
  category_id: '0',
  filename: '777401_service-agreement.pdf',
  name: 'Signed service agreement',
  description: '',
  size: '48213',
  uploaded: '2026-03-02',
  product_id: '0',
  downloads: '0',
  clients: '1',
  client_id: '1',
};

t.test("getClientFiles lists the client's files newest first, in the published keys, order and types", async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { client_id: '1' });
  assertSuccess(t, body, CALL);
  t.strictSame(body, {
    success: true,
    files: [
      { ...AGREEMENT, id: '2', filename: '554802_passport-scan.png', name: 'Passport scan (identity check)', size: '215804', clients: '0' },
      AGREEMENT,
    ],
    call: CALL,
    server_time: SERVER_TIME,
  });
  t.strictSame(Object.keys(body), ['success', 'files', 'call', 'server_time']);
  t.strictSame(Object.keys((body.files as object[])[0]), Object.keys(AGREEMENT), 'item keys in the published order');
  t.strictSame((await api(app, CALL, { client_id: '3' })).files, [], 'a client without files');
});

refusals('getClientFiles refusals', CALL, [
  [{}, 'Parameter client_id is required'],
  [{ client_id: 'x' }, 'Parameter client_id must be a positive whole number id, such as 1'],
  [{ client_id: '99' }, 'Client 99 not found'],
]);
