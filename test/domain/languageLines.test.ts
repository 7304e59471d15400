import t from 'tap';
import { addedLine, readLines } from '../../src/domain/languageLines.js';
import { ApiError } from '../../src/errors.js';

const bad = (what: string, name: string) =>
  `${what} name "${name}" in lines must be 1 to 64 letters, digits, _, - or . (lines[<section>][<keyword>]=<text>)`;

t.test('readLines: every keyword of every section in the order sent', async (t) => {
  t.strictSame(readLines({ cart: { promo: 'A', terms: 'B' }, 'mail.footer': { x_1: '' } }), [
    ['cart', 'promo', 'A'],
    ['cart', 'terms', 'B'],
    ['mail.footer', 'x_1', ''],
  ]);
});

t.test('readLines refuses bad names together, and a list with no translation', async (t) => {
  t.throws(() => readLines({ 'a b': { k: 'x' }, ok: { 'k/2': 'y' } }), new ApiError([bad('Section', 'a b'), bad('Keyword', 'k/2')]));
  t.throws(() => readLines({ [`${'s'.repeat(65)}`]: { k: 'x' } }), new ApiError(bad('Section', 's'.repeat(65))));
  t.throws(
    () => readLines({}),
    new ApiError('Parameter lines must hold at least one translation, sent as lines[<section>][<keyword>]=<text>'),
  );
  t.throws(
    () => readLines({ cart: {} }),
    new ApiError('Parameter lines must hold at least one translation, sent as lines[<section>][<keyword>]=<text>'),
  );
});

t.test('addedLine keeps the published double space', async (t) => {
  t.equal(addedLine('section', 'keyword'), 'Added new  translation, Section: section, Keyword: keyword');
});
