// The test tiers: `npm test` (fast), `npm run test:slow`, `npm run test:fuzz`,
// and any chosen files (`npm test -- test/domain/money.test.ts`).
//
// Starting a process that loads TypeScript, tap and the whole app costs more
// than most test files take to run (docs/testing.md), so the fast tier runs its
// files a few processes at a time: each shard imports its share of the files
// one after another under one tap root, and tap runs the shards in parallel.
// Chosen files and the slow and fuzz tiers keep a process per file.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { packageRoot } from '../src/paths.js';
import { staleGenerated } from './schemas-fingerprint.js';
import { readTests, sharingProblem, shards, type Tier, testFiles } from './test-tiers.js';

const USAGE = `usage: tsx scripts/test.ts [--slow | --fuzz] [--scale] [--jobs N] [test files...]
  (no option)  the fast tier under coverage, with the floor of .c8rc.json
  --slow       browser, CLI-process, packing and crash tests (they run the build in dist/)
  --fuzz       the long fuzz runs (FUZZ_RUNS, default ${100_000})
  --scale      large-world tests at full size (BILLSIM_TEST_SCALE=full)
  --jobs N     processes at once (default: the machine's cores)
  files        run just these files, each in a process of its own, without coverage`;

interface Options {
  tier: Tier;
  scale: boolean;
  jobs: number;
  files: string[];
}

/** Every problem with the arguments at once, or the options they give. */
function parse(args: string[]): Options {
  let parsed: ReturnType<typeof parseFlags>;
  try {
    parsed = parseFlags(args);
  } catch (error) {
    exit(2, `${(error as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) exit(0, USAGE);
  const problems: string[] = [];
  if (values.slow && values.fuzz) problems.push('--slow and --fuzz name two tiers: give one');
  if (values.jobs !== undefined && !/^[1-9]\d{0,2}$/.test(values.jobs))
    problems.push(`--jobs takes a whole number from 1 to 999, got "${values.jobs}"`);
  for (const file of positionals) if (!fs.existsSync(path.resolve(file))) problems.push(`no such test file: ${file}`);
  if (problems.length > 0) exit(2, `${problems.join('\n')}\n${USAGE}`);
  return {
    tier: values.slow ? 'slow' : values.fuzz ? 'fuzz' : 'fast',
    scale: values.scale === true,
    jobs: values.jobs === undefined ? os.availableParallelism() : Number(values.jobs),
    files: positionals.map((file) => path.relative(packageRoot, path.resolve(file))),
  };
}

function parseFlags(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      slow: { type: 'boolean' },
      fuzz: { type: 'boolean' },
      scale: { type: 'boolean' },
      jobs: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

function exit(code: number, message: string): never {
  (code === 0 ? console.log : console.error)(message);
  process.exit(code);
}

const bin = (name: string) => path.join(packageRoot, 'node_modules', '.bin', name);

/** How long one process may run: a shard of the fast tier, or one slow or fuzz file (the long runs). */
const timeoutSeconds = (tier: Tier) => (tier === 'fuzz' ? 3600 : 600);

function tap(files: string[], options: Options, env: NodeJS.ProcessEnv): number {
  const args = [`--jobs=${options.jobs}`, `--timeout=${timeoutSeconds(options.tier)}`, ...files];
  return spawnSync(bin('tap'), args, { stdio: 'inherit', cwd: packageRoot, env }).status ?? 1;
}

/** Writes one module per shard that imports its test files in turn; answers their paths. */
function writeShards(groups: string[][]): string[] {
  const dir = path.join(packageRoot, '.tap', 'shards');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return groups.map((files, i) => {
    const urls = files.map((file) => pathToFileURL(path.join(packageRoot, file)).href);
    const source = [
      `// The fast tier's shard ${i + 1} of ${groups.length}, written by scripts/test.ts: these files in one process.`,
      `for (const url of ${JSON.stringify(urls, null, 2)}) await import(url);`,
      '',
    ].join('\n');
    const file = path.join(dir, `fast-${i + 1}.mjs`);
    fs.writeFileSync(file, source);
    return path.relative(packageRoot, file);
  });
}

/**
 * tap's module mocks record source maps under tapmock:// URLs, which c8's
 * report refuses; those entries (a mocked copy of a module, never the module
 * itself) are dropped before the report.
 */
function dropMockedSources(dir: string): void {
  for (const file of fs.readdirSync(dir)) {
    const full = path.join(dir, file);
    const data = JSON.parse(fs.readFileSync(full, 'utf8')) as { 'source-map-cache'?: Record<string, unknown> };
    const cache = data['source-map-cache'];
    if (!cache) continue;
    for (const url of Object.keys(cache)) if (!url.startsWith('file:')) delete cache[url];
    fs.writeFileSync(full, JSON.stringify(data));
  }
}

function fastTier(options: Options, env: NodeJS.ProcessEnv): number {
  const files = readTests(testFiles('fast'));
  const problems = files.flatMap(({ file, source }) => {
    const line = sharingProblem(source);
    return line ? [`${file}: "${line}" at the top level`] : [];
  });
  if (problems.length > 0) {
    console.error(
      `These fast-tier files would act on the other files of their shard (docs/testing.md):\n  ${problems.join('\n  ')}\n` +
        'Move the code into a t.test(), or name the file in scripts/test-tiers.ts as slow.',
    );
    return 2;
  }
  const coverage = path.join(packageRoot, 'coverage');
  const raw = path.join(coverage, 'tmp');
  fs.rmSync(coverage, { recursive: true, force: true });
  fs.mkdirSync(raw, { recursive: true });
  // Four shards a process slot: tap hands the next shard to whichever slot is
  // free, which makes up for sizes that misjudge run time (2 cores: 2 shards a
  // slot took 60 s, 4 took 42 s, 8 took 52 s).
  const shardFiles = writeShards(shards(files, options.jobs * 4));
  const status = tap(shardFiles, options, { ...env, NODE_V8_COVERAGE: raw });
  dropMockedSources(raw);
  const report = spawnSync(bin('c8'), ['report'], { stdio: 'inherit', cwd: packageRoot }).status ?? 1;
  return status || report;
}

function main(): number {
  const options = parse(process.argv.slice(2));
  const stale = staleGenerated();
  if (stale) exit(2, stale);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (options.scale) env.BILLSIM_TEST_SCALE = 'full';
  if (options.tier === 'fuzz') env.FUZZ_RUNS ||= String(100_000);
  if (options.files.length > 0) {
    const status = tap(options.files, options, env);
    console.log('# coverage: not measured for chosen files; `npm test` measures the whole fast tier against the floor');
    return status;
  }
  if (options.tier === 'fast') return fastTier(options, env);
  return tap(testFiles(options.tier), options, env);
}

process.exitCode = main();
