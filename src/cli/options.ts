// Command-line flags and their BILLSIM_* environment variables, read with
// node:util parseArgs. Pure: argv and env in, a config or a UsageError out.
import { parseArgs } from 'node:util';
import { parseDateTime } from '../lib/dates.js';
import type { Latency } from '../http/endpoint.js';
import { MIN_MEMORY_BUDGET } from '../session/memory.js';
import { connectionLimits, DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from '../http/connections.js';
import type { ProxyOptions } from '../http/proxy.js';
import type { RateLimitSpec } from '../http/userapi-limit.js';
import { DEFAULT_MAX_ANSWER_BYTES, DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS, endpointOf } from '../lib/upstream.js';

export class UsageError extends Error {}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface CliConfig {
  command: 'serve' | 'fixtures:export' | 'help' | 'version';
  exportDir?: string;
  port: number;
  host: string;
  fixtures?: string;
  data?: string;
  now?: Date;
  automation: boolean;
  latency?: Latency;
  controlToken?: string;
  logLevel: LogLevel;
  cors: true | string[];
  maxSessions?: number;
  memoryBudget?: number;
  /** Host names answered besides loopback names and IP addresses. */
  allowedHosts: string[];
  connections: ConnectionLimits;
  /** Forward calls to the user's installation (--proxy and the flags after it). */
  proxy?: ProxyOptions;
  /** Requests each client may send to the customer's door in a period (--userapi-rate-limit). */
  userApiRateLimit?: RateLimitSpec;
  /** The default session's webhooks (--webhook, --webhook-secret, --webhook-events), checked by the app. */
  webhooks: { url: string; secret?: string; events?: string[] }[];
}

const MAX_RETRIES = 10;

export const USAGE = `Usage: billsim [options]
       billsim fixtures:export <dir> [--fixtures <dir>]
       billsim import --from <url> --api-id <id> --api-key <key> --out <dir>
                                 your installation's catalogue as a world to serve (billsim import --help)
       billsim drift --against <url> --api-id <id> --api-key <key>
                                 your installation's answers against billsim's schemas (billsim drift --help)

Serves the HostBill admin/api.php simulator. Every option also reads an environment variable.

  --port <n>             port to listen on (BILLSIM_PORT or PORT; default 8080)
  --host <address>       address to bind (BILLSIM_HOST or HOST; default 127.0.0.1)
  --fixtures <dir>       world to load, one JSON file per collection (BILLSIM_FIXTURES; default the bundled fixtures/default)
  --data <file>          keep the default session's state in this JSON file across restarts (BILLSIM_DATA; default: memory only)
  --now <datetime>       start every session's clock frozen at "YYYY-MM-DD HH:MM:SS" UTC (BILLSIM_NOW; default: real time)
  --no-automation        let session clocks pass midnight without the daily billing automation (BILLSIM_AUTOMATION=0)
  --latency <min>-<max>  delay every API answer by min..max milliseconds (BILLSIM_LATENCY; default none)
  --userapi-rate-limit <n>/<seconds>
                         requests each client may send to the customer's door (/api/...) in that many seconds;
                         more answer HTTP 429 "rate_limited" (BILLSIM_USERAPI_RATE_LIMIT; default no limit)
  --webhook <url>        send the default session's events to this URL, signed with --webhook-secret <s>
                         (required), only those of --webhook-events <a,b> when given; repeat the three
                         for more receivers (BILLSIM_WEBHOOK, BILLSIM_WEBHOOK_SECRET, BILLSIM_WEBHOOK_EVENTS)
  --control-token <t>    require "Authorization: Bearer <t>" on /__billsim routes but health (BILLSIM_CONTROL_TOKEN; default none)
  --log-level <level>    ${LOG_LEVELS.join(', ')} (BILLSIM_LOG_LEVEL; default info)
  --cors <origins>       comma-separated allowed origins, or * for any (BILLSIM_CORS; default *)
  --max-sessions <n>     sessions kept at once; the least recently used idle one beyond it is dropped and
                         refused until reset, 0 for no limit (BILLSIM_MAX_SESSIONS; default 1000)
  --memory-budget <size> memory sessions may keep besides their state (journal, kept answers, snapshots),
                         in MiB or with a unit such as 512M or 2G; beyond it the oldest answers and journal
                         entries go first (BILLSIM_MEMORY_BUDGET; default a quarter of Node's heap limit)
  --allowed-host <name>  a host name billsim answers besides localhost and IP addresses (a guard against DNS rebinding);
                         repeat or comma-separate, ".example.com" for a domain and its subdomains, * for any
                         (BILLSIM_ALLOWED_HOST; default none)
  --request-timeout <ms> time to receive a whole request; answers are not timed (BILLSIM_REQUEST_TIMEOUT;
                         default ${DEFAULT_CONNECTION_LIMITS.requestTimeout}, 0 for none)
  --headers-timeout <ms> time to receive a request's headers (BILLSIM_HEADERS_TIMEOUT; default ${DEFAULT_CONNECTION_LIMITS.headersTimeout})
  --idle-timeout <ms>    an idle connection, before its first request or between requests, is closed after this
                         (BILLSIM_IDLE_TIMEOUT; default ${DEFAULT_CONNECTION_LIMITS.idleTimeout}, 0 for none)
  --max-connections <n>  connections open at once; more are closed as they arrive (BILLSIM_MAX_CONNECTIONS;
                         default ${DEFAULT_CONNECTION_LIMITS.maxConnections}, 0 for no limit)

Proxy (forward calls to your own HostBill installation; clients keep billsim's credentials):
  --proxy <url>          forward every call no stub answers to this installation, its answers handed back as
                         they come (BILLSIM_PROXY); http:// is warned about unless the host is loopback or private.
                         Browsers then reach the API only from loopback origins and those --cors lists.
                         Requests to /api/... go to the installation's /api with the customer's own token
  --proxy-api-id <id>    the installation's API id (BILLSIM_PROXY_API_ID)
  --proxy-api-key <key>  the installation's API key; prefer BILLSIM_PROXY_API_KEY, since a flag shows in the
                         process list. It never appears in answers, the journal, logs or recordings
  --proxy-unknown        forward only the calls (and /api routes) billsim neither simulates nor stubs
                         (BILLSIM_PROXY_UNKNOWN=1)
  --proxy-writes         forward calls that change data too; without it they are refused and nothing is sent
                         (BILLSIM_PROXY_WRITES=1)
  --record <dir>         save every forwarded answer as a stub in <dir>/stubs.json (with the served world when
                         <dir> holds none), so --fixtures <dir> replays it offline (BILLSIM_RECORD)
  --proxy-timeout <ms>   time for one attempt to get the installation's whole answer (BILLSIM_PROXY_TIMEOUT;
                         default ${DEFAULT_TIMEOUT_MS})
  --proxy-retries <n>    further attempts of a read when the installation is unreachable, times out or answers
                         502-504, 250 ms apart and doubling; writes are sent once (BILLSIM_PROXY_RETRIES;
                         default ${DEFAULT_RETRIES}, at most ${MAX_RETRIES})
  --proxy-max-answer <n> the largest answer of the installation passed on, in bytes or with a unit (512K, 64M);
                         a larger one is dropped unread and the client gets HTTP 502 (BILLSIM_PROXY_MAX_ANSWER;
                         default ${DEFAULT_MAX_ANSWER_BYTES / 2 ** 20}M, at most 512M)

  -h, --help             show this help
  -v, --version          print the version

BILLSIM_API_ID and BILLSIM_API_KEY replace the credentials of API access record 1
(default api_id=billsim, api_key=billsim-secret).`;

/** Commands that read flags of their own (`billsim drift --help`): the command word, then its arguments as given. */
export function ownFlagsCommand(argv: string[]): { command: 'drift' | 'import'; args: string[] } | undefined {
  if (argv[0] === 'drift' || argv[0] === 'import') return { command: argv[0], args: argv.slice(1) };
  return undefined;
}

const OPTIONS = {
  proxy: { type: 'string' },
  'proxy-api-id': { type: 'string' },
  'proxy-api-key': { type: 'string' },
  'proxy-unknown': { type: 'boolean' },
  'proxy-writes': { type: 'boolean' },
  record: { type: 'string' },
  'proxy-timeout': { type: 'string' },
  'proxy-retries': { type: 'string' },
  'proxy-max-answer': { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  fixtures: { type: 'string' },
  data: { type: 'string' },
  now: { type: 'string' },
  'no-automation': { type: 'boolean' },
  latency: { type: 'string' },
  'userapi-rate-limit': { type: 'string' },
  'control-token': { type: 'string' },
  webhook: { type: 'string', multiple: true },
  'webhook-secret': { type: 'string', multiple: true },
  'webhook-events': { type: 'string', multiple: true },
  'log-level': { type: 'string' },
  cors: { type: 'string' },
  'max-sessions': { type: 'string' },
  'memory-budget': { type: 'string' },
  'allowed-host': { type: 'string', multiple: true },
  'request-timeout': { type: 'string' },
  'headers-timeout': { type: 'string' },
  'idle-timeout': { type: 'string' },
  'max-connections': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

function nonEmpty(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') throw new UsageError(`${name} must not be empty`);
  return value;
}

function automation(off: boolean | undefined, env: string | undefined): boolean {
  if (off) return false;
  if (env === undefined || env === '1' || env === 'true') return true;
  if (env === '0' || env === 'false') return false;
  throw new UsageError(`BILLSIM_AUTOMATION must be 1 or 0, got "${env}"`);
}

function port(text: string): number {
  if (!/^\d{1,5}$/.test(text) || Number(text) > 65535) throw new UsageError(`--port must be a whole number from 0 to 65535, got "${text}"`);
  return Number(text);
}

function userApiRateLimit(text: string | undefined): RateLimitSpec | undefined {
  if (text === undefined) return undefined;
  const found = /^([1-9][0-9]{0,8})\/([1-9][0-9]{0,6})$/.exec(text.trim());
  if (!found)
    throw new UsageError(`--userapi-rate-limit must be <n>/<seconds> such as 60/60 (60 requests a minute per client), got "${text}"`);
  return { requests: Number(found[1]), seconds: Number(found[2]) };
}

function latency(text: string | undefined): Latency | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(text);
  const min = Number(match?.[1]);
  const max = match?.[2] === undefined ? min : Number(match[2]);
  if (!match || max < min) throw new UsageError(`--latency must be <min>-<max> milliseconds such as 50-200, got "${text}"`);
  return { min, max };
}

function cors(text: string | undefined): true | string[] {
  if (text === undefined || text.trim() === '*') return true;
  const origins = text
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of origins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) throw new UsageError(`--cors origins must look like http://host:port, got "${origin}"`);
  }
  if (origins.length === 0) throw new UsageError('--cors needs at least one origin, or *');
  return origins;
}

