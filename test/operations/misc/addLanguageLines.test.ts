import t from 'tap';
import { api, assertSuccess, build, storeJson, SERVER_TIME } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import { sameEverywhereMutating } from '../../helpers/sessions.js';

const CALL = 'addLanguageLines';
const LINES = { 'lines[section][keyword]': 'Hello', 'lines[section][keyword2]': 'World' };
// The published sample, double space and all.
const PUBLISHED = {
  success: true,
  call: CALL,
  server_time: SERVER_TIME,
  info: ['Added new  translation, Section: section, Keyword: keyword', 'Added new  translation, Section: section, Keyword: keyword2'],
};
// The bundled world holds one translation (id 1); what a test adds follows it.
const kept = (app: Parameters<typeof storeJson>[0]) => JSON.parse(storeJson(app)).language_lines.slice(1);

t.test('addLanguageLines keeps each translation and answers one line per keyword, as published', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { target: 'admin', ...LINES });
  assertSuccess(t, body, CALL);
  t.strictSame(body, PUBLISHED);
  t.strictSame(Object.keys(body), ['success', 'call', 'server_time', 'info']);
  t.strictSame(kept(app), [
    { id: '2', target: 'admin', section: 'section', keyword: 'keyword', text: 'Hello' },
    { id: '3', target: 'admin', section: 'section', keyword: 'keyword2', text: 'World' },
  ]);
});

t.test('a keyword held already gets its new text; the other group keeps its own', async (t) => {
  const app = await build(t);
  await api(app, CALL, { target: 'admin', ...LINES });
  const again = await api(app, CALL, { target: 'admin', 'lines[section][keyword]': 'Hi' });
  t.strictSame(again.info, ['Added new  translation, Section: section, Keyword: keyword']);
  await api(app, CALL, { target: 'user', 'lines[section][keyword]': 'Hello' });
  t.strictSame(kept(app), [
    { id: '2', target: 'admin', section: 'section', keyword: 'keyword', text: 'Hi' },
    { id: '3', target: 'admin', section: 'section', keyword: 'keyword2', text: 'World' },
    { id: '4', target: 'user', section: 'section', keyword: 'keyword', text: 'Hello' },
  ]);
});

t.test('addLanguageLines works the same through GET, urlencoded and multipart', async (t) => {
  const app = await build(t);
  t.strictSame(await sameEverywhereMutating(t, app, CALL, { target: 'user', ...LINES }), PUBLISHED);
});

refusals('addLanguageLines refusals and parameter errors change nothing', CALL, [
  [{ ...LINES }, 'Parameter target is required'],
  [{ target: 'admin' }, 'Parameter lines is required'],
  [{ target: 'client', ...LINES }, 'Parameter target must be one of: admin, user'],
  [{ target: 'admin', lines: 'Hello' }, 'Parameter lines must be translations as lines[<section>][<keyword>]=<text>'],
  [
    { target: 'admin', 'lines[bad section][keyword]': 'x' },
    'Section name "bad section" in lines must be 1 to 64 letters, digits, _, - or . (lines[<section>][<keyword>]=<text>)',
  ],
]);

t.test('every bad name is refused at once, and nothing is kept', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { target: 'user', 'lines[ok][a b]': 'x', 'lines[ok][fine]': 'y', 'lines[no/pe][k]': 'z' });
  t.strictSame(body.error, [
    'Section name "no/pe" in lines must be 1 to 64 letters, digits, _, - or . (lines[<section>][<keyword>]=<text>)',
    'Keyword name "a b" in lines must be 1 to 64 letters, digits, _, - or . (lines[<section>][<keyword>]=<text>)',
  ]);
  t.strictSame(kept(app), []);
});
