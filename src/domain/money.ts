// All arithmetic on money happens here, in integer cents; the wire sees
// two-decimal strings ("12.30") and, for line totals, JSON numbers.
import { AMOUNT_RULES, fail, messages } from '../errors.js';

/**
 * The largest amount billsim takes or keeps, in cents: 999999999999.99, the
 * twelve digits before the point every amount parameter's schema allows
 * (schemas/common/defs.json decimalParam). Any sum of a few such amounts is
 * still an exact integer in a double (2^53 cents is about 90 trillion), and
 * the amount as a JSON number (a line total) reads back exactly (14
 * significant digits). A result beyond it (a credit balance, a line, a total)
 * is refused with a range error, so nothing past it is ever stored.
 */
export const MAX_CENTS = 99_999_999_999_999;

/** Cents as "12.30", whatever their size (for messages about amounts out of range). */
function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The largest amount as the wire writes it: "999999999999.99". */
export const MAX_AMOUNT = centsText(MAX_CENTS);

/** Whether an amount (either sign) is within the limit. */
export function inRange(cents: number): boolean {
  return Math.abs(Math.round(cents)) <= MAX_CENTS;
}

/** `cents`, refused with a range error naming `what` ("The credit balance of client 12") when beyond the limit. */
export function withinRange(cents: number, what: string): number {
  // Past 2^53 cents a double no longer holds every cent: the figure named is then approximate.
  const text = Number.isSafeInteger(Math.round(cents)) ? centsText(cents) : `about ${centsText(cents)}`;
  if (!inRange(cents)) fail(messages.amountOutOfRange(what, text, MAX_AMOUNT));
  return cents;
}

/** "12.3", "12.30", "-4.05" or 12.3 -> 1230 / -405 cents. */
export function toCents(value: string | number): number {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`not a money amount: ${text}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

/**
 * 1230 -> "12.30". Every amount the state keeps is written through here (or
 * centsToNumber), so an amount beyond the limit is refused here whatever
 * computed it, and the mutation that computed it changes nothing.
 */
export function formatCents(cents: number): string {
  return centsText(withinRange(cents, 'An amount'));
}

/** Cents as the JSON number the API uses for line totals (PHP float: 60, 9.95); refused beyond the limit. */
export function centsToNumber(cents: number): number {
  return Math.round(withinRange(cents, 'A line total')) / 100;
}

/**
 * Percentage of an amount, rounded half away from zero to whole cents. rate is "20.00" or "7.5".
 * Worked in integers (BigInt): near the limit, cents x basis points is beyond what a double holds exactly.
 */
export function percentOf(cents: number, rate: string): number {
  const basisPoints = Math.round(Number(rate) * 10000); // percent with 4 decimals, as an integer
  // Not a number (a rate that is not one): as a double, so it stays NaN as it always did.
  if (!Number.isSafeInteger(basisPoints) || !Number.isSafeInteger(Math.round(cents))) return Math.round((cents * basisPoints) / 1_000_000);
  const raw = BigInt(Math.round(cents)) * BigInt(basisPoints);
  const abs = raw < 0n ? -raw : raw;
  const rounded = Number((abs + 500_000n) / 1_000_000n);
  return raw < 0n ? -rounded : rounded;
}

/** amount x qty in cents; qty may be fractional ("1.5" hours). */
export function lineCents(amount: string, qty: string): number {
  const q = Number(qty);
  return Math.round(toCents(amount) * q);
}

/** Converts an amount between currencies given their 4-decimal rates against the main currency. */
export function convertCents(cents: number, fromRate: string, toRate: string): number {
  return Math.round((cents * Number(toRate)) / Number(fromRate));
}

/**
 * An amount parameter in cents, refused unless more than 0. Its schema
 * (defs.json positiveAmountParam) lets a sign through, so -5 and 0 get the
 * rule's one message, the one a malformed amount gets, with the call's other problems.
 */
export function positiveCents(value: string, param: string): number {
  const cents = toCents(value);
  if (cents <= 0) fail(messages.paramInvalid(param, AMOUNT_RULES.positive));
  return cents;
}

/** An amount parameter in cents, refused when below 0 (defs.json nonNegativeAmountParam), with decimalParam's message. */
export function nonNegativeCents(value: string, param: string): number {
  const cents = toCents(value);
  if (cents < 0) fail(messages.paramInvalid(param, AMOUNT_RULES.nonNegative));
  return cents;
}

/** Ten-thousandths of `text` ("1.5" -> 15000n), for quantities and 4-decimal unit prices. */
function tenThousandths(text: string): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0').slice(0, 4));
}

/** qty x a 4-decimal unit price ("0.0500"), in cents rounded half up; both non-negative. */
export function unitPriceCents(qty: string, price: string): number {
  const product = tenThousandths(qty) * tenThousandths(price); // in 10^-8 units
  return Number((product + 500_000n) / 1_000_000n);
}
