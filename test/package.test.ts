// Uses billsim exactly as another repository would: through the package entry.
import t from 'tap';
import { createSimulator, type GetCurrenciesResult } from 'billsim';

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
  session.addFault({ call: 'getCurrencies', error: ['Maintenance'], times: 1 });
  const faulted = await fetch(`${url}?${query}`, { headers: { 'x-billsim-session': 'contract' } });
  t.strictSame(((await faulted.json()) as { error: string[] }).error, ['Maintenance']);
  t.strictSame(
    session.requests().map((r) => [r.call, r.success]),
    [['getCurrencies', false]],
  );
  t.equal(session.now().toISOString(), '2026-11-20T12:00:00.000Z');
  t.equal(session.record('currencies', '1')?.code, 'EUR');

  const injected = await sim.app.inject({ url: `/admin/api.php?${query}` });
  t.equal(injected.json().success, true, 'inject works without the port');
});
