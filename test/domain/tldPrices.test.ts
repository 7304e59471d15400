// bulkSetPrices' updatedomains: which domains of a TLD take its new renew price.
import t from 'tap';
import type { Domain } from '../../src/generated/wire.js';
import { repriceDomains } from '../../src/domain/domains.js';
import { world, write } from '../helpers/world.js';

const TLD = {
  id: '20',
  name: '.com',
  paytype: 'DomainRegular' as const,
  periods: [
    { period: '1', register: '10.00', transfer: '10.00', renew: '11.00' },
    { period: '2', register: '20.00', transfer: '20.00', renew: '0.00' },
  ],
};

t.test('each held domain of the TLD takes the renew price of its period; others keep theirs', async (t) => {
  const statuses: Domain['status'][] = [
    'Pending',
    'Pending Registration',
    'Pending Transfer',
    'Active',
    'Expired',
    'Cancelled',
    'Fraud',
    'Transferred Away',
  ];
  const w = world({
    currencies: [
      { id: '0', rate: '1.0000' },
      { id: '1', rate: '0.5000' },
    ],
    products: [TLD],
    domains: [
      ...statuses.map((status) => ({ status, tld_id: '20', period: '1', recurring_amount: '9.00' })),
      { tld_id: '20', period: '2', status: 'Active' as const, recurring_amount: '19.00' },
      { tld_id: '20', period: '3', status: 'Active' as const, recurring_amount: '29.00' },
      { tld_id: '20', period: '1', status: 'Active' as const, recurring_amount: '9.00', currency_id: '1' },
      { tld_id: '21', period: '1', status: 'Active' as const, recurring_amount: '9.00' },
    ],
  });
  const changed = write(w, () => repriceDomains(w, w.get('products', '20')!));
  t.strictSame(
    w.all('domains').map((d) => d.recurring_amount),
    ['11.00', '11.00', '11.00', '11.00', '11.00', '9.00', '9.00', '9.00', '19.00', '29.00', '5.50', '9.00'],
    'held domains repriced; closed ones, a 0.00 renew price, an unpriced period and another TLD kept; another currency converted',
  );
  t.equal(changed, 6);
});
