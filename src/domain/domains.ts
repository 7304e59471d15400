// Domains as the API shows them: the list item of getClientDomains and the
// details of getDomainDetails, with the client's names and the registrar joined in.
import { tldAutomation } from './automationSettings.js';
import type { View, World } from '../store/world.js';
import type { Domain, DomainDetails, DomainListItem, DraftDomain, Product } from '../generated/wire.js';
import { fail, messages, notFound } from '../errors.js';
import { addDays, addMonths, formatDate, parseDateTime, ZERO_DATE, ZERO_DATETIME } from '../lib/dates.js';
import { containsText, sameText } from '../lib/lists.js';
import { formatCents, toCents } from './money.js';
import { fromMainCents } from './currencies.js';
import { soldTlds } from './products.js';
import { clientNames } from './views.js';

/** A registrar's display name ("" when the id is "0" or unknown), as domain lists show it. */
export function registrarName(world: View, registrarId: string): string {
  return world.get('registrars', registrarId)?.name ?? '';
}

export function requireDomain(world: View, id: string): Domain {
  return world.get('domains', id) ?? notFound('Domain', id);
}

/** A domain as getClientDomains lists it: the client id is `cid`, `module` the registrar's name. */
export function domainItem(world: View, domain: Domain): DomainListItem {
  const { firstname, lastname } = clientNames(world, domain.client_id);
  return {
    id: domain.id,
    manual: domain.manual,
    name: domain.name,
    lastname,
    firstname,
    cid: domain.client_id,
    period: domain.period,
    recurring_amount: domain.recurring_amount,
    currency_id: domain.currency_id,
    module: registrarName(world, domain.reg_module),
    next_due: domain.next_due,
    expires: domain.expires,
    status: domain.status,
    type: domain.type,
    date_created: domain.date_created,
    autorenew: domain.autorenew,
    reglock: domain.reglock,
    idprotection: domain.idprotection,
  };
}

/** getDomains' `list` values and the statuses each keeps ("all": no condition). */
export const DOMAIN_LISTS = {
  all: undefined,
  active: ['Active'],
  expired: ['Expired'],
  // Every domain still waiting for the registry.
  pending: ['Pending', 'Pending Registration', 'Pending Transfer'],
  pending_transfer: ['Pending Transfer'],
  pending_registration: ['Pending Registration'],
} as const satisfies Record<string, readonly Domain['status'][] | undefined>;

export type DomainList = keyof typeof DOMAIN_LISTS;

/** The filter[...] keys getDomains and getClientDomains share. */
export interface DomainFilter {
  name?: string;
  status?: string;
  module?: string;
  client_name?: string;
}

/**
 * One predicate per condition of a domain list: the `list` statuses, then each
 * filter[...] key. Text filters match a part, case-insensitively, the registrar
 * its name as items show it in any letter case; "" means no filter.
 */
export function domainMatchers(world: View, filter: DomainFilter, list: DomainList = 'all'): Array<(d: Domain) => boolean> {
  const checks: Array<(d: Domain) => boolean> = [];
  const statuses: readonly string[] | undefined = DOMAIN_LISTS[list];
  if (statuses) checks.push((d) => statuses.includes(d.status));
  const { name, status, module, client_name: clientName } = filter;
  if (name) checks.push((d) => containsText(d.name, name));
  if (status) checks.push((d) => d.status === status);
  if (module) checks.push((d) => sameText(registrarName(world, d.reg_module), module));
  if (clientName) {
    checks.push((d) => {
      const { firstname, lastname } = clientNames(world, d.client_id);
      return containsText(`${firstname} ${lastname}`, clientName);
    });
  }
  return checks;
}

/** Always four nameserver slots, empty strings for unset ones, as the real answer has. */
export function fourNameservers(list: readonly string[]): [string, string, string, string] {
  const [a = '', b = '', c = '', d = ''] = list;
  return [a, b, c, d];
}

