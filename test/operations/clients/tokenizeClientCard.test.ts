import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { ENCODINGS, api, assertError, assertSuccess, build, storeJson, SERVER_TIME } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';
import { callInEachSession, sessionOf, sameAnswers } from '../../helpers/sessions.js';

const CALL = 'tokenizeClientCard';
const FULL_NUMBER = '4111111111111111';
const TOKENIZE = { client_id: '1', gateway_id: '2', token: 'tok_1QfR8sLkdIwHu7ix', lastfour: '4242', expdate: '0929' };

function world(app: FastifyInstance, session = 'default') {
  return app.billsim.sessions.get(session).world;
}

t.test('tokenizeClientCard replaces the card number by the token, leaving only the last four digits', async (t) => {
  const app = await build(t);
  t.ok(storeJson(app).includes(FULL_NUMBER), 'the seed holds the full number before');
  const body = await api(app, CALL, TOKENIZE);
  assertSuccess(t, body, CALL);
  t.strictSame(body, { success: true, call: CALL, server_time: SERVER_TIME, info: ['Tokenization succeeded'] });

  t.strictSame(world(app).get('client_cards', '1'), {
    id: '1',
    client_id: '1',
    cardtype: 'Visa',
    cardnum: '',
    lastfour: '4242',
    expdate: '0929',
    token: 'tok_1QfR8sLkdIwHu7ix',
    gateway_id: '2',
  });
  const details = await read(t, app, 'getClientDetails', { id: '1' });
  t.equal((details.client as Record<string, unknown>).cardnum, '************4242', 'getClientDetails shows the new last four, masked');
  const invoice = (await read(t, app, 'getInvoiceDetails', { id: '1' })).invoice as {
    client: Record<string, unknown>;
  };
  t.equal(invoice.client.cardnum, '************4242', 'so does the client embedded in an invoice');

  const everything = storeJson(app) + JSON.stringify(details) + JSON.stringify(invoice);
  t.notOk(everything.includes(FULL_NUMBER), 'the full number is gone from the store and every answer');
});

t.test('tokenizeClientCard keeps the stored last four and expiry when they are not given', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, { client_id: '1', gateway_id: '4', token: 'cim_1' }), CALL);
  t.strictSame(world(app).get('client_cards', '1'), {
    id: '1',
    client_id: '1',
    cardtype: 'Visa',
    cardnum: '',
    lastfour: '1111',
    expdate: '0828',
    token: 'cim_1',
    gateway_id: '4',
  });
  t.equal(world(app).get('clients', '1')!.cardnum, '************1111');
  t.notOk(storeJson(app).includes(FULL_NUMBER));
});

t.test('tokenizeClientCard replaces the token of a card tokenized before', async (t) => {
  const app = await build(t);
  assertSuccess(t, await api(app, CALL, { client_id: '5', gateway_id: '2', token: 'tok_new', expdate: '1230' }), CALL);
  t.strictSame(world(app).get('client_cards', '2'), {
    id: '2',
    client_id: '5',
    cardtype: 'MasterCard',
    cardnum: '',
    lastfour: '4444',
    expdate: '1230',
    token: 'tok_new',
    gateway_id: '2',
  });
  const details = await read(t, app, 'getClientDetails', { id: '5' });
  t.equal((details.client as Record<string, unknown>).cardnum, '************4444');
});

t.test('tokenizeClientCard works the same through GET, urlencoded and multipart POST', async (t) => {
  const app = await build(t);
  assertSuccess(t, sameAnswers(t, await callInEachSession(app, CALL, TOKENIZE)), CALL);
  const states = ENCODINGS.map((via) => [
    world(app, sessionOf(via)).get('client_cards', '1'),
    world(app, sessionOf(via)).get('clients', '1'),
  ]);
  for (let i = 1; i < states.length; i++) t.strictSame(states[i], states[0], `${ENCODINGS[i]} stored what GET stored`);
  t.equal(world(app, 'default').get('client_cards', '1')!.cardnum, FULL_NUMBER, 'other sessions are untouched');
});

t.test('tokenizeClientCard checks the client, its card and the gateway', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  assertError(t, await api(app, CALL, { ...TOKENIZE, client_id: '99' }), CALL, ['Client 99 not found']);
  assertError(t, await api(app, CALL, { ...TOKENIZE, client_id: '3' }), CALL, [
    'Client 3 has no card on file: add a card before tokenizing it',
  ]);
  // Found late: the client and its card passed their checks.
  assertError(t, await api(app, CALL, { ...TOKENIZE, gateway_id: '99' }), CALL, ['Gateway 99 not found']);
  t.equal(storeJson(app), before, 'failed calls leave the store unchanged');
});

t.test('tokenizeClientCard parameter errors', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  const cases: Array<[Record<string, string>, string]> = [
    [{ gateway_id: '2', token: 't' }, 'Parameter client_id is required'],
    [{ client_id: '1', token: 't' }, 'Parameter gateway_id is required'],
    [{ client_id: '1', gateway_id: '2' }, 'Parameter token is required'],
    [{ ...TOKENIZE, token: '' }, 'Parameter token must be a non-empty gateway token of at most 255 characters'],
    [{ ...TOKENIZE, client_id: 'abc' }, 'Parameter client_id must be a positive whole number id, such as 1'],
    [{ ...TOKENIZE, gateway_id: '0' }, 'Parameter gateway_id must be a positive whole number id, such as 1'],
    [{ ...TOKENIZE, lastfour: '424' }, 'Parameter lastfour must be the last four digits of the card, such as 4242'],
    [{ ...TOKENIZE, lastfour: '42a2' }, 'Parameter lastfour must be the last four digits of the card, such as 4242'],
    [{ ...TOKENIZE, expdate: '1329' }, "Parameter expdate must be the card's expiry as MMYY with a month from 01 to 12, such as 0828"],
    [{ ...TOKENIZE, expdate: '0029' }, "Parameter expdate must be the card's expiry as MMYY with a month from 01 to 12, such as 0828"],
    [{ ...TOKENIZE, expdate: '09/29' }, "Parameter expdate must be the card's expiry as MMYY with a month from 01 to 12, such as 0828"],
  ];
  for (const [params, message] of cases) assertError(t, await api(app, CALL, params), CALL, [message]);
  t.equal(storeJson(app), before);
});
