import t from 'tap';
import { centsToNumber, convertCents, formatCents, lineCents, percentOf, toCents } from '../../src/domain/money.js';

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
