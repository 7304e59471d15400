// Collection files too large for one string are parsed element by element;
// the result must be what JSON.parse gives, and broken files must still fail.
import t from 'tap';
import { parseArrayInParts } from '../../src/store/fixtures.js';

const parse = (text: string) => parseArrayInParts(Buffer.from(text, 'utf8'));

t.test('gives what JSON.parse gives', async (t) => {
  const samples = [
    '[]',
    ' [ ] \n',
    '[1]',
    '[1,2,3]',
    '[\n{"id":"1"},\n{"id":"2"}\n]\n',
    '[null,true,"x"]',
    '[{"a":[1,[2,{"b":"]"}]],"c":"},{"}]',
    '[" \\" , ] \\\\ ", {"ü":"€ – 😀"}]',
    '[[],{}]',
  ];
  for (const text of samples) t.strictSame(parse(text), JSON.parse(text), text);
});

t.test('refuses what JSON.parse refuses', async (t) => {
  t.throws(() => parse('{}'), 'a collection file holds an array');
  for (const text of ['', '[', '[1,]', '[,1]', '[1,,2]', '[1 2]', '[1] x', '[{"a":1]', '["open]', '[1]]']) {
    t.throws(() => parse(text), text);
    t.throws(() => JSON.parse(text), `JSON.parse also refuses ${text}`);
  }
});
