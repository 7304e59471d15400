// Each session answering a call must not add to what every later promise of the process carries:
// an AsyncLocalStorage per session tagged every promise once per session that had answered, and a
// read cost 20 times more with a thousand sessions than with ten.
import t from 'tap';
import { api, build } from '../helpers/app.js';

/** Keys Node's async context puts on a promise made now. */
const promiseTags = () => Object.getOwnPropertySymbols(Promise.resolve()).length;

t.test('a session that answers a call adds nothing to every promise the process makes', async (t) => {
  const app = await build(t);
  await api(app, 'getCurrencies', {}, { session: 'first' });
  const afterOne = promiseTags();
  for (let i = 0; i < 20; i++) await api(app, 'getCurrencies', {}, { session: `more-${i}` });
  t.equal(promiseTags(), afterOne, 'twenty more sessions, the same tags on a promise');
});
