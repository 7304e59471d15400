// The daily run: what HostBill's cron does once a day, for one day of a
// session's clock. It only orders the rules of the other domain modules
// (registrar.ts, renewals.ts, payments.ts, dunning.ts) and logs what they did;
// none of them is re-derived here. src/session/automation.ts decides which days run.
import type { AutomationEntry, Domain, Invoice } from '../generated/wire.js';
import type { View, World } from '../store/world.js';
import { applyCreditToNewInvoice } from './payments.js';
import { cancellationsDue, carryOut } from './cancellations.js';
import { cancelUnpaidOrder, chaseInvoice, type Done, nextChaseDay, orderCancelDay } from './dunning.js';
import { recordInvoiceEmail } from './outbox.js';
import { expiringDomains, registryDay } from './registrar.js';
import { domainsToBill, renewDomainInvoice, renewService, servicesToBill } from './renewals.js';
import { LineIds } from './invoiceLines.js';
import { formatCents } from './money.js';
import { dateOfDay, dayNumber, parseDateTime } from '../lib/dates.js';
import { longestReminderLead } from './automationSettings.js';

export type AutomationAction = AutomationEntry['action'];

/** Entries kept in a session's automation log; the oldest go first. */
export const MAX_AUTOMATION_LOG = 1000;

/** How many of each action a run did. */
export type ActionCounts = Partial<Record<AutomationAction, number>>;

function log(world: World, day: string, done: Omit<AutomationEntry, 'id' | 'day'>, counts: ActionCounts): void {
  world.insert('automation_log', { id: world.nextId('automation_log'), day, ...done });
  const all = world.all('automation_log');
  if (all.length > MAX_AUTOMATION_LOG) world.remove('automation_log', all[0].id);
  counts[done.action] = (counts[done.action] ?? 0) + 1;
}

/**
 * What follows a new renewal invoice, made by the daily run or asked for by the
 * customer: its e-mail, then the client's credit applied at once when the
 * client's settings say so. Answers undefined for an invoice whose client is gone.
 */
export function followRenewalInvoice(world: World, invoice: Invoice, related: Record<string, string>, now: Date) {
  const client = world.get('clients', invoice.client_id);
  if (!client) return undefined;
  const email = recordInvoiceEmail(world, client, invoice, related, now);
  const { cents, invoice: after } = applyCreditToNewInvoice(world, invoice, client, now);
  return { client, email, cents, after };
}

/** A new renewal invoice of the daily run, logged: its e-mail, and the client's credit applied at once when the client's settings say so. */
function issued(
  world: World,
  invoice: Invoice,
  what: string,
  related: Record<string, string>,
  day: string,
  now: Date,
  counts: ActionCounts,
) {
  const made = followRenewalInvoice(world, invoice, related, now);
  if (!made) return;
  const { client, email, cents, after } = made;
  const records = { client_id: client.id, invoice_id: invoice.id, ...related, email_id: email.id };
  log(world, day, { action: 'invoice_created', reason: `${what} due ${invoice.duedate}`, records }, counts);
  if (cents === 0) return;
  const reason = `${formatCents(cents)} of the client's credit applied to invoice #${invoice.id}${after.status === 'Paid' ? ', which is now Paid' : ''}`;
  log(world, day, { action: 'credit_applied', reason, records: { client_id: client.id, invoice_id: invoice.id } }, counts);
}

/** An Unpaid invoice's due date, the key invoices come into a run's view by. */
const unpaidDue = (invoice: Invoice) => (invoice.status === 'Unpaid' ? invoice.duedate : undefined);

/**
 * What one catch-up keeps between its days: line ids counted on, and the day
 * each Unpaid invoice may next be chased (nextChaseDay), so a day reads the
 * invoices due for a reminder, a fee, a suspension or a termination that day
 * and no other. The first day looks at every Unpaid invoice (a call may have
 * changed any of them since the last catch-up); later days look at the
 * invoices scheduled for them and at invoices made since the day before.
 * Pending orders are kept the same way, by the day they may be cancelled
 * (orderCancelDay), so a day with no order to cancel reads none.
 */
export class Run {
  readonly ids: LineIds;
  /** The most days before its due date anything happens to an Unpaid invoice (settings do not change during a run). */
  readonly lead: number;
  private readonly invoices = new Watch('invoices', 'Unpaid');
  private readonly orders = new Watch('orders', 'Pending');
  /** The last due date of the invoices looked at so far: later ones come into view as the days move on. */
  private horizon?: string;
  constructor(world: View) {
    this.ids = new LineIds(world, 'invoices');
    this.lead = longestReminderLead(world);
  }

  /**
   * The ids of the invoices to look at on `today` (a day number), in id order:
   * on the first day every Unpaid invoice due within the lead (a call may
   * have changed any of them), then those scheduled for the day, those made
   * since, and those whose due date came within the lead.
   */
  invoicesDue(world: View, today: number): string[] {
    const horizon = dateOfDay(today + this.lead);
    const coming = world.dueBy('invoices', 'unpaid-due', unpaidDue, horizon, this.horizon).map((invoice) => invoice.id);
    const first = this.horizon === undefined;
    this.horizon = horizon;
    return this.invoices.due(world, today, coming, first ? coming : undefined);
  }

  /** Looks at the invoice again on `day` (a day number). */
  schedule(id: string, day: number): void {
    this.invoices.schedule(id, day);
  }

  /** The ids of the Pending orders to look at on `today` (a day number), in id order. */
  ordersDue(world: View, today: number): string[] {
    return this.orders.due(world, today);
  }

  /** Looks at the order again on `day` (a day number). */
  scheduleOrder(id: string, day: number): void {
    this.orders.schedule(id, day);
  }
}

