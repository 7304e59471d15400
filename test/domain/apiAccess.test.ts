import t from 'tap';
import { allowedCalls, callAllowed } from '../../src/domain/apiAccess.js';
import type { ApiAccess } from '../../src/generated/wire.js';

const key = (calls: string[]): ApiAccess => ({ id: '1', api_id: 'k', api_key: 's', ip: [], calls, description: '' });

t.test('a key with no list may run every call; one with a list only those', async (t) => {
  t.equal(callAllowed(key([]), 'getClients'), true);
  t.equal(callAllowed(key(['getClients']), 'getClients'), true);
  t.equal(callAllowed(key(['getClients']), 'getInvoices'), false);
});

t.test('the calls a key may run: its list as stored, each once, or every simulated call in letter order, case aside', async (t) => {
  t.strictSame(allowedCalls(key(['b', 'a', 'b']), ['x']), ['b', 'a']);
  t.strictSame(allowedCalls(key([]), ['getClients', 'getAPIMethods', 'getAddons', 'addClient']), [
    'addClient',
    'getAddons',
    'getAPIMethods',
    'getClients',
  ]);
});
