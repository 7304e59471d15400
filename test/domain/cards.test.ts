import t from 'tap';
import { DECLINING_CARDS, cardGatewayId, cardProblems, declineReason, luhnValid, maskedCard } from '../../src/domain/cards.js';
import { world } from '../helpers/world.js';
import type { ClientCard } from '../../src/generated/wire.js';

const NOW = new Date('2026-11-20T12:00:00Z');
const card = (lastfour: string, expdate: string): ClientCard => ({
  id: '1',
  client_id: '1',
  cardtype: 'Visa',
  cardnum: '',
  lastfour,
  expdate,
  token: '',
  gateway_id: '2',
});

t.test('the test numbers decline by their last four digits, whatever the rest of the number', async (t) => {
  t.strictSame(DECLINING_CARDS, { '9995': 'insufficient funds', '0069': 'expired card', '0119': 'gateway error' });
  t.equal(declineReason(card('9995', '1230'), NOW), 'insufficient funds');
  t.equal(declineReason(card('0069', '1230'), NOW), 'expired card');
  t.equal(declineReason(card('0119', '1230'), NOW), 'gateway error');
  t.equal(declineReason(card('4242', '1230'), NOW), undefined);
  t.equal(declineReason(card('1111', '0828'), NOW), undefined);
});

t.test('a card is good to the end of its expiry month', async (t) => {
  t.equal(declineReason(card('4242', '1126'), NOW), undefined, 'November 2026 is the clock month');
  t.equal(declineReason(card('4242', '1126'), new Date('2026-11-30T23:59:59Z')), undefined, 'its last second');
  t.equal(declineReason(card('4242', '1126'), new Date('2026-12-01T00:00:00Z')), 'card expired 11/2026');
  t.equal(declineReason(card('4242', '1026'), NOW), 'card expired 10/2026');
  t.equal(declineReason(card('4242', '1225'), NOW), 'card expired 12/2025', 'December rolls over into January');
  t.equal(declineReason(card('9995', '0125'), NOW), 'card expired 01/2025', 'the expiry is checked first');
});

t.test('luhnValid: the test numbers pass, a changed digit fails', async (t) => {
  for (const number of [
    '4242424242424242',
    '4000000000009995',
    '4000000000000069',
    '4000000000000119',
    '5555555555554444',
    '4111111111111111',
  ])
    t.ok(luhnValid(number), number);
  for (const number of ['4242424242424241', '4000000000009990', '1234567890123']) t.notOk(luhnValid(number), number);
});

t.test('maskedCard keeps the last four digits only, the expiry as MMYY', async (t) => {
  const given = { cardnum: '4000000000009995', cardtype: 'Visa', expiryyear: '2029', expirymonth: '8' };
  t.strictSame(maskedCard(given), { cardtype: 'Visa', cardnum: '', lastfour: '9995', expdate: '0829', token: '' });
  t.strictSame(maskedCard({ ...given, expiryyear: '31', expirymonth: '12', token: 'tok' }), {
    cardtype: 'Visa',
    cardnum: '',
    lastfour: '9995',
    expdate: '1231',
    token: 'tok',
  });
});

t.test('cardProblems names every problem at once', async (t) => {
  const good = { cardnum: '4242424242424242', cardtype: 'Visa', expiryyear: '29', expirymonth: '08' };
  t.strictSame(cardProblems(good), []);
  t.strictSame(cardProblems({ ...good, token: 't', token_gateway_id: '2' }), []);
  t.strictSame(cardProblems({ ...good, cardnum: '4242424242424241', token: 't' }), [
    'Parameter cardnum must be a card number that passes the Luhn check, such as 4242424242424242',
    'Parameter token_gateway_id is required with token: the gateway that issued the token',
  ]);
});

t.test("a new card's gateway: the one named, the primary card's, the first holding cards, the default", async (t) => {
  const gateways = [
    { id: '1', name: 'PayPal', module: 'class.paypal.php', enabled: '1' },
    { id: '2', name: 'Stripe', module: 'class.stripe.php', enabled: '1' },
    { id: '3', name: 'Old', module: 'class.old.php', enabled: '0' },
  ] as const;
  const cards = [{ client_id: '1', gateway_id: '2' }];
  const w = world({ clients: [{ id: '1' }, { id: '2', email: 'b@example.com' }], gateways: [...gateways], client_cards: cards });
  t.equal(cardGatewayId(w, '1', '1'), '1', 'named');
  t.throws(() => cardGatewayId(w, '1', '3'), /Gateway 3 \(Old\) is disabled/);
  t.equal(cardGatewayId(w, '1'), '2', "the primary card's");
  t.equal(cardGatewayId(w, '2'), '2', 'the first enabled gateway holding a card');
  const none = world({ clients: [{ id: '1' }], gateways: [...gateways] });
  t.equal(cardGatewayId(none, '1'), '1', 'the default gateway when no card is held anywhere');
});
