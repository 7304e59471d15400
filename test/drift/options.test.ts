// The flags of `billsim drift`: credentials from flags or the environment,
// bounded numbers, read calls only.
import t from 'tap';
import { DRIFT_USAGE, parseDriftArgs } from '../../src/cli/drift-options.js';
import { ownFlagsCommand, UsageError, USAGE } from '../../src/cli/options.js';

const base = ['--against', 'https://billing.example.com', '--api-id', 'id1', '--api-key', 'key1'];

t.test('defaults, and every flag read', async (t) => {
  t.strictSame(parseDriftArgs(base, {}), {
    command: 'drift',
    url: new URL('https://billing.example.com/admin/api.php'),
    apiId: 'id1',
    apiKey: 'key1',
    calls: undefined,
    json: false,
    timeoutMs: 30_000,
    retries: 2,
    concurrency: 4,
  });
  const given = parseDriftArgs(
    [...base, '--calls', 'getClients, getInvoices,getClients', '--json', '--timeout', '500', '--retries', '0', '--concurrency', '1'],
    {},
  );
  t.match(given, { calls: ['getClients', 'getInvoices'], json: true, timeoutMs: 500, retries: 0, concurrency: 1 });
  t.strictSame(parseDriftArgs(['--help'], {}), { command: 'help' });
});

t.test('credentials may come from BILLSIM_DRIFT_API_ID and BILLSIM_DRIFT_API_KEY; flags win', async (t) => {
  const env = { BILLSIM_DRIFT_API_ID: 'env-id', BILLSIM_DRIFT_API_KEY: 'env-key' };
  t.match(parseDriftArgs(['--against', 'http://127.0.0.1:8080'], env), { apiId: 'env-id', apiKey: 'env-key' });
  t.match(parseDriftArgs([...base], env), { apiId: 'id1', apiKey: 'key1' });
});

t.test('usage errors say what to send', async (t) => {
  const cases: [string[], string][] = [
    [['--api-id', 'a', '--api-key', 'b'], "--against is required: the installation's address, such as https://billing.example.com"],
    [['--against', 'billing.example.com', '--api-id', 'a', '--api-key', 'b'], '--against: "billing.example.com" is not a URL'],
    [['--against', 'https://x.example'], '--api-id is required: an API id of the installation (or BILLSIM_DRIFT_API_ID)'],
    [['--against', 'https://x.example', '--api-id', 'a'], '--api-key is required: its API key (or BILLSIM_DRIFT_API_KEY)'],
    [[...base, '--calls', 'addClient'], '--calls: addClient changes data; drift sends read calls only'],
    [[...base, '--calls', 'getClient'], '--calls: getClient is not a call billsim simulates'],
    [[...base, '--calls', ','], '--calls needs at least one call name'],
    [[...base, '--timeout', '0'], '--timeout must be a whole number from 1 to 2147483647, got "0"'],
    [[...base, '--retries', '11'], '--retries must be a whole number from 0 to 10, got "11"'],
    [[...base, '--concurrency', 'many'], '--concurrency must be a whole number from 1 to 32, got "many"'],
    [[...base, '--port', '1'], "Unknown option '--port'"],
  ];
  for (const [argv, message] of cases) {
    const error = t.throws(() => parseDriftArgs(argv, {}), argv.join(' ')) as Error;
    t.type(error, UsageError);
    t.ok(error.message.startsWith(message), `${error.message} starts with ${message}`);
  }
});

t.test('help names every flag, the environment variables, the defaults and the exit codes; the server help points at it', async (t) => {
  for (const text of ['--against', '--api-id', '--api-key', '--calls', '--json', '--timeout', '--retries', '--concurrency']) {
    t.match(DRIFT_USAGE, text);
  }
  for (const text of ['BILLSIM_DRIFT_API_ID', 'BILLSIM_DRIFT_API_KEY', 'default 30000', 'default 2', 'default 4', 'Exit code: 0']) {
    t.match(DRIFT_USAGE, text);
  }
  t.match(USAGE, 'billsim drift --help');
  t.strictSame(ownFlagsCommand(['drift', '--json']), { command: 'drift', args: ['--json'] });
  t.equal(ownFlagsCommand(['--port', '1']), undefined);
});

t.test("a test customer's login: both flags (or their variables) or neither", async (t) => {
  const flags = ['--customer-email', 'test@example.com', '--customer-password', 'pw1'];
  t.strictSame(parseDriftArgs([...base, ...flags], {}), {
    ...parseDriftArgs(base, {}),
    customer: { email: 'test@example.com', password: 'pw1' },
  });
  const env = { BILLSIM_DRIFT_CUSTOMER_EMAIL: 'env@example.com', BILLSIM_DRIFT_CUSTOMER_PASSWORD: 'env-pw' };
  t.match(parseDriftArgs(base, env), { customer: { email: 'env@example.com', password: 'env-pw' } });
  t.equal((parseDriftArgs(base, {}) as { customer?: unknown }).customer, undefined, 'without them the door is not checked');
  t.throws(() => parseDriftArgs([...base, '--customer-password', 'pw1'], {}), {
    message: '--customer-email is required: the test customer whose login checks the door (or BILLSIM_DRIFT_CUSTOMER_EMAIL)',
  });
  for (const text of ['--customer-email', '--customer-password', 'BILLSIM_DRIFT_CUSTOMER_EMAIL', 'BILLSIM_DRIFT_CUSTOMER_PASSWORD']) {
    t.match(DRIFT_USAGE, text);
  }
});
