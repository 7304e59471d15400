// Every example of the README runs here, against a fresh server started as
// the README says (the bundled world, frozen at its day), and every comment
// that states a result is checked against the answer. A changed world or
// rule breaks this test, not the reader. A new shell block, or a comment this
// file has no check for, fails until it gets one. The blocks run in a random
// order (README_ORDER_SEED repeats one) against one server, as a reader who
// starts at any section would: each block begins with a reset and reaches the
// server through the one base variable.
import t, { type Test } from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { packageRoot } from '../../src/paths.js';
import { startCli, type Running } from '../helpers/process.js';

const NOW = '2026-11-20 12:00:00';
const README = fs.readFileSync(path.join(packageRoot, 'README.md'), 'utf8');

interface Block {
  /** The line of the block's first line in README.md (1-based). */
  line: number;
  lang: string;
  lines: string[];
}

function blocks(): Block[] {
  const out: Block[] = [];
  const lines = README.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)$/.exec(lines[i]);
    if (!open) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end] !== '```') end++;
    out.push({ line: start + 1, lang: open[1], lines: lines.slice(start, end) });
    i = end;
  }
  return out;
}

/** Blocks that are not commands to paste, by their first line, and why. */
const NOT_RUN: Record<string, string> = {
  'npm ci && npm start    # serves the simulator with the bundled fixtures on http://127.0.0.1:8080/admin/api.php':
    'the README first lines: CI itself runs npm ci, npm start (the start test) and npm test',
  'npm ci && npm start': 'starts the server in the foreground: the start test runs it',
  "BASE='http://127.0.0.1:8080'": 'the variables every curl block uses: set for each block here',
  'npx billsim --data ./billsim-state.json': 'starts a server in the foreground: the persistence tests run it',
  'billsim: warning: my-world/clients.json:412:5: record 12 (id 12): field contacts is left out: answers compute it (getClientDetails), the world does not store it':
    'a warning, shown: test/store/world-loading.test.ts checks it',
  'billsim: the world in my-world has 3 problems:': 'an error message, shown: test/store/world-loading.test.ts checks it',
  '{': 'the error envelope, shown: every error test checks it',
  'billsim 0.1.0 listening on http://127.0.0.1:8080/admin/api.php': 'the start banner, shown: compared with the real one below',
  'BILLSIM_DRIFT_API_ID=... BILLSIM_DRIFT_API_KEY=... npx billsim drift --against https://billing.example.com':
    'needs an installation: test/cli/drift.test.ts runs drift against a second billsim and a drifting upstream',
  'billsim drift against https://billing.example.com/admin/api.php': 'a drift report, shown: test/drift/report.test.ts checks its lines',
  "BILLSIM_PROXY_API_KEY='its key' npx billsim --proxy https://billing.example.com --proxy-api-id its-id --record ./recorded":
    'forwards to an installation: test/cli/proxy.test.ts runs --proxy and --record against a second billsim',
  'npx billsim --fixtures ./recorded': 'serves a recording: test/cli/proxy.test.ts replays one offline',
  "export BILLSIM_IMPORT_API_ID=billsim-import BILLSIM_IMPORT_API_KEY='…'   # kept out of the shell's history":
    'reads a real installation: test/cli/import.test.ts imports from a second billsim and serves the result',
  'billsim import: warning: skipped getNews: Access denied: call getNews is not enabled for this API key':
    "the import's per-call report, shown: test/import/hostile.test.ts checks its lines",
  'billsim import: cannot reach https://billing.example.com/admin/api.php: ENOTFOUND':
    "the import's failure lines, shown: test/cli/import.test.ts checks each",
};

/** What a curl line answers, parsed when it is JSON. */
interface Answer {
  text: string;
  json: any;
}

/** Reads the server the block runs against, as a front end would (JSON of one API call). */
type Read = (call: string, params?: Record<string, string>) => Promise<any>;

