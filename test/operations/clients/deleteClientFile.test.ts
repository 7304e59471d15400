import t from 'tap';
import { api, build, SERVER_TIME } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { infoAnswer } from '../../helpers/shapes.js';
import { refusals } from '../../helpers/refusals.js';

const CALL = 'deleteClientFile';

t.test('deleteClientFile removes the file and names its stored file name, as published', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { client_id: '1', file_id: '1' });
  infoAnswer(t, body, { success: true, call: CALL, server_time: SERVER_TIME, info: ['File 777401_service-agreement.pdf deleted'] });
  const files = (await read(t, app, 'getClientFiles', { client_id: '1' })).files as Array<{ id: string }>;
  t.strictSame(
    files.map((f) => f.id),
    ['2'],
  );
  t.strictSame((await api(app, CALL, { client_id: '1', file_id: '1' })).error, ['File 1 not found'], 'once');
});

refusals('deleteClientFile refusals', CALL, [
  [{ client_id: '1' }, 'Parameter file_id is required'],
  [{ file_id: '1' }, 'Parameter client_id is required'],
  [{ client_id: '99', file_id: '1' }, 'Client 99 not found'],
  [{ client_id: '1', file_id: '99' }, 'File 99 not found'],
  [{ client_id: '1', file_id: '3' }, 'File 3 belongs to client 7, not to client 1'],
]);
