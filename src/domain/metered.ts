// Metered billing: variables a product measures (with price brackets and a
// scheme), usage recorded per service, and what a period of usage costs. The
// current period is the usage not billed yet; the daily run bills it on the
// service's renewal invoice (renewals.ts), one line per variable.
import type { Account, MeteredUsage, MeteredUsageValue, MeteredUsageVariable, MeteredVariable, Product } from '../generated/wire.js';
import type { View, World } from '../store/world.js';
import { fail, messages } from '../errors.js';
import { formatDateTime, parseDateTime } from '../lib/dates.js';
import { centsToNumber, formatCents, toCents, unitPriceCents } from './money.js';
import type { NewLine } from './invoices.js';

/** A product's metered variables, in id order. */
export function productVariables(world: View, productId: string): readonly MeteredVariable[] {
  return world.where('metered_variables', 'product_id', productId);
}

/** The variable of the service's product named `name` (its variable_name); refused naming the ones it has. */
export function serviceVariable(world: View, service: Account, name: string): MeteredVariable {
  return serviceVariables(world, service, [name])[0];
}

/** The variables of the service's product named `names`, in that order; every unknown name refused at once. */
export function serviceVariables(world: View, service: Account, names: readonly string[]): MeteredVariable[] {
  const { variables, problems } = lookUpVariables(world, service, names);
  if (problems.length > 0) fail(problems);
  return variables;
}

/** The variables named `names` and what is wrong with the names: the product measures nothing, or one message per unknown name. */
function lookUpVariables(world: View, service: Account, names: readonly string[]): { variables: MeteredVariable[]; problems: string[] } {
  const all = productVariables(world, service.product_id);
  if (all.length === 0) return { variables: [], problems: [messages.meteredNone(service.id, service.product_id)] };
  const known = all.map((v) => v.variable_name);
  const variables: MeteredVariable[] = [];
  const problems: string[] = [];
  for (const name of names) {
    const variable = all.find((v) => v.variable_name === name);
    if (variable) variables.push(variable);
    else problems.push(messages.meteredVariableUnknown(name, service.product_id, known));
  }
  return { variables, problems };
}

/** The bracket `qty` falls in: from its qty up to (not including) its qty_max, "0" open-ended. */
function bracketPrice(variable: MeteredVariable, qty: string): string {
  const q = Number(qty);
  const bracket = variable.prices.find((p) => q >= Number(p.qty) && (p.qty_max === '0' || q < Number(p.qty_max)));
  return bracket?.price ?? '0.0000';
}

/** Quantities added exactly, to at most 4 decimals, written without trailing zeros ("120", "1.5"). */
export function addQty(...quantities: string[]): string {
  const total = quantities.reduce((sum, q) => sum + Math.round(Number(q) * 10_000), 0);
  return String(total / 10_000);
}

/** What a new record costs when the caller names no charge: tiered by its own bracket, volume by the bracket of the period's total with it. */
export function usageCents(variable: MeteredVariable, qty: string, periodQty: string): number {
  const bracketOf = variable.scheme === 'volume' ? addQty(periodQty, qty) : qty;
  return unitPriceCents(qty, bracketPrice(variable, bracketOf));
}

/**
 * What a period of a variable's records costs: tiered, the sum of the records;
 * volume, the records the caller charged plus the others' total quantity at
 * the price of the bracket that total falls in.
 */
export function periodCents(variable: MeteredVariable, records: readonly MeteredUsage[]): number {
  if (variable.scheme === 'tiered') return records.reduce((sum, r) => sum + toCents(r.charge), 0);
  const given = records.filter((r) => r.charged === '1');
  const measured = addQty('0', ...records.filter((r) => r.charged !== '1').map((r) => r.qty));
  return given.reduce((sum, r) => sum + toCents(r.charge), 0) + unitPriceCents(measured, bracketPrice(variable, measured));
}

/** The service's records not billed yet (the current period), oldest first. */
export function unbilledUsage(world: View, serviceId: string): MeteredUsage[] {
  return world.where('metered_usage', 'account_id', serviceId).filter((r) => r.invoice_id === '0');
}

export interface NewUsage {
  variable: MeteredVariable;
  qty: string;
  charge?: string;
  dateCreated: string;
  dateUpdated: string;
  output: string;
  rawoutput: string;
}

/** What a caller gives for one record (meteredAddUsage's parameters, or one entry of meteredAddUsageBulk's variables). */
export interface UsageParams {
  qty: string;
  charge?: string;
  output?: string;
  rawoutput?: string;
  date_created?: string;
  date_updated?: string;
}

/** The dates of `given` that are not real calendar dates, each named as `name(key)` says. */
export function badUsageDates(given: UsageParams, name: (key: string) => string): string[] {
  return (['date_created', 'date_updated'] as const)
    .filter((key) => given[key] !== undefined && !parseDateTime(given[key]))
    .map((key) => messages.paramInvalid(name(key), 'a real date and time as YYYY-MM-DD HH:MM:SS'));
}

