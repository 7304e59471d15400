// The key a request's text gives its parameters (keyByText) stays with that
// object: a copy, which may be changed, is keyed by its own JSON, and the key
// never shows in what the parameters serialize or list to.
import t from 'tap';
import { KeptAnswers, keyByText } from '../../src/session/kept-answers.js';

const NOW = new Date('2026-11-29T12:00:00Z');

t.test('parameters keyed by their text find the answer kept for that text', async (t) => {
  const answers = new KeptAnswers();
  const sent = { call: 'getCurrencies' };
  keyByText(sent, 'call=getCurrencies');
  t.equal(answers.answer(1, NOW, sent, () => '{"first":1}').json, '{"first":1}');
  const again = { call: 'getCurrencies' };
  keyByText(again, 'call=getCurrencies');
  t.equal(answers.find(1, NOW, again)?.json, '{"first":1}', 'the same text, parsed again');
  t.equal(answers.find(1, NOW, { call: 'getCurrencies' }), undefined, 'the same parameters without their text: a JSON key');
});

t.test('a copy of keyed parameters is keyed by its own JSON, so a changed copy never takes their answer', async (t) => {
  const answers = new KeptAnswers();
  const sent = { call: 'getInvoiceDetails', id: '1' };
  keyByText(sent, 'call=getInvoiceDetails&id=1');
  answers.answer(1, NOW, sent, () => '{"id":"1"}');
  for (const copy of [{ ...sent, id: '2' }, Object.assign({}, sent, { id: '3' })]) {
    let made = 0;
    const answer = answers.answer(1, NOW, copy, () => {
      made++;
      return `{"id":"${copy.id}"}`;
    });
    t.equal(answer.json, `{"id":"${copy.id}"}`);
    t.equal(made, 1, 'answered for the copy, not from the text it was copied from');
  }
});

t.test('the key never shows in the parameters: JSON, keys and entries are as sent', async (t) => {
  const sent = { call: 'getCurrencies', api_id: 'x' };
  keyByText(sent, 'call=getCurrencies&api_id=x');
  t.equal(JSON.stringify(sent), '{"call":"getCurrencies","api_id":"x"}');
  t.strictSame(Object.keys(sent), ['call', 'api_id']);
  t.strictSame({ ...sent }, { call: 'getCurrencies', api_id: 'x' });
  t.strictSame(Object.getOwnPropertySymbols({ ...sent }), []);
});

t.test('parameters asked for after another request was keyed are keyed by their JSON, and still answered', async (t) => {
  const answers = new KeptAnswers();
  const waited = { call: 'getCurrencies' };
  keyByText(waited, 'call=getCurrencies');
  keyByText({ call: 'getProducts' }, 'call=getProducts');
  let made = 0;
  const make = () => {
    made++;
    return '{"currencies":[]}';
  };
  t.equal(answers.answer(1, NOW, waited, make).json, '{"currencies":[]}');
  t.equal(answers.find(1, NOW, { call: 'getCurrencies' })?.json, '{"currencies":[]}', 'kept under its JSON');
  t.equal(made, 1);
});
