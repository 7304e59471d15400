import { callerOf, defineWrite } from '../route.js';
import { customerDomain } from '../../domain/customerDomains.js';
import { followRenewalInvoice } from '../../domain/automation.js';
import { requireEnabledGateway } from '../../domain/gateways.js';
import { renewDomainNow } from '../../domain/renewals.js';
import { Checks, fail, messages } from '../../errors.js';
import type { UserApiPostDomainIdRenewAnswer, UserApiPostDomainIdRenewInput } from '../../generated/wire.js';

export default defineWrite<UserApiPostDomainIdRenewInput, UserApiPostDomainIdRenewAnswer>({
  run({ id, years, pay_method }, ctx) {
    const { world, now } = ctx;
    const domain = customerDomain(world, callerOf(ctx).clientId, id);
    const checks = new Checks();
    // A domain renews by its own period: the renewal line and the registrar's renewal both use it.
    if (years !== undefined && years !== domain.period) checks.pass(() => fail(messages.domainRenewYears(domain.id, domain.period)));
    const gateway = pay_method === undefined ? undefined : checks.value(() => requireEnabledGateway(world, pay_method, 'pay_method'));
    checks.settle();
    const invoice = renewDomainNow(world, domain, now, gateway?.id);
    followRenewalInvoice(world, invoice, { domain_id: domain.id }, now);
    return { invoice_id: invoice.id, info: [messages.domainRenewed(domain.id, invoice.id)] };
  },
});
