// Chasing unpaid invoices, as HostBill's daily automation does: reminders
// before and after the due date, a late fee, then suspension and termination
// of the services an overdue invoice bills, and cancelling orders left unpaid.
// Each rule takes the day it runs for and says what it did, for the log.
import type { Account, Invoice, Order } from '../generated/wire.js';
import type { View, World } from '../store/world.js';
import { type Automation, automationFor, invoiceAutomation, serviceAutomation } from './automationSettings.js';
import { fromMainCents } from './currencies.js';
import { dayNumber, daysBetween, parseDateTime, shiftDate } from '../lib/dates.js';
import { firstFreeLineId, type LineIds, withTotals } from './invoiceLines.js';
import { cancelUnpaidInvoice, invoiceLine, issueInvoice, type NewLine, newInvoice } from './invoices.js';
import { formatCents, percentOf, toCents } from './money.js';
import { cancelOrder } from './orderStatus.js';
import { recordEmail } from './outbox.js';
import { CREDIT_LINE } from './payments.js';
import { canMove, moveService } from './services.js';
import { lateFeeCharged } from './events.js';

/** The line type of a late fee; its item_id is the invoice it is charged for. */
export const LATE_FEE_LINE = 'Late Fee';

export interface Done {
  action: 'reminder_sent' | 'late_fee_added' | 'service_suspended' | 'service_terminated' | 'invoice_cancelled' | 'order_cancelled';
  reason: string;
  records: Record<string, string>;
}

const ORDINALS = ['First', 'Second', 'Third'];

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** The reminder e-mail that falls on `day` for an Unpaid invoice, if any: one before the due date, up to three after it. */
export function sendReminder(world: World, invoice: Invoice, settings: Automation, day: string, now: Date): Done | undefined {
  if (!settings.reminders) return undefined;
  const client = world.get('clients', invoice.client_id);
  if (!client) return undefined;
  const late = daysBetween(invoice.duedate, day);
  let template: string;
  let subject: string;
  let reason: string;
  if (settings.unpaidReminderDays > 0 && late === -settings.unpaidReminderDays) {
    [template, subject] = ['Unpaid Invoice Reminder', `Invoice Payment Reminder #${invoice.id}`];
    reason = `invoice #${invoice.id} due in ${days(-late)}, on ${invoice.duedate}`;
  } else {
    const n = settings.overdueReminderDays.indexOf(late);
    if (n < 0) return undefined;
    [template, subject] = ['Overdue Invoice Reminder', `${ORDINALS[n]} Overdue Notice: Invoice #${invoice.id}`];
    reason = `invoice #${invoice.id} unpaid ${days(late)} past due`;
  }
  const related = { invoice_id: invoice.id };
  const email = recordEmail(world, { to: client.email, subject, template, clientId: client.id, related }, now);
  return { action: 'reminder_sent', reason, records: { client_id: client.id, invoice_id: invoice.id, email_id: email.id } };
}

/** The invoice a late fee was charged for: a fee line's or a fee invoice's item_id ("" when it holds none). */
function feeFor(invoice: Invoice): string {
  return invoice.items.find((line) => line.type === LATE_FEE_LINE)?.item_id ?? '';
}

/** The invoices a row is a late fee for: none, or the one its fee line names. */
function feeForKeys(invoice: Invoice): string[] {
  const charged = feeFor(invoice);
  return charged ? [charged] : [];
}

/**
 * Whether the invoice is charged a late fee already: a line on it, or a
 * separate fee invoice of the same client, found through an index of fees by
 * the invoice they charge (invoices without a fee are not filed). Reading the
 * client's invoices instead was a third of the clock's first day at 10,000
 * services (bench/README.md, "The clock").
 */
export function hasLateFee(world: View, invoice: Invoice): boolean {
  if (feeFor(invoice) === invoice.id) return true;
  return world.whereAnyKey('invoices', 'late-fee-for', feeForKeys, invoice.id).some((fee) => fee.client_id === invoice.client_id);
}

