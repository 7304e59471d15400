import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME, storeJson } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { refusals } from '../../helpers/refusals.js';

const CALL = 'addClientFile';
// "%PDF-1.4\n" plus a secret the store must never hold.
const CONTENT = Buffer.from('%PDF-1.4\nsecret-quote-body').toString('base64');
const FILE = { client_id: '7', data: CONTENT, name: 'Signed quote', filename: 'quote.pdf' };

t.test('addClientFile keeps the name and size, never the content, and getClientFiles lists it', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, FILE);
  assertSuccess(t, body, CALL);
  t.strictSame(body, { success: true, file_id: '4', call: CALL, server_time: SERVER_TIME, info: ['New file uploaded'] });
  t.strictSame(Object.keys(body), ['success', 'file_id', 'call', 'server_time', 'info']);
  const files = (await read(t, app, 'getClientFiles', { client_id: '7' })).files as Array<Record<string, string>>;
  t.strictSame(files[0], {
    id: '4',
    category_id: '0',
    filename: '109604_quote.pdf',
    name: 'Signed quote',
    description: '',
    size: String('%PDF-1.4\nsecret-quote-body'.length),
    uploaded: '2026-11-20',
    product_id: '0',
    downloads: '0',
    clients: '1',
    client_id: '7',
  });
  t.equal(files.length, 2, 'after the bundled one');
  t.notOk(storeJson(app).includes(CONTENT), 'the content is not in the store');
  const journal = await app.inject({ method: 'GET', url: '/__billsim/requests' });
  t.notOk(journal.body.includes(CONTENT.slice(0, 12)), 'nor in the request journal');
});

t.test('admin_only hides the file from the client, and services are kept', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { ...FILE, client_id: '1', admin_only: '1', 'services[]': ['1', '12'], data: '' });
  assertSuccess(t, body, CALL);
  const files = (await read(t, app, 'getClientFiles', { client_id: '1' })).files as Array<Record<string, string>>;
  t.match(files[0], { id: '4', clients: '0', size: '0' });
  t.strictSame(app.billsim.sessions.get('default').world.get('client_files', '4')!.services, ['1', '12']);
});

refusals('addClientFile refusals', CALL, [
  [{ data: CONTENT, name: 'n', filename: 'a.pdf' }, 'Parameter client_id is required'],
  [{ ...FILE, name: '' }, 'Parameter name must be a non-empty name of at most 255 characters'],
  [{ ...FILE, client_id: '99' }, 'Client 99 not found'],
  [
    { ...FILE, client_id: '11' },
    'Client 11 is a contact of client 2, not a main client: files belong to the main client: add it to client 2',
  ],
  [{ ...FILE, data: 'not base64!' }, "Parameter data must be the file's content base64-encoded"],
  [
    { ...FILE, filename: '../etc/passwd' },
    'Parameter filename must be a file name: 1 to 255 characters without / or \\, not "../etc/passwd"',
  ],
  [{ ...FILE, 'services[]': ['99'] }, 'Account 99 not found'],
]);

t.test('every problem with the file is named at once', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  const body = await api(app, CALL, { ...FILE, data: '@@', filename: 'a/b', 'services[]': ['1', '10'] });
  t.strictSame(body.error, [
    "Parameter data must be the file's content base64-encoded",
    'Parameter filename must be a file name: 1 to 255 characters without / or \\, not "a/b"',
    'Account 1 belongs to client 1, not to client 7: give services[] of client 7',
  ]);
  t.equal(storeJson(app), before);
});
