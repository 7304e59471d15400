// A TypeScript CommonJS consumer: `npx tsc --noEmit` checks that the require
// entry's types give the same names and types as the ES entry.
import { createSimulator, load, type GetCurrenciesResult, type Simulator } from 'billsim';

export async function currencies(): Promise<GetCurrenciesResult['currencies']> {
  const sim: Simulator = await createSimulator({ now: new Date('2026-11-20T12:00:00Z') });
  const { messages } = await load();
  const url = await sim.listen();
  const body = (await (await fetch(`${url}?call=getCurrencies&api_id=billsim&api_key=billsim-secret`)).json()) as GetCurrenciesResult;
  await sim.close();
  if (!body.currencies) throw new Error(messages.notFound('Currency', '1'));
  return body.currencies;
}
