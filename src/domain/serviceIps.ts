// The IP addresses a service holds (its `ip` and `additional_ip`): finding the
// services that hold one (searchServiceByIP and its limited twin) through an
// index of every address, and the rows those calls answer.
import { isIP } from 'node:net';
import type { View } from '../store/world.js';
import type { Account, IpSearchLimitedService, IpSearchService } from '../generated/wire.js';
import { fail, messages } from '../errors.js';
import { dueDay } from './accounts.js';
import { clientNames, pick } from './views.js';

const ZERO_DATETIME = '0000-00-00 00:00:00';

/** Every address of a service, lower-cased so an IPv6 address matches whatever its letter case. */
const addressesOf = (account: Account) => [account.ip, ...account.additional_ip].filter(Boolean).map((ip) => ip.toLowerCase());

/** The services holding `ip` as their main or an additional address, in any status, by id; refuses what is not an address. */
export function servicesAt(world: View, ip: string): Account[] {
  if (isIP(ip) === 0) fail(messages.paramInvalid('ip', 'an IPv4 or IPv6 address, such as 203.0.113.11'));
  const found = world.whereAnyKey('accounts', 'ip:any', addressesOf, ip.toLowerCase());
  return [...found].sort((a, b) => Number(a.id) - Number(b.id));
}

const HEAD = ['id', 'client_id', 'order_id', 'product_id', 'parent_id', 'date_created', 'domain', 'server_id'] as const;
const BILLING = ['payment_module', 'firstpayment', 'total', 'billingcycle', 'next_due'] as const;

/** A service as searchServiceByIP lists it: the fields of a real answer, those billsim does not keep at their empty values. */
export function ipSearchRow(world: View, account: Account): IpSearchService {
  return {
    ...pick(account, HEAD),
    ...pick(account, BILLING),
    due_day: dueDay(account),
    ...pick(account, ['next_invoice', 'status', 'label', 'username'] as const),
    autosuspend: '0',
    autosuspend_date: '0000-00-00',
    date_changed: ZERO_DATETIME,
    synch_date: ZERO_DATETIME,
    synch_error: '0',
    user_error: '0',
    domain_error: '0',
    ...pick(account, ['notes', 'manual'] as const),
    // PHP's serialised empty array, as a real answer carries it.
    extra_details: 'a:0:{}',
    ...clientNames(world, account.client_id),
    ip: account.ip,
    additional_ip: account.additional_ip,
  };
}

/** searchServiceByIPLimited's row: no billing, login, notes or synchronisation fields. */
export function ipSearchLimitedRow(world: View, account: Account): IpSearchLimitedService {
  return {
    ...pick(account, HEAD),
    ...pick(account, ['status', 'label'] as const),
    ...clientNames(world, account.client_id),
    ip: account.ip,
    additional_ip: account.additional_ip,
  };
}
