import t from 'tap';
import { api, assertSuccess, build } from '../../helpers/app.js';
import { read, readEverywhere } from '../../helpers/reads.js';
import { keyOrder } from '../../helpers/shapes.js';

const CALL = 'getAppGroups';

t.test('getAppGroups lists every app group under `servers`, each counting its servers as a string', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, CALL, {});
  t.strictSame(result, {
    servers: [
      { id: '1', name: 'cPanel Shared Hosting', module: '3', modulename: 'Cpanel2', servers: '3' },
      { id: '2', name: 'SolusVM VPS', module: '5', modulename: 'SolusVM', servers: '2' },
      { id: '3', name: 'OnApp Cloud', module: '7', modulename: 'OnApp', servers: '1' },
      { id: '4', name: 'GoGetSSL', module: '9', modulename: 'GoGetSSL', servers: '0' },
    ],
  });
  keyOrder(t, (result.servers as object[])[0], 'id name module modulename servers');
});

t.test("a group's count follows its servers, and unknown parameters are ignored", async (t) => {
  const app = await build(t);
  // No API call edits the apps: move a server in-process, in one session.
  const { world } = app.billsim.sessions.get('moved');
  world.transaction(() => world.replace('servers', { ...world.get('servers', '5')!, group_id: '4' }));
  const moved = assertSuccess(t, await api(app, CALL, { id: '9' }, { session: 'moved' }), CALL);
  t.strictSame(
    (moved.servers as Array<{ servers: string }>).map((group) => group.servers),
    ['3', '1', '1', '1'],
  );
  const untouched = await read(t, app, CALL);
  t.strictSame(
    (untouched.servers as Array<{ servers: string }>).map((group) => group.servers),
    ['3', '2', '1', '0'],
    'the default session is untouched',
  );
});
