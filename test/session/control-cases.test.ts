// One table of session-control cases, each run once through the HTTP control
// routes (app.inject) and once through createSimulator().session(name): both
// front ends must give the same outcome, and a refusal the same message (with
// the HTTP status that matches the error's kind).
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { createSimulator, type Simulator } from '../../src/simulator.js';
import { ControlError } from '../../src/session/control-error.js';
import { MAX_FAULTS, MAX_SNAPSHOTS } from '../../src/session/control.js';
import { CONTROL_STATUS } from '../../src/http/control.js';
import { CREDENTIALS, FROZEN_NOW } from '../helpers/app.js';

const SESSION = 'cases';

/** The control features as a test sees them, whichever front end serves them. */
interface FrontEnd {
  reset(): Promise<unknown>;
  snapshot(name: string): Promise<unknown>;
  restore(name: string): Promise<unknown>;
  deleteSnapshot(name: string): Promise<unknown>;
  snapshots(): Promise<unknown>;
  addFault(spec: unknown): Promise<unknown>;
  faults(): Promise<unknown>;
  clearFaults(): Promise<unknown>;
  clock(): Promise<unknown>;
  setClock(change: unknown): Promise<unknown>;
  requests(filter: { call?: string; limit?: number }): Promise<unknown>;
  state(collection: string): Promise<unknown>;
}

/** A refusal, the same from both front ends. */
class Refused {
  constructor(
    readonly status: number,
    readonly error: string | RegExp,
  ) {}
}