/** getDomainDetails' `details`: stored fields in the wire's order (no currency_id), client names, fixed flags. */
export function domainDetails(world: View, d: Domain): DomainDetails {
  const { firstname, lastname } = clientNames(world, d.client_id);
  return {
    id: d.id,
    client_id: d.client_id,
    order_id: d.order_id,
    tld_id: d.tld_id,
    name: d.name,
    reg_module: d.reg_module,
    payment_module: d.payment_module,
    date_created: d.date_created,
    firstpayment: d.firstpayment,
    recurring_amount: d.recurring_amount,
    period: d.period,
    expires: d.expires,
    type: d.type,
    status: d.status,
    next_due: d.next_due,
    next_invoice: d.next_invoice,
    idprotection: d.idprotection,
    nameservers: fourNameservers(d.nameservers),
    autorenew: d.autorenew,
    reglock: d.reglock,
    manual: d.manual,
    epp_code: d.epp_code,
    notes: d.notes,
    extended: d.extended,
    synch_date: d.synch_date,
    // The real API answers false for both when no nameserver IPs or custom fields are set; billsim stores neither.
    nsips: false,
    lastname,
    firstname,
    custom: false,
  };
}

/** Name servers a new domain starts with, those of the bundled world's hosting. */
export const DEFAULT_NAMESERVERS = ['ns1.lumenhost.net', 'ns2.lumenhost.net', '', ''];

const SLD = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const SLD_RULE = 'a domain label of 1-63 letters, digits and inner hyphens, such as example';

/**
 * A second-level label as registries accept it: letters, digits and inner
 * hyphens, 1-63 characters; stored lower-case. A refusal names `param` and
 * says what it must be (`rule`).
 */
export function checkSld(sld: string, param = 'domain_sld', rule = SLD_RULE): string {
  const label = sld.toLowerCase();
  if (!SLD.test(label)) fail(messages.paramInvalid(param, rule));
  return label;
}

const FULL_NAME_RULE =
  'a full domain name: one label of 1-63 letters, digits and inner hyphens, then its TLD, such as example.com (no scheme, www. or path)';
const NAME_SHAPE = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/;

/**
 * A full domain name split as HostBill keeps it, its label and the TLD product
 * that sells it (the longest sold TLD it ends in: .co.uk before .uk). Lower-cased;
 * a malformed name or a TLD the world does not sell is refused, naming `param`.
 */
export function splitDomainName(world: View, given: string, param = 'domain'): { name: string; label: string; tld: Product } {
  const name = given.toLowerCase();
  if (!NAME_SHAPE.test(name)) fail(messages.paramInvalid(param, FULL_NAME_RULE));
  const tlds = soldTlds(world);
  const tld = tlds
    .filter((p) => name.endsWith(p.name.toLowerCase()) && name.length > p.name.length)
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (!tld) {
    fail(
      messages.domainTldNotSold(
        name,
        name.slice(name.lastIndexOf('.')),
        tlds.map((p) => p.name),
      ),
    );
  }
  const label = checkSld(name.slice(0, -tld.name.length), param, FULL_NAME_RULE);
  return { name, label, tld };
}

/** Domains the world holds under this name (any letter case), through one shared index. */
export function domainsNamed(world: View, name: string): readonly Domain[] {
  return world.whereKey('domains', 'name:lower', (row) => row.name.toLowerCase(), name.toLowerCase());
}

/** A registration or transfer that has ended (Cancelled, Expired, moved away) no longer holds its name. */
const RELEASED: readonly Domain['status'][] = ['Cancelled', 'Expired', 'Transferred Away', 'Fraud'];

export function domainHeld(world: View, name: string): Domain | undefined {
  return domainsNamed(world, name).find((d) => !RELEASED.includes(d.status));
}

/** Whether the registry names collection lists this name as registered elsewhere (any letter case). */
export function registeredElsewhere(world: View, name: string): boolean {
  return world.whereKey('registry_names', 'name:lower', (row) => row.name.toLowerCase(), name.toLowerCase()).length > 0;
}

/** Whether a full domain name may be registered: no domain here holds it and no one holds it elsewhere. */
export function domainAvailable(world: View, name: string): boolean {
  return !domainHeld(world, name) && !registeredElsewhere(world, name);
}

