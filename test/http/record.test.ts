import fs from 'node:fs';
import { Writable } from 'node:stream';
import os from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, build, CREDENTIALS, resultOf } from '../helpers/app.js';
import { BRACED_COMPANY, installation, tinyServer, UPSTREAM_KEY, upstreamAt } from '../helpers/installation.js';
import { flatParams, literalTemplate, Recorder, stubOf } from '../../src/http/recording.js';
import { stubAnswer, templateProblems } from '../../src/session/stubs.js';
import type { Upstream } from '../../src/lib/upstream.js';
import type { Stub } from '../../src/generated/wire.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';

function tempDir(t: Test): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-record-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const recorded = (dir: string): Stub[] => JSON.parse(fs.readFileSync(path.join(dir, 'stubs.json'), 'utf8'));

async function recording(t: Test, upstream: Upstream, dir: string): Promise<FastifyInstance> {
  return build(t, { proxy: { upstream, forward: 'every', writes: true, record: dir } });
}

/** A logger writing warnings and errors into `lines`. */
function warnings(lines: string[]) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { level: 'warn', stream };
}

/** The answer without server_time: a replay is dated by its own clock. */
function undated(text: string): unknown {
  const { server_time, ...rest } = JSON.parse(text);
  void server_time;
  return rest;
}

async function rawGet(app: FastifyInstance, call: string, params: Record<string, string>) {
  const response = await app.inject({ method: 'GET', url: `/admin/api.php?${new URLSearchParams({ call, ...CREDENTIALS, ...params })}` });
  return { status: response.statusCode, text: response.body };
}

t.test('a recorded text replays as the same text, whatever braces and backslashes it holds', async (t) => {
  const texts = [
    '{{params.id}}',
    'a {{x}} b',
    '\\{{x}}',
    '\\\\{{x}}',
    '{{{raw}}}',
    '{{#if a}}',
    'x{',
    '{{',
    '"{{"',
    'end\\',
    'plain',
    '}}{{',
    '{ {',
  ];
  for (const text of texts) {
    const answer = { note: literalTemplate(text), nested: [{ deep: literalTemplate(text) }] };
    t.same(templateProblems(answer), [], `${text} compiles`);
    const stub = { id: '1', call: 'x', answer } as Stub;
    t.same(stubAnswer(stub, { params: { id: '5' }, call: 'x', now: new Date() }), { note: text, nested: [{ deep: text }] }, text);
  }
  t.equal(literalTemplate('no braces'), 'no braces', 'a text without {{ is kept as it is');
});

t.test('what a stub keeps of an answer', async (t) => {
  t.strictSame(flatParams({ id: 5, items: [{ qty: '1' }], opt: { a: 'x' }, none: null }), {
    id: '5',
    'items[0][qty]': '1',
    'opt[a]': 'x',
  });
  t.strictSame(stubOf('getThing', { id: '1' }, { success: true, thing: { a: 1 }, call: 'getThing', server_time: 5, info: ['ok'] }, 200), {
    stub: { call: 'getThing', params: { id: '1' }, answer: { thing: { a: 1 }, info: ['ok'] } },
  });
  t.strictSame(stubOf('getThing', {}, { success: false, call: 'getThing', server_time: 5, error: ['No such thing'] }, 404), {
    stub: { call: 'getThing', params: {}, error: ['No such thing'], status: 404 },
  });
  t.match(stubOf('module', {}, null, 200), { skipped: /not a JSON object/ });
  t.match(stubOf('x', {}, { success: false, error: [] }, 200), { skipped: /no message/ });
  const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`p${i}`, 'v']));
  t.match(stubOf('x', many, { success: true }, 200), { skipped: /params/ });
});

