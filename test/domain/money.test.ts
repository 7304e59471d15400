import t from 'tap';
import {
  MAX_AMOUNT,
  MAX_CENTS,
  centsToNumber,
  convertCents,
  formatCents,
  inRange,
  lineCents,
  percentOf,
  toCents,
  withinRange,
} from '../../src/domain/money.js';
import { ApiError } from '../../src/errors.js';
import fs from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../../src/paths.js';

t.test('cents round trip', async (t) => {
  t.equal(toCents('12.30'), 1230);
  t.equal(toCents('12.3'), 1230);
  t.equal(toCents('-4.05'), -405);
  t.equal(toCents('7'), 700);
  t.equal(formatCents(1230), '12.30');
  t.equal(formatCents(5), '0.05');
  t.equal(formatCents(-405), '-4.05');
  t.equal(centsToNumber(995), 9.95);
  t.equal(centsToNumber(6000), 60);
  t.throws(() => toCents('1.234'));
});

t.test('percentages round half away from zero, lines multiply', async (t) => {
  t.equal(percentOf(995, '20.00'), 199, '9.95 x 20% = 1.99');
  t.equal(percentOf(1005, '7.5'), 75, '10.05 x 7.5% = 0.75375 -> 0.75');
  t.equal(percentOf(1010, '7.5'), 76, '10.10 x 7.5% = 0.7575 -> 0.76');
  t.equal(lineCents('20.00', '3'), 6000);
  t.equal(lineCents('9.99', '1.5'), 1499);
  t.equal(convertCents(1000, '1.0000', '0.9215'), 922);
});

/** The messages of the ApiError fn throws (undefined when it throws none or another error). */
function refusal(fn: () => unknown): string[] | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error.messages;
  }
  return undefined;
}

t.test('the limit: 999999999999.99 either way is kept, a cent past it is refused', async (t) => {
  t.equal(MAX_CENTS, 99_999_999_999_999);
  t.equal(MAX_AMOUNT, '999999999999.99');
  t.equal(formatCents(MAX_CENTS), '999999999999.99');
  t.equal(formatCents(-MAX_CENTS), '-999999999999.99');
  t.equal(centsToNumber(MAX_CENTS), 999999999999.99);
  t.equal(JSON.stringify(centsToNumber(MAX_CENTS)), '999999999999.99', 'reads back exactly as a JSON number');
  t.ok(inRange(MAX_CENTS) && inRange(-MAX_CENTS));
  t.notOk(inRange(MAX_CENTS + 1) || inRange(-MAX_CENTS - 1));
  const past = [
    'An amount would be 1000000000000.00, beyond the largest amount billsim keeps exactly (999999999999.99 either way): nothing was changed',
  ];
  t.strictSame(
    refusal(() => formatCents(MAX_CENTS + 1)),
    past,
  );
  t.strictSame(
    refusal(() => formatCents(-MAX_CENTS - 1)),
    [past[0].replace('be 1000000000000.00', 'be -1000000000000.00')],
  );
  t.strictSame(
    refusal(() => centsToNumber(MAX_CENTS + 1)),
    [past[0].replace('An amount', 'A line total')],
  );
  t.equal(withinRange(MAX_CENTS, 'The total'), MAX_CENTS);
  t.strictSame(
    refusal(() => withinRange(100 * MAX_CENTS, 'The credit balance of client 1')),
    [
      'The credit balance of client 1 would be about 99999999999999.00, beyond the largest amount billsim keeps exactly (999999999999.99 either way): nothing was changed',
    ],
  );
});

t.test('a percentage of an amount near the limit is exact to the cent', async (t) => {
  t.equal(percentOf(MAX_CENTS, '20'), 20_000_000_000_000, '20% of 999999999999.99 = 199999999999.998 -> 200000000000.00');
  t.equal(percentOf(MAX_CENTS, '7.5'), 7_500_000_000_000, '7.5% -> 74999999999.99925 -> 75000000000.00');
  t.equal(percentOf(MAX_CENTS - 99, '12.3456'), 12_345_599_999_988, '12.3456% of 999999999999.00 = 123455999999.876544 -> 123455999999.88');
  t.equal(percentOf(-MAX_CENTS, '20'), -20_000_000_000_000, 'half away from zero for negatives too');
  t.equal(percentOf(995, '20.00'), 199, 'small amounts as before');
});

t.test("the amount parameters' schema allows exactly up to the limit", async (t) => {
  const defs = JSON.parse(fs.readFileSync(path.join(packageRoot, 'schemas', 'common', 'defs.json'), 'utf8'));
  const { pattern, description } = defs.definitions.decimalParam as { pattern: string; description: string };
  const amount = new RegExp(pattern);
  t.ok(amount.test(MAX_AMOUNT), MAX_AMOUNT);
  t.notOk(amount.test(formatCents(MAX_CENTS - 99).replace(/^9/, '10')), 'a thirteenth digit');
  t.match(description, MAX_AMOUNT, 'and says so');
});