/** The periods (in years) a TLD is priced on for an action: its price-list rows whose price for the action is not "0.00". */
export function offeredPeriods(tld: Product, action: DraftDomain['action']): string[] {
  const rows = tld.periods ?? [];
  return rows.filter((row) => toCents(action === 'Transfer' ? row.transfer : row.register) !== 0).map((row) => row.period);
}

/** The register, transfer or renew price of a TLD for a period, in main-currency cents; undefined when not sold so. */
export function tldPriceCents(tld: Product, period: string, kind: 'register' | 'transfer' | 'renew'): number | undefined {
  const row = tld.periods?.find((p) => p.period === period);
  return row ? toCents(row[kind]) : undefined;
}

/** `date` plus a domain period in years, as YYYY-MM-DD. */
export function plusYears(date: Date, period: string): string {
  return formatDate(addMonths(date, 12 * Number(period)));
}

/** Domains whose renewal price follows their TLD's (bulkSetPrices updatedomains): all but those no longer held here. */
const REPRICED: readonly Domain['status'][] = ['Pending', 'Pending Registration', 'Pending Transfer', 'Active', 'Expired'];

/**
 * Gives the TLD's domains its current renew price for their own period as
 * their recurring amount, in each domain's currency; a domain whose period the
 * TLD does not renew (no row, or a 0.00 price) keeps its amount. Answers how many changed.
 */
export function repriceDomains(world: World, tld: Product): number {
  let changed = 0;
  for (const domain of [...world.where('domains', 'tld_id', tld.id)]) {
    const cents = tldPriceCents(tld, domain.period, 'renew');
    if (!REPRICED.includes(domain.status) || !cents) continue;
    const recurring_amount = formatCents(fromMainCents(world, cents, domain.currency_id));
    if (recurring_amount === domain.recurring_amount) continue;
    world.replace('domains', { ...domain, recurring_amount });
    changed++;
  }
  return changed;
}

/** The day a domain's renewal invoice is made for a due date: its TLD's invoice_days earlier (automationSettings.ts). */
export function invoiceDateBefore(world: View, domain: Pick<Domain, 'tld_id'>, due: string): string {
  return formatDate(addDays(parseDateTime(due) as Date, -tldAutomation(world, domain.tld_id).invoiceDays));
}

export interface NewDomain {
  clientId: string;
  orderId: string;
  tld: Product;
  name: string;
  action: 'Register' | 'Transfer';
  period: string;
  eppCode: string;
  paymentModule: string;
  currencyId: string;
  /** First payment and yearly renewal, in cents of currencyId. */
  firstCents: number;
  renewCents: number;
  idprotection: boolean;
  nameservers?: readonly string[];
  now: Date;
  id?: string;
}

/** A domain as an order creates it: Pending Registration or Pending Transfer, not yet expiring. The caller inserts it. */
export function newDomain(world: View, spec: NewDomain): Domain {
  const nextDue = plusYears(spec.now, spec.period);
  return {
    id: spec.id ?? world.nextId('domains'),
    client_id: spec.clientId,
    order_id: spec.orderId,
    tld_id: spec.tld.id,
    name: spec.name,
    reg_module: spec.tld.module,
    payment_module: spec.paymentModule,
    date_created: formatDate(spec.now),
    firstpayment: formatCents(spec.firstCents),
    recurring_amount: formatCents(spec.renewCents),
    period: spec.period,
    expires: ZERO_DATE,
    type: spec.action,
    status: spec.action === 'Register' ? 'Pending Registration' : 'Pending Transfer',
    next_due: nextDue,
    next_invoice: invoiceDateBefore(world, { tld_id: spec.tld.id }, nextDue),
    idprotection: spec.idprotection ? '1' : '0',
    nameservers: fourNameservers(spec.nameservers ?? DEFAULT_NAMESERVERS),
    autorenew: '1',
    reglock: '1',
    manual: '0',
    epp_code: spec.eppCode,
    notes: '',
    extended: '',
    synch_date: ZERO_DATETIME,
    currency_id: spec.currencyId,
  };
}
