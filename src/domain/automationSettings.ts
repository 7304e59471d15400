// The billing automation's settings, resolved for one service, invoice or
// domain: a product's record (or the product_id "0" record, or billsim's
// defaults), then the client_id "0" overrides, then the client's own. The
// daily run, renewal invoices and the registrar's grace period all read them
// here, so a number of days lives in one place.
import type { Account, ClientAutomation, Invoice, ProductAutomation, TldAutomation } from '../generated/wire.js';
import type { View } from '../store/world.js';

/**
 * billsim's defaults, the same numbers the bundled world's product_id "0" and
 * tld_id "0" records hold (HostBill publishes none): a world without
 * automation records behaves like the bundled one.
 */
export const DEFAULT_PRODUCT_AUTOMATION: Omit<ProductAutomation, 'id' | 'product_id'> = {
  invoice_days: '14',
  suspend: '1',
  suspend_days: '5',
  terminate: '1',
  terminate_days: '30',
  terminate_cancel_invoices: '1',
  cancel_unpaid_orders: '1',
  cancel_unpaid_orders_days: '14',
  late_fee: '1',
  late_fee_type: 'fixed',
  late_fee_amount: '5.00',
  late_fee_days: '3',
  late_fee_separate_invoice: '0',
  unpaid_reminder_days: '3',
  overdue_reminder_days: ['1', '7', '14'],
};

/** Overrides for every client when a world has no client_id "0" record: new renewal invoices take the client's credit. */
export const DEFAULT_CLIENT_AUTOMATION: Omit<ClientAutomation, 'id' | 'client_id'> = { auto_apply_credit: '1' };

export const DEFAULT_TLD_AUTOMATION: Omit<TldAutomation, 'id' | 'tld_id'> = {
  invoice_days: '30',
  grace_days: '30',
  redemption_days: '30',
  auto_renew_on_payment: '1',
};

/** A client's automation as the rules read it: the product's settings with the client's overrides applied, in numbers and flags. */
export interface Automation {
  invoiceDays: number;
  suspend: boolean;
  suspendDays: number;
  terminate: boolean;
  terminateDays: number;
  terminateCancelInvoices: boolean;
  cancelUnpaidOrders: boolean;
  cancelUnpaidOrdersDays: number;
  lateFee: boolean;
  lateFeeType: 'fixed' | 'percent';
  lateFeeAmount: string;
  lateFeeDays: number;
  lateFeeSeparateInvoice: boolean;
  /** 0: none. */
  unpaidReminderDays: number;
  /** Days after the due date, without the 0s. */
  overdueReminderDays: number[];
  reminders: boolean;
  autoApplyCredit: boolean;
}

export interface DomainAutomation {
  invoiceDays: number;
  graceDays: number;
  redemptionDays: number;
  autoRenewOnPayment: boolean;
}

function productRecord(world: View, productId: string): Omit<ProductAutomation, 'id' | 'product_id'> {
  return (
    world.where('product_automation', 'product_id', productId)[0] ??
    world.where('product_automation', 'product_id', '0')[0] ??
    DEFAULT_PRODUCT_AUTOMATION
  );
}

function clientOverrides(world: View, clientId: string): Partial<ClientAutomation> {
  return {
    ...(world.where('client_automation', 'client_id', '0')[0] ?? DEFAULT_CLIENT_AUTOMATION),
    ...world.where('client_automation', 'client_id', clientId)[0],
  };
}

const flag = (value: string | undefined, otherwise: string) => (value ?? otherwise) === '1';

/**
 * Settings resolved once per product and client for the length of a daily run,
 * which changes no setting; anything else resolves them afresh.
 */
let memo: { world: View; cache: Map<string, Automation> } | undefined;

/**
 * Runs fn with settings remembered per product and client (the daily run:
 * thousands of invoices, a few settings). A run that pauses between steps
 * passes the same `cache` to each step: nothing changes the settings meanwhile.
 */
