// A client's affiliate account as the customer's door shows it (GET
// /api/affiliates/summary, /commissions, /payouts): the records getAffiliates
// and setOrderReferrer keep, seen by the client whose account it is.
import type { View } from '../store/world.js';
import type { Affiliate, AffiliateReferral, UserApiAffiliateCommission, UserApiAffiliateSummary } from '../generated/wire.js';
import { DoorError, messages } from '../errors.js';
import { affiliateItem } from './affiliates.js';
import { formatCents, toCents } from './money.js';

/** The client's affiliate account; a client without one is refused with 404 (there is no affiliate to show). */
export function requireAffiliateOf(world: View, clientId: string): Affiliate {
  const affiliate = world.where('affiliates', 'client_id', clientId)[0];
  if (!affiliate) throw new DoorError(404, messages.doorNotAffiliate(clientId));
  return affiliate;
}

/** The code of the currency an affiliate's amounts are kept in ("" if the currency is gone). */
export function affiliateCurrency(world: View, affiliate: Affiliate): string {
  return world.get('currencies', affiliate.currency_id)?.code ?? '';
}

function sumOf(referrals: readonly AffiliateReferral[], status: AffiliateReferral['status']): string {
  return formatCents(referrals.filter((r) => r.status === status).reduce((sum, r) => sum + toCents(r.commission), 0));
}

/** The account as getAffiliates lists it (names left out: they are the caller's own), with its rate, currency and commission sums. */
export function affiliateSummary(world: View, affiliate: Affiliate): UserApiAffiliateSummary {
  const listed = affiliateItem(world, affiliate);
  const referrals = world.where('affiliate_referrals', 'affiliate_id', affiliate.id);
  return {
    id: affiliate.id,
    status: affiliate.status,
    date_created: affiliate.date_created,
    currency_id: affiliate.currency_id,
    currency: affiliateCurrency(world, affiliate),
    commission_rate: affiliate.commission_rate,
    balance: affiliate.balance,
    total_withdrawn: affiliate.total_withdrawn,
    visits: affiliate.visits,
    signups: listed.signups,
    signups_pending: listed.signups_pending,
    pending: sumOf(referrals, 'Pending'),
    earned: sumOf(referrals, 'Earned'),
  };
}

/** One commission: the referral record as it is kept. */
export function affiliateCommission(referral: AffiliateReferral): UserApiAffiliateCommission {
  const { id, order_id, date_created, commission, status, date_earned } = referral;
  return { id, order_id, date_created, commission, status, date_earned };
}
