import t from 'tap';
import { build, readContext } from '../../helpers/app.js';
import { keyOrder } from '../../helpers/shapes.js';
import { idRefusals, refusals } from '../../helpers/refusals.js';
import { readEverywhere } from '../../helpers/reads.js';
import getDomainDetails from '../../../src/operations/domains/getDomainDetails.js';
import { Seed, World } from '../../../src/store/world.js';
import { loadFixtures } from '../../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../../src/paths.js';

t.test("getDomainDetails answers the stored domain with the client's names and fixed flags", async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, 'getDomainDetails', { id: '5' });
  t.strictSame(result, {
    details: {
      id: '5',
      client_id: '4',
      order_id: '1007',
      tld_id: '21',
      name: 'kowalski-foto.net',
      reg_module: '1',
      payment_module: '1',
      date_created: '2026-09-03',
      firstpayment: '14.50',
      recurring_amount: '16.50',
      period: '1',
      expires: '0000-00-00',
      type: 'Transfer',
      status: 'Pending Transfer',
      next_due: '2027-09-03',
      next_invoice: '2027-08-04',
      idprotection: '0',
      nameservers: ['ns1.lumenhost.net', 'ns2.lumenhost.net', '', ''],
      autorenew: '1',
      reglock: '0',
      manual: '0',
      epp_code: 'rT8!pWk3#Xe1',
      notes: 'Losing registrar asked for a new EPP code on 2026-09-10; resubmitted.',
      extended: '',
      synch_date: '0000-00-00 00:00:00',
      nsips: false,
      lastname: 'Kowalski',
      firstname: 'Daniel',
      custom: false,
    },
  });
  keyOrder(
    t,
    result.details as object,
    'id client_id order_id tld_id name reg_module payment_module date_created firstpayment recurring_amount period expires type status next_due next_invoice idprotection nameservers autorenew reglock manual epp_code notes extended synch_date nsips lastname firstname custom',
    "fields in the real answer's order, no currency_id",
  );
});

t.test('getDomainDetails always answers four nameserver slots', async (t) => {
  const world = new World(new Seed(loadFixtures(defaultFixturesDir)));
  const stored = world.get('domains', '3')!;
  t.strictSame(getDomainDetails.run({ id: '3' }, readContext(world)).details.nameservers, [
    'ns1.lumenhost.net',
    'ns2.lumenhost.net',
    'ns3.lumenhost.net',
    'ns4.lumenhost.net',
  ]);
  world.transaction(() => world.replace('domains', { ...stored, nameservers: ['ns1.example.net'] as never }));
  t.strictSame(
    getDomainDetails.run({ id: '3' }, readContext(world)).details.nameservers,
    ['ns1.example.net', '', '', ''],
    'a short list is padded with empty strings',
  );
});

refusals('getDomainDetails refuses a missing, malformed or unknown id', 'getDomainDetails', idRefusals('Domain', 'abc', '999'));