function maxSessions(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,7}$/.test(text))
    throw new UsageError(`--max-sessions must be a whole number from 0 to 9999999 (0 for no limit), got "${text}"`);
  return Number(text);
}

const UNIT: Record<string, number> = { '': 2 ** 20, m: 2 ** 20, mb: 2 ** 20, mib: 2 ** 20, g: 2 ** 30, gb: 2 ** 30, gib: 2 ** 30 };

/** A size in MiB (512), or with a unit (512M, 1.5G, 2GiB), as bytes; at least MIN_MEMORY_BUDGET. */
function memoryBudget(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d{1,7}(?:\.\d{1,3})?)\s*([a-z]*)$/i.exec(text.trim());
  const unit = match && UNIT[match[2].toLowerCase()];
  const bytes = match && unit ? Math.floor(Number(match[1]) * unit) : Number.NaN;
  if (!(bytes >= MIN_MEMORY_BUDGET)) {
    throw new UsageError(`--memory-budget must be a size of at least 1 MiB, in MiB (512) or with a unit (512M, 2G), got "${text}"`);
  }
  return bytes;
}

function allowedHosts(given: string[] | undefined, env: string | undefined): string[] {
  const names = (given ?? (env === undefined ? [] : [env])).flatMap((text) => text.split(',')).map((name) => name.trim().toLowerCase());
  for (const name of names) {
    if (!/^(\*|\.?[a-z0-9_-]+(\.[a-z0-9_-]+)*)$/.test(name)) {
      throw new UsageError(`--allowed-host takes host names without a port, such as billsim or .example.com, or *; got "${name}"`);
    }
  }
  return names;
}

