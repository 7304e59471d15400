// Servers under test run in child processes, so the load generator never
// shares their event loop. Each prints "listening on <url>" when ready.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = path.join(ROOT, 'dist', 'cli.js');

export interface Server {
  url: string;
  pid: number;
  /** ms from spawn to the "listening" line. */
  listenMs: number;
  stop(): Promise<void>;
}

export function start(args: string[], label: string, command = process.execPath): Promise<Server> {
  const started = performance.now();
  // A wrapper such as npm gets its own process group, so stop() also ends the server it started.
  const wrapped = command !== process.execPath;
  const child: ChildProcess = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: wrapped });
  let stderr = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let stdout = '';
    let ready = false;
    const early = (code: number | null) =>
      reject(new Error(`${label} exited (${code}) before listening: ${stderr.trim() || stdout.trim()}`));
    child.once('exit', early);
    // billsim prints its banner on stderr when stdout is not a terminal; the other servers on stdout.
    const onData = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
      if (stream === 'stdout') stdout += chunk;
      else stderr += chunk;
      const match = /listening on (\S+)/.exec(stream === 'stdout' ? stdout : stderr);
      if (!match || ready) return;
      ready = true;
      child.off('exit', early);
      resolve({
        url: match[1],
        pid: child.pid!,
        listenMs: performance.now() - started,
        stop: async () => {
          if (wrapped) process.kill(-child.pid!, 'SIGTERM');
          else child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout!.on('data', onData('stdout'));
    child.stderr!.on('data', onData('stderr'));
  });
}

export interface BillsimOptions {
  fixtures?: string;
  /** Another build's dist/cli.js (default: this one). */
  cli?: string;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
  /** Extra billsim options, e.g. --data FILE. */
  args?: string[];
}

export function startBillsim({ fixtures, cli = CLI, nodeArgs = [], args = [] }: BillsimOptions = {}): Promise<Server> {
  if (!fs.existsSync(cli)) throw new Error(`${cli} is missing: run npm run build first`);
  const argv = [...nodeArgs, cli, '--port', '0', '--log-level', 'silent', ...(fixtures ? ['--fixtures', fixtures] : []), ...args];
  return start(argv, 'billsim');
}

/** Any command that starts a server and prints "listening on URL" (e.g. a server under valgrind). */
export function startCommand(command: string, args: string[], label: string): Promise<Server> {
  return start(args, label, command);
}

/** `npm start` as a developer types it, in this checkout (whatever its scripts run first). */
export function startNpm(): Promise<Server> {
  return start(['start', '--silent', '--', '--port', '0', '--log-level', 'silent'], 'npm start', 'npm');
}

/**
 * A reference server (bench/ceiling.ts): bare Fastify answering a small
 * constant ('small'), bare Fastify answering the recorded answers ('fastify'),
 * bare node:http sending them as bytes serialized once ('node', the limit), or
 * serializing each again after a changed copy of its records ('fresh').
 * `spinUs` burns that many microseconds of CPU per request first (bench/extra-work.ts).
 */
export function startReference(kind: 'small' | 'fastify' | 'node' | 'fresh', answersFile?: string, spinUs = 0): Promise<Server> {
  if (kind !== 'small' && !answersFile) throw new Error(`the ${kind} reference needs the recorded answers`);
  const flags = { small: [], fastify: [], node: ['--node'], fresh: ['--node', '--fresh'] }[kind];
  const args = [...(kind === 'small' ? [] : ['--answers', answersFile!, ...flags]), ...(spinUs > 0 ? ['--spin-us', String(spinUs)] : [])];
  return start(['--import', 'tsx', path.join(ROOT, 'bench', 'ceiling.ts'), ...args], `${kind} reference server`);
}

/**
 * User and system CPU time of a process so far, apart, in µs (Linux /proc, in clock ticks of 10 ms; NaN elsewhere);
 * with `thread`, of that thread alone (its id: the main thread's is the process's).
 */
export function cpuTimesUs(pid: number, thread?: number): { user: number; system: number } {
  try {
    const file = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
    const fields = fs.readFileSync(file, 'utf8').split(') ')[1].split(' ');
    return { user: Number(fields[11]) * 10_000, system: Number(fields[12]) * 10_000 };
  } catch {
    return { user: Number.NaN, system: Number.NaN };
  }
}

/** User + system CPU time of a process so far, in µs (NaN where /proc is not there). */
export function cpuUs(pid: number, thread?: number): number {
  const { user, system } = cpuTimesUs(pid, thread);
  return user + system;
}

/** Resident set size of a process in MB (Linux /proc; NaN elsewhere). */
export function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}
