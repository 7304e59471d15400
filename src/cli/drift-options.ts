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
  --json               print the report as one JSON object instead of text
  --timeout <ms>       time for one call, from sending to the whole answer (default ${DEFAULT_TIMEOUT_MS})
  --retries <n>        further attempts when a call gets no answer (unreachable, time-out, HTTP 502-504),
                       after ${RETRY_DELAY_MS} ms and then twice as long each time; 0 to ${MAX_RETRIES} (default ${DEFAULT_RETRIES})
  --concurrency <n>    calls in flight at once, 1 to ${MAX_CONCURRENCY} (default ${DEFAULT_CONCURRENCY}: it is someone's production system)
  -h, --help           show this help

Calls the key may not use are listed as not checked. Exit code: 0 when nothing drifted, 1 when
something did, 2 on a usage or connection error (unreachable, an address whose first answer is not
the API's envelope, such as an HTML page or a JSON 404, the credentials or every call refused).`;

const OPTIONS = {
  against: { type: 'string' },
  'api-id': { type: 'string' },
  'api-key': { type: 'string' },
  calls: { type: 'string' },
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
    json: values.json ?? false,
    timeoutMs: wholeNumber('--timeout', values.timeout, 1, MAX_MS, DEFAULT_TIMEOUT_MS),
    retries: wholeNumber('--retries', values.retries, 0, MAX_RETRIES, DEFAULT_RETRIES),
    concurrency: wholeNumber('--concurrency', values.concurrency, 1, MAX_CONCURRENCY, DEFAULT_CONCURRENCY),
  };
}
