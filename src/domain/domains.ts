// Domains as the API shows them: the list item of getClientDomains and the
// details of getDomainDetails, with the client's names and the registrar joined in.
import type { View } from '../store/world.js';
import type { Domain, DomainDetails, DomainListItem } from '../generated/wire.js';
import { clientNames } from './views.js';

/** A registrar's display name ("" when the id is "0" or unknown), as domain lists show it. */
export function registrarName(world: View, registrarId: string): string {
  return world.get('registrars', registrarId)?.name ?? '';
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
