// `billsim import`: reads an installation's catalogue (and, asked, some
// clients) through its Admin API's read calls and writes a fixtures folder
// that `billsim --fixtures DIR` serves at once. Answers its exit code:
// 0 all imported, 1 written with something skipped (listed by call), 2 usage,
// an address that is not an installation, one that cannot be read or any
// other failure, each said in one line; DIR changes only on 0 and 1.
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
import { fitCollections, type FitNote } from './import/fit.js';
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
  const limits = { concurrency: config.concurrency, maxRequests: config.maxRequests, strict: config.strict };
  const reader = createReader(upstream, limits, progress.events);
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
  const fitted = fitCollections(imported);
  if (config.strict && fitted.notes.length > 0) {
    const first = fitted.notes[0];
    throw new ImportFailure(
      `${first.call} answered in another shape than billsim's (${first.why}) and --strict imports all or nothing: ${driftCommand(config, first.call)} shows the difference`,
    );
  }
  const { data, mended } = assemble(COLLECTION_NAMES, bundled, fitted.data);
  const warnings = writeWorld(config.out, data, config.force);
  const warn = (line: string) => io.err.write(`billsim import: warning: ${oneLine(withoutKey(line, upstream))}\n`);
  if (reader.capped()) {
    warn(
      `stopped at ${config.maxRequests} requests, the cap (--max-requests ${config.maxRequests}): ${config.out} holds what was read until then; give a larger --max-requests to read the rest`,
    );
  }
  for (const [call, why] of reader.skipped) {
    warn(`skipped ${call}: ${why}${reader.misread.has(call) ? `; ${driftCommand(config, call)} shows what it answers` : ''}`);
  }
  for (const line of perCall(fitted.notes, config)) warn(line);
  for (const line of [...reader.warnings, ...mended, ...warnings]) warn(line);
  const left = fitted.notes.filter((n) => n.kind === 'skipped').length;
  const counts = ['order_pages', 'products', 'addons', 'currencies', 'gateways', 'ticket_depts', 'predefined_replies', 'news']
    .map((name) => `${data[name].length} ${name.replace(/_/g, ' ')}`)
    .join(', ');
  const skipped = reader.skipped.size > 0 ? `, ${reader.skipped.size} call${reader.skipped.size === 1 ? '' : 's'} skipped` : '';
  const leftOut = left > 0 ? `, ${left} record${left === 1 ? '' : 's'} left out` : '';
  io.out.write(
    `imported from ${upstream.url.origin}: ${counts}, ${clientCount} clients, ${contactCount} contacts; ${reader.done()} requests${skipped}${leftOut}; wrote ${config.out}\n`,
  );
  return reader.skipped.size > 0 || left > 0 ? 1 : 0;
}

/** The drift command that shows how the installation's answers to `call` differ from billsim's schema (the key from the environment). */
function driftCommand(config: ImportConfig, call: string): string {
  return `billsim drift --against ${config.url.href} --api-id ${config.apiId} --calls ${call}`;
}

/** One line per call whose answers were made to fit or had records left out: the paths (a few), then the drift command. */
function perCall(notes: readonly FitNote[], config: ImportConfig): string[] {
  const lines: string[] = [];
  for (const call of [...new Set(notes.map((n) => n.call))]) {
    for (const kind of ['fitted', 'skipped'] as const) {
      const mine = notes.filter((n) => n.call === call && n.kind === kind);
      if (mine.length === 0) continue;
      const shown = mine
        .slice(0, 3)
        .map((n) =>
          kind === 'fitted'
            ? `${n.path.split(' ').slice(0, 2).join(' ')} ${n.why}`
            : `${n.path.split(' ').slice(0, 2).join(' ')}: ${n.why}`,
        );
      const more = mine.length > 3 ? `, and ${mine.length - 3} more` : '';
      const what =
        kind === 'fitted'
          ? 'answered in another shape, made to fit'
          : `answered ${mine.length === 1 ? 'a record' : `${mine.length} records`} billsim cannot read, left out`;
      lines.push(`${call} ${what}: ${shown.join('; ')}${more}; ${driftCommand(config, call)} shows the difference`);
    }
  }
  return lines;
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
