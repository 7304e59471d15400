// What a running server does with connections and how it presents itself:
// idle connections closed, a trickled body cut off, connections beyond the cap
// refused, delayed answers still sent; a warning when listening beyond loopback
// without a token; a key from the environment masked in the banner.
// Timed tests with real sockets: limits are set small and checked as ratios.
import t from 'tap';
import net from 'node:net';
import { startCli, runCli } from '../helpers/process.js';
import { exposureWarning, isLoopbackAddress, listenNames } from '../../src/cli/exposure.js';

const IDLE = 400;
const REQUEST = 1_500;

/** Resolves with the ms until the server closed the socket, and what it sent. */
function closed(socket: net.Socket, started: number): Promise<{ after: number; received: string }> {
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  socket.on('error', () => {});
  return new Promise((resolve) => socket.once('close', () => resolve({ after: Date.now() - started, received })));
}

const connect = (port: number) =>
  new Promise<net.Socket>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
  });

t.test('connections: idle ones closed, a trickled body cut off, the cap kept, a delayed answer sent', async (t) => {
  const server = await startCli([
    '--idle-timeout',
    String(IDLE),
    '--request-timeout',
    String(REQUEST),
    '--headers-timeout',
    '1000',
    '--max-connections',
    '3',
  ]);
  t.teardown(() => server.stop());
  const port = Number(new URL(server.origin).port);

  const started = Date.now();
  const silent = await connect(port);
  const idle = await closed(silent, started);
  t.ok(
    idle.after >= IDLE * 0.8 && idle.after < IDLE * 10,
    `a connection that sends nothing is closed after the idle time-out (${idle.after} ms)`,
  );

  const kept = await connect(port);
  const keptClosed = closed(kept, 0);
  kept.write('GET /__billsim/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
  const answeredAt = await new Promise<number>((resolve) => kept.once('data', () => resolve(Date.now())));
  const keepAlive = await keptClosed;
  const between = Date.now() - answeredAt;
  t.match(keepAlive.received, /^HTTP\/1\.1 200 OK/);
  t.ok(between >= IDLE * 0.8 && between < IDLE * 10, `a kept-alive connection is closed after the idle time-out (${between} ms)`);

  const trickle = await connect(port);
  const trickleStart = Date.now();
  const cut = closed(trickle, trickleStart);
  trickle.write(
    'POST /admin/api.php HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n',
  );
  // A byte every IDLE/2 ms: never idle long enough for the idle time-out, always too slow for the request time-out.
  const drip = setInterval(() => trickle.writable && trickle.write('a'), IDLE / 2);
  const trickled = await cut;
  clearInterval(drip);
  t.match(trickled.received, /^HTTP\/1\.1 408 /, 'answered 408');
  t.ok(trickled.after >= REQUEST * 0.8 && trickled.after < REQUEST * 4, `cut off by the request time-out (${trickled.after} ms)`);

  // A fault delays the answer past every time-out: the request is in, so it is answered.
  const fault = await fetch(`${server.origin}/__billsim/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ call: 'getCurrencies', delayMs: REQUEST * 2 }),
  });
  t.equal(fault.status, 201);
  const slowStart = Date.now();
  const slow = (await (await fetch(`${server.url}?call=getCurrencies&api_id=billsim&api_key=billsim-secret`)).json()) as {
    success: boolean;
  };
  t.equal(slow.success, true, 'a delayed answer arrives');
  t.ok(Date.now() - slowStart >= REQUEST * 2 * 0.9, 'after its delay');

  const open = await Promise.all([connect(port), connect(port), connect(port)]);
  const over = await connect(port);
  const refused = await closed(over, Date.now());
  t.equal(refused.received, '', 'the connection beyond the cap is closed unanswered');
  for (const socket of open) socket.destroy();
  await new Promise((resolve) => setTimeout(resolve, 100));
  t.equal((await fetch(`${server.origin}/__billsim/health`)).status, 200, 'answered again once below the cap');
  t.match(server.output(), /connections beyond --max-connections 3 are being closed/);
});

t.test('a warning when listening beyond loopback without a token, once; a key from the environment masked', async (t) => {
  const server = await startCli(['--host', '0.0.0.0'], { BILLSIM_API_KEY: 'env-key-0123456789' });
  t.teardown(() => server.stop());
  const output = server.output();
  const warnings = output.split('without --control-token').length - 1;
  t.equal(warnings, 1, 'warned once');
  t.match(output, 'billsim: warning: listening on 0.0.0.0 without --control-token');
  t.notOk(output.includes('env-key-0123456789'), 'the key is not printed');
  t.match(output, '  api_key: env-**** (from BILLSIM_API_KEY)');
  t.match(output, 'api_key=$BILLSIM_API_KEY"', 'the curl line reads it from the environment');

  const local = await startCli([], {});
  t.teardown(() => local.stop());
  t.notOk(local.output().includes('warning'), 'no warning on loopback');
  t.match(local.output(), '  api_key: billsim-secret\n', 'the bundled key as it is');
  const guarded = await startCli(['--host', '0.0.0.0', '--control-token', 'tok']);
  t.teardown(() => guarded.stop());
  t.notOk(guarded.output().includes('warning'), 'no warning with a token');
});

t.test('the flags: their refusals, and the Host a container is reached by', async (t) => {
  t.match(
    runCli(['--idle-timeout', 'soon']).stderr,
    'billsim: --idle-timeout must be a whole number of milliseconds from 0 to 2147483647, got "soon"',
  );
  t.match(runCli(['--request-timeout', '1000', '--headers-timeout', '2000']).stderr, 'lower --headers-timeout or raise --request-timeout');
  t.match(runCli(['--allowed-host', 'billsim:8080']).stderr, '--allowed-host takes host names without a port');
  const help = runCli(['--help']).stdout;
  for (const flag of ['--request-timeout', '--headers-timeout', '--idle-timeout', '--max-connections', '--allowed-host'])
    t.match(help, flag);

  const server = await startCli(['--host', '0.0.0.0', '--allowed-host', 'billsim,.corp.example'], { BILLSIM_CONTROL_TOKEN: 'tok' });
  t.teardown(() => server.stop());
  const port = new URL(server.origin).port;
  const withHost = (host: string) =>
    new Promise<string>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.write(`GET /__billsim/health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
  t.match(await withHost(`billsim:${port}`), /^HTTP\/1\.1 200/);
  t.match(await withHost('ci.corp.example'), /^HTTP\/1\.1 200/);
  const refused = await withHost(`other:${port}`);
  t.match(refused, /^HTTP\/1\.1 403/);
  t.match(refused, 'Start it with --allowed-host other (or BILLSIM_ALLOWED_HOST=other)');
});

t.test('what counts as loopback, and the names a listen address adds', async (t) => {
  for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost']) t.equal(isLoopbackAddress(host), true, host);
  for (const host of ['0.0.0.0', '::', '10.0.0.5', 'billsim']) t.equal(isLoopbackAddress(host), false, host);
  t.equal(exposureWarning('127.0.0.1', undefined), undefined);
  t.equal(exposureWarning('0.0.0.0', 'tok'), undefined);
  t.match(exposureWarning('::', undefined), /^billsim: warning: listening on :: without --control-token/);
  t.strictSame(listenNames('Billsim'), ['billsim']);
  t.strictSame(listenNames('0.0.0.0'), []);
  t.strictSame(listenNames('localhost'), []);
});
