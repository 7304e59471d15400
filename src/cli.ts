#!/usr/bin/env node
// The only module that reads argv and the environment and calls listen().
import { parseArgs } from 'node:util';
import { buildApp } from './app.js';
import { API_PATH } from './http/endpoint.js';
import { parseDateTime } from './domain/dates.js';

const USAGE = `Usage: billsim [options]

  --port <n>         port to listen on (env PORT or BILLSIM_PORT, default 8080)
  --host <addr>      address to bind (env HOST or BILLSIM_HOST, default 127.0.0.1)
  --fixtures <dir>   world to load (env BILLSIM_FIXTURES, default the bundled fixtures/default)
  --now <datetime>   start every session's clock frozen at "YYYY-MM-DD HH:MM:SS" (env BILLSIM_NOW)
  -h, --help         show this help
  -v, --version      print the version

Credentials of API access record 1 can be replaced with BILLSIM_API_ID and BILLSIM_API_KEY.`;

function die(message: string): never {
  process.stderr.write(`billsim: ${message}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        port: { type: 'string' }, host: { type: 'string' }, fixtures: { type: 'string' }, now: { type: 'string' },
        help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'v' },
      },
      strict: true,
    });
  } catch (error) {
    die(`${(error as Error).message} (see --help)`);
  }
  const { values } = parsed;
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  if (values.version) return void process.stdout.write(`${await version()}\n`);

  const env = process.env;
  const portText = values.port ?? env.BILLSIM_PORT ?? env.PORT ?? '8080';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) die(`--port must be a whole number from 0 to 65535, got "${portText}"`);
  const host = values.host ?? env.BILLSIM_HOST ?? env.HOST ?? '127.0.0.1';
  const nowText = values.now ?? env.BILLSIM_NOW;
  const now = nowText === undefined ? undefined : parseDateTime(nowText);
  if (nowText !== undefined && !now) die(`--now must be "YYYY-MM-DD HH:MM:SS", got "${nowText}"`);

  let app;
  try {
    app = await buildApp({
      fixturesDir: values.fixtures ?? env.BILLSIM_FIXTURES,
      now,
      credentials: { apiId: env.BILLSIM_API_ID, apiKey: env.BILLSIM_API_KEY },
    });
  } catch (error) {
    die((error as Error).message);
  }
  const address = await app.listen({ port, host });
  const url = `${address}${API_PATH}`;
  const access = app.billsim.sessions.seed.data.api_access.find((a) => a.id === '1');
  const apiId = access?.api_id ?? '(none)';
  process.stdout.write([
    `billsim listening on ${url}`,
    `  api_id:  ${apiId}`,
    `  api_key: ${access?.api_key ?? '(none)'}`,
    `  try:     curl '${url}?call=getCurrencies&api_id=${apiId}&api_key=${access?.api_key ?? ''}'`,
    '',
  ].join('\n'));
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function version(): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

await main();
