import { defineMutation } from '../operation.js';
import { fail, messages } from '../../errors.js';
import { referOrder, referralProblems } from '../../domain/affiliates.js';
import type { SetOrderReferrerRequest, SetOrderReferrerResult } from '../../generated/wire.js';

export default defineMutation<SetOrderReferrerRequest, SetOrderReferrerResult & { info: string[] }>({
  mutates: true,
  run({ id, referral }, { world, now }) {
    const order = world.get('orders', id);
    const affiliate = world.get('affiliates', referral);
    // Both records are looked up first, so a call naming two unknown ones hears of both.
    if (!order || !affiliate) {
      fail([...(order ? [] : [messages.notFound('Order', id)]), ...(affiliate ? [] : [messages.notFound('Affiliate', referral)])]);
    }
    const problems = referralProblems(world, order, affiliate);
    if (problems.length > 0) fail(problems);
    referOrder(world, order, affiliate, now);
    // The published answer's info is a raw language key.
    return { info: ['order_marked_referred'] };
  },
});
