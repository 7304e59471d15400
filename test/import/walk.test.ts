// `billsim import` against installations that misbehave: answers that would
// make the walk endless (a page tree that lists itself, a list that never
// ends), answers nested deeper than any API answer, and failures nobody
// foresaw. Each ends: bounded in requests, and a failure is one line, exit 2.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import { runImport } from '../../src/cli/import.js';
import { MAX_ANSWER_DEPTH } from '../../src/lib/nesting.js';
import { tinyServer } from '../helpers/installation.js';
import { loadFixtures } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';

type Row = Record<string, unknown>;
type Answer = (params: URLSearchParams) => unknown;

const KEY = 'walk-key-93ad1';

/**
 * An installation answering each call as `answers` says, and every other
 * read with a success that lists nothing; it counts what it is sent.
 */
async function installation(t: Test, answers: Record<string, Answer>) {
  const sent: string[] = [];
  const { origin } = await tinyServer(t, (request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const params = new URLSearchParams(body);
      const call = params.get('call') ?? '';
      sent.push(call);
      const answer = answers[call]?.(params) ?? { success: true, call };
      response.writeHead(200, { 'content-type': 'application/json' });
      // Every answer an envelope as the API's are: its call and server_time with it.
      response.end(typeof answer === 'string' ? answer : JSON.stringify({ call, server_time: 1795000000, ...(answer as object) }));
    });
  });
  return { origin, sent, count: (call: string) => sent.filter((c) => c === call).length };
}

function outDir(t: Test): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-walk-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'world');
}

async function importFrom(origin: string, out: string, ...more: string[]) {
  let stdout = '';
  let stderr = '';
  const writer = (add: (text: string) => void) => ({
    write: (text: string) => {
      add(text);
      return true;
    },
  });
  const io = {
    out: writer((text) => (stdout += text)),
    err: writer((text) => (stderr += text)),
  } as unknown as Parameters<typeof runImport>[2];
  const argv = ['--from', origin, '--api-id', 'walker', '--out', out, '--retries', '0', ...more];
  const status = await runImport(argv, { BILLSIM_IMPORT_API_KEY: KEY }, io);
  return { status, stdout, stderr };
}

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Row[];
const bundledPage = (loadFixtures(defaultFixturesDir).order_pages as unknown as Row[])[0];
/** An order page as getOrderPages and getSubCategories list it, `parent` the page that lists it. */
const page = (id: string, name: string, parent = '0') => ({ ...bundledPage, id, name, parent_id: parent, slug: `page-${id}` });

t.test('an order-page tree that lists itself: each page read once, with one warning; the folder written', async (t) => {
  const inst = await installation(t, {
    getOrderPages: () => ({ success: true, categories: [page('1', 'Hosting')] }),
    // Page 1 lists itself and page 2; page 2 lists page 1 and itself.
    getSubCategories: (params) => ({
      success: true,
      subcategories: [page('1', 'Hosting', params.get('id')!), page('2', 'Shared', params.get('id')!)],
    }),
  });
  const out = outDir(t);
  const result = await importFrom(inst.origin, out);
  t.equal(result.status, 0, result.stderr);
  t.equal(inst.count('getSubCategories'), 2, 'one getSubCategories a page');
  t.equal(inst.count('getProducts'), 2, 'one getProducts a page');
  t.equal(
    result.stderr,
    'billsim import: warning: getSubCategories listed order pages already read (page 1 under page 1, page 1 under page 2, page 2 under page 2): each page was read once\n',
  );
  const pages = readJson(path.join(out, 'order_pages.json'));
  t.strictSame(
    pages.map((p) => p.id),
    ['1', '2'],
    'each page once',
  );
  t.equal(pages[0].contains, 'subcategories', 'the top page holds its sub-page');
  t.match(result.stdout, /: 2 order pages, 0 products, .*; 13 requests; wrote /);
});

t.test('a list whose totalpages says 1e9 and that ignores `page`: read until a page brings nothing new', async (t) => {
  const inst = await installation(t, {
    getNews: () => ({ success: true, news: [{ id: '7', title: 'Same again' }], sorter: { totalpages: 1e9 } }),
  });
  const result = await importFrom(inst.origin, outDir(t));
  t.equal(result.status, 0, result.stderr);
  t.equal(inst.count('getNews'), 2, 'the second page brought no new item');
  t.equal(inst.count('getNewsItem'), 1);
});

