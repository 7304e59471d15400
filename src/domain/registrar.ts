// The simulated registrar: what its commands do to a domain record. Registering
// and completing a transfer make a domain Active for one period; a transfer waits
// for its registrar's transfer_days and may be refused for a locked name; a
// renewal adds a period, also within the grace period after expiry; a delete at
// the registrar leaves the record Cancelled; an EPP code request e-mails the
// registrant. The domain calls, order activation and the billing clock use these.
import type { View, World } from '../store/world.js';
import type { Domain, Email } from '../generated/wire.js';
import { fail, messages } from '../errors.js';
import { requireClient } from './clients.js';
import { addDays, addMonths, formatDate, formatDateTime, parseDateTime, shiftDate, ZERO_DATE } from '../lib/dates.js';
import { invoiceDateBefore, plusYears, registrarName } from './domains.js';
import { tldAutomation } from './automationSettings.js';
import { recordEmail } from './outbox.js';
import { domainDone } from './events.js';

/** Registries keep a name registered at most this many years ahead, so a renewal beyond it is refused. */
export const MAX_REGISTRATION_YEARS = 10;

/** The statuses a domain is at a registrar in, so that a registrar-side delete applies. */
export const AT_REGISTRAR: readonly Domain['status'][] = ['Active', 'Expired'];

function requireStatus(domain: Domain, from: readonly Domain['status'][], action: string): void {
  if (!from.includes(domain.status)) fail(messages.domainStatusRefused(domain.id, domain.name, domain.status, from, action));
}

/** The registrar's name for messages, also when the domain names no known registrar. */
function registrarLabel(world: View, domain: Domain): string {
  return registrarName(world, domain.reg_module) || `module ${domain.reg_module}`;
}

/** Active from `from` for one period (expiry and next due alike), synchronised now. */
function activate(world: World, domain: Domain, from: Date, now: Date): Domain {
  const expires = plusYears(from, domain.period);
  return world.replace('domains', {
    ...domain,
    status: 'Active',
    expires,
    next_due: expires,
    next_invoice: invoiceDateBefore(world, domain, expires),
    synch_date: formatDateTime(now),
  });
}

/** The registry has the domain from today: a Pending Registration domain becomes Active, expiring (and next due) one period on. */
export function registerDomain(world: World, domain: Domain, now: Date): Domain {
  requireStatus(domain, ['Pending Registration'], 'registered');
  const registered = activate(world, domain, now, now);
  domainDone(world, registered, 'register');
  return registered;
}

/** The day a transfer begun on `started` completes: its registrar's transfer_days later ("0": the same day). */
function transferDue(world: View, domain: Domain, started: string): Date {
  const days = Number(world.get('registrars', domain.reg_module)?.transfer_days ?? '0');
  return addDays(parseDateTime(started) as Date, days);
}

/**
 * Starts the transfer of a Pending Transfer domain today. A registrar with
 * refuses_locked_transfers refuses a name locked at the losing registrar; a
 * transfer already begun is refused. Completes at once when the registrar takes
 * no days, otherwise the domain stays Pending Transfer until completeTransfer.
 */
export function startTransfer(world: World, domain: Domain, now: Date): Domain {
  requireStatus(domain, ['Pending Transfer'], 'transferred');
  if (domain.transfer_started) {
    const due = formatDate(transferDue(world, domain, domain.transfer_started));
    fail(messages.transferUnderWay(domain.id, domain.name, domain.transfer_started, registrarLabel(world, domain), due));
  }
  const registrar = world.get('registrars', domain.reg_module);
  if (registrar?.refuses_locked_transfers === '1' && domain.transfer_lock === '1') {
    fail(messages.transferLocked(registrar.name, domain.name, domain.id));
  }
  const started = world.replace('domains', { ...domain, transfer_started: formatDate(now) });
  return completeTransfer(world, started, now);
}

/**
 * Completes a begun transfer once its registrar's transfer_days have passed by
 * `now`: the domain becomes Active, expiring one period after the day the
 * transfer completed. Anything else is returned unchanged, so the billing clock
 * may call it for every Pending Transfer domain each day.
 */
export function completeTransfer(world: World, domain: Domain, now: Date): Domain {
  if (domain.status !== 'Pending Transfer' || !domain.transfer_started) return domain;
  const due = transferDue(world, domain, domain.transfer_started);
  if (formatDate(due) > formatDate(now)) return domain;
  const transferred = activate(world, domain, due, now);
  domainDone(world, transferred, 'transfer');
  return transferred;
}

/**
 * Renews for the domain's period: expiry and next due move one period on. An
 * Active domain, or an Expired one within its TLD's grace period (it becomes
 * Active again; the redemption period after it takes a registrar's
 * redemption, which billsim does not simulate); never beyond
 * MAX_REGISTRATION_YEARS from today. No invoice: the billing clock bills renewals.
 */
