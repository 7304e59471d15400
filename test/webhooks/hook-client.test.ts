// The delivery client on its own: an attempt sent by the sending thread comes
// back as the receiver's status or as the reason none came, can be stopped,
// and keeps the process alive only while it waits.
import { spawn } from 'node:child_process';
import net from 'node:net';
import t from 'tap';
import { receiver } from '../helpers/receiver.js';
import { HookClients } from '../../src/session/hook-client.js';
import { packageRoot } from '../../src/paths.js';

const JSON_HEADERS = { 'content-type': 'application/json' };
const never = () => new AbortController().signal;

/** A port nothing listens on: one taken, then let go. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

t.test('the status comes back once the receiver has answered, for each attempt in turn', async (t) => {
  const rx = await receiver(t);
  rx.statuses = [201, 500];
  const clients = new HookClients({ timeoutMs: 5000 });
  t.teardown(() => clients.close());
  t.equal(await clients.post(`${rx.url}?from=test`, JSON_HEADERS, '{"n":1}', never()), 201);
  t.equal(await clients.post(rx.url, JSON_HEADERS, '{"n":2}', never()), 500);
  t.strictSame(
    rx.received.map((r) => r.body),
    ['{"n":1}', '{"n":2}'],
  );
});

t.test('an attempt that gets no answer says why', async (t) => {
  const clients = new HookClients({ timeoutMs: 200 });
  t.teardown(() => clients.close());
  await t.rejects(clients.post('no url', JSON_HEADERS, '{}', never()), { message: 'not a URL: no url' });
  const port = await closedPort();
  await t.rejects(clients.post(`http://127.0.0.1:${port}/hooks`, JSON_HEADERS, '{}', never()), { message: /^ECONNREFUSED: / });
  const rx = await receiver(t);
  rx.hold = true;
  await t.rejects(clients.post(rx.url, JSON_HEADERS, '{}', never()), { message: 'no answer within 200 ms' });
});

t.test('an attempt stopped while the receiver holds it is refused as stopped, and the next one is sent', async (t) => {
  const rx = await receiver(t);
  rx.hold = true;
  const clients = new HookClients({ timeoutMs: 30_000 });
  t.teardown(() => clients.close());
  const abort = new AbortController();
  const held = clients.post(rx.url, JSON_HEADERS, '{"n":1}', abort.signal);
  while (rx.received.length === 0) await new Promise((resolve) => setImmediate(resolve));
  abort.abort();
  await t.rejects(held, { message: 'stopped' });
  await t.rejects(
    clients.post(rx.url, JSON_HEADERS, '{}', abort.signal),
    { message: 'stopped' },
    'an already stopped signal sends nothing',
  );
  rx.hold = false;
  t.equal(await clients.post(rx.url, JSON_HEADERS, '{"n":2}', never()), 200);
  t.equal(rx.received.length, 2);
});

t.test('the process stays alive while an attempt waits for its answer, and not after', async (t) => {
  const rx = await receiver(t);
  rx.hold = true;
  const script = `
    import { HookClients } from './src/session/hook-client.ts';
    const status = await new HookClients({ timeoutMs: 30000 }).post(${JSON.stringify(rx.url)}, {}, 'x', new AbortController().signal);
    console.log('status ' + status);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: packageRoot,
    timeout: 20_000,
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  while (rx.received.length === 0 && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 20));
  // Had the thread let the process go while the attempt waited, it would have ended by now without a status.
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.equal(child.exitCode, null, 'still waiting for the answer');
  rx.release();
  t.equal(await exited, 0, 'ends by itself once answered: the idle thread holds nothing open');
  t.equal(out.trim(), 'status 200');
});
