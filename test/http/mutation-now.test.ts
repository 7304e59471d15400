// A mutation that nothing can make wait is applied within its request's own
// event (src/http/endpoint.ts, mutationNow): no promise between the request
// and its answer. These tests show when that happens, and that it answers,
// journals and changes state exactly as the whole way does.
import t, { type Test } from 'tap';
import type { Adapter } from 'lowdb';
import { api, build, FROZEN_NOW } from '../helpers/app.js';
import { buildApp } from '../../src/app.js';
import { serveApi, type ApiRequest, type Outcome } from '../../src/http/endpoint.js';
import { callRegistry } from '../../src/operations/calls.js';
import { parseParams } from '../../src/http/params.js';
import type { Collections } from '../../src/generated/wire.js';

type App = Awaited<ReturnType<typeof build>>;
const headers = { 'x-billsim-control': '1' };
const KEY = 'api_id=billsim&api_key=billsim-secret';

/** serveApi called as the direct door calls it, in session `s`. */
async function endpointOf(t: Test, options: Parameters<typeof buildApp>[0] = {}, name = 's') {
  const app = await buildApp({ now: FROZEN_NOW, logger: false, ...options });
  t.teardown(() => app.close());
  await app.ready();
  const deps = { sessions: app.billsim.sessions, operations: callRegistry };
  await callRegistry.get('editEstimateDetails');
  await callRegistry.get('getEstimateDetails');
  const log = { info: () => undefined, error: () => undefined };
  const serve = (query: string): Outcome | Promise<Outcome> => {
    const request: ApiRequest = {
      query: parseParams(query),
      body: undefined,
      headers: { 'x-billsim-session': name },
      ip: '127.0.0.1',
      log,
    };
    return serveApi(deps, request);
  };
  return { app, serve, session: () => app.billsim.sessions.get(name) };
}

const subjectOf = (outcome: Outcome) => (JSON.parse(outcome.json) as { estimate: { subject: string } }).estimate.subject;

t.test('a mutation with nothing before it is answered at once, and the state has changed when it is', async (t) => {
  const { serve } = await endpointOf(t);
  const edited = serve(`call=editEstimateDetails&id=1&subject=now&${KEY}`);
  t.notOk(edited instanceof Promise, 'an answer, not a promise');
  t.equal(subjectOf(edited as Outcome), 'now');
  const read = await serve(`call=getEstimateDetails&id=1&${KEY}`);
  t.equal(subjectOf(read), 'now', 'read back');
});

t.test('its refusals are answered at once too and change nothing', async (t) => {
  const { serve } = await endpointOf(t);
  const refused = [
    `call=editEstimateDetails&id=1&subject=x&api_id=billsim&api_key=wrong`,
    `call=editEstimateDetails&id=1&subject=x&taxrate=ten&credit=abc&${KEY}`,
    `call=editEstimateDetails&id=999&subject=x&${KEY}`,
  ];
  const errors = refused.map((query) => {
    const outcome = serve(query);
    t.notOk(outcome instanceof Promise, 'answered at once');
    return (outcome as Outcome).errors;
  });
  t.strictSame(errors, [
    ['Authentication failed: invalid api_id or api_key'],
    [
      'Parameter taxrate must be a percentage from 0 to 100 with at most two decimals, such as 20 or 8.25',
      'Parameter credit must be a non-negative amount with at most two decimals, up to 999999999999.99, such as 12.30',
    ],
    ['Estimate 999 not found'],
  ]);
  t.equal(subjectOf(await serve(`call=getEstimateDetails&id=1&${KEY}`)), 'Website relaunch support', 'the estimate as seeded');
});

t.test('a mutation goes the whole way when something must come first', async (t) => {
  const { serve, session } = await endpointOf(t);
  const whole = async (why: string, query: string) => {
    const outcome = serve(query);
    t.ok(outcome instanceof Promise, why);
    return outcome;
  };
  session().faults.add({ call: 'editEstimateDetails', error: ['Estimates are locked'], times: 1 });
  t.strictSame((await whole('a fault for the call', `call=editEstimateDetails&id=1&subject=a&${KEY}`)).errors, ['Estimates are locked']);
  // A change of the session's own state queued in the world: the mutation waits for it.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const queued = session().world.queued(() => gate);
  const waiting = whole('a change queued before it', `call=editEstimateDetails&id=1&subject=after&${KEY}`);
  release();
  await queued;
  t.equal(subjectOf(await waiting), 'after');
  t.notOk(serve(`call=editEstimateDetails&id=1&subject=again&${KEY}`) instanceof Promise, 'at once again once the queue is empty');
});

t.test('with a data file (the default session keeps one) every mutation waits for its write', async (t) => {
  const adapter: Adapter<Collections> = { read: async () => null, write: async () => undefined };
  const { serve } = await endpointOf(t, { defaultAdapter: adapter }, 'default');
  const outcome = serve(`call=editEstimateDetails&id=1&subject=saved&${KEY}`);
  t.ok(outcome instanceof Promise, 'the whole way');
  t.equal(subjectOf(await outcome), 'saved');
});

/** The requests of session `x` as the journal shows them, without the times that differ between runs. */
async function journal(app: App) {
  const { requests } = (await app.inject({ url: '/__billsim/requests', headers: { ...headers, 'x-billsim-session': 'x' } })).json() as {
    requests: Record<string, unknown>[];
  };
  return requests.map((entry) => {
    const { durationMs, ...rest } = entry;
    void durationMs;
    return rest;
  });
}

t.test('answered at once or the whole way, the answers, the journal and the state are the same', async (t) => {
  // --latency of 0 ms sends every request the whole way, answering after a timer of 0 ms.
  const [now, whole] = [await build(t), await build(t, { latency: { min: 0, max: 0 } })];
  const run = async (app: App, session: string) => {
    const sent = (call: string, params: Record<string, string | string[]>, credentials?: { api_id: string; api_key: string }) =>
      api(app, call, params, { session, ...(credentials && { credentials }) });
    return [
      await sent('editEstimateDetails', { id: '1', subject: 'Renewed', taxrate: '10', 'item[1][qty]': '2' }),
      await sent('editEstimateDetails', { id: '1', status: 'Sent', newitem: ['x'] }),
      await sent('editEstimateDetails', { id: '1', subject: 'wrong key' }, { api_id: 'billsim', api_key: 'no' }),
      await sent('addEstimate', { client_id: '2' }),
      await sent('bulkAddProducts', { 'products[0][copyof]': '1', 'products[0][name]': 'Copy' }),
      await sent('getEstimateDetails', { id: '1' }),
      await sent('getEstimateDetails', { id: '2' }),
    ];
  };
  // The first request of a call imports its module, and goes the whole way: each call is sent once before.
  await run(now, 'warm-up');
  const answers = await run(now, 'x');
  t.strictSame(answers, await run(whole, 'x'), 'the same answers');
  t.strictSame(
    answers.map((a) => a.success),
    [true, false, false, true, true, true, true],
  );
  t.strictSame(await journal(now), await journal(whole), 'the same journal, events included');
  t.ok(
    (await journal(now)).some((entry) => entry.call === 'addEstimate' && Array.isArray(entry.events) && entry.events.length === 1),
    'the event addEstimate raised is named',
  );
});