/** A whole number of milliseconds, or a count, from 0 up to `max`. */
function whole(flag: string, text: string | undefined, max: number, unit: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,10}$/.test(text) || Number(text) > max)
    throw new UsageError(`${flag} must be a whole number of ${unit} from 0 to ${max}, got "${text}"`);
  return Number(text);
}

// Node keeps timers in 32 bits of milliseconds (about 24 days).
const MAX_MS = 2_147_483_647;

function connections(values: Record<string, unknown>, env: Record<string, string | undefined>): ConnectionLimits {
  const text = (flag: string, name: string) => (values[flag] as string | undefined) ?? env[name];
  try {
    return connectionLimits({
      requestTimeout: whole('--request-timeout', text('request-timeout', 'BILLSIM_REQUEST_TIMEOUT'), MAX_MS, 'milliseconds'),
      headersTimeout: whole('--headers-timeout', text('headers-timeout', 'BILLSIM_HEADERS_TIMEOUT'), MAX_MS, 'milliseconds'),
      idleTimeout: whole('--idle-timeout', text('idle-timeout', 'BILLSIM_IDLE_TIMEOUT'), MAX_MS, 'milliseconds'),
      maxConnections: whole('--max-connections', text('max-connections', 'BILLSIM_MAX_CONNECTIONS'), 10_000_000, 'connections'),
    });
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(`${error.message}: lower --headers-timeout or raise --request-timeout`);
    throw error;
  }
}

