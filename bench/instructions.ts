// Instructions per request, counted by valgrind's callgrind: the same count
// whatever else the machine is doing, where CPU time on a shared machine
// swings by more than the differences looked for (bench/README.md, issue 45).
//
//   npx tsx bench/instructions.ts [--call getCurrencies] [--method GET] [--requests 2000] [--server billsim|node|both]
//
// Each server runs under callgrind in its own process. After a warm-up the
// counters are zeroed, the requests are sent (10 connections, autocannon
// outside valgrind), and the counters dumped: instructions per request, and
// the share of the functions named in the dump (V8's garbage collector, its
// runtime, Node's HTTP parser, libc) against the JavaScript that has no name
// there. Needs `npm run build` first and valgrind (Debian's package).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { CALLS } from './calls.js';
import { recordAnswers, request, type Call } from './measure.js';
import { ROOT, startBillsim, startCommand, type Server } from './servers.js';

const { values: opts } = parseArgs({
  options: {
    call: { type: 'string', default: 'getCurrencies' },
    method: { type: 'string', default: 'GET' },
    requests: { type: 'string', default: '2000' },
    server: { type: 'string', default: 'both' },
    /** Another build's dist/cli.js to count as "billsim" (e.g. a copy made before a change). */
    cli: { type: 'string' },
    /** Reads a dump taken before instead of measuring: --dump FILE --requests N. */
    dump: { type: 'string' },
  },
});
const call = CALLS.find((c) => c.name === opts.call) as Call | undefined;
if (!call) throw new Error(`--call must be one of ${CALLS.map((c) => c.name).join(', ')}`);
const method = opts.method === 'POST' ? 'POST' : 'GET';
const count = Number(opts.requests);
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-callgrind-'));
// Optimizing compiles done on the main thread as they are needed: under valgrind the compiler
// threads fall far behind, and their work would be counted in the requests measured.
const NODE = ['--perf-basic-prof', '--no-concurrent-recompilation'];
const VALGRIND = ['--tool=callgrind', '--smc-check=all-non-file', '--dump-instr=no', '--collect-jumps=no'];

async function send(server: Server, amount: number, session: string): Promise<void> {
  const url = new URL(server.url);
  const req = request(url.pathname, call!, method, session);
  const result = await autocannon({
    url: `${url.origin}${req.path}`,
    method: req.method,
    body: req.body,
    headers: req.headers,
    connections: 10,
    amount,
    timeout: 120,
  });
  if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`failed requests: ${JSON.stringify(result)}`);
}

/**
 * The dump's self (exclusive) instructions per function, read from the file:
 * a cost line under `fn=` is the function's own, and the line after `calls=`
 * is the inclusive cost of that call, not counted again.
 */
function byFunction(file: string, jit?: JitNames): { self: Map<string, number>; inclusive: Map<string, number> } {
  const names = new Map<string, string>();
  const costs = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const named = (name: string) => jit?.name(name) ?? name;
  let current = '';
  let skip = false;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('fn=')) {
      const match = /^fn=\((\d+)\)(?: (.*))?$/.exec(line);
      if (match) {
        if (match[2] !== undefined) names.set(match[1], named(match[2]));
        current = names.get(match[1]) ?? match[1];
      } else current = named(line.slice(3));
      continue;
    }
    if (line.startsWith('cfn=')) {
      const match = /^cfn=\((\d+)\) (.*)$/.exec(line);
      if (match) names.set(match[1], named(match[2]));
      continue;
    }
    if (line.startsWith('calls=')) {
      skip = true;
      continue;
    }
    if (/^[+\-*]?\d/.test(line)) {
      const cost = Number(line.trim().split(/\s+/)[1] ?? 0);
      inclusive.set(current, (inclusive.get(current) ?? 0) + cost);
      if (skip) skip = false;
      else costs.set(current, (costs.get(current) ?? 0) + cost);
    }
  }
  return { self: costs, inclusive };
}

/**
 * Names for the JIT code's addresses, from the map node writes with
 * --perf-basic-prof (/tmp/perf-PID.map: start, size, name), so the dump's
 * JavaScript is named by function ("JS:*serveApi file:line").
 */
class JitNames {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly labels: string[] = [];
  constructor(file: string) {
    const rows = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line))
      .filter((m) => m !== null)
      .map((m) => ({ start: Number.parseInt(m[1], 16), size: Number.parseInt(m[2], 16), label: m[3] }))
      .sort((a, b) => a.start - b.start);
    for (const row of rows) {
      this.starts.push(row.start);
      this.ends.push(row.start + row.size);
      this.labels.push(row.label.replace(/file:\/\/\/work\/[^/]+\//, ''));
    }
  }

  name(symbol: string): string | undefined {
    if (!/^0x[0-9a-f]+$/.test(symbol)) return undefined;
    const at = Number.parseInt(symbol, 16);
    let low = 0;
    let high = this.starts.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (this.starts[mid] <= at) low = mid + 1;
      else high = mid - 1;
    }
    return high >= 0 && at < this.ends[high] ? `JS:${this.labels[high]}` : undefined;
  }
}

