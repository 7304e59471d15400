// `billsim drift` with a test customer's login: the customer's door is checked
// too. Against a billsim playing the installation nothing drifts; through a
// node:http installation that changes some door answers on purpose, each
// change is found and nothing else; a refused login stops the run (exit 2).
import http from 'node:http';
import t, { type Test } from 'tap';
import { installation, UPSTREAM_ID, UPSTREAM_KEY, upstreamAt } from '../helpers/installation.js';
import { ALICE, CLIENT_PASSWORD, GRACE } from '../helpers/door.js';
import { drift } from '../../src/cli/drift.js';
import { targetOf } from '../../src/cli/drift/door.js';

const ENV = { BILLSIM_DRIFT_API_ID: UPSTREAM_ID, BILLSIM_DRIFT_API_KEY: UPSTREAM_KEY };
const CUSTOMER = ['--customer-email', ALICE, '--customer-password', CLIENT_PASSWORD];

async function run(args: string[], env: Record<string, string> = ENV) {
  let stdout = '';
  let stderr = '';
  const status = await drift(args, env, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { status, stdout, stderr };
}

/** The GET routes of the door that drift checks against the bundled world, as the report lists them. */
const CHECKED = [
  'GET /api/details',
  'GET /api/logs',
  'GET /api/affiliates/commissions',
  'GET /api/affiliates/payouts',
  'GET /api/affiliates/summary',
  'GET /api/tokens',
  'GET /api/balance',
  'GET /api/invoice',
  'GET /api/invoice/{id}',
  'GET /api/payment',
  'GET /api/payment/fees',
  'GET /api/contact',
  'GET /api/contact/{id}',
  'GET /api/contact/privileges',
  'GET /api/knowledgebase',
  'GET /api/knowledgebase/article/{id}',
  'GET /api/knowledgebase/{category_id}',
  'GET /api/news',
  'GET /api/news/{id}',
  'GET /api/domain',
  'GET /api/domain/{id}',
  'GET /api/domain/{id}/autorenew',
  'GET /api/domain/{id}/contact',
  'GET /api/domain/{id}/dns',
  'GET /api/domain/{id}/dns/types',
  'GET /api/domain/{id}/ns',
  'GET /api/domain/{id}/reglock',
  'GET /api/domain/name/{name}',
  'GET /api/domain/order',
  'GET /api/whois/{domain}',
  'GET /api/notifications',
  'GET /api/notifications/new',
  'GET /api/service',
  'GET /api/service/{id}',
  'GET /api/service/{id}/addon',
  'GET /api/service/{id}/cycle',
  'GET /api/service/{id}/label',
  'GET /api/service/{id}/methods',
  'GET /api/service/{id}/upgrade',
  'GET /api/category',
  'GET /api/category/{category_id}/product',
  'GET /api/order/{product_id}',
  'GET /api/ticket/departments',
  'GET /api/tickets',
  'GET /api/tickets/{number}',
];

const NOT_SENT = [
  "  GET /api/domain/{id}/epp: it has the registrar e-mail the domain's EPP code to its registrant",
  '  GET /api/domain/{id}/sync: it has the registrar synchronise the domain',
  '  GET /api/service/order/{order_num}: it needs an order number, which no list of the door names',
  "  GET /api/ticket/attachment/{file}: it needs an attachment's file name, which no list of the door names",
];

type Change = (json: Record<string, unknown>) => { status?: number; type?: string; text: string } | undefined;

/** An installation on 127.0.0.1 that sends every request on to `to` and changes the answers of some door paths. */
async function driftingDoor(t: Test, to: string, changes: Record<string, Change>): Promise<{ origin: string; seen: string[] }> {
  const seen: string[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', async () => {
      seen.push(`${request.method} ${request.url}`);
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'authorization']) if (request.headers[name]) headers[name] = String(request.headers[name]);
      const sent = await fetch(`${to}${request.url}`, { method: request.method, headers, ...(body && { body }) });
      const text = await sent.text();
      const change = changes[`${request.method} ${request.url}`];
      const changed = change?.(JSON.parse(text));
      response.writeHead(changed?.status ?? sent.status, { 'content-type': changed?.type ?? 'application/json' });
      response.end(changed?.text ?? text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { origin: upstreamAt(`http://127.0.0.1:${(server.address() as { port: number }).port}`).url.origin, seen };
}

t.test('a path filled in from list answers, the rest as the query', async (t) => {
  t.equal(targetOf('GET /api/invoice/{id}', { id: '12' }), '/invoice/12');
  t.equal(targetOf('GET /api/knowledgebase/{category_id}', { category_id: 'a b', page: '2' }), '/knowledgebase/a%20b?page=2');
});

t.test("between two billsims nothing drifts at the customer's door either (exit 0); without the login it is not asked", async (t) => {
  const { app, upstream } = await installation(t);
  const got = await run(['--against', upstream.url.origin, '--calls', 'getClients', ...CUSTOMER]);
  t.strictSame(got, {
    status: 0,
    stdout: [
      `billsim drift against ${upstream.url.href}`,
      '',
      `No drift (${CHECKED.length + 1}): getClients, ${CHECKED.join(', ')}`,
      '',
      'Not checked (4):',
      ...NOT_SENT,
      '',
      `${CHECKED.length + 1} checked, 0 drifted, 4 not checked.`,
      '',
    ].join('\n'),
    stderr: '',
  });
  const door = (await app.billsim.control.session().requests()).filter((entry) => entry.call.includes(' /api/'));
  t.equal(
    door
      .filter((entry) => !entry.call.startsWith('GET '))
      .map((entry) => entry.call)
      .join(),
    'POST /api/login',
    'one login, then reads only',
  );
  const before = (await app.billsim.control.session().requests()).length;
  const plain = await run(['--against', upstream.url.origin, '--calls', 'getClients']);
  t.equal(plain.status, 0);
  const after = await app.billsim.control.session().requests();
  t.strictSame(
    after.slice(0, after.length - before).map((entry) => entry.call),
    ['getClients', 'getAPIMethods'],
    'no door request without the customer flags',
  );
});

t.test('a door that drifts on purpose: each planted difference found, a 404 and a refusal not checked (exit 1)', async (t) => {
  const { upstream } = await installation(t);
  const messy = await driftingDoor(t, upstream.url.origin, {
    'GET /api/balance': (json) => {
      const details = (json as { details: Record<string, unknown> }).details;
      return { text: JSON.stringify({ details: { ...details, acc_credit: 12.5 }, extra: true }) };
    },
    'GET /api/payment': () => ({ status: 404, text: '{"error":["notfound"]}' }),
    'GET /api/payment/fees': () => ({ status: 403, text: '{"error":["no_privilege"]}' }),
    'GET /api/ticket/departments': () => ({ status: 200, type: 'text/html', text: '<html>Client area</html>' }),
  });
  const got = await run(['--against', messy.origin, '--calls', 'getClients', ...CUSTOMER]);
  const ok = [
    'getClients',
    ...CHECKED.filter(
      (route) => !['GET /api/balance', 'GET /api/payment', 'GET /api/payment/fees', 'GET /api/ticket/departments'].includes(route),
    ),
  ];
  t.strictSame(got, {
    status: 1,
    stdout: [
      `billsim drift against ${messy.origin}/admin/api.php`,
      '',
      'GET /api/balance: 2 differences',
      '  type      details.acc_credit: number where billsim has string',
      "  added     extra (boolean): not in billsim's schema",
      '',
      'GET /api/ticket/departments: 1 difference',
      "  answer    the answer: an HTML page (HTTP 200) where billsim has the API's JSON",
      '',
      `No drift (${ok.length}): ${ok.join(', ')}`,
      '',
      'Not checked (6):',
      '  GET /api/payment: the installation answered HTTP 404: notfound',
      '  GET /api/payment/fees: the installation refused it (HTTP 403): no_privilege',
      ...NOT_SENT,
      '',
      `${ok.length + 2} checked, 2 drifted, 6 not checked.`,
      '',
    ].join('\n'),
    stderr: '',
  });
  t.strictSame(
    messy.seen.filter((line) => line.includes('/api/') && !line.startsWith('GET ')),
    ['POST /api/login'],
    'nothing but the login and GET requests reached the door',
  );
});

t.test('a refused login, a second factor, half a login: exit 2 with one line, never the password', async (t) => {
  const { upstream } = await installation(t);
  const against = ['--against', upstream.url.origin, '--calls', 'getClients'];
  const wrong = await run([...against, '--customer-email', ALICE], { ...ENV, BILLSIM_DRIFT_CUSTOMER_PASSWORD: 'not-it-9d2' });
  t.strictSame(wrong, {
    status: 2,
    stdout: '',
    stderr: "billsim drift: the installation refused the customer's login (POST /api/login): wronglogin\n",
  });
  const mfa = await run([...against, '--customer-email', GRACE, '--customer-password', CLIENT_PASSWORD]);
  t.strictSame(mfa, {
    status: 2,
    stdout: '',
    stderr:
      "billsim drift: the customer's login asks for a second factor (POST /api/login answered mfa): give a test customer without two-factor authentication\n",
  });
  const half = await run([...against, '--customer-email', ALICE]);
  t.strictSame(half, {
    status: 2,
    stdout: '',
    stderr:
      "billsim drift: --customer-password is required: the test customer's password (or BILLSIM_DRIFT_CUSTOMER_PASSWORD) (see billsim drift --help)\n",
  });
  const echo = await driftingDoor(t, upstream.url.origin, {
    'POST /api/login': () => ({ text: JSON.stringify({ error: ['bad password not-it-9d2'] }) }),
  });
  const quoted = await run(['--against', echo.origin, '--calls', 'getClients', '--customer-email', ALICE], {
    ...ENV,
    BILLSIM_DRIFT_CUSTOMER_PASSWORD: 'not-it-9d2',
  });
  t.strictSame(quoted.stderr, "billsim drift: the installation refused the customer's login (POST /api/login): bad password ****\n");
});
