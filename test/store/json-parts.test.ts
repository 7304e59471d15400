// Snapshots too large for one string are read as an object whose arrays are
// parsed element by element; the result must be what JSON.parse gives, and
// broken files must still fail.
import t from 'tap';
import { parseObjectInParts } from '../../src/store/json-parts.js';

const parse = (text: string) => parseObjectInParts(Buffer.from(text, 'utf8'));

t.test('gives what JSON.parse gives', async (t) => {
  const samples = [
    '{}',
    ' { } \n',
    '{"a":[]}',
    '{"billsim":{"format":"snapshot+log","seq":4},\n"news":[\n{"id":"1"},\n{"id":"2"}\n],\n"emails":[]}\n',
    '{ "a" : [ 1 , 2 ] , "b" : "x" , "c" : null , "d" : 5 }',
    '{"ü \\" ]":[{"a":[1,[2,{"b":"]"}]],"c":"},{"}],"e":true}',
  ];
  for (const text of samples) t.strictSame(parse(text), JSON.parse(text), text);
});

t.test('refuses what JSON.parse refuses', async (t) => {
  t.throws(() => parse('[]'), 'a snapshot holds an object');
  for (const text of ['', '{', '{"a"}', '{"a":}', '{"a":[1,]}', '{"a":1,}', '{"a":1 "b":2}', '{a:1}', '{"a":[1]} x', '{"a":[1]]}']) {
    t.throws(() => parse(text), text);
    t.throws(() => JSON.parse(text), `JSON.parse also refuses ${text}`);
  }
});
