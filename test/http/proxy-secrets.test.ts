// The installation's key stays out of everything billsim writes, however an
// answer escapes it, and a recording keeps no secret the journal would not.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type http from 'node:http';
import t, { type Test } from 'tap';
import { build, CREDENTIALS } from '../helpers/app.js';
import { tinyServer, upstreamAt } from '../helpers/installation.js';
import { MASK } from '../../src/lib/secrets.js';
import type { Stub } from '../../src/generated/wire.js';

// A key as installations make them: base64, with "/" and "+" that PHP and URLs escape.
const KEY = 'kX9/Vq+3bT/ZpL8w==';
const PHP_KEY = KEY.replaceAll('/', '\\/');
const SPELLINGS = [KEY, PHP_KEY, encodeURIComponent(KEY), new URLSearchParams([['k', KEY]]).toString().slice(2)];

function tempDir(t: Test): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-secrets-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function logInto(lines: string[]) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { level: 'info', stream };
}

/** An installation answering each call with the text `answers` gives for it, as PHP writes JSON; the bodies it was sent. */
async function phpInstallation(t: Test, answers: Record<string, string>) {
  const bodies: URLSearchParams[] = [];
  const handler: http.RequestListener = (request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const body = new URLSearchParams(text);
      bodies.push(body);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(answers[body.get('call') ?? '']);
    });
  };
  return { ...(await tinyServer(t, handler)), bodies };
}

function holdsNoKey(t: Test, text: string, where: string): void {
  for (const spelled of SPELLINGS) t.notOk(text.includes(spelled), `${where}: not as ${spelled}`);
}

t.test('a key echoed as PHP escapes it is in no answer, journal entry, log line or recording', async (t) => {
  const answers = {
    getClients: `{"success":true,"call":"getClients","server_time":1,"echo":"api_key=${PHP_KEY}","link":"https:\\/\\/b.example\\/?k=${encodeURIComponent(KEY)}","logo":"https:\\/\\/b.example\\/logo.png"}`,
    getClientDetails: `{"success":false,"call":"getClientDetails","server_time":1,"error":["invalid key ${PHP_KEY}"]}`,
  };
  const installation = await phpInstallation(t, answers);
  const dir = tempDir(t);
  const lines: string[] = [];
  const app = await build(t, {
    proxy: { upstream: upstreamAt(installation.origin, { apiKey: KEY }), forward: 'every', writes: false, record: dir },
    logger: logInto(lines),
  });
  const texts: string[] = [];
  for (const call of Object.keys(answers)) {
    const response = await app.inject({ url: `/admin/api.php?${new URLSearchParams({ call, id: '1', ...CREDENTIALS })}` });
    texts.push(response.body);
    holdsNoKey(t, response.body, `the answer to ${call}`);
  }
  t.equal(installation.bodies[0].get('api_key'), KEY, 'the installation was sent its key');
  t.equal(
    texts[0],
    `{"success":true,"call":"getClients","server_time":1,"echo":"api_key=${MASK}","link":"https://b.example/?k=${MASK}","logo":"https:\\/\\/b.example\\/logo.png"}`,
    'the strings holding the key are written anew; the rest of the answer is as it came',
  );
  t.strictSame(JSON.parse(texts[1]).error, [`invalid key ${MASK}`]);
  const journal = await app.inject({ url: '/__billsim/requests' });
  holdsNoKey(t, journal.body, 'the journal');
  t.match(journal.json().requests[0], { call: 'getClientDetails', error: [`invalid key ${MASK}`], proxied: true });
  holdsNoKey(t, lines.join(''), 'the log');
  t.match(lines.join(''), `"error":"invalid key ${MASK}"`, 'the log line names the error, masked');
  await app.close();
  for (const name of fs.readdirSync(dir)) holdsNoKey(t, fs.readFileSync(path.join(dir, name), 'utf8'), name);
  const stubs: Stub[] = JSON.parse(fs.readFileSync(path.join(dir, 'stubs.json'), 'utf8'));
  t.match(stubs.at(-1), { call: 'getClientDetails', error: [`invalid key ${MASK}`] });
  t.match(stubs.at(-2), { call: 'getClients', answer: { echo: `api_key=${MASK}` } });
});

t.test('a recording keeps no secret the journal redacts: passwords and card numbers are left out of its stubs', async (t) => {
  const installation = await phpInstallation(t, {
    verifyClientLogin: '{"success":true,"call":"verifyClientLogin","server_time":1,"id":"7"}',
    getThing: '{"success":true,"call":"getThing","server_time":1}',
  });
  const dir = tempDir(t);
  const app = await build(t, { proxy: { upstream: upstreamAt(installation.origin), forward: 'every', writes: false, record: dir } });
  const login = { call: 'verifyClientLogin', email: 'ann@example.com', password: 'Hunter2-Secret!', ...CREDENTIALS };
  const answer = await app.inject({ method: 'POST', url: '/admin/api.php', payload: login });
  t.equal(answer.json().success, true);
  const nested = { call: 'getThing', 'card[cardnumber]': '4111111111111111', 'card[holder]': 'Ann', 'list[0][cvv]': '123', ...CREDENTIALS };
  await app.inject({ method: 'POST', url: '/admin/api.php', payload: nested });
  t.equal(installation.bodies[0].get('password'), 'Hunter2-Secret!', 'the installation got the password');
  const journal = (await app.billsim.control.session().requests()).reverse();
  t.equal(journal[0].params.password, '[redacted]', 'the journal redacts the same parameter');
  await app.close();
  const text = fs.readFileSync(path.join(dir, 'stubs.json'), 'utf8');
  for (const secret of ['Hunter2-Secret!', '4111111111111111', '"123"']) t.notOk(text.includes(secret), `${secret} is not recorded`);
  const stubs: Stub[] = JSON.parse(text);
  t.strictSame(
    stubs.slice(-2).map((stub) => [stub.call, stub.params]),
    [
      ['verifyClientLogin', { email: 'ann@example.com' }],
      ['getThing', { 'card[holder]': 'Ann' }],
    ],
  );
});
