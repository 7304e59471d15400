// Starts the server for `billsim` (serve): loaded by src/cli.ts only when it serves, so --help,
// --version and usage errors do not pay for loading the app.
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { API_PATH } from '../http/endpoint.js';
import type { CliConfig } from './options.js';
import { loggerOptions } from './logging.js';
import { bannerKey, exposureWarning, listenNames, proxyOriginsLine } from './exposure.js';
import { packageVersion } from '../paths.js';
import { plainHttpWarning } from '../lib/upstream.js';
import type { ProxyOptions } from '../http/proxy.js';

function die(message: string): never {
  process.stderr.write(`billsim: ${message}\n`);
  process.exit(2);
}

/**
 * Where clean worlds are remembered (src/store/verdicts.ts): BILLSIM_CACHE_DIR, "off" for none, else
 * a folder of this user's in the temporary directory. A cache only spares later starts a check.
 */
function cacheDir(): string | undefined {
  const set = process.env.BILLSIM_CACHE_DIR;
  if (set === 'off') return undefined;
  return set || path.join(os.tmpdir(), `billsim-cache-${process.getuid?.() ?? 'user'}`);
}

export async function serve(config: CliConfig): Promise<void> {
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({
      fixturesDir: config.fixtures,
      cacheDir: cacheDir(),
      dataFile: config.data,
      now: config.now,
      automation: config.automation,
      latency: config.latency,
      userApiRateLimit: config.userApiRateLimit,
      controlToken: config.controlToken,
      webhooks: config.webhooks,
      cors: config.cors,
      maxSessions: config.maxSessions,
      memoryBudget: config.memoryBudget,
      allowedHosts: [...config.allowedHosts, ...listenNames(config.host)],
      connections: config.connections,
      logger: loggerOptions(config.logLevel, Boolean(process.stdout.isTTY)),
      credentials: { apiId: process.env.BILLSIM_API_ID, apiKey: process.env.BILLSIM_API_KEY },
      proxy: config.proxy,
    });
  } catch (error) {
    die((error as Error).message);
  }
  let address: string;
  try {
    address = await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => undefined); // lets go of the data file's lock
    die(`cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
  const url = `${address}${API_PATH}`;
  const access = app.billsim.sessions.seed.data.api_access.find((a) => a.id === '1');
  const fromEnv = Boolean(process.env.BILLSIM_API_KEY) && access?.api_key === process.env.BILLSIM_API_KEY;
  const key = access && bannerKey(access.api_key, fromEnv);
  const query = access ? `call=getCurrencies&api_id=${encodeURIComponent(access.api_id)}&api_key=${key!.query}` : 'call=getCurrencies';
  // Double quotes let the shell fill in $BILLSIM_API_KEY.
  const quote = fromEnv ? '"' : "'";
  const warning = exposureWarning(config.host, config.controlToken);
  if (warning) process.stderr.write(warning);
  for (const line of app.billsim.warnings) process.stderr.write(`billsim: warning: ${line}\n`);
  const insecure = config.proxy && plainHttpWarning(config.proxy.upstream.url);
  if (insecure) process.stderr.write(`billsim: warning: ${insecure}\n`);
  // On a terminal the banner leads the log; elsewhere stdout holds JSON log lines only, so the banner goes to stderr.
  const bannerOut = process.stdout.isTTY ? process.stdout : process.stderr;
  bannerOut.write(
    [
      `billsim ${packageVersion()} listening on ${url}`,
      `  api_id:  ${access?.api_id ?? '(no access record 1)'}`,
      `  api_key: ${key?.shown ?? '(no access record 1)'}`,
      `  try:     curl ${quote}${url}?${query}${quote}`,
      `  docs:    ${address}/docs   control: ${address}/__billsim/health${config.data ? `   data: ${config.data}` : ''}`,
      ...(config.proxy ? [proxyLine(config.proxy), proxyOriginsLine(config.cors)] : []),
      '',
    ].join('\n'),
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // close() stops accepting, lets in-flight requests (and their data-file writes) finish.
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  stopWithLauncher(stop);
}

/** The banner's proxy line: what goes where, and whether writes do (never the key). */
function proxyLine(proxy: ProxyOptions): string {
  const what = proxy.forward === 'every' ? 'every call no stub answers' : 'calls billsim neither simulates nor stubs';
  const writes = proxy.writes ? 'writes too' : 'reads only, writes refused';
  const record = proxy.record === undefined ? '' : `; recording to ${proxy.record}`;
  return `  proxy:   ${what} -> ${proxy.upstream.url.origin} (${writes})${record}`;
}

/**
 * Started by npm (`npm start`, `npx billsim`), the server is a grandchild of
 * the npm process a shell's `$!` names: killing npm kills the `sh -c` between
 * them but not the server, which would keep the port. So under npm the server
 * stops as soon as its parent is gone (it is handed to another parent). Run
 * directly (`node`, `billsim`, a container's entry point) nothing changes.
 */
function stopWithLauncher(stop: (reason: string) => void): void {
  if (!process.env.npm_lifecycle_event && !process.env.npm_command) return;
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop('launcher gone');
  }, 250).unref();
}