/** A switch given as a flag, or as its variable set to 1/true (0/false: off). */
function switchOn(flag: boolean | undefined, name: string, env: string | undefined): boolean {
  if (flag) return true;
  if (env === undefined || env === '0' || env === 'false' || env === '') return false;
  if (env === '1' || env === 'true') return true;
  throw new UsageError(`${name} must be 1 or 0, got "${env}"`);
}

const PROXY_FLAGS = [
  'proxy-api-id',
  'proxy-api-key',
  'proxy-unknown',
  'proxy-writes',
  'record',
  'proxy-timeout',
  'proxy-retries',
  'proxy-max-answer',
];

const SIZE_UNIT: Record<string, number> = { '': 1, b: 1, k: 2 ** 10, kb: 2 ** 10, kib: 2 ** 10, m: 2 ** 20, mb: 2 ** 20, mib: 2 ** 20 };
/** V8 keeps a text of at most about 512 MiB: an answer must fit one. */
const MAX_ANSWER_CAP = 512 * 2 ** 20;

/** --proxy-max-answer: bytes (16777216), or with a unit (512K, 16M); from 1 KiB to 512 MiB. */
function answerCap(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d{1,9})\s*([a-z]*)$/i.exec(text.trim());
  const unit = match ? SIZE_UNIT[match[2].toLowerCase()] : undefined;
  const bytes = match && unit ? Number(match[1]) * unit : Number.NaN;
  if (!(bytes >= 1024 && bytes <= MAX_ANSWER_CAP)) {
    throw new UsageError(
      `--proxy-max-answer must be a size from 1K to 512M, in bytes (16777216) or with a unit (512K, 16M), got "${text}"`,
    );
  }
  return bytes;
}

/** The proxy's settings, or undefined without --proxy (its other flags are then refused; their variables ignored). */
function proxy(values: Record<string, unknown>, env: Record<string, string | undefined>): ProxyOptions | undefined {
  const text = (flag: string, name: string) => nonEmpty(`--${flag}`, (values[flag] as string | undefined) ?? env[name]);
  const url = text('proxy', 'BILLSIM_PROXY');
  if (url === undefined) {
    const stray = PROXY_FLAGS.find((flag) => values[flag] !== undefined);
    if (stray) throw new UsageError(`--${stray} needs --proxy <url>, the installation to forward to`);
    return undefined;
  }
  let endpoint: URL;
  try {
    endpoint = endpointOf(url);
  } catch (error) {
    throw new UsageError(`--proxy: ${(error as Error).message}`);
  }
  const apiId = text('proxy-api-id', 'BILLSIM_PROXY_API_ID');
  if (apiId === undefined) throw new UsageError("--proxy needs the installation's API id: --proxy-api-id <id> (or BILLSIM_PROXY_API_ID)");
  const apiKey = text('proxy-api-key', 'BILLSIM_PROXY_API_KEY');
  if (apiKey === undefined)
    throw new UsageError("--proxy needs the installation's API key: set BILLSIM_PROXY_API_KEY (or --proxy-api-key <key>)");
  const timeoutMs = whole('--proxy-timeout', text('proxy-timeout', 'BILLSIM_PROXY_TIMEOUT'), MAX_MS, 'milliseconds') ?? DEFAULT_TIMEOUT_MS;
  if (timeoutMs === 0) throw new UsageError('--proxy-timeout must be at least 1 millisecond');
  const retries = whole('--proxy-retries', text('proxy-retries', 'BILLSIM_PROXY_RETRIES'), MAX_RETRIES, 'retries') ?? DEFAULT_RETRIES;
  const record = text('record', 'BILLSIM_RECORD');
  const maxAnswerBytes = answerCap(text('proxy-max-answer', 'BILLSIM_PROXY_MAX_ANSWER')) ?? DEFAULT_MAX_ANSWER_BYTES;
  return {
    upstream: { url: endpoint, apiId, apiKey, timeoutMs, retries, maxAnswerBytes },
    forward: switchOn(values['proxy-unknown'] as boolean | undefined, 'BILLSIM_PROXY_UNKNOWN', env.BILLSIM_PROXY_UNKNOWN)
      ? 'unknown'
      : 'every',
    writes: switchOn(values['proxy-writes'] as boolean | undefined, 'BILLSIM_PROXY_WRITES', env.BILLSIM_PROXY_WRITES),
    ...(record !== undefined && { record }),
  };
}

