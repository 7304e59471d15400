import t from 'tap';
import { FROZEN_NOW, assertSuccess, build, sameEverywhere } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
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
  const result = await read(t, app, 'getHostBillversion', { id: 'abc', page: 'x' });
  t.strictSame(result, { version: HOSTBILL_VERSION });
});