/** Money still due on an invoice: its total less the payments recorded against it. */
async function due(read: Read, invoiceId: string): Promise<string> {
  const { invoice } = await read('getInvoiceDetails', { id: invoiceId });
  const { transactions } = await read('getTransactions', { perpage: '100' });
  const paidCents = transactions
    .filter((row: any) => row.invoice_id === invoiceId)
    .reduce((sum: number, row: any) => sum + Math.round(Number(row.in) * 100), 0);
  return ((Math.round(Number(invoice.total) * 100) - paidCents) / 100).toFixed(2);
}

const affiliate = async (read: Read, id: string) => (await read('getAffiliates')).affiliates.find((a: any) => a.id === id);

/**
 * The checks of the comments that state a result, by the comment's text:
 * the answer of the line, and the state read back through the API.
 */
const CLAIMS: Record<string, (t: Test, answer: Answer, read: Read) => unknown> = {
  // The order flow
  'Pending: a Pending service, a Pending Registration domain, invoice 13': (t, { json }) => {
    const { details } = json;
    t.equal(details.status, 'Pending');
    t.equal(details.invoice_id, '13');
    t.match(details.hosting, [{ status: 'Pending' }]);
    t.match(details.domains, [{ name: 'newshop.com', status: 'Pending Registration' }]);
  },
  'Unpaid, due today: 4.95 + 12.95 + 8.25% tax = 19.38': (t, { json }) => {
    t.match(json.invoice, { status: 'Unpaid', duedate: '2026-11-20', total: '19.38' });
    t.strictSame(
      json.invoice.items.map((item: any) => item.amount),
      ['4.95', '12.95'],
    );
  },
  'service Active, newshop.com registered for a year': async (t, { json }, read) => {
    t.equal(json.success, true);
    t.equal((await read('getAccountDetails', { id: '19' })).details.status, 'Active');
    t.match((await read('getDomainDetails', { id: '11' })).details, { name: 'newshop.com', status: 'Active', expires: '2027-11-20' });
  },
  'then accountUnsuspend, accountTerminate': async (t, { json }, read) => {
    t.equal(json.success, true);
    t.equal((await read('getAccountDetails', { id: '19' })).details.status, 'Suspended');
  },
  'the order confirmation billsim would have sent': (t, { json }) => t.equal(json.emails[0].template, 'Order Confirmation'),
  // Invoices, payments and credit
  '30.04 still due': async (t, { json }, read) => {
    t.equal(json.success, true);
    t.equal(await due(read, '8'), '30.04');
    t.equal((await read('getInvoiceDetails', { id: '8' })).invoice.status, 'Unpaid');
  },
  "client 2's credit": async (t, { json }, read) => {
    t.equal(json.success, true);
    t.match((await read('getInvoiceDetails', { id: '12' })).invoice, { client_id: '2', credit: '15.00' });
  },
  // The customer's door
  'a token and a refresh token': (t, { json }) => {
    t.match(json, { token: /^eyJ/, refresh: /^bsr_/ });
  },
  'invoice 12 Unpaid, invoice 2 Paid': (t, { json }) => {
    t.strictSame(
      json.invoices.map((invoice: any) => [invoice.id, invoice.status]),
      [
        ['12', 'Unpaid'],
        ['2', 'Paid'],
      ],
    );
    t.strictSame(json.page, { current: 1, total: 1 });
  },
  '48.03 EUR owed, 15.00 credit': (t, { json }) => {
    t.strictSame(json, { details: { currency: 'EUR', acc_balance: '48.03', acc_credit: '15.00' } });
  },
  'invoice 12 Paid from his credit': (t, { json }) => {
    t.match(json.invoice, { id: '12', status: 'Paid' });
  },
  "Paid at the staff's door too": (t, { json }) => {
    t.match(json.invoice, { id: '12', status: 'Paid', credit: '48.03' });
  },
  // A storefront on the User API
  'Starter, Business and Ultimate Hosting with their prices': (t, { json }) => {
    t.strictSame(
      json.products.map((p: any) => [p.name, p.prices.m]),
      [
        ['Starter Hosting', '4.95'],
        ['Business Hosting', '8.95'],
        ['Ultimate Hosting', '16.00'],
      ],
    );
    t.equal(json.currency, 'USD');
  },
  'five billing cycles from "$4.95 USD Monthly", four addons': (t, { json }) => {
    const { config } = json.product;
    t.strictSame(
      config.product[0].items.map((i: any) => i.value),
      ['m', 'q', 's', 'a', 'b'],
    );
    t.match(config.product[0].items[0], { value: 'm', formatted: '$4.95 USD Monthly', price: '4.95' });
    t.equal(config.addons.length, 4);
  },
  'client 12': async (t, { json }, read) => {
    t.strictSame(json, { client_id: '12', info: ['New client account created'] });
    t.match((await read('getClientDetails', { id: '12' })).client, { email: 'ada@lovelace.dev', status: 'Active', country: 'GB' });
  },
  'her welcome e-mail (Details:Signup)': (t, { json }) =>
    t.match(json.emails, [{ to: 'ada@lovelace.dev', template: 'Details:Signup', client_id: '12' }]),
  '49.95 + 20% VAT (GB) = 59.94': async (t, { json }, read) => {
    t.match(json.quote, { subtotal: '49.95', taxrate: '20.00', tax: '9.99', total: '59.94' });
    t.strictSame((await read('getClientOrders', { id: '12' })).orders, [], 'a quote orders nothing');
  },
  'order_num, invoice 13 for the quoted 59.94, service 19': async (t, { json }, read) => {
    t.match(json, { order_num: /^\d{9}$/, invoice_id: '13', total: '59.94', items: [{ id: '19', type: 'product' }] });
    t.match((await read('getInvoiceDetails', { id: '13' })).invoice, { client_id: '12', status: 'Unpaid', total: '59.94' });
    t.match((await read('getAccountDetails', { id: '19' })).details, { client_id: '12', status: 'Pending', domain: 'ada-lovelace.dev' });
  },
  'Starter Hosting Active, as getClientAccounts lists it': async (t, { json }, read) => {
    t.match(json.services, [{ id: '19', name: 'Starter Hosting', status: 'Active', billingcycle: 'Annually' }]);
    t.match((await read('getClientAccounts', { id: '12' })).accounts, [{ id: '19', status: 'Active' }]);
  },
  'VPS 1GB: Storage as custom[1] (required), Extra IPs as custom[2] (0 to 8)': (t, { json }) => {
    t.equal(json.product.name, 'VPS 1GB');
    t.match(json.product.config.forms, [
      { id: '1', title: 'Storage', name: 'custom[1]', type: 'select', required: '1' },
      { id: '2', title: 'Extra IPs', name: 'custom[2]', type: 'qty', required: '0', config: { minvalue: '0', maxvalue: '8' } },
    ]);
  },
  '12.00 + 4.00 (50 GB SSD) + 3 x 2.00 (IPs) + 10.00 setup + 8.25% tax = 34.64': async (t, { json }, read) => {
    t.match(json.quote, { subtotal: '32.00', taxrate: '8.25', tax: '2.64', total: '34.64' });
    t.match(json.quote.items, [{ product_id: '8', price: '22.00', setup: '10.00', total: '32.00' }]);
    t.equal((await read('getAccountDetails', { id: '19' })).success, false, 'a quote orders nothing: no service 19 yet');
  },
  'invoice 13 for the quoted 34.64, a line per option; service 19 at 22.00 a month': async (t, { json }, read) => {
    t.match(json, { invoice_id: '13', total: '34.64', items: [{ id: '19', type: 'product', product_id: '8' }] });
    const { invoice } = await read('getInvoiceDetails', { id: '13' });
    t.match(invoice, { client_id: '1', status: 'Unpaid', subtotal: '32.00', total: '34.64' });
    t.strictSame(
      invoice.items.map((line: any) => [line.type, line.description, line.amount]),
      [
        ['Hosting', 'VPS 1GB (20/11/2026 - 19/12/2026)', '12.00'],
        ['Config', 'VPS 1GB - Storage: 50 GB SSD', '4.00'],
        ['Config', 'VPS 1GB - Extra IPs: 3 x IPv4 address', '6.00'],
        ['Setup', 'VPS 1GB - setup fee', '10.00'],
      ],
    );
    t.match((await read('getAccountDetails', { id: '19' })).details, { product_id: '8', total: '22.00', billingcycle: 'Monthly' });
  },
  'its options: Storage 50 GB SSD, Extra IPs 3': (t, { json }) => {
    t.match(json.details.options, {
      1: { name: 'Storage', item_id: '2', item_name: '50 GB SSD', qty: '1', price: '4.00' },
      2: { name: 'Extra IPs', item_id: '4', qty: '3', price: '6.00' },
    });
  },
  'free: {"status":"ok"}': (t, { json }) => t.strictSame(json, { status: 'ok' }),
  'domain 11 Pending Registration, invoice 13: 12.95 + tax = 14.02': async (t, { json }, read) => {
    t.match(json, { invoice_id: '13', total: '14.02', items: [{ id: '11', type: 'domain', name: 'morgan-studio.com' }] });
    t.match((await read('getDomainDetails', { id: '11' })).details, { client_id: '1', status: 'Pending Registration' });
  },
  'renewal invoice 14: 14.95 + tax = 16.18': async (t, { json }, read) => {
    t.equal(json.invoice_id, '14');
    t.match((await read('getInvoiceDetails', { id: '14' })).invoice, { status: 'Unpaid', subtotal: '14.95', total: '16.18' });
  },
  'Active until 2028-11-20, on her nameservers': (t, { json }) =>
    t.match(json.details, {
      name: 'morgan-studio.com',
      status: 'Active',
      expires: '2028-11-20',
      nameservers: ['ns1.morgan-design.com', 'ns2.morgan-design.com', '', ''],
    }),
  'taken now: {}': (t, { json }) => t.strictSame(json, {}),
  // Affiliates
  "Bruno's order 1013, referred by Alice": async (t, { json }, read) => {
    t.equal(json.success, true);
    t.equal((await read('getOrderDetails', { id: '1013' })).details.client_id, '2', "Bruno's order");
    t.match(
      await affiliate(read, '1'),
      { firstname: 'Alice', signups: '2', signups_pending: '2' },
      'one more referral waiting on its invoice',
    );
  },
  'invoice 8 Paid: Alice earns 6.70 on order 1018': async (t, { json }, read) => {
    t.equal(json.success, true);
    t.equal((await read('getInvoiceDetails', { id: '8' })).invoice.status, 'Paid');
    // The bundled Alice holds 12.34 before the story.
    t.match(await affiliate(read, '1'), { balance: '19.04', signups_pending: '1' });
  },
  // Client guests
  'the profiles Sabine may use': (t, { json }) =>
    t.match(json.contacts, [{ id: '4', firstname: 'Daniel', access_id: '1', status: 'Active' }]),
  "staff accept Grace's invitation": async (t, { json }, read) => {
    t.equal(json.successsave, 1);
    t.match((await read('getClientAccess', { id: '7' })).contacts, [{ id: '4', access_id: '2', status: 'Active' }]);
  },
  // Test cards
  'declined: insufficient funds': (t, { json }) =>
    t.strictSame(json.error, ['Credit card has been declined: insufficient funds (card ending 9995)']),
  '20.00 from the primary card (custom[amount])': async (t, { json }, read) => {
    t.equal(json.success, true);
    t.equal(await due(read, '8'), '30.04', '50.04 was due');
  },
  'the rest: invoice 8 Paid, order 1018 Active': async (t, { json }, read) => {
    t.equal(json.success, true);
    t.equal((await read('getInvoiceDetails', { id: '8' })).invoice.status, 'Paid');
    t.equal((await read('getOrderDetails', { id: '1018' })).details.status, 'Active');
  },
  // Support desk
  Answered: (t, { json }) => t.match(json.info, [/ticket status changed to Answered/]),
  // Sixty days of the bundled world
  '2026-11-25': (t, { json }) => t.equal(json.now, '2026-11-25 12:00:00'),
  'renewal invoices 13 and 14; invoice 12 overdue': (t, { json }) => {
    const byId = new Map(json.invoices.map((i: any) => [i.id, i]));
    t.ok(byId.has('13') && byId.has('14'), 'the renewal invoices');
    t.match(byId.get('12'), { status: 'Unpaid', duedate: '2026-11-24' }, 'overdue since 2026-11-24');
  },
  'Invoice Created, Unpaid and Overdue reminders': (t, { json }) => {
    const templates = new Set(json.emails.map((e: any) => e.template));
    for (const template of ['Invoice Created', 'Unpaid Invoice Reminder', 'Overdue Invoice Reminder'])
      t.ok(templates.has(template), template);
  },
  '2026-11-28': (t, { json }) => t.equal(json.now, '2026-11-28 12:00:00'),
  'a 4.61 Late Fee line since 2026-11-27: 92.64 due': (t, { json }) => {
    t.match(json.invoice, { status: 'Unpaid', total: '92.64' });
    t.match(json.invoice.items.at(-1), { type: 'Late Fee', amount: '4.61' });
  },
  'paid renewal: next_due 2026-11-24 -> 2026-12-24': (t, { json }) => t.match(json.details, { status: 'Active', next_due: '2026-12-24' }),
  '2026-12-14': (t, { json }) => t.equal(json.now, '2026-12-14 12:00:00'),
  'Terminated on 2026-12-08': (t, { json }) => t.equal(json.details.status, 'Terminated'),
  'Cancelled with it': (t, { json }) => t.equal(json.invoice.status, 'Cancelled'),
  'Managed Backup (16) Suspended over invoice 14': (t, { json }) =>
    t.match(
      json.accounts.find((a: any) => a.id === '16'),
      { status: 'Suspended' },
    ),
  '6.50 and a 5.00 late fee since 2026-12-12: 11.50 due': (t, { json }) => {
    t.match(json.invoice, { status: 'Unpaid', total: '11.50' });
    t.match(json.invoice.items.at(-1), { type: 'Late Fee', amount: '5.00' });
  },
  'Active again, next_due 2027-01-09': (t, { json }) => t.match(json.details, { status: 'Active', next_due: '2027-01-09' }),
  '2027-01-19': (t, { json }) => t.equal(json.now, '2027-01-19 12:00:00'),
  'evans-bakery.org Expired on 2026-12-28': (t, { json }) =>
    t.match(json.details, { name: 'evans-bakery.org', status: 'Expired', expires: '2026-12-28' }),
  'renewal paid from credit on 2027-01-11: expires 2028-02-10': (t, { json }) =>
    t.match(json.details, { status: 'Active', expires: '2028-02-10' }),
  'every step, with its reason': (t, { json }) => {
    t.equal(json.entries.length, 20);
    t.ok(
      json.entries.every((e: any) => e.reason.length > 0),
      'each with its reason',
    );
  },
};