t.test('--record saves each forwarded answer as a stub, and the folder replays them offline', async (t) => {
  const { app: upstreamApp, upstream } = await installation(t);
  await upstreamApp.billsim.control.session().addStub({ call: 'getKBCategoryArticles', answer: { contacts: [{ id: '7' }] } });
  const dir = tempDir(t);
  const app = await recording(t, upstream, dir);
  const calls: [string, Record<string, string>][] = [
    ['getClientDetails', { id: '1' }],
    ['getClientDetails', { id: '999' }],
    ['getCurrencies', {}],
    ['getKBCategoryArticles', { client_id: '1' }],
    ['getInvoices', { page: '0', 'filter[status]': 'Unpaid' }],
  ];
  const answers = [];
  for (const [call, params] of calls) answers.push(await rawGet(app, call, params));
  t.equal(JSON.parse(answers[0].text).client.companyname, BRACED_COMPANY);
  const stubs = recorded(dir);
  t.same(
    stubs.map((stub) => [stub.call, stub.params]),
    calls.map(([call, params]) => [call, call === 'getInvoices' ? { ...params, perpage: '25' } : params]),
    'one stub per call and parameters as the call reads them (a list its page size), without credentials',
  );
  t.same(stubs[1].error, JSON.parse(answers[1].text).error, 'an error answer is kept as error');
  t.notOk(
    fs.readdirSync(dir).some((name) => name.endsWith('.tmp')),
    'no temporary file left',
  );
  for (const name of fs.readdirSync(dir)) t.notMatch(fs.readFileSync(path.join(dir, name), 'utf8'), UPSTREAM_KEY, name);
  const offline = await build(t, { fixturesDir: dir });
  for (const [i, [call, params]] of calls.entries()) {
    const again = await rawGet(offline, call, params);
    t.equal(again.status, answers[i].status, call);
    t.same(undated(again.text), undated(answers[i].text), `${call} ${JSON.stringify(params)} replays the same`);
  }
});

t.test('the newest answer for the same call and parameters replaces the older one', async (t) => {
  const { app: upstreamApp, upstream } = await installation(t);
  const dir = tempDir(t);
  const app = await recording(t, upstream, dir);
  await api(app, 'getClientDetails', { id: '2' });
  await upstreamApp.billsim.control.session().addStub({ call: 'getClientDetails', params: { id: '2' }, answer: { client: { id: '2' } } });
  const newer = await api(app, 'getClientDetails', { id: '2' });
  const stubs = recorded(dir).filter((stub) => stub.call === 'getClientDetails');
  t.equal(stubs.length, 1);
  t.same(stubs[0].answer, resultOf(newer));
});

t.test('answers arriving together are all kept, in a whole file', async (t) => {
  const { upstream } = await installation(t);
  const dir = tempDir(t);
  const app = await recording(t, upstream, dir);
  const ids = Array.from({ length: 25 }, (_, i) => String(i + 1));
  await Promise.all(ids.map((id) => api(app, 'getInvoiceDetails', { id })));
  const stubs = recorded(dir);
  t.same(stubs.map((stub) => stub.params?.id).sort(), [...ids].sort());
  t.same(new Set(stubs.map((stub) => stub.id)).size, 25, 'each its own id');
});

t.test('a folder that holds a world keeps it: only stubs.json is added to', async (t) => {
  const dir = tempDir(t);
  const world = loadFixtures(defaultFixturesDir);
  fs.writeFileSync(path.join(dir, 'currencies.json'), JSON.stringify(world.currencies));
  const own: Stub = { id: '4', call: 'getOwn', answer: { mine: '1' } };
  fs.writeFileSync(path.join(dir, 'stubs.json'), JSON.stringify([own]));
  const { upstream } = await installation(t);
  const app = await recording(t, upstream, dir);
  await api(app, 'getCurrencies');
  t.same(fs.readdirSync(dir).sort(), ['currencies.json', 'stubs.json']);
  const stubs = recorded(dir);
  t.same(stubs[0], own, 'the folder’s own stub is kept');
  t.match(stubs[1], { id: '5', call: 'getCurrencies' });
  const broken = tempDir(t);
  fs.writeFileSync(path.join(broken, 'clients.json'), '[]');
  fs.writeFileSync(path.join(broken, 'stubs.json'), '{');
  t.throws(() => new Recorder(broken, world, { warn() {}, error() {} }), /stubs\.json is not valid JSON/);
});

