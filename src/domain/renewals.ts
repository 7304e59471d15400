// Renewal invoices: the daily run bills an Active service one period ahead of
// its due date and an auto-renewing domain ahead of its expiry; paying such an
// invoice moves the due date one period on (and, when the TLD says so, renews
// the domain at the registrar). Both sides live here so the dates agree.
import type { Account, Domain, Invoice, Product } from '../generated/wire.js';
import type { View, World } from '../store/world.js';
import { fail, messages } from '../errors.js';
import { openCancellation } from './cancellations.js';
import { type Cycle, addPeriods, cycleCode, firstPeriod, isRecurring } from './cycles.js';
import { formatDate, parseDateTime, ZERO_DATE } from '../lib/dates.js';
import { invoiceDateBefore, plusYears } from './domains.js';
import { type LineIds, lineDate } from './invoiceLines.js';
import { type NewLine, issueInvoice, newInvoice } from './invoices.js';
import { renewDomain, renewable } from './registrar.js';
import { nextInvoiceDate } from './services.js';
import { tldAutomation } from './automationSettings.js';
import { markBilled, meteredLines } from './metered.js';

/** The line of one period of a service, from its start: "Business Hosting - example.com (14/12/2026 - 13/01/2027)". */
export function servicePeriodLine(service: Account, product: Product, cycle: Cycle, start: Date): NewLine {
  const { from, to } = firstPeriod(cycle, start);
  const what = service.domain ? `${product.name} - ${service.domain}` : product.name;
  const description = isRecurring(cycle) ? `${what} (${lineDate(from)} - ${lineDate(to)})` : what;
  return { type: 'Hosting', item_id: service.id, description, amount: service.total, taxed: product.tax === '1' };
}

/** The renewal line of a domain: "Domain Renewal: example.com Period: 1 Year/s". */
export function domainRenewalLine(domain: Domain, tld: Product | undefined): NewLine {
  return {
    type: 'Domain Renew',
    item_id: domain.id,
    description: `Domain Renewal: ${domain.name} Period: ${domain.period} Year/s`,
    amount: domain.recurring_amount,
    taxed: tld?.tax === '1',
  };
}

/** A service's cycle when it renews by itself: hourly, one-time and free services get no renewal invoices. */
function renewingCycle(service: Account) {
  const cycle = cycleCode(service.billingcycle);
  return cycle && isRecurring(cycle) && cycle !== 'h' ? cycle : undefined;
}

/** Whether the daily run of `day` bills the service: Active, renewing, and its invoice date has come. */
export function serviceInvoiceDue(service: Account, day: string): boolean {
  return service.status === 'Active' && service.next_invoice !== ZERO_DATE && service.next_invoice <= day && !!renewingCycle(service);
}

/**
 * The renewal invoice for the period whose invoice date is the service's
 * next_invoice (its next_due, or a later one when that is billed already),
 * dated `day` and due on that period's first day, with the metered usage
 * recorded before `day` (metered.ts); next_invoice moves to the
 * following period's invoice date. Answers undefined, changing nothing, for a
 * service that is not due or whose product or client is gone; `early` bills
 * it before its invoice date (renewServiceNow).
 */
export function renewService(world: World, service: Account, day: string, ids?: LineIds, early = false): Invoice | undefined {
  const cycle = renewingCycle(service);
  const product = world.get('products', service.product_id);
  const client = world.get('clients', service.client_id);
  let due = parseDateTime(service.next_due);
  const billable = early ? canRenewEarly(service) : serviceInvoiceDue(service, day);
  if (!cycle || !product || !client || !due || !billable) return undefined;
  // A period already billed moved next_invoice past its own invoice date.
  for (let n = 0; n < 1000 && nextInvoiceDate(world, service, formatDate(due)) < service.next_invoice; n++) due = addPeriods(due, cycle);
  // The usage measured until this run's day is billed with the period, one line per metered variable.
  const metered = meteredLines(world, service, product, day);
  const lines = [servicePeriodLine(service, product, cycle, due), ...metered.lines];
  const invoice = newInvoice(world, {
    client,
    currency_id: service.currency_id,
    payment_module: service.payment_module,
    date: day,
    duedate: formatDate(due),
    lines,
    firstLineId: ids?.take(lines.length),
  });
  // The daily run dates what it does at the day's midnight.
  issueInvoice(world, invoice, parseDateTime(day) as Date);
  markBilled(world, metered.records, invoice.id);
  world.replace('accounts', { ...service, next_invoice: nextInvoiceDate(world, service, formatDate(addPeriods(due, cycle))) });
  return invoice;
}

