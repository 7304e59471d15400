// npx tsx bench/steps.ts [call] [extra=params]
// The JavaScript cost of each step the endpoint takes for one call, with no
// HTTP: parameter parsing, session, auth, validation, the call, envelope,
// journal entry and JSON.stringify of the answer, each timed over 200,000
// runs in one process against the bundled world (µs per run).
import { parseParams } from '../src/http/params.js';
import { Sessions } from '../src/session/sessions.js';
import { Seed } from '../src/store/world.js';
import { loadFixtures } from '../src/store/fixtures.js';
import { defaultFixturesDir } from '../src/paths.js';
import { authenticate } from '../src/http/auth.js';
import { requestValidator } from '../src/schemas.js';
import { operations } from '../src/operations/index.js';
import { successEnvelope } from '../src/http/envelope.js';
import { CREDENTIALS } from './measure.js';
import { serveApi } from '../src/http/endpoint.js';
import { callRegistry } from '../src/operations/calls.js';

const [call = 'getCurrencies', extra = ''] = process.argv.slice(2);
const operation = operations[call];
if (!operation) throw new Error(`unknown call ${call}`);
if (operation.mutates) throw new Error('steps measures read calls (a mutation would change the world it runs against)');
const query = new URLSearchParams({ call, ...CREDENTIALS, ...Object.fromEntries(new URLSearchParams(extra)) }).toString();
const sessions = new Sessions(new Seed(loadFixtures(defaultFixturesDir)));
const session = sessions.get('default');
const params = parseParams(query) as Record<string, unknown>;
const { call: _call, api_id: _id, api_key: _key, ...input } = params;
const caller = authenticate(session.world, CREDENTIALS.api_id, CREDENTIALS.api_key, '127.0.0.1', call);
const result = operation.run(input as never, { world: session.world, now: new Date(), caller });
const answer = successEnvelope(call, new Date(), result);
const RUNS = 200_000;

function time(step: string, fn: () => unknown): void {
  for (let i = 0; i < RUNS / 10; i++) fn(); // warm-up for the JIT
  const started = process.hrtime.bigint();
  for (let i = 0; i < RUNS; i++) fn();
  const us = Number(process.hrtime.bigint() - started) / RUNS / 1000;
  process.stdout.write(`${step.padEnd(12)} ${us.toFixed(2).padStart(6)} µs\n`);
}

process.stdout.write(`${call} ${extra}: answer of ${JSON.stringify(answer).length} bytes\n`);
time('parse', () => parseParams(query));
time('session', () => sessions.get('default'));
time('auth', () => authenticate(session.world, CREDENTIALS.api_id, CREDENTIALS.api_key, '127.0.0.1', call));
time('validate', () => requestValidator(call)({ ...input }));
time('call', () => operation.run({ ...input } as never, { world: session.world, now: new Date(), caller }));
time('envelope', () => successEnvelope(call, new Date(), result));
// The answer's text and bytes are made once, as the endpoint makes them before it journals (stringify is its own step).
const json = JSON.stringify(answer);
const bytes = Buffer.from(json);
time('journal', () =>
  session.journal.record({
    time: session.clock.now().getTime(),
    call,
    params,
    success: true,
    error: [],
    durationMs: 0.1,
    answer: json,
    bytes,
  }),
);
time('stringify', () => JSON.stringify(answer));

// The whole endpoint path as a request runs it (a kept answer after the first), awaited one at a time.
const deps = { sessions, operations: callRegistry };
const log = { info() {}, error() {} };
const request = () => ({ query: parseParams(query), body: undefined, headers: {}, ip: '127.0.0.1', log });
for (let i = 0; i < RUNS / 10; i++) await serveApi(deps, request());
const started = process.hrtime.bigint();
for (let i = 0; i < RUNS; i++) await serveApi(deps, request());
const us = Number(process.hrtime.bigint() - started) / RUNS / 1000;
process.stdout.write(`${'serveApi'.padEnd(12)} ${us.toFixed(2).padStart(6)} µs (parse included, kept answer)\n`);