export function withSettingsMemo<R>(world: View, fn: () => R, cache = new Map<string, Automation>()): R {
  const outer = memo;
  memo = { world, cache };
  try {
    return fn();
  } finally {
    memo = outer;
  }
}

/**
 * The most days before its due date any of the world's settings acts on an
 * Unpaid invoice (the unpaid reminder; every other rule acts on or after the
 * due date): an invoice due further off than this has nothing to do that day.
 */
export function longestReminderLead(world: View): number {
  let lead = Number(DEFAULT_PRODUCT_AUTOMATION.unpaid_reminder_days);
  for (const row of world.all('product_automation')) lead = Math.max(lead, Number(row.unpaid_reminder_days) || 0);
  return lead;
}

/** The settings for `productId`'s services and invoices of `clientId`. */
export function automationFor(world: View, productId: string, clientId: string): Automation {
  if (memo?.world !== world) return resolve(world, productId, clientId);
  const key = `${productId}|${clientId}`;
  let found = memo.cache.get(key);
  if (!found) memo.cache.set(key, (found = resolve(world, productId, clientId)));
  return found;
}

function resolve(world: View, productId: string, clientId: string): Automation {
  const p = productRecord(world, productId);
  const c = clientOverrides(world, clientId);
  return {
    invoiceDays: Number(c.invoice_days ?? p.invoice_days),
    suspend: flag(c.suspend, p.suspend),
    suspendDays: Number(c.suspend_days ?? p.suspend_days),
    terminate: flag(c.terminate, p.terminate),
    terminateDays: Number(c.terminate_days ?? p.terminate_days),
    terminateCancelInvoices: p.terminate_cancel_invoices === '1',
    cancelUnpaidOrders: p.cancel_unpaid_orders === '1',
    cancelUnpaidOrdersDays: Number(p.cancel_unpaid_orders_days),
    lateFee: flag(c.late_fee, p.late_fee),
    lateFeeType: p.late_fee_type,
    lateFeeAmount: p.late_fee_amount,
    lateFeeDays: Number(c.late_fee_days ?? p.late_fee_days),
    lateFeeSeparateInvoice: p.late_fee_separate_invoice === '1',
    unpaidReminderDays: Number(p.unpaid_reminder_days),
    overdueReminderDays: p.overdue_reminder_days.map(Number).filter((days) => days > 0),
    reminders: flag(c.reminders, '1'),
    autoApplyCredit: flag(c.auto_apply_credit, '0'),
  };
}

/** A service's settings: its product's, with its client's overrides. */
export function serviceAutomation(world: View, account: Pick<Account, 'product_id' | 'client_id'>): Automation {
  return automationFor(world, account.product_id, account.client_id);
}

/**
 * An invoice's settings: those of the product its first service or domain line
 * bills (a TLD product for a domain), else the defaults, with its client's overrides.
 */
export function invoiceAutomation(world: View, invoice: Invoice): Automation {
  return automationFor(world, billedProductId(world, invoice), invoice.client_id);
}

function billedProductId(world: View, invoice: Invoice): string {
  for (const line of invoice.items) {
    if (line.type === 'Hosting') {
      const account = world.get('accounts', line.item_id);
      if (account) return account.product_id;
    } else if (line.type.startsWith('Domain')) {
      const domain = world.get('domains', line.item_id);
      if (domain) return domain.tld_id;
    }
  }
  return '0';
}

/** A TLD's domain settings (tld_id "0", or billsim's defaults, when it has none of its own). */
export function tldAutomation(world: View, tldId: string): DomainAutomation {
  const t = world.where('tld_automation', 'tld_id', tldId)[0] ?? world.where('tld_automation', 'tld_id', '0')[0] ?? DEFAULT_TLD_AUTOMATION;
  return {
    invoiceDays: Number(t.invoice_days),
    graceDays: Number(t.grace_days),
    redemptionDays: Number(t.redemption_days),
    autoRenewOnPayment: t.auto_renew_on_payment === '1',
  };
}
