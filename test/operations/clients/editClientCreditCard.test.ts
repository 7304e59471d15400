import t from 'tap';
import { api, assertSuccess, build, SERVER_TIME, storeJson } from '../../helpers/app.js';
import { clientDetails } from '../../helpers/reads.js';
import { infoAnswer } from '../../helpers/shapes.js';
import { refusals } from '../../helpers/refusals.js';

const CALL = 'editClientCreditCard';
const EDIT = { id: '1', cardnum: '5555555555554444', cardtype: 'MasterCard', expiryyear: '31', expirymonth: '02' };
const UPDATED = { success: true, call: CALL, server_time: SERVER_TIME, info: ['Credit Card details updated'] };

t.test('editClientCreditCard replaces the primary card, masked, and the client shows its new last four', async (t) => {
  const app = await build(t);
  const body = await api(app, CALL, EDIT);
  assertSuccess(t, body, CALL);
  infoAnswer(t, body, UPDATED);
  t.strictSame(app.billsim.sessions.get('default').world.get('client_cards', '1'), {
    id: '1',
    client_id: '1',
    cardtype: 'MasterCard',
    cardnum: '',
    lastfour: '4444',
    expdate: '0231',
    token: '',
    gateway_id: '2',
  });
  t.equal((await clientDetails(t, app, '1')).cardnum, '************4444');
  t.notOk(storeJson(app).includes('4111111111111111'), 'the old full number is gone too');
  t.notOk(storeJson(app).includes(EDIT.cardnum), 'the new one is never kept');
});

t.test('card_id picks another card; a token made for the old number goes unless a new one is given', async (t) => {
  const app = await build(t);
  const world = () => app.billsim.sessions.get('default').world;
  infoAnswer(t, await api(app, CALL, { ...EDIT, id: '7', card_id: '5', cardnum: '4000000000000119' }), UPDATED);
  t.match(world().get('client_cards', '5'), { lastfour: '0119', cardtype: 'MasterCard' });
  t.equal((await clientDetails(t, app, '7')).cardnum, '************4242', "a card that is not the primary one leaves the client's cardnum");
  // Client 5's only card was tokenized at gateway 4.
  infoAnswer(t, await api(app, CALL, { ...EDIT, id: '5', cardnum: '4012888888881881' }), UPDATED);
  t.match(world().get('client_cards', '2'), { lastfour: '1881', token: '', gateway_id: '4' });
  infoAnswer(t, await api(app, CALL, { ...EDIT, id: '5', card_id: 'primary', token: 'tok_9', token_gateway_id: '2' }), UPDATED);
  t.match(world().get('client_cards', '2'), { lastfour: '4444', token: 'tok_9', gateway_id: '2' });
});

t.test('an edited test card is charged by its new last four digits', async (t) => {
  const app = await build(t);
  infoAnswer(t, await api(app, CALL, { ...EDIT, id: '7', card_id: '3', cardnum: '4000000000000069' }), UPDATED);
  const charged = await api(app, 'chargeCreditCard', { id: '8' });
  t.strictSame(charged.error, ['Credit card has been declined: expired card (card ending 0069)']);
});

refusals('editClientCreditCard refusals', CALL, [
  [{ ...EDIT, id: '99' }, 'Client 99 not found'],
  [{ ...EDIT, id: '3' }, 'Client 3 has no card on file: add one with addClientCreditCard'],
  [{ ...EDIT, card_id: '3' }, 'Card 3 belongs to client 7, not to client 1: give a card of client 1 or card_id=primary'],
  [{ ...EDIT, card_id: '99' }, 'Card 99 not found'],
  [{ ...EDIT, card_id: 'first' }, 'Parameter card_id must be a card id such as 3, or primary'],
  [
    { ...EDIT, cardnum: '5555555555554440' },
    'Parameter cardnum must be a card number that passes the Luhn check, such as 4242424242424242',
  ],
  [{ ...EDIT, token: 'tok' }, 'Parameter token_gateway_id is required with token: the gateway that issued the token'],
  [{ ...EDIT, token: 'tok', token_gateway_id: '5' }, 'Gateway 5 (Mollie) is disabled: give an enabled payment gateway as token_gateway_id'],
  [{ id: '1', cardnum: EDIT.cardnum, cardtype: 'Visa', expiryyear: '31' }, 'Parameter expirymonth is required'],
]);
