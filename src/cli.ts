#!/usr/bin/env node
// The only module that reads argv and the environment and calls listen().
// The app and the store load only for the command that needs them (src/cli/serve.ts):
// --help, --version and a usage error answer without loading them.
import fs from 'node:fs';
import path from 'node:path';
import { ownFlagsCommand, parseCli, USAGE, UsageError, type CliConfig } from './cli/options.js';
import { checkPaths } from './cli/paths.js';
import { defaultFixturesDir, packageVersion } from './paths.js';

function die(message: string): never {
  process.stderr.write(`billsim: ${message}\n`);
  process.exit(2);
}

async function exportFixtures(config: CliConfig): Promise<void> {
  const { COLLECTION_NAMES, loadFixtures } = await import('./store/fixtures.js');
  const dir = config.exportDir!;
  const data = loadFixtures(config.fixtures ?? defaultFixturesDir);
  const clashes = COLLECTION_NAMES.filter((name) => fs.existsSync(path.join(dir, `${name}.json`)));
  if (clashes.length > 0) die(`${dir} already holds ${clashes[0]}.json; export into an empty or new folder`);
  fs.mkdirSync(dir, { recursive: true });
  for (const name of COLLECTION_NAMES) fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(data[name], null, 2)}\n`);
  process.stdout.write(`wrote ${COLLECTION_NAMES.length} collections to ${dir}\n`);
}

async function main(): Promise<void> {
  const own = ownFlagsCommand(process.argv.slice(2));
  if (own?.command === 'drift') {
    // Loaded on demand: the server's start-up does not pay for it.
    const { drift } = await import('./cli/drift.js');
    process.exitCode = await drift(own.args, process.env);
    return;
  }
  if (own?.command === 'import') {
    const { runImport } = await import('./cli/import.js');
    process.exitCode = await runImport(own.args, process.env);
    return;
  }
  let config: CliConfig;
  try {
    config = parseCli(process.argv.slice(2), process.env);
    if (config.command === 'serve' || config.command === 'fixtures:export') checkPaths(config);
  } catch (error) {
    if (error instanceof UsageError) die(`${error.message} (see --help)`);
    throw error;
  }
  if (config.command === 'help') return void process.stdout.write(`${USAGE}\n`);
  if (config.command === 'version') return void process.stdout.write(`${packageVersion()}\n`);
  if (config.command === 'fixtures:export') {
    try {
      return await exportFixtures(config);
    } catch (error) {
      die((error as Error).message);
    }
  }
  const { serve } = await import('./cli/serve.js');
  await serve(config);
}

await main();