/** The records of one status a run looks at: all on its first day, then those scheduled for a day and those made since. */
class Watch {
  private readonly byDay = new Map<number, Set<string>>();
  /** How many rows the run has looked at for new ones (rows are appended, and a run removes none). */
  private seen = -1;
  constructor(
    private readonly table: 'invoices' | 'orders',
    private readonly status: string,
  ) {}

  /**
   * On the first day `first` (else every record of the status); later, those
   * scheduled for `today`, those made since and `also`.
   */
  due(world: View, today: number, also: readonly string[] = [], first?: readonly string[]): string[] {
    const rows = world.all(this.table);
    if (this.seen < 0) {
      this.seen = rows.length;
      return first ? [...first] : world.where(this.table, 'status', this.status as never).map((row) => row.id);
    }
    const ids = this.byDay.get(today) ?? new Set<string>();
    this.byDay.delete(today);
    for (const id of also) ids.add(id);
    for (; this.seen < rows.length; this.seen++) if (rows[this.seen].status === this.status) ids.add(rows[this.seen].id);
    return [...ids].sort((a, b) => Number(a) - Number(b));
  }

  schedule(id: string, day: number): void {
    const ids = this.byDay.get(day);
    if (ids) ids.add(id);
    else this.byDay.set(day, new Set([id]));
  }
}

/**
 * Runs the automation of one day (YYYY-MM-DD) inside a mutation: the
 * registry's day for every domain, renewal invoices of services and domains,
 * then reminders, late fees, suspensions and terminations for every Unpaid
 * invoice, then unpaid orders cancelled. Records are handled in id order, and
 * everything is dated at the day's midnight, so a day's run depends on the
 * state and the day alone.
 */
export function runDay(world: World, day: string, counts: ActionCounts = {}, run = new Run(world)): ActionCounts {
  for (const _ of daySteps(world, day, counts, run));
  return counts;
}

/**
 * runDay one record at a time: the day's work pauses after each record it
 * handles, so the catch-up (src/session/automation.ts) can let other sessions
 * in during a day with thousands of invoices to chase. Between steps nothing
 * else may write the world; the steps do exactly what runDay does.
 */
export function* daySteps(world: World, day: string, counts: ActionCounts, run: Run): Generator<void, void, void> {
  const now = parseDateTime(day) as Date;
  const { ids } = run;
  const registry = (domain: Domain) => {
    const event = registryDay(world, domain, day);
    if (event) log(world, day, { ...event, records: { client_id: domain.client_id, domain_id: domain.id } }, counts);
  };
  // Pending transfers and Expired domains are few; Active ones are read by expiry date.
  for (const domain of [...world.where('domains', 'status', 'Pending Transfer')]) {
    registry(domain);
    yield;
  }
  for (const domain of expiringDomains(world, day)) {
    registry(domain);
    yield;
  }
  for (const domain of [...world.where('domains', 'status', 'Expired')]) {
    registry(domain);
    yield;
  }
  // Services whose paid period ends today with a cancellation request end before anything bills them.
  for (const request of cancellationsDue(world, day)) {
    const before = world.get('accounts', request.item_id);
    carryOut(world, request, now);
    const after = world.get('accounts', request.item_id);
    if (before && after && before.status !== after.status) {
      const action = after.status === 'Cancelled' ? 'service_cancelled' : 'service_terminated';
      const reason = `cancellation request #${request.id} (${request.type}) of service #${after.id} carried out`;
      log(world, day, { action, reason, records: { client_id: after.client_id, account_id: after.id } }, counts);
    }
    yield;
  }
  for (const service of servicesToBill(world, day)) {
    const invoice = renewService(world, service, day, ids);
    if (invoice)
      issued(
        world,
        invoice,
        `renewal of service #${service.id} (${service.domain || 'no hostname'})`,
        { account_id: service.id },
        day,
        now,
        counts,
      );
    yield;
  }
  for (const domain of domainsToBill(world, day)) {
    const invoice = renewDomainInvoice(world, domain, day, ids);
    if (invoice) issued(world, invoice, `renewal of ${domain.name}`, { domain_id: domain.id }, day, now, counts);
    yield;
  }
  const today = dayNumber(day);
  for (const id of run.invoicesDue(world, today)) {
    const invoice = world.get('invoices', id);
    if (invoice?.status !== 'Unpaid') continue;
    const lead = dayNumber(invoice.duedate) - today;
    // Far from its due date nothing can happen to an invoice: no reminder is sent this early.
    if (lead > run.lead) {
      run.schedule(id, today + lead - run.lead);
      continue;
    }
    for (const entry of chaseInvoice(world, invoice, day, now, ids)) log(world, day, entry, counts);
    const after = world.get('invoices', id);
    const next = after?.status === 'Unpaid' ? nextChaseDay(world, after, today) : undefined;
    if (next !== undefined) run.schedule(id, next);
    yield;
  }
  for (const id of run.ordersDue(world, today)) {
    const order = world.get('orders', id);
    if (order?.status !== 'Pending') continue;
    const done: Done | undefined = cancelUnpaidOrder(world, order, day);
    if (done) log(world, day, done, counts);
    else {
      // Until its cancel day nothing happens to the order; one that can never be cancelled is not looked at again.
      const from = orderCancelDay(world, order);
      if (from !== undefined) run.scheduleOrder(id, Math.max(dayNumber(from), today + 1));
    }
    yield;
  }
}

/** The automation log newest first, at most `limit` entries. */
export function automationLog(world: View, limit = MAX_AUTOMATION_LOG): AutomationEntry[] {
  const all = world.all('automation_log');
  return all.slice(Math.max(0, all.length - limit)).reverse();
}
