// The journal links each request to the events its own writes raised: two
// writes of one session sent at once each get theirs, at both doors.
import t from 'tap';
import { api, assertSuccess, build } from '../helpers/app.js';
import { ALICE, CLIENT_PASSWORD, door } from '../helpers/door.js';

const headers = { 'x-billsim-control': '1' };

async function eventNames(app: Awaited<ReturnType<typeof build>>): Promise<Map<number, string>> {
  const { events } = (await app.inject({ method: 'GET', url: '/__billsim/webhooks/events', headers })).json();
  return new Map(events.map((e: { id: number; event: string }) => [e.id, e.event]));
}

async function journal(app: Awaited<ReturnType<typeof build>>, call: string) {
  return (await app.inject({ method: 'GET', url: `/__billsim/requests?call=${encodeURIComponent(call)}`, headers })).json().requests as {
    events?: number[];
  }[];
}

t.test('two writes sent at once: each journal entry names the events of its own write', async (t) => {
  const app = await build(t);
  const [ticket, estimate, read] = await Promise.all([
    api(app, 'addTicket', { client_id: '1', subject: 'Help', body: 'b', dept_id: '1' }),
    api(app, 'addEstimate', { client_id: '2' }),
    api(app, 'getCurrencies'),
  ]);
  assertSuccess(t, ticket, 'addTicket');
  assertSuccess(t, estimate, 'addEstimate');
  assertSuccess(t, read, 'getCurrencies');
  const names = await eventNames(app);
  const named = async (call: string) => ((await journal(app, call))[0].events ?? []).map((id) => names.get(id));
  t.strictSame(await named('addTicket'), ['after_ticketopen']);
  t.strictSame(await named('addEstimate'), ['after_estimatecreate']);
  t.notOk('events' in (await journal(app, 'getCurrencies'))[0], 'a read raised nothing and names nothing');
});

t.test("the customer's door: a login's journal entry names after_clientlogin; a refused login names nothing", async (t) => {
  const app = await build(t);
  await door(app, 'POST', '/login', { username: ALICE, password: CLIENT_PASSWORD });
  await door(app, 'POST', '/login', { username: ALICE, password: 'wrong' });
  const names = await eventNames(app);
  const [refused, logged] = await journal(app, 'POST /api/login');
  t.strictSame(
    (logged.events ?? []).map((id) => names.get(id)),
    ['after_clientlogin'],
  );
  t.notOk('events' in refused, 'the wrong password raised nothing');
});
