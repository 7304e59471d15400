import t from 'tap';
import { clientEmbed } from '../../src/domain/views.js';
import { world } from '../helpers/world.js';

t.test("a client's embed: every field but the password hash, in the record's order; made anew once the client changes", async (t) => {
  const w = world({ clients: [{ id: '1', firstname: 'Alice', password: 'hash' }] });
  const row = w.get('clients', '1')!;
  const embed = clientEmbed(w, '1')!;
  t.strictSame(
    Object.keys(embed),
    Object.keys(row).filter((key) => key !== 'password'),
  );
  t.equal(embed.firstname, 'Alice');
  t.equal(clientEmbed(w, '1'), embed, 'the same object while the row is the same');
  t.ok(Object.isFrozen(embed), 'frozen: every answer shares it');
  w.transaction(() => w.replace('clients', { ...row, firstname: 'Alicia' }));
  const changed = clientEmbed(w, '1')!;
  t.equal(changed.firstname, 'Alicia', 'the changed row');
  t.equal(clientEmbed(w, '1'), changed);
  t.equal(clientEmbed(w, '2'), null, 'no such client');
});
