import t from 'tap';
import { AMOUNT_RULES, ApiError, Checks, fail } from '../src/errors.js';
import { nonNegativeCents, positiveCents } from '../src/domain/money.js';
import { schemaAt, SCHEMA_BASE } from '../src/schemas.js';

t.test('Checks collects independent refusals in the order they ran and throws them as one error', async (t) => {
  const checks = new Checks();
  t.equal(
    checks.value(() => fail('first')),
    undefined,
    'a refused value is undefined',
  );
  t.equal(
    checks.value(() => 7),
    7,
  );
  t.equal(
    checks.pass(() => fail(['second', 'third'])),
    false,
  );
  t.equal(
    checks.pass(() => undefined),
    true,
  );
  t.throws(() => checks.settle(), new ApiError(['first', 'second', 'third']));
  t.strictSame(new Checks().settle({ a: 1 as number | undefined }), { a: 1 }, 'nothing refused: the values come back');
  t.throws(
    () =>
      new Checks().value(() => {
        throw new TypeError('a bug');
      }),
    TypeError,
    'only refusals are collected; a bug still surfaces',
  );
});

t.test('each amount rule has one message: the schema description and the check of the value say the same', async (t) => {
  const defs = `${SCHEMA_BASE}common/defs.json#/definitions/`;
  t.equal(schemaAt(`${defs}positiveAmountParam`)?.description, AMOUNT_RULES.positive);
  t.equal(schemaAt(`${defs}nonNegativeAmountParam`)?.description, AMOUNT_RULES.nonNegative);
  t.equal(schemaAt(`${defs}decimalParam`)?.description, AMOUNT_RULES.nonNegative);
  const positive = new ApiError(`Parameter amount must be ${AMOUNT_RULES.positive}`);
  for (const value of ['0', '0.00', '-5']) t.throws(() => positiveCents(value, 'amount'), positive, value);
  t.equal(positiveCents('0.01', 'amount'), 1);
  t.throws(() => nonNegativeCents('-0.01', 'fee'), new ApiError(`Parameter fee must be ${AMOUNT_RULES.nonNegative}`));
  t.equal(nonNegativeCents('0', 'fee'), 0, '0 is allowed');
});