export function renewDomain(world: World, domain: Domain, now: Date): Domain {
  requireStatus(domain, ['Active', 'Expired'], 'renewed');
  const expiry = parseDateTime(domain.expires);
  if (domain.status === 'Expired' && !withinGrace(world, domain, now)) {
    fail(messages.renewPastGrace(domain.id, domain.name, domain.expires, tldAutomation(world, domain.tld_id).graceDays));
  }
  const expires = plusYears(expiry ?? now, domain.period);
  if (expires > formatDate(addMonths(now, 12 * MAX_REGISTRATION_YEARS))) {
    const registrar = registrarLabel(world, domain);
    fail(messages.renewTooFar(registrar, domain.name, expires, MAX_REGISTRATION_YEARS, domain.id, domain.status));
  }
  const nextDue = plusYears(parseDateTime(domain.next_due) ?? expiry ?? now, domain.period);
  const renewed = world.replace('domains', {
    ...domain,
    status: 'Active',
    expires,
    next_due: nextDue,
    next_invoice: invoiceDateBefore(world, domain, nextDue),
    synch_date: formatDateTime(now),
  });
  domainDone(world, renewed, 'renew');
  return renewed;
}

/** Whether an Expired domain is still within its TLD's grace period on `now`'s day (renewable as usual). */
export function withinGrace(world: View, domain: Domain, now: Date): boolean {
  const expiry = parseDateTime(domain.expires);
  return !!expiry && formatDate(addDays(expiry, tldAutomation(world, domain.tld_id).graceDays)) >= formatDate(now);
}

/** Whether renewDomain would accept the domain today (Active, or Expired within grace), so automation can skip it quietly. */
export function renewable(world: View, domain: Domain, now: Date): boolean {
  return domain.status === 'Active' || (domain.status === 'Expired' && withinGrace(world, domain, now));
}

/** The registrar deletes the name (Active or Expired there); the record stays, Cancelled, and the name is free again. */
export function deleteAtRegistrar(world: World, domain: Domain): Domain {
  requireStatus(domain, AT_REGISTRAR, 'deleted at the registrar');
  return world.replace('domains', { ...domain, status: 'Cancelled' });
}

/**
 * Synchronizes the record with the registrar (domainSynch): a begun transfer
 * whose days have passed completes, and synch_date is stamped now. The rest of
 * the registry's state is already applied by registryDay each day.
 */
export function synchronize(world: World, domain: Domain, now: Date): Domain {
  if (domain.status === 'Pending Transfer' && !domain.transfer_started) fail(messages.synchNotBegun(domain.id, domain.name));
  requireStatus(domain, [...AT_REGISTRAR, 'Pending Transfer'], 'synchronized');
  const current = completeTransfer(world, domain, now);
  return world.replace('domains', { ...current, synch_date: formatDateTime(now) });
}

/** The registrar e-mails an Active domain's EPP (transfer) code to the registrant, the domain's client. */
export function sendEppCode(world: World, domain: Domain, now: Date): Email {
  requireStatus(domain, ['Active'], 'sent its EPP code');
  const client = requireClient(world, domain.client_id);
  return recordEmail(
    world,
    {
      to: client.email,
      subject: `EPP Code for ${domain.name}`,
      template: 'Domain EPP Code',
      clientId: client.id,
      related: { domain_id: domain.id },
    },
    now,
  );
}

/** The Active domains whose expiry date has come by `day`, in id order, through an index by expiry date. */
export function expiringDomains(world: View, day: string): readonly Domain[] {
  return world.dueBy('domains', 'expiry-day', activeExpiry, day);
}

function activeExpiry(domain: Domain): string | undefined {
  return domain.status === 'Active' && domain.expires !== ZERO_DATE ? domain.expires : undefined;
}

/** What the registry did to a domain on a day, for the automation log. */
export interface DomainEvent {
  action: 'domain_expired' | 'domain_redemption' | 'domain_released' | 'transfer_completed';
  reason: string;
}

/**
 * The registry's day for one domain: a begun transfer completes once its days
 * have passed; an Active domain expires on its expiry date; an Expired one
 * enters its TLD's redemption period the day after the grace period and is
 * released (Cancelled, the name free again) the day after redemption ends.
 */
export function registryDay(world: World, domain: Domain, day: string): DomainEvent | undefined {
  const midnight = parseDateTime(day) as Date;
  if (domain.status === 'Pending Transfer') {
    const done = completeTransfer(world, domain, midnight);
    if (done === domain) return undefined;
    return { action: 'transfer_completed', reason: `${domain.name} transferred from ${registrarLabel(world, domain)} on ${day}` };
  }
  if (domain.expires === ZERO_DATE) return undefined;
  if (domain.status === 'Active' && domain.expires <= day) {
    world.replace('domains', { ...domain, status: 'Expired' });
    return { action: 'domain_expired', reason: `${domain.name} expired on ${domain.expires} without a renewal` };
  }
  if (domain.status !== 'Expired') return undefined;
  const { graceDays, redemptionDays } = tldAutomation(world, domain.tld_id);
  const graceEnds = shiftDate(domain.expires, graceDays);
  const redemptionEnds = shiftDate(graceEnds, redemptionDays);
  if (day > redemptionEnds) {
    world.replace('domains', { ...domain, status: 'Cancelled' });
    return {
      action: 'domain_released',
      reason: `${domain.name} released by the registry: ${redemptionDays} redemption days after its grace period ended on ${graceEnds}`,
    };
  }
  if (redemptionDays > 0 && day === shiftDate(graceEnds, 1)) {
    return {
      action: 'domain_redemption',
      reason: `${domain.name} in redemption until ${redemptionEnds}: its ${graceDays}-day grace period ended`,
    };
  }
  return undefined;
}