/** Buckets a function name by what it belongs to. */
function bucket(name: string): string {
  if (/^0x[0-9a-f]+$/.test(name) || name.startsWith('JS:')) return 'JavaScript (JIT code)';
  if (/compiler::|maglev::|Maglev|Turbofan|TurboFan|OptimizedCompilationJob|Pipeline/.test(name)) return 'V8 optimizing compilers';
  if (/Heap|Scaveng|MarkCompact|Sweeper|Marking|Evacuat|GCTracer|Minor|Concurrent|MemoryAllocator|PagedSpace|NewSpace/.test(name))
    return 'V8 garbage collector and allocator';
  if (/llhttp|http_parser|node::http/i.test(name)) return "Node's HTTP parser";
  if (/libc|memcpy|memmove|malloc|free|_int_|memset|strlen|libstdc/.test(name)) return 'libc / libstdc++';
  if (/Builtins_|Builtin/.test(name)) return 'V8 builtins';
  if (/v8::internal|v8::/.test(name)) return 'V8 runtime (other)';
  if (/node::|uv_|libuv/.test(name)) return 'Node and libuv (other)';
  return 'other';
}

async function measure(kind: 'billsim' | 'node', answersFile: string): Promise<void> {
  const file = path.join(out, `${kind}.out`);
  const valgrind = [...VALGRIND, `--callgrind-out-file=${file}`];
  const server =
    kind === 'billsim'
      ? await startCommand(
          'valgrind',
          [...valgrind, process.execPath, ...NODE, opts.cli ?? path.join(ROOT, 'dist', 'cli.js'), '--port', '0', '--log-level', 'silent'],
          'billsim',
        )
      : await startCommand(
          'valgrind',
          [
            ...valgrind,
            process.execPath,
            ...NODE,
            '--import',
            'tsx',
            path.join(ROOT, 'bench', 'ceiling.ts'),
            '--answers',
            answersFile,
            '--node',
          ],
          'node:http reference',
        );
  try {
    // Warm: the JIT has compiled the path before anything is counted.
    await send(server, 20_000, 'instructions');
    execFileSync('callgrind_control', ['--zero', String(server.pid)], { stdio: 'ignore' });
    await send(server, count, 'instructions');
    execFileSync('callgrind_control', ['--dump', String(server.pid)], { stdio: 'ignore' });
  } finally {
    await server.stop();
  }
  const perfMap = `/tmp/perf-${server.pid}.map`;
  if (fs.existsSync(perfMap)) fs.renameSync(perfMap, path.join(out, `${kind}.map`));
  const dumps = fs.readdirSync(out).filter((name) => name.startsWith(`${kind}.out`) && name !== `${kind}.out`);
  // The dump taken on request is the one with the highest part number before the exit's own.
  const dump = dumps.map((name) => path.join(out, name)).sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs)[0];
  report(kind, dump, path.join(out, `${kind}.map`));
}

function report(kind: string, dump: string, map?: string): void {
  const jit = map && fs.existsSync(map) ? new JitNames(map) : undefined;
  const { self: costs, inclusive } = byFunction(dump, jit);
  const total = [...costs.values()].reduce((a, b) => a + b, 0);
  const buckets = new Map<string, number>();
  for (const [name, cost] of costs) buckets.set(bucket(name), (buckets.get(bucket(name)) ?? 0) + cost);
  console.log(`\n${kind}: ${(total / count).toFixed(0)} instructions per request (${call!.name} ${method}, ${count} requests)`);
  for (const [name, cost] of [...buckets].sort((a, b) => b[1] - a[1]))
    console.log(`  ${name.padEnd(40)} ${(cost / count).toFixed(0).padStart(8)}  ${((cost / total) * 100).toFixed(1)}%`);
  const top = [...costs].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log('  top functions (self):');
  for (const [name, cost] of top) console.log(`    ${(cost / count).toFixed(0).padStart(7)}  ${name.slice(0, 110)}`);
  console.log('  JavaScript functions (inclusive, callees counted within):');
  const js = [...inclusive].filter(([name]) => name.startsWith('JS:')).sort((a, b) => b[1] - a[1]);
  for (const [name, cost] of js.slice(0, 40)) console.log(`    ${(cost / count).toFixed(0).padStart(7)}  ${name.slice(3, 120)}`);
}

if (opts.dump) {
  report(path.basename(opts.dump), opts.dump, opts.dump.replace(/\.out(\.\d+)?$/, '.map'));
  process.exit(0);
}
const plain = await startBillsim();
const { file: answersFile } = await recordAnswers(plain.url, [call]);
await plain.stop();
console.log(
  `load: ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
for (const kind of opts.server === 'both' ? (['node', 'billsim'] as const) : [opts.server as 'billsim' | 'node'])
  await measure(kind, answersFile);
fs.rmSync(answersFile, { force: true });
console.log(`\ndumps kept in ${out} (callgrind_annotate FILE)`);
