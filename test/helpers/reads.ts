// Reading state back through the API, as a client would: every read asserts a
// successful answer that matches its result schema, so a test that re-reads a
// record after a change checks the read as well as the change.
import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import { api, assertSuccess, sameEverywhere, type CallOptions, type WireParams } from './app.js';

export { emails } from './tickets.js';

type Fields = Record<string, unknown>;

/** A session name or the whole call options: the readers take either. */
export type Where = string | CallOptions;
const optionsOf = (where?: Where): CallOptions => (typeof where === 'string' ? { session: where } : (where ?? {}));

/** Makes the call, asserts it succeeded, and answers its result. */
export async function read(t: Test, app: FastifyInstance, call: string, params: WireParams = {}, where?: Where): Promise<Fields> {
  return assertSuccess(t, await api(app, call, params, optionsOf(where)), call);
}

/** The same call through every encoding (same answers asserted), then its asserted result. */
export async function readEverywhere(t: Test, app: FastifyInstance, call: string, params: WireParams = {}): Promise<Fields> {
  return assertSuccess(t, await sameEverywhere(t, app, call, params), call);
}

/** A reader of one list call: the ids of the rows under `key`, in the order answered. */
export function idLister(call: string, key: string) {
  return async (t: Test, app: FastifyInstance, params: WireParams = {}, where?: Where): Promise<string[]> =>
    ((await read(t, app, call, params, where))[key] as { id: string }[]).map((row) => row.id);
}

/** A reader of one record by id: the field `key` of the call's answer. */
export function recordReader(call: string, key: string) {
  return async <T = Fields>(t: Test, app: FastifyInstance, id: string, where?: Where): Promise<T> =>
    (await read(t, app, call, { id }, where))[key] as T;
}

export const clientDetails = recordReader('getClientDetails', 'client');
export const accountDetails = recordReader('getAccountDetails', 'details');
export const domainDetails = recordReader('getDomainDetails', 'details');
export const invoiceDetails = recordReader('getInvoiceDetails', 'invoice');
export const estimateDetails = recordReader('getEstimateDetails', 'estimate');
export const productDetails = recordReader('getProductDetails', 'product');
export const orderDraft = recordReader('getOrderDraft', 'draft');

/** The statuses of a service's addons, in the order getAccountAddons lists them. */
export async function addonStatuses(t: Test, app: FastifyInstance, id: string): Promise<string[]> {
  const result = await read(t, app, 'getAccountAddons', { id });
  return (result.account_addons as { status: string }[]).map((a) => a.status);
}

/** An order and the records it touches, by id: the services, domains and (when it has one) invoice. */
export interface OrderIds {
  order: string;
  accounts: string[];
  domains: string[];
  invoice?: string;
}

/** The statuses of an order and of what it touches, each re-read through its own call. */
export async function orderStatuses(t: Test, app: FastifyInstance, ids: OrderIds) {
  const status = async (call: string, id: string, key = 'details') =>
    ((await read(t, app, call, { id }))[key] as { status: string }).status;
  const addons: Record<string, string> = {};
  for (const account of ids.accounts) {
    for (const row of (await read(t, app, 'getAccountAddons', { id: account })).account_addons as Array<{ id: string; status: string }>) {
      addons[row.id] = row.status;
    }
  }
  return {
    order: await status('getOrderDetails', ids.order),
    accounts: await Promise.all(ids.accounts.map((id) => status('getAccountDetails', id))),
    addons,
    domains: await Promise.all(ids.domains.map((id) => status('getDomainDetails', id))),
    invoice: ids.invoice && (await status('getInvoiceDetails', ids.invoice, 'invoice')),
  };
}

/** Every affiliate as getAffiliates lists it, by id: the balance and the referrals counted, read back as a client would. */
export async function affiliatesById(t: Test, app: FastifyInstance, where?: Where): Promise<Record<string, Fields>> {
  const list = (await read(t, app, 'getAffiliates', { perpage: '1000' }, where)).affiliates as Array<Fields & { id: string }>;
  return Object.fromEntries(list.map((affiliate) => [affiliate.id, affiliate]));
}