/** Whether a late fee may be charged on the invoice at all: not on a fee itself, nor on a credit receipt. */
function feeable(invoice: Invoice): boolean {
  return invoice.items.some((line) => line.type !== LATE_FEE_LINE && line.type !== CREDIT_LINE);
}

/** The fee in the invoice's currency: a fixed amount in the main currency converted, or a percentage of its total. */
function feeCents(world: View, invoice: Invoice, settings: Automation): number {
  if (settings.lateFeeType === 'percent') return percentOf(toCents(invoice.total), settings.lateFeeAmount);
  return fromMainCents(world, toCents(settings.lateFeeAmount), invoice.currency_id);
}

/**
 * Adds the late fee to an invoice unpaid `late_fee_days` after its due date, once:
 * a line on it, or with late_fee_separate_invoice a new invoice of its own due the same day.
 */
export function addLateFee(world: World, invoice: Invoice, settings: Automation, day: string, ids?: LineIds): Done | undefined {
  if (!settings.lateFee || daysBetween(invoice.duedate, day) < settings.lateFeeDays) return undefined;
  if (!feeable(invoice) || hasLateFee(world, invoice)) return undefined;
  const client = world.get('clients', invoice.client_id);
  const cents = feeCents(world, invoice, settings);
  if (!client || cents <= 0) return undefined;
  const line: NewLine = {
    type: LATE_FEE_LINE,
    item_id: invoice.id,
    description: `Late fee for invoice #${invoice.id}`,
    amount: formatCents(cents),
    taxed: false,
  };
  const late = daysBetween(invoice.duedate, day);
  const reason = `invoice #${invoice.id} unpaid ${days(late)} past due`;
  if (settings.lateFeeSeparateInvoice) {
    const spec = { client, currency_id: invoice.currency_id, payment_module: invoice.payment_module, date: day, lines: [line] };
    const fee = issueInvoice(world, newInvoice(world, { ...spec, taxed: false, firstLineId: ids?.take() }), parseDateTime(day) as Date);
    lateFeeCharged(world, invoice);
    return { action: 'late_fee_added', reason, records: { client_id: client.id, invoice_id: fee.id, late_invoice_id: invoice.id } };
  }
  const lineId = String(ids?.take() ?? firstFreeLineId(world, 'invoices'));
  lateFeeCharged(
    world,
    world.replace('invoices', withTotals({ ...invoice, items: [...invoice.items, invoiceLine(invoice.id, lineId, line)] })),
  );
  return { action: 'late_fee_added', reason, records: { client_id: client.id, invoice_id: invoice.id } };
}

/**
 * Suspends or terminates one service billed by an overdue invoice, as its
 * settings (and its client's overrides) say: terminated `terminate_days`
 * after the due date, with the service's unpaid invoices cancelled when the
 * product says so; otherwise suspended `suspend_days` after it.
 */
export function chaseService(world: World, service: Account, invoice: Invoice, day: string): Done[] {
  const settings = serviceAutomation(world, service);
  const late = daysBetween(invoice.duedate, day);
  const records = { client_id: service.client_id, account_id: service.id, invoice_id: invoice.id };
  const reason = `invoice #${invoice.id} unpaid ${days(late)} past due`;
  if (settings.terminate && late >= settings.terminateDays && canMove(service, 'terminate')) {
    moveService(world, service, 'terminate');
    const done: Done[] = [{ action: 'service_terminated', reason, records }];
    if (settings.terminateCancelInvoices) {
      for (const unpaid of [...world.where('invoices', 'client_id', service.client_id)]) {
        if (unpaid.status !== 'Unpaid' || !unpaid.items.some((line) => line.type === 'Hosting' && line.item_id === service.id)) continue;
        cancelUnpaidInvoice(world, unpaid.id);
        const why = `service #${service.id} terminated with invoice #${unpaid.id} unpaid`;
        done.push({ action: 'invoice_cancelled', reason: why, records: { client_id: service.client_id, invoice_id: unpaid.id } });
      }
    }
    return done;
  }
  if (settings.suspend && late >= settings.suspendDays && canMove(service, 'suspend')) {
    moveService(world, service, 'suspend');
    return [{ action: 'service_suspended', reason, records }];
  }
  return [];
}