/** A record to add from what the caller gave: created now when no date is given, updated when created unless given. */
export function newUsage(variable: MeteredVariable, given: UsageParams, now: Date): NewUsage {
  const dateCreated = given.date_created ?? formatDateTime(now);
  return {
    variable,
    qty: given.qty,
    charge: given.charge,
    dateCreated,
    dateUpdated: given.date_updated ?? dateCreated,
    output: given.output ?? '',
    rawoutput: given.rawoutput ?? '',
  };
}

/** Records usage of one of the service's variables; its charge is the caller's or the scheme's. */
export function addUsage(world: World, service: Account, spec: NewUsage): MeteredUsage {
  const { variable } = spec;
  const period = unbilledUsage(world, service.id).filter((r) => r.variable_id === variable.id && r.charged !== '1');
  const cents = spec.charge === undefined ? usageCents(variable, spec.qty, addQty('0', ...period.map((r) => r.qty))) : toCents(spec.charge);
  return world.insert('metered_usage', {
    id: world.nextId('metered_usage'),
    account_id: service.id,
    variable_id: variable.id,
    date_created: spec.dateCreated,
    date_updated: spec.dateUpdated,
    qty: spec.qty,
    charge: formatCents(cents),
    charged: spec.charge === undefined ? '0' : '1',
    output: spec.output,
    rawoutput: spec.rawoutput,
    invoice_id: '0',
  });
}

/**
 * Records usage of several of the service's variables at once (meteredAddUsageBulk),
 * all or nothing: every unknown variable and bad date is refused together before
 * anything is recorded. Answers the new records' ids keyed by variable name, in the
 * order given.
 */
export function addUsageBulk(
  world: World,
  service: Account,
  given: Readonly<Record<string, UsageParams>>,
  now: Date,
): Record<string, string> {
  const names = Object.keys(given);
  const { variables, problems } = lookUpVariables(world, service, names);
  const badDates = names.flatMap((name) => badUsageDates(given[name], (key) => `variables[${name}][${key}]`));
  if (problems.length + badDates.length > 0) fail([...problems, ...badDates]);
  const ids: Record<string, string> = {};
  names.forEach((name, i) => {
    ids[name] = addUsage(world, service, newUsage(variables[i], given[name], now)).id;
  });
  return ids;
}

const VARIABLE_KEYS = ['id', 'product_id', 'name', 'variable_name', 'unit_name', 'cycle', 'scheme', 'options'] as const;

function usageValue(variable: MeteredVariable, r: MeteredUsage): MeteredUsageValue {
  const { variable_name, unit_name, cycle, name, scheme, options } = variable;
  return {
    id: r.id,
    variable_name,
    unit_name,
    cycle,
    date_created: r.date_created,
    name,
    date_updated: r.date_updated,
    charge: r.charge,
    qty: r.qty,
    output: r.output,
    rawoutput: r.rawoutput,
    variable_id: variable.id,
    scheme,
    options,
  };
}

/** meteredGetUsage's answer: every variable of the service's product with the current period's records, keyed by id. */
export function usageReport(world: View, service: Account): Record<string, MeteredUsageVariable> {
  const variables = productVariables(world, service.product_id);
  if (variables.length === 0) fail(messages.meteredNone(service.id, service.product_id));
  const records = unbilledUsage(world, service.id);
  const report: Record<string, MeteredUsageVariable> = {};
  for (const variable of variables) {
    const own = records.filter((r) => r.variable_id === variable.id);
    const head = Object.fromEntries(VARIABLE_KEYS.map((key) => [key, variable[key]])) as Pick<
      MeteredVariable,
      (typeof VARIABLE_KEYS)[number]
    >;
    report[variable.id] = {
      ...head,
      usage: addQty('0', ...own.map((r) => r.qty)),
      charge: centsToNumber(periodCents(variable, own)),
      values: own.map((r) => usageValue(variable, r)),
    };
  }
  return report;
}

/**
 * The renewal invoice's metered lines for the records dated before `day`
 * (the run of a day bills what was measured until its midnight), one per
 * variable that has any, with the records they bill.
 */
export function meteredLines(world: View, service: Account, product: Product, day: string): { lines: NewLine[]; records: MeteredUsage[] } {
  const due = unbilledUsage(world, service.id).filter((r) => r.date_created < day);
  const lines: NewLine[] = [];
  const records: MeteredUsage[] = [];
  for (const variable of productVariables(world, service.product_id)) {
    const own = due.filter((r) => r.variable_id === variable.id);
    if (own.length === 0) continue;
    lines.push({
      type: 'Metered',
      item_id: service.id,
      description: `${product.name} - ${variable.name}: ${addQty('0', ...own.map((r) => r.qty))} ${variable.unit_name}`,
      amount: formatCents(periodCents(variable, own)),
      taxed: product.tax === '1',
    });
    records.push(...own);
  }
  return { lines, records };
}

/** Marks records as billed on `invoiceId`, so the next period starts empty. */
export function markBilled(world: World, records: readonly MeteredUsage[], invoiceId: string): void {
  for (const r of records) world.replace('metered_usage', { ...r, invoice_id: invoiceId });
}
