// A secret is found however a text spells it: raw, JSON-escaped as JSON.stringify
// or PHP's json_encode writes it, URL- or form-encoded, HTML-escaped.
import t from 'tap';
import { MASK, maskSecretIn, maskSecretInJson, maskSecretInValue } from '../../src/lib/secrets.js';

const KEY = 'inst/KEY+7f3c 9a/é"';

/** The secret as PHP's json_encode writes it: "/" as "\/", non-ASCII as \uXXXX. */
const php = (text: string) =>
  JSON.stringify(text)
    .slice(1, -1)
    .replaceAll('/', '\\/')
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const SPELLINGS = {
  raw: KEY,
  json: JSON.stringify(KEY).slice(1, -1),
  php: php(KEY),
  url: encodeURIComponent(KEY),
  urlLower: encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
  form: new URLSearchParams([['k', KEY]]).toString().slice(2),
  html: KEY.replaceAll('&', '&amp;').replaceAll('"', '&quot;'),
};

t.test('maskSecretIn takes every spelling out of a text', async (t) => {
  for (const [name, spelled] of Object.entries(SPELLINGS)) {
    t.equal(maskSecretIn(`a ${spelled} b`, KEY), `a ${MASK} b`, name);
  }
  t.equal(maskSecretIn('nothing here', KEY), 'nothing here');
  t.equal(maskSecretIn('anything', ''), 'anything', 'no secret, nothing to take out');
});

t.test('maskSecretInJson reads each string as JSON does, and leaves every other byte alone', async (t) => {
  const odd = php(KEY).replace('K', '\\u004b').replace('i', '\\u0069'); // escapes no encoder writes, read the same
  const text = `{"success":true,"a":"x ${php(KEY)} y","b":"${SPELLINGS.url}","c":"${odd}","${php(KEY)}":1,"kept":"a\\/b \\u00e9","n":1.50,"deep":[[[["${SPELLINGS.form}"]]]]}`;
  const masked = maskSecretInJson(text, KEY);
  t.equal(
    masked,
    `{"success":true,"a":"x ${MASK} y","b":"${MASK}","c":"${MASK}","${MASK}":1,"kept":"a\\/b \\u00e9","n":1.50,"deep":[[[["${MASK}"]]]]}`,
  );
  const again = JSON.parse(masked);
  t.notMatch(JSON.stringify(again), 'KEY', 'no string of the answer holds it');
  const clean = '{"a":"b\\/c","n":1.0}';
  t.equal(maskSecretInJson(clean, KEY), clean, 'an answer without the key is the same text');
  const deep = `${'['.repeat(100_000)}"${php(KEY)}"${']'.repeat(100_000)}`;
  t.equal(maskSecretInJson(deep, KEY), `${'['.repeat(100_000)}"${MASK}"${']'.repeat(100_000)}`, 'any depth');
  t.equal(maskSecretInJson(`{"unclosed ${php(KEY)}`, KEY), `{"unclosed ${MASK}`, 'a text that is no JSON: as any text');
});

t.test('maskSecretInValue takes the secret out of parameters, keys included', async (t) => {
  t.strictSame(maskSecretInValue({ note: `key ${KEY}`, list: [SPELLINGS.url], nested: { [KEY]: 'x' }, n: 5 }, KEY), {
    note: `key ${MASK}`,
    list: [MASK],
    nested: { [MASK]: 'x' },
    n: 5,
  });
});