/** Each reminder, late fee, suspension and termination an Unpaid invoice sets off on `day`. */
export function chaseInvoice(world: World, invoice: Invoice, day: string, now: Date, ids: LineIds): Done[] {
  const done: Done[] = [];
  const settings = invoiceAutomation(world, invoice);
  const reminder = sendReminder(world, invoice, settings, day, now);
  if (reminder) done.push(reminder);
  const fee = addLateFee(world, invoice, settings, day, ids);
  if (fee) done.push(fee);
  if (invoice.duedate >= day) return done;
  for (const line of invoice.items) {
    const service = line.type === 'Hosting' ? world.get('accounts', line.item_id) : undefined;
    if (service && service.client_id === invoice.client_id) done.push(...chaseService(world, service, invoice, day));
  }
  return done;
}

/**
 * The first day after `today` (a day number) on which chaseInvoice may do
 * anything to an Unpaid invoice, or undefined when no later day can: the day
 * of each reminder, the late fee's day, and each billed service's suspension
 * and termination day. A rule whose day has passed without acting does not act
 * later in the same run: what stopped it (a fee already charged, a service no
 * longer Active, a setting turned off) is not undone by the daily run. A service
 * suspended by one invoice is unsuspended by a payment only when no other
 * overdue invoice bills it, so a passed suspension day stays passed too.
 */
export function nextChaseDay(world: View, invoice: Invoice, today: number): number | undefined {
  const due = dayNumber(invoice.duedate);
  const days: number[] = [];
  const settings = invoiceAutomation(world, invoice);
  if (settings.reminders) {
    if (settings.unpaidReminderDays > 0) days.push(due - settings.unpaidReminderDays);
    for (const n of settings.overdueReminderDays) days.push(due + n);
  }
  if (settings.lateFee) days.push(due + settings.lateFeeDays);
  for (const line of invoice.items) {
    const service = line.type === 'Hosting' ? world.get('accounts', line.item_id) : undefined;
    if (!service || service.client_id !== invoice.client_id) continue;
    const own = serviceAutomation(world, service);
    // Services are chased from the day after the due date.
    if (own.suspend) days.push(due + Math.max(1, own.suspendDays));
    if (own.terminate) days.push(due + Math.max(1, own.terminateDays));
  }
  let next: number | undefined;
  for (const day of days) if (day > today && (next === undefined || day < next)) next = day;
  return next;
}

/**
 * The first day (YYYY-MM-DD) a Pending order may be cancelled for its unpaid
 * invoice: `cancel_unpaid_orders_days` after it was placed. Undefined when it
 * cannot be: not Pending, its invoice not Unpaid, or its settings never cancel.
 */
export function orderCancelDay(world: View, order: Order): string | undefined {
  const invoice = world.get('invoices', order.invoice_id);
  if (order.status !== 'Pending' || invoice?.status !== 'Unpaid') return undefined;
  const service = world.where('accounts', 'order_id', order.id)[0];
  const settings = automationFor(world, service?.product_id ?? '0', order.client_id);
  if (!settings.cancelUnpaidOrders) return undefined;
  return shiftDate(order.date_created.slice(0, 10), settings.cancelUnpaidOrdersDays);
}

/** Cancels a Pending order whose invoice is still unpaid `cancel_unpaid_orders_days` after it was placed. */
export function cancelUnpaidOrder(world: World, order: Order, day: string): Done | undefined {
  const from = orderCancelDay(world, order);
  if (from === undefined || day < from) return undefined;
  const invoice = world.get('invoices', order.invoice_id) as Invoice;
  const placed = order.date_created.slice(0, 10);
  cancelOrder(world, order);
  const reason = `order #${order.id} placed ${placed} with invoice #${invoice.id} unpaid ${days(daysBetween(placed, day))}`;
  return { action: 'order_cancelled', reason, records: { client_id: order.client_id, order_id: order.id, invoice_id: invoice.id } };
}