/** Whether a service may be billed before its invoice date (a renewal asked for now): Active and renewing by itself. */
export function canRenewEarly(service: Account): boolean {
  return service.status === 'Active' && service.next_invoice !== ZERO_DATE && !!renewingCycle(service);
}

/** The Unpaid invoice that bills a period of the service, if any. */
export function unpaidRenewal(world: View, service: Account): Invoice | undefined {
  return world
    .where('invoices', 'client_id', service.client_id)
    .find((invoice) => invoice.status === 'Unpaid' && invoice.items.some((line) => line.type === 'Hosting' && line.item_id === service.id));
}

/**
 * A renewal asked for now (the customer's renew): the same invoice the daily
 * run makes on the invoice date, for the next unbilled period, made today.
 * Refused for a service that does not renew by itself or is not Active, one
 * asked to cancel, and while an Unpaid invoice already bills it (paying that one renews it).
 */
export function renewServiceNow(world: World, service: Account, day: string): Invoice {
  if (!canRenewEarly(service)) fail(messages.serviceNotRenewable(service.id, service.status, service.billingcycle));
  const request = openCancellation(world, service.id);
  if (request) fail(messages.serviceRenewalCancelling(service.id, request.id));
  const unpaid = unpaidRenewal(world, service);
  if (unpaid) fail(messages.serviceRenewalUnpaid(service.id, unpaid.id));
  return (
    renewService(world, service, day, undefined, true) ??
    fail(messages.serviceNotRenewable(service.id, service.status, service.billingcycle))
  );
}

/** Whether the daily run of `day` bills the domain: Active, auto-renewing, and its invoice date has come. */
export function domainInvoiceDue(domain: Domain, day: string): boolean {
  return domain.status === 'Active' && domain.autorenew === '1' && domain.next_invoice !== ZERO_DATE && domain.next_invoice <= day;
}

/**
 * The renewal invoice of a domain for its next_due, dated `day`; next_invoice
 * moves to the following period's. `early` bills it before its invoice date
 * (renewDomainNow), on the gateway it names.
 */
export function renewDomainInvoice(
  world: World,
  domain: Domain,
  day: string,
  ids?: LineIds,
  early?: { paymentModule: string },
): Invoice | undefined {
  const client = world.get('clients', domain.client_id);
  const due = parseDateTime(domain.next_due);
  if (!client || !due || (!early && !domainInvoiceDue(domain, day))) return undefined;
  const invoice = newInvoice(world, {
    client,
    currency_id: domain.currency_id,
    payment_module: early?.paymentModule ?? domain.payment_module,
    date: day,
    duedate: domain.next_due,
    lines: [domainRenewalLine(domain, world.get('products', domain.tld_id))],
    firstLineId: ids?.take(),
  });
  issueInvoice(world, invoice, parseDateTime(day) as Date);
  world.replace('domains', { ...domain, next_invoice: invoiceDateBefore(world, domain, plusYears(due, domain.period)) });
  return invoice;
}

/** The Unpaid invoice that renews the domain, if any. */
export function unpaidDomainRenewal(world: View, domain: Domain): Invoice | undefined {
  return world
    .where('invoices', 'client_id', domain.client_id)
    .find(
      (invoice) => invoice.status === 'Unpaid' && invoice.items.some((line) => line.type === 'Domain Renew' && line.item_id === domain.id),
    );
}