/** The preceding comment lines that show an answer (`# {"success":true,...}`): matched with `...` as a wildcard. */
function shownAnswer(comment: string): RegExp {
  const parts = comment.split('...').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`);
}

interface Command {
  line: number;
  text: string;
  comment?: string;
  /** An answer the README shows on the line after the command. */
  shown?: string;
}

/** The block's commands: continuation lines joined, trailing comments apart, comment lines that show an answer kept. */
function commands(block: Block): { variables: string[]; commands: Command[] } {
  const variables: string[] = [];
  const list: Command[] = [];
  for (let i = 0; i < block.lines.length; i++) {
    const line = block.line + i;
    let text = block.lines[i];
    if (text.trim() === '') continue;
    if (text.startsWith('#')) {
      const shown = /^# (\{.*)$/.exec(text);
      if (shown && list.length > 0) list[list.length - 1].shown = shown[1];
      continue;
    }
    while (text.endsWith('\\')) text = `${text.slice(0, -1)} ${block.lines[++i].trim()}`;
    if (/^[A-Z]+=('[^']*'|"[^"]*")$/.test(text)) {
      variables.push(text);
      continue;
    }
    const comment = /\s+#\s(.*)$/.exec(text);
    list.push({ line, text: comment ? text.slice(0, comment.index) : text, comment: comment?.[1] });
  }
  return { variables, commands: list };
}

/** The README's variables block, pointed at `origin`. */
function variables(origin: string): string[] {
  const block = blocks().find((b) => b.lines[0].startsWith("BASE='"))!;
  return block.lines.map((line) => atServer(line, origin));
}

function atServer(text: string, origin: string): string {
  return text.replaceAll('http://127.0.0.1:8080', origin).replaceAll('localhost:8080', origin);
}

function run(command: string, env: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  // -sS: no progress meter, errors still shown.
  const script = [...env, command.replace(/^curl /, 'curl -sS ')].join('\n');
  const result = spawnSync('bash', ['-c', script], { cwd, encoding: 'utf8', timeout: 30_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Each block starts from the bundled world on its own: a reset is its first command. */
const RESET = /^curl -X POST "\$BASE\/__billsim\/reset" -H 'x-billsim-control: 1'$/;

async function runBlock(t: Test, block: Block, server: Running): Promise<void> {
  t.match(commands(block).commands[0]?.text.trim(), RESET, `README line ${block.line}: the block starts with a reset`);
  t.notMatch(block.lines.join('\n'), /localhost:|127\.0\.0\.1:/, `README line ${block.line}: the base variable, no address written out`);
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-readme-'));
  t.teardown(() => fs.rmSync(cwd, { recursive: true, force: true }));
  const parsed = commands(block);
  const env = [...variables(server.origin), ...parsed.variables.map((v) => atServer(v, server.origin))];
  const read: Read = async (call, params = {}) => {
    const url = `${server.url}?${new URLSearchParams({ api_id: 'billsim', api_key: 'billsim-secret', call, ...params })}`;
    try {
      return await (await fetch(url)).json();
    } catch (error) {
      // spawnSync holds this process while a block runs, so a kept-alive socket the server closed meanwhile
      // (its 5 s idle time-out) can be reused and fail; a read is sent once more, on a new socket.
      if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
      return (await fetch(url)).json();
    }
  };
  for (const command of parsed.commands) {
    const text = atServer(command.text, server.origin);
    const { status, stdout, stderr } = run(text, env, cwd);
    t.equal(status, 0, `README line ${command.line} runs: ${command.text} ${stderr}`);
    let json: unknown;
    try {
      json = JSON.parse(stdout);
    } catch {
      json = undefined;
    }
    if (command.comment !== undefined) {
      const check = CLAIMS[command.comment];
      if (!check) t.fail(`README line ${command.line} states "${command.comment}": test/readme/readme.test.ts has no check for it`);
      else await t.test(`line ${command.line}: ${command.comment}`, async (t) => check(t, { text: stdout, json }, read));
    } else if (json !== undefined && typeof json === 'object' && json !== null && 'success' in json) {
      t.equal((json as { success: boolean }).success, true, `README line ${command.line} succeeds: ${stdout.slice(0, 300)}`);
    }
    if (command.shown) t.match(stdout.trim(), shownAnswer(command.shown), `README line ${command.line}: the answer shown below it`);
  }
}

t.test('every shell block of the README runs, and every result a comment states holds', async (t) => {
  const all = blocks().filter((b) => b.lang === '');
  const runnable = all.filter((b) => b.lines.some((line) => line.startsWith('curl ')));
  for (const block of all) {
    if (runnable.includes(block)) continue;
    const first = block.lines[0];
    if (first.startsWith('npx billsim fixtures:export')) continue; // run below
    t.ok(NOT_RUN[first] !== undefined, `README line ${block.line} (${first}) is run here or says why not`);
  }
  t.ok(runnable.length >= 8, `${runnable.length} blocks of commands`);
  // One server for every block, in an order of their own: a block that leans on another's state fails.
  const server: Running = await startCli(['--now', NOW, '--log-level', 'silent']);
  t.teardown(() => server.stop());
  const seed = Number(process.env.README_ORDER_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const order = shuffled(runnable, seed);
  t.comment(`blocks in the order of seed ${seed} (README_ORDER_SEED=${seed} repeats it)`);
  for (const block of order) await t.test(`README line ${block.line} (seed ${seed})`, (t) => runBlock(t, block, server));
});

/** `items` in an order drawn from `seed` (mulberry32, then Fisher-Yates): the same seed, the same order. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / 2 ** 32;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

t.test("the README's ES module and CommonJS examples run against the package", async (t) => {
  const dir = path.join(packageRoot, '.tap', 'readme');
  fs.mkdirSync(dir, { recursive: true });
  for (const [lang, file] of [
    ['ts', 'example.mts'],
    ['js', 'example.cjs'],
  ]) {
    const block = blocks().find((b) => b.lang === lang)!;
    const target = path.join(dir, file);
    fs.writeFileSync(target, `${block.lines.join('\n')}\n`);
    // Inside the package's folder, 'billsim' names the package itself (its exports, dist/).
    const result = spawnSync(process.execPath, ['--import', 'tsx', target], { cwd: packageRoot, encoding: 'utf8', timeout: 60_000 });
    t.equal(result.status, 0, `README line ${block.line} (${lang}) runs: ${result.stderr}`);
    if (lang === 'js') t.match(result.stdout, /^http:\/\/127\.0\.0\.1:\d+\/admin\/api\.php Invoice 9 not found/);
  }
});

t.test("the README's fetch example of the customer's door runs against a server", async (t) => {
  const block = blocks().find((b) => b.lang === 'mjs')!;
  const dir = path.join(packageRoot, '.tap', 'readme');
  fs.mkdirSync(dir, { recursive: true });
  const target = path.join(dir, 'door.mjs');
  fs.writeFileSync(target, `${block.lines.join('\n')}\n`);
  const server = await startCli(['--now', NOW, '--log-level', 'silent']);
  t.teardown(() => server.stop());
  const result = spawnSync(process.execPath, [target], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, BASE: server.origin } });
  t.equal(result.status, 0, `README line ${block.line} runs: ${result.stderr}`);
  t.equal(result.stdout.trim(), '2 401 token_expired 200', 'what its last comment says');
});

t.test("the README's fixtures:export block writes a world the server starts with", async (t) => {
  const block = blocks().find((b) => b.lines[0].startsWith('npx billsim fixtures:export'))!;
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-readme-'));
  t.teardown(() => fs.rmSync(cwd, { recursive: true, force: true }));
  const [exportLine] = commands(block).commands;
  const dir = /fixtures:export (\S+)/.exec(exportLine.text)![1];
  const exported = spawnSync(process.execPath, [path.join(packageRoot, 'bin', 'billsim.js'), 'fixtures:export', dir], {
    cwd,
    encoding: 'utf8',
  });
  t.equal(exported.status, 0, exported.stderr);
  t.ok(fs.existsSync(path.join(cwd, dir, 'clients.json')), 'the bundled world is written');
  const server = await startCli(['--fixtures', path.join(cwd, dir), '--log-level', 'silent']);
  t.teardown(() => server.stop());
  t.equal((await fetch(`${server.origin}/__billsim/health`)).status, 200, 'and a server starts with it');
});

t.test("the README's start banner is the one the server prints", async (t) => {
  const shown = blocks().find((b) => b.lines[0].startsWith('billsim 0.1.0 listening on'))!;
  const server = await startCli(['--log-level', 'silent']);
  t.teardown(() => server.stop());
  const real = server
    .output()
    .split('\n')
    .filter((line) => /^(billsim \d| {2}\w+:)/.test(line))
    .map((line) => line.replaceAll(server.origin, 'http://127.0.0.1:8080'));
  t.strictSame(real, shown.lines, 'line for line, the port aside');
});
