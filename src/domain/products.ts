// Products and TLDs as the catalogue-editing calls see them: which products are
// TLDs, how a copy's name is made unique, and how TLD period prices merge.
import type { View } from '../store/world.js';
import type { Product, TldPeriod } from '../generated/wire.js';
import { formatCents, toCents } from './money.js';
import type { PriceView } from './currencies.js';
import { fail, messages } from '../errors.js';

/** A TLD is a product billed per registration period (its prices live in `periods`). */
export function isTld(product: Product): boolean {
  return product.paytype === 'DomainRegular';
}

/** The TLDs the world sells, in catalogue order. */
export function soldTlds(world: View): Product[] {
  return world.all('products').filter(isTld);
}

/** Products whose name equals `name` ignoring case, through one shared index. */
export function productsNamed(world: View, name: string): readonly Product[] {
  return world.whereKey('products', 'name:lower', (row) => row.name.toLowerCase(), name.toLowerCase());
}

const SUFFIX = /^(.*)\((\d{1,6})\)$/;

/**
 * `wanted` if no product (and no name in `planned`, lowercased) uses it, else
 * the base name with the first free "(n)" suffix. A taken name that already
 * carries a suffix of an existing base (".test(2)" while ".test" exists)
 * continues that numbering (".test(3)") rather than stacking ".test(2)(2)";
 * "Plan (2024)" with no product "Plan " is its own base.
 */
// The last suffix handed out per lowercased base, per products table: copying
// one name over and over would otherwise try (2), (3), ... each time
// (quadratic). The suffixes below a hint stay taken until a product is
// deleted, which forgets the table's hints (forgetNameHints); the hint is
// trusted only while its own name is still taken (a rolled-back copy removes
// it), else the search starts from (2) again.
const suffixHints = new WeakMap<object, Map<string, number>>();

/** After a product is deleted a suffix below a hint may be free again: the next search starts from (2). */
export function forgetNameHints(world: View): void {
  suffixHints.delete(world.all('products'));
}

export function uniqueName(world: View, wanted: string, planned: ReadonlySet<string>): string {
  const taken = (name: string) => planned.has(name.toLowerCase()) || productsNamed(world, name).length > 0;
  if (!taken(wanted)) return wanted;
  let base = wanted;
  let n = 2;
  const match = SUFFIX.exec(wanted);
  if (match && taken(match[1])) {
    base = match[1];
    n = Math.max(2, Number(match[2]) + 1);
  }
  // Keyed by the products list itself: a session's first write copies it, so each copy has its own hints.
  const table = world.all('products');
  const hints = suffixHints.get(table) ?? new Map<string, number>();
  suffixHints.set(table, hints);
  // Only a search from (2) finds the first free suffix, so only it leaves or uses a hint.
  const fromStart = n === 2;
  const hint = hints.get(base.toLowerCase());
  if (fromStart && hint !== undefined && taken(`${base}(${hint})`)) n = hint + 1;
  while (taken(`${base}(${n})`)) n++;
  if (fromStart) hints.set(base.toLowerCase(), n);
  return `${base}(${n})`;
}

export interface PeriodPrices {
  register?: string;
  transfer?: string;
  renew?: string;
}

export const PERIOD_PRICES = ['register', 'transfer', 'renew'] as const;

/** Period prices may only touch a TLD; a period the template lacks needs all three prices. */
export function checkPeriodPrices(param: string, template: Product, periods: Record<string, PeriodPrices>): void {
  if (!isTld(template)) fail(messages.tldOnly(`${param}[periods]`));
  const known = new Set((template.periods ?? []).map((p) => p.period));
  for (const [period, prices] of Object.entries(periods)) {
    const at = `${param}[periods][${period}]`;
    const given = PERIOD_PRICES.filter((key) => prices[key] !== undefined);
    if (given.length === 0) fail(messages.paramInvalid(at, 'prices given as [register], [transfer] and/or [renew]'));
    if (known.has(period)) continue;
    const missing = PERIOD_PRICES.find((key) => prices[key] === undefined);
    if (missing) fail(messages.periodPriceRequired(`${at}[${missing}]`, template.name, period));
  }
}

/**
 * The template's periods with `given` applied: a given price replaces the
 * template's, a period the template lacks is added, and the list stays sorted
 * by period. Callers check first that a new period gives all three prices.
 */
export function mergePeriods(template: readonly TldPeriod[], given: Record<string, PeriodPrices>): TldPeriod[] {
  const byPeriod = new Map(template.map((p) => [p.period, p]));
  for (const [period, prices] of Object.entries(given)) {
    const next: TldPeriod = { ...(byPeriod.get(period) ?? { period, register: '0.00', transfer: '0.00', renew: '0.00' }) };
    for (const key of PERIOD_PRICES) {
      const value = prices[key];
      if (value !== undefined) next[key] = formatCents(toCents(value));
    }
    byPeriod.set(period, next);
  }
  return [...byPeriod.values()].sort((a, b) => Number(a.period) - Number(b.period));
}

/** Period prices passed through a currency view. */
export function periodsView(periods: readonly TldPeriod[], view: PriceView): TldPeriod[] {
  return periods.map((p) => ({ period: p.period, register: view(p.register), transfer: view(p.transfer), renew: view(p.renew) }));
}

/** Products ordered through a server (a VPS or cloud instance) ask for a hostname and an OS. */
const SERVER_PTYPES = new Set(['vps', 'onappcloud', 'dedicated', 'server']);

export function isServerProduct(product: Product): boolean {
  return SERVER_PTYPES.has(product.ptype.toLowerCase());
}
