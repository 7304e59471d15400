// Snapshots too large for one string are read as an object whose arrays are
// parsed element by element; the result must be what JSON.parse gives, and
// broken files must still fail.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { parseObjectInParts, readObjectFileInParts } from '../../src/store/json-parts.js';

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

t.test('a file read a window at a time gives the same, whatever the window, and fails at the same byte', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-parts-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'state.json');
  const samples = [
    '{}',
    '{"billsim":{"format":"snapshot+log","seq":4},\n"news":[\n{"id":"1","t":"ü \\" ]"},\n{"id":"2"}\n],\n"emails":[]}\n',
    '{ "a" : [ 1 , 2 ] , "b" : "x" , "c" : null , "d" : 5 }',
    `{"long":[${JSON.stringify({ id: '1', text: 'x'.repeat(100) })}]}`,
  ];
  for (const text of samples) {
    fs.writeFileSync(file, text);
    for (const window of [1, 2, 3, 7, 64])
      t.strictSame(readObjectFileInParts(file, undefined, window), JSON.parse(text), `${window}: ${text}`);
  }
  for (const text of ['{', '{"a"}', '{"a":[1,]}', '{"a":1 "b":2}', '{"a":[1]} x', '{"a":["open']) {
    fs.writeFileSync(file, text);
    let whole = '';
    try {
      parse(text);
    } catch (error) {
      whole = (error as Error).message;
    }
    for (const window of [1, 3, 64])
      t.throws(() => readObjectFileInParts(file, undefined, window), { message: whole }, `${window}: ${text}`);
  }
});

t.test('reuse stands in for the elements it knows, and is handed their exact text', async (t) => {
  const text = '{"m":{"x":[1]},"a":[{"id":"1"}, {"id":"2"} ,{"id":"3"}],"b":[]}';
  const seen: string[] = [];
  const held = { id: 'held' };
  const reuse = (key: string, index: number, bytes: Buffer, start: number, end: number) => {
    seen.push(`${key}${index}:${bytes.toString('utf8', start, end)}`);
    return index === 1 ? held : undefined;
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-parts-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'f.json'), text);
  for (const read of [
    () => parseObjectInParts(Buffer.from(text), reuse),
    () => readObjectFileInParts(path.join(dir, 'f.json'), reuse, 4),
  ]) {
    seen.length = 0;
    const value = read() as { a: unknown[] };
    t.equal(value.a[1], held);
    t.strictSame(value.a[2], { id: '3' });
    t.strictSame(seen, ['a0:{"id":"1"}', 'a1:{"id":"2"}', 'a2:{"id":"3"}'], 'only array elements, with their text');
  }
});
