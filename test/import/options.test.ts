import t from 'tap';
import { DEFAULT_MAX_REQUESTS, IMPORT_USAGE, parseImportArgs } from '../../src/cli/import-options.js';
import { ownFlagsCommand, UsageError } from '../../src/cli/options.js';

const base = ['--from', 'https://billing.example.com', '--api-id', 'me', '--api-key', 'k', '--out', 'dir'];

t.test('defaults, the endpoint and credentials from the environment', async (t) => {
  const config = parseImportArgs(base, {});
  t.equal(config.url.href, 'https://billing.example.com/admin/api.php');
  t.strictSame(
    [config.clients, config.anonymize, config.force, config.concurrency, config.maxRequests, config.timeoutMs, config.retries],
    [0, true, false, 4, DEFAULT_MAX_REQUESTS, 30_000, 2],
  );
  const fromEnv = parseImportArgs(['--from', 'https://b.example', '--out', 'd'], {
    BILLSIM_IMPORT_API_ID: 'e',
    BILLSIM_IMPORT_API_KEY: 'ek',
  });
  t.strictSame([fromEnv.apiId, fromEnv.apiKey], ['e', 'ek']);
  const flags = parseImportArgs(
    [
      ...base,
      '--clients',
      '5',
      '--no-anonymize',
      '--force',
      '--concurrency',
      '2',
      '--max-requests',
      '90',
      '--timeout',
      '500',
      '--retries',
      '0',
    ],
    {},
  );
  t.strictSame(
    [flags.clients, flags.anonymize, flags.force, flags.concurrency, flags.maxRequests, flags.timeoutMs, flags.retries],
    [5, false, true, 2, 90, 500, 0],
  );
  t.equal(parseImportArgs(['--help'], {}).help, true, 'help needs nothing else');
  t.match(IMPORT_USAGE, `--max-requests <n>   requests in all, 1 to 100000000 (default ${DEFAULT_MAX_REQUESTS})`, 'help names the cap');
});

t.test('usage errors say what to give', async (t) => {
  const cases: [string[], RegExp][] = [
    [base.slice(2), /^--from is required$/],
    [['--from', 'ftp://x', ...base.slice(2)], /^--from: ftp:\/\/x is not an http:\/\/ or https:\/\/ address$/],
    [base.filter((a) => a !== '--api-key' && a !== 'k'), /^--api-key is required \(or set BILLSIM_IMPORT_API_KEY\)$/],
    [base.slice(0, 6), /^--out is required$/],
    [[...base, '--concurrency', '33'], /^--concurrency must be a whole number from 1 to 32, got "33"$/],
    [[...base, '--clients', 'all'], /^--clients must be a whole number/],
    [[...base, '--retries', '11'], /^--retries must be a whole number from 0 to 10/],
    [[...base, '--max-requests', '0'], /^--max-requests must be a whole number from 1 to 100000000, got "0"$/],
    [[...base, '--max-requests', '1e9'], /^--max-requests must be a whole number/],
    [[...base, '--port', '80'], /^import: Unknown option '--port'/],
  ];
  for (const [args, message] of cases) t.throws(() => parseImportArgs(args, {}), { constructor: UsageError, message }, args.join(' '));
});

t.test('the server command line hands `import` its own arguments, before the server reads its flags or environment', async (t) => {
  t.strictSame(ownFlagsCommand(['import', '--from', 'x', '--weird']), { command: 'import', args: ['--from', 'x', '--weird'] });
});