/**
 * parseArgs reads `--port -1` as a flag missing its value followed by an
 * unknown option "-1", and answers "argument is ambiguous". A value that looks
 * like a negative number is joined to its option (`--port=-1`), so the option's
 * own check can say which values it takes.
 */
function joinNegativeValues(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].startsWith('--') ? argv[i].slice(2) : undefined;
    const option = name !== undefined && Object.hasOwn(OPTIONS, name) ? OPTIONS[name as keyof typeof OPTIONS] : undefined;
    if (option?.type === 'string' && /^-\d/.test(argv[i + 1] ?? '')) out.push(`${argv[i]}=${argv[++i]}`);
    else out.push(argv[i]);
  }
  return out;
}

export function parseCli(argv: string[], env: Record<string, string | undefined>): CliConfig {
  // import reads flags of its own (src/cli/import-options.ts); the server's are left at their defaults.
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; strict: true; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: joinNegativeValues(argv), options: OPTIONS, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError((error as Error).message.split(/\n|\. /)[0]);
  }
  const { values, positionals } = parsed;
  let command: CliConfig['command'] = values.help ? 'help' : values.version ? 'version' : 'serve';
  let exportDir: string | undefined;
  if (positionals[0] === 'fixtures:export') {
    if (positionals.length !== 2) throw new UsageError('fixtures:export needs exactly one target folder');
    command = command === 'serve' ? 'fixtures:export' : command;
    exportDir = positionals[1];
  } else if (positionals.length > 0) {
    throw new UsageError(`unknown command "${positionals[0]}"`);
  }
  const nowText = nonEmpty('--now', values.now ?? env.BILLSIM_NOW);
  const now = nowText === undefined ? undefined : parseDateTime(nowText);
  if (nowText !== undefined && !now) throw new UsageError(`--now must be a real "YYYY-MM-DD HH:MM:SS" time, got "${nowText}"`);
  const logLevel = values['log-level'] ?? env.BILLSIM_LOG_LEVEL ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  return {
    command,
    exportDir,
    port: port(values.port ?? env.BILLSIM_PORT ?? env.PORT ?? '8080'),
    host: nonEmpty('--host', values.host ?? env.BILLSIM_HOST ?? env.HOST) ?? '127.0.0.1',
    fixtures: nonEmpty('--fixtures', values.fixtures ?? env.BILLSIM_FIXTURES),
    data: nonEmpty('--data', values.data ?? env.BILLSIM_DATA),
    now,
    automation: automation(values['no-automation'], env.BILLSIM_AUTOMATION),
    latency: latency(values.latency ?? env.BILLSIM_LATENCY),
    userApiRateLimit: userApiRateLimit(values['userapi-rate-limit'] ?? env.BILLSIM_USERAPI_RATE_LIMIT),
    controlToken: nonEmpty('--control-token', values['control-token'] ?? env.BILLSIM_CONTROL_TOKEN),
    logLevel: logLevel as LogLevel,
    cors: cors(values.cors ?? env.BILLSIM_CORS),
    maxSessions: maxSessions(values['max-sessions'] ?? env.BILLSIM_MAX_SESSIONS),
    memoryBudget: memoryBudget(values['memory-budget'] ?? env.BILLSIM_MEMORY_BUDGET),
    allowedHosts: allowedHosts(values['allowed-host'], env.BILLSIM_ALLOWED_HOST),
    connections: connections(values, env),
    proxy: proxy(values, env),
    webhooks: webhooks(values, env),
  };
}

/** The --webhook flags, each URL with the secret (and events) given in the same place of their own lists. */
function webhooks(
  values: { webhook?: string[]; 'webhook-secret'?: string[]; 'webhook-events'?: string[] },
  env: Record<string, string | undefined>,
): CliConfig['webhooks'] {
  const urls = values.webhook ?? (env.BILLSIM_WEBHOOK ? [env.BILLSIM_WEBHOOK] : []);
  const secrets = values['webhook-secret'] ?? (env.BILLSIM_WEBHOOK_SECRET ? [env.BILLSIM_WEBHOOK_SECRET] : []);
  const events = values['webhook-events'] ?? (env.BILLSIM_WEBHOOK_EVENTS ? [env.BILLSIM_WEBHOOK_EVENTS] : []);
  if (secrets.length !== urls.length) {
    throw new UsageError(`give one --webhook-secret for each --webhook (${urls.length} URL(s), ${secrets.length} secret(s))`);
  }
  if (events.length > urls.length) throw new UsageError('give --webhook-events after the --webhook it is for');
  return urls.map((url, i) => ({
    url,
    secret: secrets[i],
    ...(events[i] !== undefined && {
      events: events[i]
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    }),
  }));
}
