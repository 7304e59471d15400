// Runs the built CLI (dist/, built by the pretest script) as a real process.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { packageRoot } from '../../src/paths.js';

export const CLI = path.join(packageRoot, 'dist', 'cli.js');

export interface Running {
  proc: ChildProcessWithoutNullStreams;
  url: string;
  origin: string;
  output: () => string;
  /** What the server wrote to stdout alone. */
  stdout: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export function runCli(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 20_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Starts the server on a free port and resolves once it printed its URL (within `timeout` ms). */
export function startCli(args: string[], env: Record<string, string> = {}, timeout = 20_000): Promise<Running> {
  const proc = spawn(process.execPath, [CLI, '--port', '0', ...args], { env: { ...process.env, ...env } });
  let output = '';
  let stdout = '';
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  proc.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    // Giving up kills the server too: left running, it would hold its port and burn CPU for the files after.
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`no URL printed:\n${output}`));
    }, timeout);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+\/admin\/api\.php)/.exec(output);
      if (match) {
        clearTimeout(timer);
        const url = match[1];
        resolve({
          proc,
          url,
          origin: new URL(url).origin,
          output: () => output,
          stdout: () => stdout,
          stop: (signal = 'SIGTERM') => {
            proc.kill(signal);
            return exited;
          },
        });
      }
    };
    // The banner is on stderr when stdout is not a terminal (stdout then holds JSON log lines only).
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening:\n${output}`));
    });
  });
}