/**
 * A domain renewal asked for now (the customer's renew): the invoice the daily
 * run makes on the invoice date, made today on `paymentModule`. Refused for a
 * domain the registrar would not renew (renewable: Active, or Expired within
 * grace) and while an Unpaid invoice already renews it (paying that one renews it).
 */
export function renewDomainNow(world: World, domain: Domain, now: Date, paymentModule = domain.payment_module): Invoice {
  if (!renewable(world, domain, now)) {
    if (domain.status === 'Expired') {
      fail(messages.renewPastGrace(domain.id, domain.name, domain.expires, tldAutomation(world, domain.tld_id).graceDays));
    }
    fail(messages.domainStatusRefused(domain.id, domain.name, domain.status, ['Active', 'Expired'], 'renewed'));
  }
  const unpaid = unpaidDomainRenewal(world, domain);
  if (unpaid) fail(messages.domainRenewalUnpaid(domain.id, unpaid.id));
  const invoice = renewDomainInvoice(world, domain, formatDate(now), undefined, { paymentModule });
  return invoice ?? fail(messages.notFound('Client', domain.client_id));
}

/**
 * What a paid invoice renews: each service it bills for the period starting on
 * the service's next_due (its due date is the invoice's) is paid one period
 * further; each domain it renews is renewed at the registrar when its TLD
 * auto-renews on payment and the registrar would accept it. Order invoices
 * bill Pending services and domains, which this leaves alone.
 */
export function applyPaidRenewals(world: World, invoice: Invoice, now: Date): void {
  for (const line of invoice.items) {
    if (line.type === 'Hosting') {
      const service = world.get('accounts', line.item_id);
      const cycle = service && renewingCycle(service);
      if (!service || !cycle || (service.status !== 'Active' && service.status !== 'Suspended')) continue;
      if (service.next_due !== invoice.duedate) continue;
      const nextDue = formatDate(addPeriods(parseDateTime(service.next_due) as Date, cycle));
      const invoiceDate = nextInvoiceDate(world, service, nextDue);
      const nextInvoice = service.next_invoice > invoiceDate ? service.next_invoice : invoiceDate;
      world.replace('accounts', { ...service, next_due: nextDue, next_invoice: nextInvoice });
    } else if (line.type === 'Domain Renew') {
      const domain = world.get('domains', line.item_id);
      if (!domain || domain.next_due !== invoice.duedate || !tldAutomation(world, domain.tld_id).autoRenewOnPayment) continue;
      if (renewable(world, domain, now)) renewDomain(world, domain, now);
    }
  }
}

/** The day a service's renewal invoice is due to be made: its next_invoice while it renews by itself and is Active. */
function serviceBillingDay(service: Account): string | undefined {
  return service.status === 'Active' && service.next_invoice !== ZERO_DATE && renewingCycle(service) ? service.next_invoice : undefined;
}

/** The day a domain's renewal invoice is due to be made: its next_invoice while it is Active and auto-renews. */
function domainBillingDay(domain: Domain): string | undefined {
  return domain.status === 'Active' && domain.autorenew === '1' && domain.next_invoice !== ZERO_DATE ? domain.next_invoice : undefined;
}

/** Reads nothing but the view: which services the daily run of `day` bills, in id order, through an index by billing day. */
export function servicesToBill(world: View, day: string): Account[] {
  // A service asked to cancel at the end of its period is not billed for the next one.
  return world
    .dueBy('accounts', 'billing-day', serviceBillingDay, day)
    .filter((service) => serviceInvoiceDue(service, day) && !openCancellation(world, service.id));
}

/** Which domains the daily run of `day` bills, in id order, through an index by billing day. */
export function domainsToBill(world: View, day: string): Domain[] {
  return world.dueBy('domains', 'billing-day', domainBillingDay, day).filter((domain) => domainInvoiceDue(domain, day));
}
