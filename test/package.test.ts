// Uses billsim exactly as another repository would: through the package entry.
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
