// The flags of `billsim drift`, read with node:util parseArgs. Pure: argv and
// env in, a config or a UsageError out.
import { parseArgs } from 'node:util';
import { DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS, RETRY_DELAY_MS } from '../lib/upstream.js';
import { operations } from '../operations/index.js';
import { UsageError } from './options.js';
import {
  DEFAULT_CONCURRENCY,
  endpointFlag,
  MAX_CONCURRENCY,
  MAX_MS,
  MAX_RETRIES,
  requiredFlag,
  wholeNumber,
} from './installation-flags.js';
import { readCalls } from './drift/run.js';

export { DEFAULT_CONCURRENCY };

export interface DriftConfig {
  command: 'drift';
  url: URL;
  apiId: string;
  apiKey: string;
  /** The calls to check; every read call billsim simulates when absent. */
  calls?: string[];
  json: boolean;
  timeoutMs: number;
  retries: number;
  concurrency: number;
  /** A test customer's login: with it the customer's door (/api) is checked too. */
  customer?: { email: string; password: string };
}

export const DRIFT_USAGE = `Usage: billsim drift --against <url> --api-id <id> --api-key <key> [options]

Sends billsim's read calls to your HostBill installation, with ids taken from its own lists (a client
id from getClients, an invoice id from getInvoices, ...), and compares each answer with billsim's
schema for that call: keys missing, keys added, JSON types, key order and the envelope. It sends
read calls only, so it changes nothing there.

  --against <url>      the installation: its address (https://billing.example.com, admin/api.php is added)
                       or its admin/api.php URL; plain http:// is for loopback and private hosts (a warning elsewhere)
  --api-id <id>        an API id of the installation (BILLSIM_DRIFT_API_ID)
  --api-key <key>      its API key (BILLSIM_DRIFT_API_KEY, which keeps it out of your shell's history);
                       never printed
  --calls <a,b>        check only these calls (default: every read call billsim simulates)
  --customer-email <e> a test customer of the installation (BILLSIM_DRIFT_CUSTOMER_EMAIL): with its password,
                       drift logs it in at <installation>/api/login and checks every GET route of the
                       customer's door too (ids from the door's own lists); use one without two-factor
  --customer-password <p>
                       its password (BILLSIM_DRIFT_CUSTOMER_PASSWORD, which keeps it out of your shell's history);
                       never printed
  --json               print the report as one JSON object instead of text
  --timeout <ms>       time for one call, from sending to the whole answer (default ${DEFAULT_TIMEOUT_MS})
  --retries <n>        further attempts when a call gets no answer (unreachable, time-out, HTTP 502-504),
                       after ${RETRY_DELAY_MS} ms and then twice as long each time; 0 to ${MAX_RETRIES} (default ${DEFAULT_RETRIES})
  --concurrency <n>    calls in flight at once, 1 to ${MAX_CONCURRENCY} (default ${DEFAULT_CONCURRENCY}: it is someone's production system)
  -h, --help           show this help

Calls the key may not use, and door routes the installation answers with HTTP 404 or a refusal, are
listed as not checked. Exit code: 0 when nothing drifted, 1 when
something did, 2 on a usage or connection error (unreachable, an address whose first answer is not
the API's envelope, such as an HTML page or a JSON 404, the credentials or every call refused).`;

const OPTIONS = {
  against: { type: 'string' },
  'api-id': { type: 'string' },
  'api-key': { type: 'string' },
  calls: { type: 'string' },
  'customer-email': { type: 'string' },
  'customer-password': { type: 'string' },
  json: { type: 'boolean' },
  timeout: { type: 'string' },
  retries: { type: 'string' },
  concurrency: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function calls(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const names = [...new Set(text.split(',').map((name) => name.trim()))].filter(Boolean);
  if (names.length === 0) throw new UsageError('--calls needs at least one call name, such as getClients,getInvoices');
  const reads = new Set(readCalls());
  for (const name of names) {
    if (reads.has(name)) continue;
    if (Object.hasOwn(operations, name)) throw new UsageError(`--calls: ${name} changes data; drift sends read calls only`);
    throw new UsageError(`--calls: ${name} is not a call billsim simulates`);
  }
  return names;
}

/** The test customer's login: both given, or neither (the door is then not checked). */
function customerOf(email: string | undefined, password: string | undefined): Pick<DriftConfig, 'customer'> {
  if (email === undefined && password === undefined) return {};
  return {
    customer: {
      email: requiredFlag('--customer-email', email, ': the test customer whose login checks the door (or BILLSIM_DRIFT_CUSTOMER_EMAIL)'),
      password: requiredFlag('--customer-password', password, ": the test customer's password (or BILLSIM_DRIFT_CUSTOMER_PASSWORD)"),
    },
  };
}

export function parseDriftArgs(argv: string[], env: Record<string, string | undefined>): DriftConfig | { command: 'help' } {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; strict: true }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, strict: true }));
  } catch (error) {
    throw new UsageError((error as Error).message.split(/\n|\. /)[0]);
  }
  if (values.help) return { command: 'help' };
  return {
    command: 'drift',
    url: endpointFlag('--against', values.against, ": the installation's address, such as https://billing.example.com"),
    apiId: requiredFlag(
      '--api-id',
      values['api-id'] ?? env.BILLSIM_DRIFT_API_ID,
      ': an API id of the installation (or BILLSIM_DRIFT_API_ID)',
    ),
    apiKey: requiredFlag('--api-key', values['api-key'] ?? env.BILLSIM_DRIFT_API_KEY, ': its API key (or BILLSIM_DRIFT_API_KEY)'),
    calls: calls(values.calls),
    ...customerOf(
      values['customer-email'] ?? env.BILLSIM_DRIFT_CUSTOMER_EMAIL,
      values['customer-password'] ?? env.BILLSIM_DRIFT_CUSTOMER_PASSWORD,
    ),
    json: values.json ?? false,
    timeoutMs: wholeNumber('--timeout', values.timeout, 1, MAX_MS, DEFAULT_TIMEOUT_MS),
    retries: wholeNumber('--retries', values.retries, 0, MAX_RETRIES, DEFAULT_RETRIES),
    concurrency: wholeNumber('--concurrency', values.concurrency, 1, MAX_CONCURRENCY, DEFAULT_CONCURRENCY),
  };
}
