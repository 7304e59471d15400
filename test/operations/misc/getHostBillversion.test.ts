import t from 'tap';
import { FROZEN_NOW, api, assertSuccess, build, sameEverywhere } from '../../helpers/app.js';
import { HOSTBILL_VERSION } from '../../../src/operations/misc/getHostBillversion.js';

t.test('getHostBillversion answers the simulated release as a string', async (t) => {
  const app = await build(t);
  const body = await sameEverywhere(t, app, 'getHostBillversion', {});
  assertSuccess(t, body, 'getHostBillversion');
  t.strictSame(body, {
    success: true,
    version: '2025-11-05',
    call: 'getHostBillversion',
    server_time: Math.floor(FROZEN_NOW.getTime() / 1000),
  });
  t.equal(HOSTBILL_VERSION, '2025-11-05', 'one constant names the version');
});

t.test('getHostBillversion ignores unknown parameters', async (t) => {
  const app = await build(t);
  const result = assertSuccess(t, await api(app, 'getHostBillversion', { id: 'abc', page: 'x' }), 'getHostBillversion');
  t.strictSame(result, { version: HOSTBILL_VERSION });
});
