// Uses billsim exactly as another repository would: through the package entry.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { ControlError, createSimulator, type GetCurrenciesResult } from 'billsim';

t.test('createSimulator serves over HTTP and gives in-process control', async (t) => {
  const sim = await createSimulator({ now: new Date('2026-11-20T12:00:00Z') });
  t.teardown(() => sim.close());
  const url = await sim.listen();
  t.match(url, /^http:\/\/127\.0\.0\.1:\d+\/admin\/api\.php$/);
  t.equal(sim.url, url);

  const query = new URLSearchParams({ call: 'getCurrencies', api_id: 'billsim', api_key: 'billsim-secret' });
  const response = await fetch(`${url}?${query}`);
  t.equal(response.status, 200);
  const body = (await response.json()) as GetCurrenciesResult & { success: boolean };
  t.equal(body.success, true);
  t.equal(body.main.rate, 1);

  const session = sim.session('contract');
  await session.addFault({ call: 'getCurrencies', error: ['Maintenance'], times: 1 });
  const faulted = await fetch(`${url}?${query}`, { headers: { 'x-billsim-session': 'contract' } });
  t.strictSame(((await faulted.json()) as { error: string[] }).error, ['Maintenance']);
  t.strictSame(
    (await session.requests()).map((r) => [r.call, r.success]),
    [['getCurrencies', false]],
  );
  t.equal((await session.now()).toISOString(), '2026-11-20T12:00:00.000Z');
  t.equal((await session.record('currencies', '1'))?.code, 'EUR');

  const injected = await sim.app.inject({ url: `/admin/api.php?${query}` });
  t.equal(injected.json().success, true, 'inject works without the port');

  await t.rejects(
    session.addFault({ call: 'getCurrency', error: ['x'] }),
    new ControlError('bad-input', 'call must be an API call name (or "*" for every call); "getCurrency" is not one'),
  );
  t.strictSame(await session.setClock({ advanceSeconds: 60, frozen: false }), {
    now: '2026-11-20 12:01:00',
    server_time: 1795176060,
    frozen: false,
    automation: { days: 0, actions: {} },
  });
  await session.setClock({ frozen: true });
  t.strictSame(await session.snapshot('before'), { name: 'before', savedAt: (await session.clock()).now });
  t.equal(
    (await session.setClock({ now: '2027-01-01 00:00:00', frozen: true })).automation.days,
    42,
    'a daily run for each midnight passed',
  );
  await session.restore('before');
  await session.reset();
  t.strictSame(await session.clock(), { now: '2026-11-20 12:00:00', server_time: 1795176000, frozen: true }, 'reset puts the clock back');
  t.strictSame(await session.requests(), [], 'and clears the journal');
  await sim.reset();
});

t.test("a webhook is delivered by the package's own build: its sending thread starts from the files it ships", async (t) => {
  const received: string[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push(`${req.headers['hb-event']} ${JSON.parse(body).subject}`);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => receiver.close(resolve)));
  const sim = await createSimulator({ now: new Date('2026-11-20T12:00:00Z') });
  t.teardown(() => sim.close());
  const session = sim.session('hooks');
  await session.addWebhook({ url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`, events: ['after_ticketopen'] });
  const form = new URLSearchParams({
    call: 'addTicket',
    api_id: 'billsim',
    api_key: 'billsim-secret',
    client_id: '1',
    subject: 'shipped',
    body: 'b',
    dept_id: '1',
  });
  const answer = await sim.app.inject({
    method: 'POST',
    url: '/admin/api.php',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-billsim-session': 'hooks' },
    payload: form.toString(),
  });
  t.equal(answer.json().success, true);
  await session.webhooksSettled();
  t.strictSame(
    (await session.deliveries()).map((d) => [d.event, d.state, d.attempts.map((a) => a.status)]),
    [['after_ticketopen', 'delivered', [200]]],
  );
  t.strictSame(received, ['after_ticketopen shipped']);
});
