import { defineMutation } from '../operation.js';
import { Checks, fail, messages, notFound } from '../../errors.js';
import { ZERO_DATE, parseDateTime } from '../../lib/dates.js';
import { requireEnabledGateway } from '../../domain/gateways.js';
import { formatCents, toCents } from '../../domain/money.js';
import { isTld } from '../../domain/products.js';
import { nextInvoiceDate, onProduct, requireService } from '../../domain/services.js';
import type { Account, EditAccountDetailsRequest, EditAccountDetailsResult } from '../../generated/wire.js';

/** A real calendar date; 0000-00-00 ("never") only where `never` allows it. */
function checkDate(name: string, value: string | undefined, never = false): void {
  if (value === undefined || (never && value === ZERO_DATE)) return;
  if (parseDateTime(value) === undefined) fail(messages.paramInvalid(name, 'a date as YYYY-MM-DD'));
}

const money = (value: string | undefined) => (value === undefined ? undefined : formatCents(toCents(value)));

// Fields stored exactly as sent.
const AS_SENT = ['date_created', 'domain', 'server_id', 'status', 'username', 'password', 'notes'] as const;

export default defineMutation<EditAccountDetailsRequest, EditAccountDetailsResult & { info: string[] }>({
  mutates: true,
  run(p, { world }) {
    // The service, the dates, the product and the gateway are checked together: every problem in one answer.
    const checks = new Checks();
    const found = checks.value(() => requireService(world, p.id));
    checks.pass(() => checkDate('date_created', p.date_created));
    checks.pass(() => checkDate('next_due', p.next_due, true));
    // billsim keeps no commitment date or root password: both are checked, then have no effect.
    checks.pass(() => checkDate('commitment_date', p.commitment_date, true));
    const productId = p.product_id;
    const product =
      productId === undefined
        ? undefined
        : checks.value(() => {
            const named = world.get('products', productId) ?? notFound('Product', productId);
            if (isTld(named)) fail(messages.productIsTld(named.id, named.name));
            return named;
          });
    const gateway = p.payment_module;
    if (gateway !== undefined) checks.pass(() => requireEnabledGateway(world, gateway));
    const { account } = checks.settle({ account: found });

    let next: Account = product ? onProduct(account, product) : { ...account };
    for (const key of AS_SENT) if (p[key] !== undefined) next = { ...next, [key]: p[key] };
    if (p.payment_module !== undefined) next.payment_module = p.payment_module;
    next.firstpayment = money(p.firstpayment) ?? next.firstpayment;
    next.total = money(p.total) ?? next.total;
    // The renewal invoice date is derived from the due date, so it follows it.
    if (p.next_due !== undefined) next = { ...next, next_due: p.next_due, next_invoice: nextInvoiceDate(world, next, p.next_due) };
    world.replace('accounts', next);
    return { info: ['account_updated2'] };
  },
});