t.test('an answer a stub cannot hold is passed on and left out with a warning', async (t) => {
  const { origin } = await tinyServer(t, (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('null');
  });
  const dir = tempDir(t);
  const lines: string[] = [];
  const app = await build(t, {
    proxy: { upstream: upstreamAt(origin), forward: 'every', writes: false, record: dir },
    logger: warnings(lines),
  });
  const got = await rawGet(app, 'getNothing', {});
  t.same(got, { status: 200, text: 'null' });
  t.same(
    recorded(dir).filter((stub) => stub.call === 'getNothing'),
    [],
  );
  t.match(lines.join(''), /"call":"getNothing".*not recorded: the answer is not a JSON object/);
});

t.test('a recording that cannot be written is logged, and the client still gets its answer', async (t) => {
  const { upstream } = await installation(t);
  const dir = tempDir(t);
  const lines: string[] = [];
  const app = await build(t, { proxy: { upstream, forward: 'every', writes: false, record: dir }, logger: warnings(lines) });
  // A folder where the file was: the rename over it fails.
  fs.rmSync(path.join(dir, 'stubs.json'));
  fs.mkdirSync(path.join(dir, 'stubs.json', 'inside'), { recursive: true });
  const body = await api(app, 'getCurrencies');
  t.equal(body.success, true);
  t.match(lines.join(''), /could not write .*stubs\.json/);
  t.notMatch(lines.join(''), UPSTREAM_KEY);
});

t.test(
  'a recording replays every recorded request as the installation answered, defaults written out or not, nothing of the bundled world',
  async (t) => {
    const { upstream } = await installation(t);
    const dir = tempDir(t);
    const lines: string[] = [];
    const app = await build(t, { proxy: { upstream, forward: 'every', writes: false, record: dir }, logger: warnings(lines) });
    t.match(lines.join(''), /--record .* held no world, so it gets the served world's .*billsim import --from <its address> --out /);
    const calls: [string, Record<string, string>][] = [
      ['getClients', {}],
      ['getClients', { page: '1', perpage: '2' }],
      ['getInvoices', { page: '0' }],
      ['getOrders', { page: '0', perpage: '25' }],
      ['getClientDetails', { id: '1' }],
      ['getNews', {}],
    ];
    const answers = [];
    for (const [call, params] of calls) answers.push(await rawGet(app, call, params));
    t.equal(JSON.parse(answers[0].text).clients.at(-1).firstname, 'Upstreamia', "the installation's own first client");
    t.strictSame(
      recorded(dir).map((stub) => [stub.call, stub.params]),
      [
        ['getClients', { page: '0', perpage: '25' }],
        ['getClients', { page: '1', perpage: '2' }],
        ['getInvoices', { page: '0', perpage: '25' }],
        ['getOrders', { page: '0', perpage: '25' }],
        ['getClientDetails', { id: '1' }],
        ['getNews', { page: '0', perpage: '25' }],
      ],
      'each kept as its call reads it',
    );
    const offline = await build(t, { fixturesDir: dir });
    /** The request with its page defaults written out when left out, and left out when written out. */
    const otherWay = (params: Record<string, string>) => {
      const { page, perpage, ...rest } = params;
      if (page === undefined && perpage === undefined) return { ...rest, page: '0', perpage: '25' };
      return page === '0' && (perpage ?? '25') === '25' ? rest : params;
    };
    for (const [i, [call, params]] of calls.entries()) {
      for (const sent of [params, otherWay(params)]) {
        const again = await rawGet(offline, call, sent);
        t.same(undated(again.text), undated(answers[i].text), `${call} ${JSON.stringify(sent)} replays the recording`);
      }
    }
    // A JSON body's number is the id the recording was made with.
    const json = await offline.inject({
      method: 'POST',
      url: '/admin/api.php',
      payload: { call: 'getClientDetails', ...CREDENTIALS, id: 1 },
    });
    t.same(undated(json.body), undated(answers[4].text), '{"id": 1} replays id=1');
  },
);
