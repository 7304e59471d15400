import t from 'tap';
import { ApiError } from '../../src/errors.js';
import { clientFileItem, newClientFile, storedFileName } from '../../src/domain/clientFiles.js';
import { world } from '../helpers/world.js';

const NOW = new Date('2026-11-20T12:00:00Z');

t.test('the stored name is a 6-digit prefix, a function of the id, and the original name', async (t) => {
  t.equal(storedFileName('1', 'a.pdf'), '777401_a.pdf');
  t.equal(storedFileName('3', 'a.pdf'), '332203_a.pdf');
  t.equal(storedFileName('3', 'a.pdf'), storedFileName('3', 'a.pdf'), 'the same every time');
  t.match(storedFileName('123456789012345678', 'x'), /^[1-9][0-9]{5}_x$/, 'still six digits for a large id');
});

t.test('newClientFile keeps the size of the decoded content, never the content', async (t) => {
  const w = world({ clients: [{ id: '1' }], services: [{ id: '5', client_id: '1' }] });
  const spec = { clientId: '1', data: 'aGVsbG8=', name: 'Hello', filename: 'hello.txt', adminOnly: true, services: ['5', '5'] };
  const file = newClientFile(w, spec, NOW);
  t.strictSame(file, {
    id: '1',
    category_id: '0',
    filename: '777401_hello.txt',
    name: 'Hello',
    description: '',
    size: '5',
    uploaded: '2026-11-20',
    product_id: '0',
    downloads: '0',
    clients: '0',
    client_id: '1',
    services: ['5'],
  });
  t.notOk(JSON.stringify(file).includes('aGVsbG8'));
  const { services, ...item } = file;
  t.strictSame(clientFileItem(file), item, 'the list item drops only billsim-own services');
  t.strictSame(services, ['5']);
});

t.test('newClientFile names every problem at once', async (t) => {
  const w = world({ clients: [{ id: '1' }, { id: '2', email: 'b@example.com' }], services: [{ id: '5', client_id: '2' }] });
  const spec = { clientId: '1', data: 'not base64', name: 'x', filename: 'a\\b', adminOnly: false, services: ['5', '9'] };
  t.throws(
    () => newClientFile(w, spec, NOW),
    new ApiError([
      "Parameter data must be the file's content base64-encoded",
      'Parameter filename must be a file name: 1 to 255 characters without / or \\, not "a\\b"',
      'Account 5 belongs to client 2, not to client 1: give services[] of client 1',
      'Account 9 not found',
    ]),
  );
});
