// Currencies: which one is the main currency, the rate of each against it, and
// prices shown in another currency. Rates and the main currency come from the
// store, so a fixture world that changes them changes every call alike.
import type { Currency } from '../generated/wire.js';
import { notFound } from '../errors.js';
import type { View } from '../store/world.js';
import { convertCents, formatCents, toCents } from './money.js';

/** HostBill's main currency is the one with id "0"; prices in the catalogue are kept in it. */
export const MAIN_CURRENCY_ID = '0';

export function requireCurrency(world: View, id: string): Currency {
  return world.get('currencies', id) ?? notFound('Currency', id);
}

/** The 4-decimal rate of a currency against the main one (the main currency's own stored rate, "1.0000" when absent). */
export function rateOf(world: View, currencyId: string): string {
  if (currencyId === MAIN_CURRENCY_ID) return world.get('currencies', MAIN_CURRENCY_ID)?.rate ?? '1.0000';
  return requireCurrency(world, currencyId).rate;
}

/** Turns a main-currency price into the answer's price ("12.30" -> itself, or converted). */
export type PriceView = (price: string) => string;

export const asIs: PriceView = (price) => price;

/** Cents in the main currency converted into `currencyId`, rounded to whole cents. */
export function fromMainCents(world: View, cents: number, currencyId: string): number {
  if (currencyId === MAIN_CURRENCY_ID) return cents;
  return convertCents(cents, rateOf(world, MAIN_CURRENCY_ID), rateOf(world, currencyId));
}

/** A converter from the main currency into currency `currencyId` (which must exist), in whole cents; rates are read once. */
export function priceViewFor(world: View, currencyId: string | undefined): PriceView {
  if (currencyId === undefined || currencyId === MAIN_CURRENCY_ID) return asIs;
  const [from, to] = [rateOf(world, MAIN_CURRENCY_ID), rateOf(world, currencyId)];
  return (price) => formatCents(convertCents(toCents(price), from, to));
}
