import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { ENCODINGS, api, assertSuccess, build, SERVER_TIME } from '../../helpers/app.js';
import { idOrder } from '../../helpers/shapes.js';
import { callInEachSession, sessionOf, sameAnswers } from '../../helpers/sessions.js';
import { refusals, refusedAtOnce } from '../../helpers/refusals.js';

const CALL = 'addClientCredit';
const NOW = '2026-11-20 12:00:00';

async function creditOf(t: Test, app: FastifyInstance, id: string, session?: string): Promise<unknown> {
  const body = await api(app, 'getClientDetails', { id }, { session });
  return (assertSuccess(t, body, 'getClientDetails').client as { credit: string }).credit;
}

async function logOf(t: Test, app: FastifyInstance, id: string, session?: string) {
  const body = await api(app, 'getClientCreditLog', { id }, { session });
  return assertSuccess(t, body, 'getClientCreditLog').log as Array<Record<string, unknown>>;
}

/** The fields of a log entry a user checks first: what came in or went out, the balance after it, and why. */
function brief(entries: Array<Record<string, unknown>>) {
  return entries.map(({ id, in: added, out, balance, description }) => ({ id, in: added, out, balance, description }));
}

t.test('addClientCredit adds to the credit balance and logs the change', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { client_id: '6', amount: '10.50', description: 'Refund of a duplicated SSL order' });
  assertSuccess(t, body, CALL);
  t.strictSame(body, { success: true, call: CALL, server_time: SERVER_TIME, info: ['Client credit increased'] });

  t.equal(await creditOf(t, app, '6'), '35.50', 'the 25.00 the client had plus 10.50');
  const log = await logOf(t, app, '6');
  t.strictSame(log[0], {
    id: '5',
    date: NOW,
    client_id: '6',
    in: '10.50',
    out: '0.00',
    balance: '35.50',
    description: 'Refund of a duplicated SSL order',
    invoice_id: '0',
    transaction_id: '0',
    admin_id: '1',
    admin_name: 'admin',
    firstname: 'Farid',
    lastname: 'Haddad',
    currency_id: '0',
    transid: '',
    data_edit: {
      id: '5',
      date: '20/11/2026',
      client_id: '6',
      in: '10.50',
      out: '0.00',
      balance: '35.50',
      description: 'Refund of a duplicated SSL order',
      transaction_id: '0',
      invoice_id: '0',
    },
  });
  idOrder(t, log, ['5', '1'], 'the new entry comes before the bundled one');
  t.equal(await creditOf(t, app, '7'), '0.00', 'no other client gains anything');
});

t.test('addClientCredit takes plain numbers and keeps a running balance in the client currency', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, { client_id: '2', amount: '10' }), CALL);
  assertSuccess(t, await api(app, CALL, { client_id: '2', amount: '0.5' }), CALL);
  // A JSON body may carry the amount as a number, as the n8n node sends it.
  const json = await api(app, CALL, { client_id: '2', amount: 4.25 as unknown as string }, { via: 'json' });
  assertSuccess(t, json, CALL);
  t.equal(await creditOf(t, app, '2'), '29.75', 'the bundled 15.00 plus 14.75');
  const log = await logOf(t, app, '2');
  t.strictSame(brief(log), [
    { id: '7', in: '4.25', out: '0.00', balance: '29.75', description: 'Credit added by staff' },
    { id: '6', in: '0.50', out: '0.00', balance: '25.50', description: 'Credit added by staff' },
    { id: '5', in: '10.00', out: '0.00', balance: '25.00', description: 'Credit added by staff' },
    {
      id: '4',
      in: '15.00',
      out: '0.00',
      balance: '15.00',
      description: 'Credit added by staff: compensation for a delayed server migration',
    },
  ]);
  t.ok(
    log.every((entry) => entry.currency_id === '1'),
    "entries are in the client's currency (EUR)",
  );

  assertSuccess(t, await api(app, CALL, { client_id: '2', amount: '1', description: '' }), CALL);
  t.equal((await logOf(t, app, '2'))[0].description, 'Credit added by staff', 'an empty description reads as the default');
});

t.test('addClientCredit answers and changes the same through GET, urlencoded and multipart', async (t) => {
  const app = await build(t);
  const params = { client_id: '5', amount: '12.34', description: 'Goodwill' };
  assertSuccess(t, sameAnswers(t, await callInEachSession(app, CALL, params)), CALL);
  for (const via of ENCODINGS) {
    t.equal(await creditOf(t, app, '5', sessionOf(via)), '12.34', `${via}: credit`);
    t.strictSame(brief((await logOf(t, app, '5', sessionOf(via))).slice(0, 1)), [
      { id: '5', in: '12.34', out: '0.00', balance: '12.34', description: 'Goodwill' },
    ]);
  }
  t.equal(await creditOf(t, app, '5'), '0.00', 'the default session is untouched');
});

refusals(
  'addClientCredit refusals change nothing',
  CALL,
  [
    [{ amount: '5' }, 'Parameter client_id is required'],
    [{ client_id: '6' }, 'Parameter amount is required'],
    [{ client_id: 'six', amount: '5' }, 'Parameter client_id must be a positive whole number id, such as 1'],
    [
      { client_id: '6', amount: 'ten' },
      'Parameter amount must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
    ],
    [
      { client_id: '6', amount: '1.005' },
      'Parameter amount must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
    ],
    [
      { client_id: '6', amount: '-5' },
      'Parameter amount must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
    ],
    [
      { client_id: '6', amount: '0' },
      'Parameter amount must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
    ],
    [
      { client_id: '6', amount: '0.00' },
      'Parameter amount must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
    ],
    [{ client_id: '6', amount: '5', description: 'x'.repeat(256) }, 'Parameter description must be a text of at most 255 characters'],
    [{ client_id: '99', amount: '5' }, 'Client 99 not found'],
    [
      { client_id: '10', amount: '5' },
      'Client 10 is a contact of client 1, not a main client: credit belongs to the main client: add it to client 1',
    ],
  ],
  'no credit and no log entry written',
);

t.test('addClientCredit: an unknown record and a refused amount in one answer', async (t) => {
  const app = await build(t);
  await refusedAtOnce(t, app, CALL, { client_id: '99', amount: '-5' }, [
    'Client 99 not found',
    'Parameter amount must be an amount more than 0 with at most two decimals, up to 999999999999.99, such as 10.50',
  ]);
});
