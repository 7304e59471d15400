// `billsim import`'s flags, read with node:util parseArgs. Pure: argv and env
// in, a config or a UsageError out. The credentials may come from the
// environment so that they need not sit in a shell's history.
import { parseArgs } from 'node:util';
import { DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS } from '../lib/upstream.js';
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

export { DEFAULT_CONCURRENCY };

/**
 * Requests an import sends at most unless --max-requests says otherwise: a
 * catalogue of a few hundred products takes a few hundred, each client with
 * --clients a few dozen, so the default reads a large catalogue and about a
 * hundred clients, and an installation whose answers never end the walk gets
 * minutes of requests, not hours.
 */
export const DEFAULT_MAX_REQUESTS = 5000;
export const MAX_MAX_REQUESTS = 100_000_000;

export interface ImportConfig {
  help: boolean;
  url: URL;
  apiId: string;
  apiKey: string;
  out: string;
  clients: number;
  anonymize: boolean;
  force: boolean;
  /** An answer in another shape ends the import, nothing written, instead of being made to fit or skipped. */
  strict: boolean;
  concurrency: number;
  maxRequests: number;
  timeoutMs: number;
  retries: number;
}

export const IMPORT_USAGE = `Usage: billsim import --from <url> --api-id <id> --api-key <key> --out <dir> [options]

Reads an installation's catalogue through its Admin API (read calls only) and writes a
fixtures folder that \`billsim --fixtures <dir>\` serves at once.

  --from <url>         the installation's address, such as https://billing.example.com
                       (or its .../admin/api.php); plain http:// only for this machine or a private network
  --api-id <id>        its API id (BILLSIM_IMPORT_API_ID)
  --api-key <key>      its API key (BILLSIM_IMPORT_API_KEY; the variable keeps it out of your shell's history)
  --out <dir>          the folder to write: new or empty, or any with --force (replaced only when the import succeeds)
  --clients <n>        also import the first n clients with their services, domains, invoices and tickets (default 0)
  --no-anonymize       keep the clients' names, e-mails, addresses, phones and notes (they are replaced by default)
  --force              replace what <dir> holds
  --strict             all or nothing: an answer that is not the API's or does not fit billsim's schema
                       ends the import (by default it is made to fit, or its call or record is skipped)
  --concurrency <n>    requests in flight at once, 1 to 32 (default ${DEFAULT_CONCURRENCY}: it is someone's production system)
  --max-requests <n>   requests in all, 1 to ${MAX_MAX_REQUESTS} (default ${DEFAULT_MAX_REQUESTS}); at the cap the walk stops and
                       the folder holds what was read, with a warning (raise it for many clients or a vast catalogue)
  --timeout <ms>       time for one request, from sending to the whole answer (default ${DEFAULT_TIMEOUT_MS})
  --retries <n>        further attempts when the installation cannot be reached, times out or answers
                       HTTP 502-504, 0 to 10, with a doubling wait from 250 ms (default ${DEFAULT_RETRIES})
  -h, --help           show this help

An answer in another shape than billsim's is made to fit where it can (a number where billsim has a
string); a record that cannot is left out, and a call whose answer is not JSON is skipped. Each is
listed at the end by call, with the \`billsim drift\` command that shows the difference.

Exits 0 when everything read was imported, 1 when the folder is written but something was skipped
(a call the key may not use, an answer or a record billsim cannot read), 2 when nothing could be:
a usage error, an address whose first answer is not the API's envelope (a page, a JSON 404),
an unreachable installation, refused credentials or any other failure, each said in one line;
<dir> is left as it was in each of these cases.`;

const OPTIONS = {
  from: { type: 'string' },
  'api-id': { type: 'string' },
  'api-key': { type: 'string' },
  out: { type: 'string' },
  clients: { type: 'string' },
  'no-anonymize': { type: 'boolean' },
  force: { type: 'boolean' },
  strict: { type: 'boolean' },
  concurrency: { type: 'string' },
  'max-requests': { type: 'string' },
  timeout: { type: 'string' },
  retries: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The import's config; `help` set (and nothing else checked) when help is asked for. `argv` follows the word `import`. */
export function parseImportArgs(argv: string[], env: Record<string, string | undefined>): ImportConfig {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; strict: true }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(`import: ${(error as Error).message.split(/\n|\. /)[0]}`);
  }
  if (values.help) return { help: true } as ImportConfig;
  return {
    help: false,
    url: endpointFlag('--from', values.from),
    apiId: requiredFlag('--api-id', values['api-id'] ?? env.BILLSIM_IMPORT_API_ID, ' (or set BILLSIM_IMPORT_API_ID)'),
    apiKey: requiredFlag('--api-key', values['api-key'] ?? env.BILLSIM_IMPORT_API_KEY, ' (or set BILLSIM_IMPORT_API_KEY)'),
    out: requiredFlag('--out', values.out),
    clients: wholeNumber('--clients', values.clients, 0, 1_000_000, 0),
    anonymize: !values['no-anonymize'],
    force: Boolean(values.force),
    strict: Boolean(values.strict),
    concurrency: wholeNumber('--concurrency', values.concurrency, 1, MAX_CONCURRENCY, DEFAULT_CONCURRENCY),
    maxRequests: wholeNumber('--max-requests', values['max-requests'], 1, MAX_MAX_REQUESTS, DEFAULT_MAX_REQUESTS),
    timeoutMs: wholeNumber('--timeout', values.timeout, 1, MAX_MS, DEFAULT_TIMEOUT_MS),
    retries: wholeNumber('--retries', values.retries, 0, MAX_RETRIES, DEFAULT_RETRIES),
  };
}