t.test('a list that never ends: the request cap stops the walk with a warning naming it and its flag', async (t) => {
  const inst = await installation(t, {
    getNews: (params) => {
      const n = Number(params.get('page'));
      return { success: true, news: [{ id: String(n + 1), title: `Item ${n + 1}` }], sorter: { totalpages: 1e9 } };
    },
  });
  const out = outDir(t);
  const result = await importFrom(inst.origin, out, '--max-requests', '40');
  t.equal(result.status, 0, result.stderr);
  t.equal(inst.sent.length, 40, 'exactly the cap sent');
  t.equal(
    result.stderr,
    `billsim import: warning: stopped at 40 requests, the cap (--max-requests 40): ${out} holds what was read until then; give a larger --max-requests to read the rest\n`,
  );
  t.match(result.stdout, /; 40 requests; wrote /);
  t.ok(fs.existsSync(path.join(out, 'news.json')), 'what was read is written');
});

t.test('a page tree that never ends (each page lists a new one): the cap ends it too', async (t) => {
  // Every page lists a sub-page never seen before: only the cap ends this tree.
  let next = 1;
  const inst = await installation(t, {
    getOrderPages: () => ({ success: true, categories: [page('1', 'Top')] }),
    getSubCategories: (params) => {
      next++;
      return { success: true, subcategories: [page(String(next), `Page ${next}`, params.get('id')!)] };
    },
  });
  const result = await importFrom(inst.origin, outDir(t), '--concurrency', '8', '--max-requests', '60');
  t.equal(result.status, 0, result.stderr);
  t.equal(inst.sent.length, 60);
  t.match(result.stderr, 'the cap (--max-requests 60)');
});

t.test('an answer nested deeper than any API answer: one line, exit 2, nothing written', async (t) => {
  for (const depth of [MAX_ANSWER_DEPTH + 1, 100_000]) {
    const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const inst = await installation(t, {
      getCurrencies: () => `{"success":true,"call":"getCurrencies","currencies":[{"id":"1","code":${deep}}]}`,
    });
    const out = outDir(t);
    const result = await importFrom(inst.origin, out);
    t.strictSame(
      result,
      {
        status: 2,
        stdout: '',
        stderr: `billsim import: ${inst.origin} answered getCurrencies with JSON nested deeper than ${MAX_ANSWER_DEPTH} levels, which no API answer is\n`,
      },
      `${depth} levels`,
    );
    t.notOk(fs.existsSync(out), 'no folder');
  }
  // An error envelope nested as deep is no refusal to quote either.
  const deepError = `{"success":false,"error":${'['.repeat(5000)}${']'.repeat(5000)}}`;
  const inst = await installation(t, { getAddons: () => deepError });
  const result = await importFrom(inst.origin, outDir(t));
  t.equal(result.status, 2);
  t.match(result.stderr, /^billsim import: .* answered getAddons with JSON nested deeper than 64 levels, which no API answer is\n$/);
});

t.test('a message of the installation with line breaks and escapes is quoted as one line', async (t) => {
  const inst = await installation(t, {
    getAPIMethods: () => ({ success: false, error: [`Authentication failed\n\u001b[31mfor ${KEY}\r\nsee logs`] }),
  });
  const result = await importFrom(inst.origin, outDir(t));
  t.strictSame(result, {
    status: 2,
    stdout: '',
    stderr: `billsim import: ${inst.origin} refused the credentials: Authentication failed [31mfor **** see logs\n`,
  });
});

t.test('a failure nobody foresaw (a folder that cannot be made) is one line and exit 2, not a stack trace', async (t) => {
  const inst = await installation(t, {});
  const dir = path.dirname(outDir(t));
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'a-file');
  fs.writeFileSync(file, 'not a folder');
  const result = await importFrom(inst.origin, path.join(file, 'world'));
  t.equal(result.status, 2);
  t.equal(result.stdout, '');
  t.match(result.stderr, /^billsim import: E[A-Z]+: [^\n]*a-file'\n$/);
  t.equal(result.stderr.split('\n').length, 2, 'one line');
});