function overHttp(app: FastifyInstance, session: string): FrontEnd {
  const send = async (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => {
    const response = await app.inject({
      method,
      url: `/__billsim${url}`,
      headers: { 'x-billsim-session': session, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    const json = response.json();
    // A refusal is exactly { error }; anything else would not compare equal.
    if (response.statusCode >= 400) throw new Refused(response.statusCode, Object.keys(json).length === 1 ? json.error : response.body);
    return json;
  };
  const snapshot = (name: string) => encodeURIComponent(name);
  const done = async (answer: Promise<unknown>) => void (await answer);
  return {
    reset: () => done(send('POST', '/reset')),
    snapshot: async (name) => {
      const { saved, savedAt } = await send('POST', `/snapshots/${snapshot(name)}`);
      return { name: saved, savedAt };
    },
    restore: (name) => done(send('POST', `/snapshots/${snapshot(name)}/restore`)),
    deleteSnapshot: (name) => done(send('DELETE', `/snapshots/${snapshot(name)}`)),
    snapshots: async () => (await send('GET', '/snapshots')).snapshots,
    addFault: (spec) => send('POST', '/faults', spec),
    faults: async () => (await send('GET', '/faults')).faults,
    clearFaults: () => done(send('DELETE', '/faults')),
    clock: () => send('GET', '/clock'),
    setClock: (change) => send('POST', '/clock', change),
    requests: async ({ call, limit }) => {
      const query = new URLSearchParams();
      if (call !== undefined) query.set('call', call);
      if (limit !== undefined) query.set('limit', String(limit));
      return (await send('GET', `/requests?${query}`)).requests;
    },
    state: async (collection) => (await send('GET', `/state/${collection}`))[collection],
  };
}

/** The in-process handle; its ControlError is translated to the status the route would answer. */
function inProcess(sim: Simulator, session: string): FrontEnd {
  const call =
    <R>(fn: (s: ReturnType<Simulator['session']>) => R) =>
    async (): Promise<unknown> => {
      try {
        return await fn(sim.session(session));
      } catch (error) {
        if (error instanceof ControlError) throw new Refused(CONTROL_STATUS[error.kind], error.message);
        throw error;
      }
    };
  return {
    reset: call((s) => s.reset()),
    snapshot: (name) => call((s) => s.snapshot(name))(),
    restore: (name) => call((s) => s.restore(name))(),
    deleteSnapshot: (name) => call((s) => s.deleteSnapshot(name))(),
    snapshots: call((s) => s.snapshots()),
    addFault: (spec) => call((s) => s.addFault(spec as never))(),
    faults: call((s) => s.faults()),
    clearFaults: call((s) => s.clearFaults()),
    clock: call((s) => s.clock()),
    setClock: (change) => call((s) => s.setClock(change as never))(),
    requests: (filter) => call((s) => s.requests(filter))(),
    state: (collection) => call((s) => s.state(collection as never))(),
  };
}

/** An API call through HTTP, the same for both front ends (the API has one). */
async function apiCall(sim: Simulator, session: string, call: string, params: Record<string, string> = {}) {
  const query = new URLSearchParams({ call, ...CREDENTIALS, ...params });
  return (await sim.app.inject({ url: `/admin/api.php?${query}`, headers: { 'x-billsim-session': session } })).json();
}

const subject = async (sim: Simulator, session: string) =>
  (await apiCall(sim, session, 'getEstimateDetails', { id: '1' })).estimate.subject;

interface Case {
  name: string;
  /** Runs the case; what it returns is compared, and a refusal is compared as { status, error }. */
  run: (f: FrontEnd, sim: Simulator, session: string) => Promise<unknown>;
  expect: unknown;
  /** Another session than the default one for the case. */
  session?: string;
}

const refused = (status: number, error: string | RegExp) => new Refused(status, error);
const START = '2026-11-20 12:00:00';
const START_TIME = Math.floor(FROZEN_NOW.getTime() / 1000);
const clockAt = (now: string, frozen = true) => ({ now, server_time: Math.floor(Date.parse(`${now}Z`) / 1000), frozen });
const times = async (n: number, fn: (i: number) => Promise<unknown>) => {
  for (let i = 0; i < n; i++) await fn(i);
};

/** A clock answer without what the daily runs did, for cases about the clock alone. */
const withoutRuns = (answer: unknown) => {
  const { automation, ...clock } = answer as Record<string, unknown>;
  void automation;
  return clock;
};

const CASES: Case[] = [
  {
    name: 'reset brings back the state, the journal, the faults and the clock; snapshots stay',
    run: async (f, sim, session) => {
      await f.snapshot('kept');
      await apiCall(sim, session, 'editEstimateDetails', { id: '1', subject: 'changed' });
      await f.addFault({ call: 'getCurrencies', delayMs: 0 });
      await f.setClock({ advanceSeconds: 86_400 });
      await f.reset();
      return {
        subject: await subject(sim, session),
        faults: await f.faults(),
        clock: await f.clock(),
        requests: ((await f.requests({})) as { call: string }[]).map((r) => r.call),
        snapshots: await f.snapshots(),
      };
    },
    expect: {
      subject: 'Website relaunch support',
      faults: [],
      clock: clockAt(START),
      requests: ['getEstimateDetails'],
      snapshots: [{ name: 'kept', savedAt: START }],
    },
  },
  {
    name: 'a snapshot restored brings back its state, with savedAt by the session clock',
    run: async (f, sim, session) => {
      await f.setClock({ now: '2027-03-04 05:06:07' });
      const saved = await f.snapshot('before');
      await apiCall(sim, session, 'editEstimateDetails', { id: '1', subject: 'after' });
      const edited = await subject(sim, session);
      await f.restore('before');
      return { saved, edited, restored: await subject(sim, session), list: await f.snapshots() };
    },
    expect: {
      saved: { name: 'before', savedAt: '2027-03-04 05:06:07' },
      edited: 'after',
      restored: 'Website relaunch support',
      list: [{ name: 'before', savedAt: '2027-03-04 05:06:07' }],
    },
  },
  {
    name: `the snapshot cap: ${MAX_SNAPSHOTS} names, then a 409 that says how to make room`,
    run: async (f) => {
      await times(MAX_SNAPSHOTS, (i) => f.snapshot(`s${i}`));
      return f.snapshot('one-more');
    },
    expect: refused(
      409,
      `Session "${SESSION}" already holds ${MAX_SNAPSHOTS} snapshots: delete one (DELETE /__billsim/snapshots/:name) or save over an existing name`,
    ),
  },
  {
    name: 'at the cap, saving over an existing name still works',
    run: async (f) => {
      await times(MAX_SNAPSHOTS, (i) => f.snapshot(`s${i}`));
      await f.snapshot('s0');
      return ((await f.snapshots()) as unknown[]).length;
    },
    expect: MAX_SNAPSHOTS,
  },
  {
    name: 'restoring an unknown snapshot is a 404',
    run: (f) => f.restore('none'),
    expect: refused(404, `Snapshot "none" not found in session "${SESSION}"`),
  },
  {
    name: 'deleting an unknown snapshot is a 404; a known one is gone',
    run: async (f) => {
      await f.snapshot('a');
      await f.deleteSnapshot('a');
      return f.deleteSnapshot('a');
    },
    expect: refused(404, `Snapshot "a" not found in session "${SESSION}"`),
  },
  {
    name: 'a snapshot name over 64 characters is refused',
    run: (f) => f.snapshot('n'.repeat(65)),
    expect: refused(400, 'name must be 1 to 64 characters'),
  },
  {
    name: 'a fault counts down, answers its error, then is gone',
    run: async (f, sim, session) => {
      const added = await f.addFault({ call: 'getCurrencies', error: ['Database is down'], times: 1 });
      const first = (await apiCall(sim, session, 'getCurrencies')).error;
      const second = (await apiCall(sim, session, 'getCurrencies')).success;
      return { added, first, second, left: await f.faults() };
    },
    expect: {
      added: { call: 'getCurrencies', error: ['Database is down'], times: 1, id: '1', remaining: 1 },
      first: ['Database is down'],
      second: true,
      left: [],
    },
  },
  {
    name: 'a fault for an unknown (misspelled) call is refused',
    run: (f) => f.addFault({ call: 'getCurrency', error: ['x'] }),
    expect: refused(400, 'call must be an API call name (or "*" for every call); "getCurrency" is not one'),
  },
  {
    name: 'a fault without call is refused',
    run: (f) => f.addFault({ error: ['x'] }),
    expect: refused(400, 'call must be an API call name (or "*" for every call); it is missing'),
  },
  {
    name: "a fault's error must be a list of messages",
    run: (f) => f.addFault({ call: 'getCurrencies', error: 'text' }),
    expect: refused(400, 'error must be a list of 1 to 10 messages, each 1 to 1000 characters'),
  },
  {
    name: 'a fault status outside 200-599 is refused',
    run: (f) => f.addFault({ call: 'getCurrencies', status: 42 }),
    expect: refused(400, 'status must be a whole number from 200 to 599'),
  },
  {
    name: 'a fault for zero requests is refused',
    run: (f) => f.addFault({ call: '*', error: ['x'], times: 0 }),
    expect: refused(400, 'times must be a whole number from 1 to 1000000'),
  },
  {
    name: 'a fault that does nothing is refused',
    run: (f) => f.addFault({ call: '*', times: 2 }),
    expect: refused(400, 'a fault needs at least one of error, status or delayMs'),
  },
  {
    name: 'a fault with a misspelled field is refused',
    run: (f) => f.addFault({ call: '*', error: ['x'], time: 1 }),
    expect: refused(400, 'Unknown fault field "time": send only call, error, status, delayMs, times'),
  },
  {
    name: 'a fault that is not an object is refused',
    run: (f) => f.addFault(['getCurrencies']),
    expect: refused(
      400,
      'Send a fault as a JSON object: { "call": "getInvoiceDetails", "error": ["Database unavailable"], "times": 1 } or { "call": "*", "status": 503, "delayMs": 100 }',
    ),
  },
  {
    name: 'every problem of a fault is named at once, in the order of its fields',
    run: (f) => f.addFault({ call: 'getCurrency', error: ['', 'x'], status: 42, delayMs: 60_001, times: 0 }),
    expect: refused(
      400,
      'call must be an API call name (or "*" for every call); "getCurrency" is not one; ' +
        'error must be a list of 1 to 10 messages, each 1 to 1000 characters; status must be a whole number from 200 to 599; ' +
        'delayMs must be a whole number from 0 to 60000; times must be a whole number from 1 to 1000000',
    ),
  },
  {
    name: 'unknown fields are named together, before the problems of known ones',
    run: (f) => f.addFault({ tim: 1, call: '*', status: 700, time: 2 }),
    expect: refused(
      400,
      'Unknown fault fields "tim", "time": send only call, error, status, delayMs, times; status must be a whole number from 200 to 599',
    ),
  },
  {
    name: `the fault cap: ${MAX_FAULTS}, then a 409 that says how to make room`,
    run: async (f) => {
      await times(MAX_FAULTS, () => f.addFault({ call: 'getCurrencies', delayMs: 0 }));
      return f.addFault({ call: 'getCurrencies', delayMs: 0 });
    },
    expect: refused(409, `Session "${SESSION}" already has ${MAX_FAULTS} faults: clear them (DELETE /__billsim/faults) first`),
  },
  {
    name: 'the clock is read as now, server_time and frozen',
    run: (f) => f.clock(),
    expect: { now: START, server_time: START_TIME, frozen: true },
  },
  {
    name: 'the clock is set and advanced, and stays frozen',
    run: async (f) =>
      [await f.setClock({ now: '2027-01-31 09:30:00', frozen: true }), await f.setClock({ advanceSeconds: -30 })].map(withoutRuns),
    expect: [clockAt('2027-01-31 09:30:00'), clockAt('2027-01-31 09:29:30')],
  },
  {
    name: 'a clock change answers the daily runs it set off: none within a day, or one per midnight passed',
    run: async (f) => [
      ((await f.setClock({ advanceSeconds: 3600 })) as { automation: unknown }).automation,
      ((await f.setClock({ advanceDays: 3 })) as { automation: { days: number } }).automation.days,
      ((await f.setClock({ advanceSeconds: -86_400 })) as { automation: unknown }).automation,
    ],
    expect: [{ days: 0, actions: {} }, 3, { days: 0, actions: {} }],
  },
  {
    name: 'unfreezing runs on from the frozen moment; freezing again stops it where asked',
    run: async (f) =>
      [await f.setClock({ frozen: false }), await f.setClock({ now: '2027-05-01 00:00:00', frozen: true })].map(withoutRuns),
    expect: [clockAt(START, false), clockAt('2027-05-01 00:00:00')],
  },
  {
    name: 'a clock change with both now and advanceSeconds is refused',
    run: (f) => f.setClock({ now: '2027-01-01 00:00:00', advanceSeconds: 5 }),
    expect: refused(400, 'Give only one of now, advanceSeconds and advanceDays'),
  },
  {
    name: 'every problem of a clock change is named at once; the rule across its fields last',
    run: (f) => f.setClock({ now: '2027-02-30 00:00:00', advanceDays: 0, frozen: 'yes' }),
    expect: refused(
      400,
      'now must be a UTC date and time "YYYY-MM-DD HH:MM:SS" from 1970-01-01 00:00:00 to 9999-12-31 23:59:59; ' +
        'advanceDays must be a whole number of days from 1 to 36525; frozen must be true or false; ' +
        'Give only one of now, advanceSeconds and advanceDays',
    ),
  },
  {
    name: 'frozen must be a boolean',
    run: (f) => f.setClock({ frozen: 'yes' }),
    expect: refused(400, 'frozen must be true or false'),
  },
  {
    name: 'an empty clock change is refused with what to send',
    run: (f) => f.setClock({}),
    expect: refused(400, 'Give now ("YYYY-MM-DD HH:MM:SS"), advanceSeconds or advanceDays (a whole number), and/or frozen (true or false)'),
  },
  {
    name: 'a date that does not exist is refused',
    run: (f) => f.setClock({ now: '2027-02-30 00:00:00' }),
    expect: refused(400, 'now must be a UTC date and time "YYYY-MM-DD HH:MM:SS" from 1970-01-01 00:00:00 to 9999-12-31 23:59:59'),
  },
  {
    name: 'advancing past year 9999 is refused and changes nothing',
    run: async (f) => ({ attempt: await f.setClock({ advanceSeconds: 1e15 }).catch((error) => error), clock: await f.clock() }),
    expect: {
      attempt: refused(400, `advanceSeconds must keep the clock from 1970-01-01 00:00:00 to 9999-12-31 23:59:59; it is ${START}`),
      clock: clockAt(START),
    },
  },
  {
    name: 'a clock change with an unknown field is refused',
    run: (f) => f.setClock({ advance: 60 }),
    expect: refused(
      400,
      'Unknown clock field "advance": send only now, advanceSeconds, advanceDays, frozen; Give now ("YYYY-MM-DD HH:MM:SS"), ' +
        'advanceSeconds or advanceDays (a whole number), and/or frozen (true or false)',
    ),
  },
  {
    name: 'a journal limit of 0 is refused',
    run: (f) => f.requests({ limit: 0 }),
    expect: refused(400, 'limit must be a whole number from 1 to 1000000'),
  },
  {
    name: 'an unknown collection is a 404 listing the known ones',
    run: (f) => f.state('nothing'),
    expect: refused(404, /^Unknown collection "nothing"; known: currencies, clients, /),
  },
  {
    name: 'a session name outside the allowed characters is refused',
    session: 'bad name!',
    run: (f) => f.clock(),
    expect: refused(400, 'A session name is 1-64 characters of A-Z, a-z, 0-9, ".", "_" or "-"'),
  },
];

async function outcome(c: Case, f: FrontEnd, sim: Simulator, session: string): Promise<unknown> {
  try {
    return await c.run(f, sim, session);
  } catch (error) {
    if (error instanceof Refused) return error;
    throw error;
  }
}

for (const c of CASES) {
  t.test(c.name, async (t) => {
    const session = c.session ?? SESSION;
    const results: unknown[] = [];
    for (const via of ['http', 'in-process'] as const) {
      const sim = await createSimulator({ now: FROZEN_NOW });
      t.teardown(() => sim.close());
      const f = via === 'http' ? overHttp(sim.app, session) : inProcess(sim, session);
      const result = await outcome(c, f, sim, session);
      if (c.expect instanceof Refused && c.expect.error instanceof RegExp) {
        t.type(result, Refused, `${via}: refused`);
        t.equal((result as Refused).status, c.expect.status, `${via}: status`);
        t.match((result as Refused).error, c.expect.error, `${via}: message`);
      } else {
        t.strictSame(result, c.expect, via);
      }
      results.push(result);
    }
    t.strictSame(results[1], results[0], 'both front ends agree');
  });
}
