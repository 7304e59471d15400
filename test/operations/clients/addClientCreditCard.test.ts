import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME, storeJson } from '../../helpers/app.js';
import { clientDetails, read } from '../../helpers/reads.js';
import { refusals } from '../../helpers/refusals.js';

const CALL = 'addClientCreditCard';
const CARD = { id: '4', cardnum: '4242424242424242', cardtype: 'Visa', expiryyear: '29', expirymonth: '8' };
const ADDED = (card_id: number) => ({
  success: true,
  card_id,
  call: CALL,
  server_time: SERVER_TIME,
  info: ['Client credit card has been added!'],
});

t.test('addClientCreditCard stores the card masked and answers its id as a number, in the published order', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, CARD);
  assertSuccess(t, body, CALL);
  t.strictSame(body, ADDED(8));
  t.strictSame(Object.keys(body), ['success', 'card_id', 'call', 'server_time', 'info']);
  t.strictSame(app.billsim.sessions.get('default').world.get('client_cards', '8'), {
    id: '8',
    client_id: '4',
    cardtype: 'Visa',
    cardnum: '',
    lastfour: '4242',
    expdate: '0829',
    token: '',
    gateway_id: '2',
  });
  t.equal((await clientDetails(t, app, '4')).cardnum, '************4242', "the client's first card is its primary one, shown masked");
});

t.test('the whole number is kept nowhere, and a later card leaves the primary one alone', async (t) => {
  const app = await build(t);
  const number = '5555555555554444';
  assertSuccess(t, await api(app, CALL, { ...CARD, id: '1', cardnum: number, cardtype: 'MasterCard', expiryyear: '2031' }), CALL);
  t.notOk(storeJson(app).includes(number), 'not in the store');
  const journal = await app.inject({ method: 'GET', url: '/__billsim/requests' });
  t.notOk(journal.body.includes(number), 'not in the request journal');
  const card = app.billsim.sessions.get('default').world.get('client_cards', '8');
  t.match(card, { lastfour: '4444', expdate: '0831', cardnum: '' });
  t.equal((await clientDetails(t, app, '1')).cardnum, '************1111', 'client 1 keeps its oldest card as primary');
});

t.test('a card added for a test number is charged as the README says: declined by its last four digits', async (t) => {
  const app = await build(t);
  // Client 7's invoice 8 is Unpaid; its new card ends in 9995, insufficient funds.
  const body = await api(app, CALL, { ...CARD, id: '7', cardnum: '4000000000009995' });
  assertSuccess(t, body, CALL);
  const charged = await api(app, 'chargeCreditCard', { id: '8', card_id: String(body.card_id) });
  t.strictSame(charged.error, ['Credit card has been declined: insufficient funds (card ending 9995)']);
  const good = await api(app, CALL, { ...CARD, id: '7' });
  assertSuccess(t, await api(app, 'chargeCreditCard', { id: '8', card_id: String(good.card_id) }), 'chargeCreditCard');
  t.equal(((await read(t, app, 'getInvoiceDetails', { id: '8' })).invoice as { status: string }).status, 'Paid');
});

t.test('a tokenized card is kept at the gateway that issued the token', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, { ...CARD, token: 'cim_1', token_gateway_id: '4', expirymonth: '12' });
  t.strictSame(body, ADDED(8));
  t.match(app.billsim.sessions.get('default').world.get('client_cards', '8'), { token: 'cim_1', gateway_id: '4', expdate: '1229' });
});

refusals('addClientCreditCard parameter errors', CALL, [
  [{ cardnum: CARD.cardnum, cardtype: 'Visa', expiryyear: '29', expirymonth: '8' }, 'Parameter id is required'],
  [{ ...CARD, cardnum: '4242' }, 'Parameter cardnum must be a card number of 12 to 19 digits, such as 4242424242424242'],
  [
    { ...CARD, cardnum: '4242424242424241' },
    'Parameter cardnum must be a card number that passes the Luhn check, such as 4242424242424242',
  ],
  [{ ...CARD, cardtype: '' }, 'Parameter cardtype must be a card type of 1 to 64 characters, such as Visa or MasterCard'],
  [{ ...CARD, expiryyear: '2' }, 'Parameter expiryyear must be the expiry year as YY (or YYYY from 2000), such as 28'],
  [{ ...CARD, expirymonth: '13' }, 'Parameter expirymonth must be the expiry month from 1 to 12, such as 08'],
  [{ ...CARD, id: '99' }, 'Client 99 not found'],
  [{ ...CARD, id: '10' }, 'Client 10 is a contact of client 1, not a main client: cards belong to the main client: add it to client 1'],
  [{ ...CARD, token_gateway_id: '5' }, 'Gateway 5 (Mollie) is disabled: give an enabled payment gateway as token_gateway_id'],
  [{ ...CARD, token_gateway_id: '99' }, 'Gateway 99 not found'],
]);

t.test('every problem with the card is named at once, and nothing is kept', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  const body = await api(app, CALL, { ...CARD, id: '99', cardnum: '4242424242424241', token: 'tok', as_token: '1' });
  t.strictSame(body.error, [
    'Parameter cardnum must be a card number that passes the Luhn check, such as 4242424242424242',
    'Parameter token_gateway_id is required with token: the gateway that issued the token',
    'Parameter as_token=1 (a payment token that is not a card) is not simulated: billsim keeps cards only, so leave as_token out or answer the call with a stub',
  ]);
  t.equal(storeJson(app), before);
});
