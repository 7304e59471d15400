// Which tax rates a client's invoices carry, from the tax_rules collection.
import type { View } from '../store/world.js';
import type { Client, TaxRule } from '../generated/wire.js';

const NO_TAX = '0.00';

/** The rule of one level for the client's country: a rule for their state wins over the country-wide one. */
/** What the tax rules look at: where the client is, and whether it is exempt. */
export type TaxedClient = Pick<Client, 'country' | 'state' | 'taxexempt'>;

function rateAt(rules: readonly TaxRule[], level: TaxRule['level'], client: TaxedClient): string {
  const ofLevel = rules.filter((rule) => rule.level === level && rule.country === client.country);
  const state = client.state.toLowerCase();
  const own = ofLevel.find((rule) => rule.state !== '' && rule.state.toLowerCase() === state);
  return (own ?? ofLevel.find((rule) => rule.state === ''))?.rate ?? NO_TAX;
}

/** taxrate and taxrate2 of a new invoice for this client; a tax-exempt client pays neither. */
export function taxRatesFor(world: View, client: TaxedClient): { taxrate: string; taxrate2: string } {
  if (client.taxexempt === '1') return { taxrate: NO_TAX, taxrate2: NO_TAX };
  const rules = world.all('tax_rules');
  return { taxrate: rateAt(rules, '1', client), taxrate2: rateAt(rules, '2', client) };
}
