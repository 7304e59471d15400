// `billsim import`: reads an installation's catalogue (and, asked, some
// clients) through its Admin API's read calls and writes a fixtures folder
// that `billsim --fixtures DIR` serves at once. Answers its exit code:
// 0 written, 2 usage, an installation that cannot be read or any other
// failure, each said in one line; DIR changes only on 0.
import cliProgress from 'cli-progress';
import { COLLECTION_NAMES, loadFixtures } from '../store/fixtures.js';
import { defaultFixturesDir } from '../paths.js';
import { plainHttpWarning, type Upstream, withoutKey } from '../lib/upstream.js';
import { UsageError } from './options.js';
import { oneLine } from './one-line.js';
import { upstreamOf } from './installation-flags.js';
import { IMPORT_USAGE, parseImportArgs, type ImportConfig } from './import-options.js';
import { createReader, ImportFailure } from './import/reader.js';
import { readCatalogue } from './import/catalogue.js';
import { readClients } from './import/clients.js';
import { assemble, type Collections } from './import/world.js';
import { checkTarget, writeWorld } from './import/folder.js';

interface Output {
  out: NodeJS.WritableStream & { isTTY?: boolean };
  err: NodeJS.WritableStream & { isTTY?: boolean };
}

/** Runs the import with the arguments after the word `import`; answers the exit code. */
export async function runImport(argv: string[], env: Record<string, string | undefined>, io: Output = defaultOutput()): Promise<number> {
  let config: ImportConfig;
  try {
    config = parseImportArgs(argv, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // A usage error may quote what was typed, the key among it.
    const key = argv[argv.indexOf('--api-key') + 1] ?? env.BILLSIM_IMPORT_API_KEY ?? '';
    io.err.write(`billsim import: ${oneLine(withoutKey(error.message, { apiKey: key }))} (see billsim import --help)\n`);
    return 2;
  }
  if (config.help) {
    io.out.write(`${IMPORT_USAGE}\n`);
    return 0;
  }
  const upstream = upstreamOf(config);
  try {
    return await importInto(config, upstream, io);
  } catch (error) {
    // Any failure, foreseen or not (a folder that cannot be written, say), is one line and exit 2, never a stack trace.
    const message = error instanceof Error ? error.message : String(error);
    io.err.write(`billsim import: ${oneLine(withoutKey(message, upstream))}\n`);
    return 2;
  }
}

async function importInto(config: ImportConfig, upstream: Upstream, io: Output): Promise<number> {
  checkTarget(config.out, config.force);
  const warning = plainHttpWarning(upstream.url);
  if (warning) io.err.write(`billsim import: warning: ${warning}\n`);
  const progress = progressBar(io);
  const reader = createReader(upstream, { concurrency: config.concurrency, maxRequests: config.maxRequests }, progress.events);
  let imported: Collections;
  let clientCount = 0;
  let contactCount = 0;
  const bundled = loadFixtures(defaultFixturesDir) as unknown as Collections;
  try {
    // One call first, alone: refused credentials end the import before the walk fans out.
    await reader.read('getAPIMethods');
    const catalogue = await readCatalogue(reader, bundled);
    // A refusal worded in a way not recognised still refuses everything: no world of billsim's defaults alone.
    if (reader.succeeded() === 0) {
      const [call, why] = [...reader.skipped][0] ?? ['', 'no answer'];
      throw new ImportFailure(`${upstream.url.origin} refused every call (${call}: ${why}): are these the right credentials?`);
    }
    const clients = config.clients > 0 ? await readClients(reader, config, bundled) : {};
    clientCount = clients.clients?.filter((c) => c.parent_id === '0').length ?? 0;
    contactCount = (clients.clients?.length ?? 0) - clientCount;
    imported = { ...catalogue, ...clients };
  } finally {
    progress.stop();
  }
  const { data, mended } = assemble(COLLECTION_NAMES, bundled, imported);
  const warnings = writeWorld(config.out, data, config.force);
  const warn = (line: string) => io.err.write(`billsim import: warning: ${oneLine(withoutKey(line, upstream))}\n`);
  if (reader.capped()) {
    warn(
      `stopped at ${config.maxRequests} requests, the cap (--max-requests ${config.maxRequests}): ${config.out} holds what was read until then; give a larger --max-requests to read the rest`,
    );
  }
  for (const [call, why] of reader.skipped) warn(`skipped ${call}: ${why}`);
  for (const line of [...reader.warnings, ...mended, ...warnings]) warn(line);
  const counts = ['order_pages', 'products', 'addons', 'currencies', 'gateways', 'ticket_depts', 'predefined_replies', 'news']
    .map((name) => `${data[name].length} ${name.replace(/_/g, ' ')}`)
    .join(', ');
  const skipped = reader.skipped.size > 0 ? `, ${reader.skipped.size} call${reader.skipped.size === 1 ? '' : 's'} skipped` : '';
  io.out.write(
    `imported from ${upstream.url.origin}: ${counts}, ${clientCount} clients, ${contactCount} contacts; ${reader.done()} requests${skipped}; wrote ${config.out}\n`,
  );
  return 0;
}

/** A bar on a terminal (stderr, so the summary on stdout stays clean); nothing elsewhere. */
function progressBar(io: Output) {
  if (!io.err.isTTY) return { events: {}, stop: () => undefined };
  const bar = new cliProgress.SingleBar(
    { stream: io.err, format: 'importing [{bar}] {value}/{total} requests', hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  let total = 0;
  bar.start(0, 0);
  return {
    events: {
      queued: () => bar.setTotal(++total),
      answered: () => bar.increment(),
    },
    stop: () => bar.stop(),
  };
}

function defaultOutput(): Output {
  return { out: process.stdout, err: process.stderr };
}
