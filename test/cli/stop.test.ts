// `npm start & ... kill $!`: the PID a shell gets is npm's, not the server's.
// Killing it must not leave a server holding the port for the next start.
import t from 'tap';
import { spawn } from 'node:child_process';
import { packageRoot } from '../../src/paths.js';

async function answers(origin: string): Promise<boolean> {
  try {
    await fetch(`${origin}/__billsim/health`);
    return true;
  } catch {
    return false;
  }
}

t.test('killing `npm start` by its PID stops the server', async (t) => {
  const npm = spawn('npm', ['start', '--silent', '--', '--port', '0', '--log-level', 'silent'], { cwd: packageRoot });
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^/\s]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    npm.stdout.on('data', onData);
    npm.stderr.on('data', onData);
  });
  t.ok(await answers(origin), 'serving');
  npm.kill('SIGTERM');
  let up = true;
  for (let i = 0; i < 40 && up; i++) {
    await new Promise((resolve) => setTimeout(resolve, 125));
    up = await answers(origin);
  }
  t.notOk(up, 'the port is free within 5 s');
});
