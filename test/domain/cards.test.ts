import t from 'tap';
import { DECLINING_CARDS, declineReason } from '../../src/domain/cards.js';
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
