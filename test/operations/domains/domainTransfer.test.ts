import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { FROZEN_NOW, api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { ACTIVE_FOR_A_YEAR } from '../../helpers/records.js';
import { infoAnswer } from '../../helpers/shapes.js';
import { idRefusals, refusedWith } from '../../helpers/refusals.js';
import { domainDetails, read } from '../../helpers/reads.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';
import { completeTransfer, startTransfer } from '../../../src/domain/registrar.js';
import { Seed, World } from '../../../src/store/world.js';
import { loadFixtures } from '../../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../../src/paths.js';

const CALL = 'domainTransfer';
const began = (name: string) => ({ success: true, call: CALL, server_time: SERVER_TIME, info: [`Domain ${name} transfer process began`] });

const stored = (app: FastifyInstance, id: string) => app.billsim.sessions.get('default').world.get('domains', id);

t.test('a registrar without transfer days completes the transfer at once: Active for one period from today', async (t) => {
  const app = await build(t);
  const before = await domainDetails(t, app, '9');
  const body = await api(app, CALL, { id: '9' });
  infoAnswer(t, body, began('haddad-imports.org'), 'the published answer');
  assertSuccess(t, body, CALL);
  t.strictSame(await domainDetails(t, app, '9'), {
    ...before,
    ...ACTIVE_FOR_A_YEAR,
  });
  t.equal(stored(app, '9')?.transfer_started, '2026-11-20', 'the day the transfer began is kept');
  const listed = await read(t, app, 'getClientDomains', { id: '6' });
  t.match(listed.domains, [{ id: '9', module: 'OpenSRS', status: 'Active', expires: '2027-11-20', type: 'Transfer' }]);
  await refusedWith(t, app, CALL, [
    [{ id: '9' }, 'Domain 9 (haddad-imports.org) is Active: only a domain that is Pending Transfer can be transferred'],
  ]);
});

t.test('a registrar with transfer days leaves the domain Pending Transfer with its start date', async (t) => {
  const app = await build(t);
  const before = await domainDetails(t, app, '5');
  t.strictSame(await api(app, CALL, { id: '5' }), began('kowalski-foto.net'), 'the same answer');
  t.strictSame(await domainDetails(t, app, '5'), before, 'nothing the API shows changes until the transfer completes');
  t.equal(stored(app, '5')?.transfer_started, '2026-11-20');
  await refusedWith(t, app, CALL, [
    [{ id: '5' }, 'Domain 5 (kowalski-foto.net) is Pending Transfer: its transfer began on 2026-11-20 and Enom completes it on 2026-11-25'],
  ]);
});

t.test('a registrar that refuses locked names answers a registrar error and nothing changes', async (t) => {
  const app = await build(t);
  await refusedWith(t, app, CALL, [
    [
      { id: '10' },
      'Registrar OpenSRS refused the transfer of laurent-conseil.org: domain is locked at the losing registrar ' +
        '(clientTransferProhibited); domain 10 stays Pending Transfer until the registrant unlocks it there',
    ],
  ]);
  t.match(await domainDetails(t, app, '10'), { status: 'Pending Transfer', expires: '0000-00-00' });
  t.equal(stored(app, '10')?.transfer_started, undefined);
});

t.test('completeTransfer completes a begun transfer once its registrar days have passed', async (t) => {
  const world = new World(new Seed(loadFixtures(defaultFixturesDir)));
  const at = (date: string) => new Date(`${date}T03:00:00Z`);
  world.transaction(() => {
    const begun = startTransfer(world, world.get('domains', '5')!, FROZEN_NOW);
    t.match(begun, { status: 'Pending Transfer', transfer_started: '2026-11-20', expires: '0000-00-00' });
    t.equal(completeTransfer(world, begun, at('2026-11-24')), begun, 'after 4 of Enom 5 days: unchanged');
    t.equal(world.get('domains', '5'), begun);
    const done = completeTransfer(world, begun, at('2026-11-25'));
    t.match(done, {
      status: 'Active',
      expires: '2027-11-25',
      next_due: '2027-11-25',
      next_invoice: '2027-10-26',
      synch_date: '2026-11-25 03:00:00',
      transfer_started: '2026-11-20',
    });
    t.equal(world.get('domains', '5'), done, 'stored');
    t.equal(completeTransfer(world, done, at('2026-12-01')), done, 'an Active domain: unchanged');
  });
  t.test('a clock that looks late still dates the transfer from the day it completed', async (t) => {
    const fresh = new World(new Seed(loadFixtures(defaultFixturesDir)));
    fresh.transaction(() => {
      const begun = startTransfer(fresh, fresh.get('domains', '5')!, FROZEN_NOW);
      t.match(completeTransfer(fresh, begun, at('2026-12-09')), {
        status: 'Active',
        expires: '2027-11-25',
        next_due: '2027-11-25',
        synch_date: '2026-12-09 03:00:00',
      });
    });
  });
  world.transaction(() => {
    const untouched = world.get('domains', '9')!;
    t.equal(completeTransfer(world, untouched, at('2027-01-01')), untouched, 'a transfer never begun: unchanged');
  });
});

t.test('domainTransfer answers and stores the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  t.strictSame(await sameEverywhereMutating(t, app, CALL, { id: '9' }), began('haddad-imports.org'));
});

t.test('domainTransfer refuses anything but a Pending Transfer domain, naming its status, and changes nothing', async (t) => {
  const app = await build(t);
  const only = 'only a domain that is Pending Transfer can be transferred';
  await refusedWith(t, app, CALL, [
    ...idRefusals('Domain', 'x1'),
    [{ id: '1' }, `Domain 1 (morgan-design.com) is Active: ${only}`],
    [{ id: '7' }, `Domain 7 (nilsson-outdoor.com) is Expired: ${only}`],
    [{ id: '8' }, `Domain 8 (graceliu.io) is Pending Registration: ${only}`],
  ]);
});
