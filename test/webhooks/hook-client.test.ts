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
  t.equal(await clients.post(`${rx.url}?from=test`, JSON_HEADERS, '{"n":1}'), 201);
  t.equal(await clients.post(rx.url, JSON_HEADERS, '{"n":2}'), 500);
  t.strictSame(
    rx.received.map((r) => r.body),
    ['{"n":1}', '{"n":2}'],
  );
});

t.test('an attempt that gets no answer says why', async (t) => {
  const clients = new HookClients({ timeoutMs: 200 });
  t.teardown(() => clients.close());
  await t.rejects(clients.post('no url', JSON_HEADERS, '{}'), { message: 'not a URL: no url' });
  const port = await closedPort();
  await t.rejects(clients.post(`http://127.0.0.1:${port}/hooks`, JSON_HEADERS, '{}'), { message: /^ECONNREFUSED: / });
  const rx = await receiver(t);
  rx.hold = true;
  await t.rejects(clients.post(rx.url, JSON_HEADERS, '{}'), { message: 'no answer within 200 ms' });
});

t.test("a sender's attempts stopped while the receiver holds them are refused as stopped; another sender's go on", async (t) => {
  const rx = await receiver(t);
  rx.hold = true;
  const clients = new HookClients({ timeoutMs: 30_000 });
  const other = new HookClients({ timeoutMs: 30_000 });
  t.teardown(() => {
    clients.close();
    other.close();
  });
  const held = clients.post(rx.url, JSON_HEADERS, '{"n":1}');
  const kept = other.post(rx.url, JSON_HEADERS, '{"n":2}');
  while (rx.received.length < 2) await new Promise((resolve) => setImmediate(resolve));
  clients.stop();
  await t.rejects(held, { message: 'stopped' });
  rx.release();
  t.equal(await kept, 200, "the other sender's attempt was answered");
  t.equal(await clients.post(rx.url, JSON_HEADERS, '{"n":3}'), 200, 'a stopped sender sends its next attempt');
  t.strictSame(
    rx.received.map((r) => r.body).sort(),
    ['{"n":1}', '{"n":2}', '{"n":3}'],
    'the two senders reach the receiver on connections of their own, in either order',
  );
});

t.test('the process stays alive while an attempt waits for its answer, and not after', async (t) => {
  const rx = await receiver(t);
  rx.hold = true;
  // 'beforeExit' comes when nothing keeps the process alive: after the status, never before it.
  const script = `
    import { HookClients } from './src/session/hook-client.ts';
    process.on('beforeExit', () => console.log('nothing left to wait for'));
    const status = await new HookClients({ timeoutMs: 30000 }).post(${JSON.stringify(rx.url)}, {}, 'x');
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
  // The attempt reaches the receiver long after a process with nothing to wait for would have said so.
  while (rx.received.length === 0 && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 20));
  t.equal(out, '', 'nothing said while the attempt waits');
  rx.release();
  t.equal(await exited, 0, 'ends by itself once answered: the idle thread holds nothing open');
  t.strictSame(out.trim().split('\n'), ['status 200', 'nothing left to wait for']);
});
