// The same world and the same clock moves give byte-identical state, outbox
// and automation log, whatever the time of day the midnights are crossed at
// and however the clock got there: real time passing, or advanceDays.
import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, build } from '../helpers/app.js';
import { clock } from './support.js';

/** Everything a session holds, as the control routes serve it: every collection, the outbox, the automation log. */
async function everything(app: FastifyInstance): Promise<string> {
  const { collections } = (await app.inject({ url: '/__billsim/state' })).json() as { collections: { name: string }[] };
  const parts: string[] = [];
  for (const { name } of collections) parts.push((await app.inject({ url: `/__billsim/state/${name}` })).body);
  parts.push((await app.inject({ url: '/__billsim/emails' })).body);
  parts.push((await app.inject({ url: '/__billsim/automation' })).body);
  return parts.join('\n');
}

/** A session whose clock runs with a fake real time, started at `start` and crossing two real midnights. */
async function byRealTime(t: Test, start: string, laterTimes: string[]): Promise<string> {
  let real = Date.parse(start);
  const app = await build(t, { now: undefined, realNow: () => real });
  t.equal((await api(app, 'getCurrencies')).success, true, 'the session starts');
  for (const time of laterTimes) {
    real = Date.parse(time);
    t.equal((await api(app, 'getCurrencies')).success, true, `a request at ${time}`);
  }
  return everything(app);
}

t.test('real midnights crossed at any time of day give the same bytes as advanceDays', async (t) => {
  const late = await byRealTime(t, '2026-11-20T23:59:58Z', ['2026-11-21T00:00:01Z', '2026-11-22T00:00:00Z']);
  const early = await byRealTime(t, '2026-11-20T00:00:05Z', ['2026-11-21T17:30:00Z', '2026-11-22T23:59:59Z']);
  t.equal(late, early, 'crossed a second after midnight, or hours later');

  const frozen = await build(t);
  await clock(frozen, { advanceDays: 2 });
  t.equal(await everything(frozen), late, 'advanceDays from noon');
  const again = await build(t);
  await clock(again, { advanceDays: 1 });
  await clock(again, { advanceSeconds: 86_400 });
  t.equal(await everything(again), late, 'one day, then 86,400 seconds');
  t.match(late, /"invoice_created"/, 'and the two days did something');
});

t.test('sixty days twice give byte-identical state', async (t) => {
  const runs: string[] = [];
  for (let i = 0; i < 2; i++) {
    const app = await build(t);
    await clock(app, { advanceDays: 60 });
    runs.push(await everything(app));
  }
  t.equal(runs[0], runs[1]);
});
