import t from 'tap';
import { grantedPrivileges, requireContact } from '../../src/domain/clients.js';
import { ApiError } from '../../src/errors.js';
import { world } from '../helpers/world.js';

t.test('grantedPrivileges keeps the keys flagged 1, true or on, as "1", in the order given', async (t) => {
  t.strictSame(grantedPrivileges({ support: { tickets: 'on', newticket: '1' }, billing: { creditcard: 'true', emails: '0' } }), {
    support: { tickets: '1', newticket: '1' },
    billing: { creditcard: '1' },
  });
});

t.test('grantedPrivileges leaves out a section with nothing granted, and answers [] for nothing at all', async (t) => {
  t.strictSame(grantedPrivileges({ billing: { emails: '1' }, misc: { editmain: 'false', emails: 'off' } }), { billing: { emails: '1' } });
  t.strictSame(grantedPrivileges({ billing: { emails: '' } }), []);
  t.strictSame(grantedPrivileges({}), []);
  t.strictSame(grantedPrivileges(), []);
});

t.test('requireContact answers a contact and refuses a main client or an unknown id', async (t) => {
  const w = world({ clients: [{}, { parent_id: '1', email: 'contact@example.com' }] });
  t.equal(requireContact(w, '2', 'x').id, '2');
  t.throws(() => requireContact(w, '1', 'use the client'), new ApiError('Client 1 is a main client, not a contact: use the client'));
  t.throws(() => requireContact(w, '3', 'x'), new ApiError('Contact 3 not found'));
});
