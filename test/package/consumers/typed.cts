// A TypeScript CommonJS consumer: `npx tsc --noEmit` checks that the require
// entry's types give the same names and types as the ES entry.
import { createSimulator, load, type GetCurrenciesResult, type Simulator, type Stub, type StubSpec } from 'billsim';

/** A stub as a CommonJS consumer writes one: the spec and the stored record are typed. */
export async function stubbed(sim: Simulator): Promise<Stub> {
  const spec: StubSpec = { call: 'getClientStats', answer: { stats: '{{params.id}}' }, times: 1 };
  return sim.session('typed').stub(spec);
}

export async function currencies(): Promise<GetCurrenciesResult['currencies']> {
  const sim: Simulator = await createSimulator({ now: new Date('2026-11-20T12:00:00Z') });
  const { messages } = await load();
  const url = await sim.listen();
  const body = (await (await fetch(`${url}?call=getCurrencies&api_id=billsim&api_key=billsim-secret`)).json()) as GetCurrenciesResult;
  await sim.close();
  if (!body.currencies) throw new Error(messages.notFound('Currency', '1'));
  return body.currencies;
}
