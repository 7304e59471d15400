// The service (account) state machine: which status each module action moves a
// service from and to. accountCreate and friends, order activation, order
// cancellation and deletion and the daily automation all move services here.
import { createHash } from 'node:crypto';
import type { View, World } from '../store/world.js';
import type { Account, AccountAddon, Product } from '../generated/wire.js';
import { fail, messages, notFound } from '../errors.js';
import { fromMainCents } from './currencies.js';
import { type Cycle, CYCLE_NAMES, cyclePriceCents, nextDueDate } from './cycles.js';
import { addDays, formatDate, parseDateTime, ZERO_DATE } from '../lib/dates.js';
import { formatCents } from './money.js';
import { isServerProduct } from './products.js';
import { serviceAutomation } from './automationSettings.js';
import { serviceMoved } from './events.js';

export function requireService(world: View, id: string): Account {
  return world.get('accounts', id) ?? notFound('Account', id);
}

export type ServiceStatus = Account['status'];

/** Each move: the statuses it starts from and the one it ends in. */
export const SERVICE_MOVES = {
  create: { from: ['Pending'], to: 'Active' },
  suspend: { from: ['Active'], to: 'Suspended' },
  unsuspend: { from: ['Suspended'], to: 'Active' },
  terminate: { from: ['Active', 'Suspended'], to: 'Terminated' },
  cancel: { from: ['Pending'], to: 'Cancelled' },
  fraud: { from: ['Pending', 'Active', 'Suspended'], to: 'Fraud' },
} as const satisfies Record<string, { from: readonly ServiceStatus[]; to: ServiceStatus }>;

export type ServiceMove = keyof typeof SERVICE_MOVES;

/** Whether the service may make this move from its current status. */
export function canMove(account: Account, move: ServiceMove): boolean {
  return (SERVICE_MOVES[move].from as readonly ServiceStatus[]).includes(account.status);
}

type AddonStatus = AccountAddon['status'];
const LIVE_ADDONS: readonly AddonStatus[] = ['Pending', 'Active', 'Suspended'];

/**
 * What each move does to the addons attached to the service: they are run by
 * the service's module, so they are created, suspended and unsuspended with
 * it, and end with it (addons have no Fraud status: a fraud service's addons
 * are Cancelled). Addons in any other status stay as they are.
 */
export const ADDON_MOVES = {
  create: { from: ['Pending'], to: 'Active' },
  suspend: { from: ['Active'], to: 'Suspended' },
  unsuspend: { from: ['Suspended'], to: 'Active' },
  terminate: { from: LIVE_ADDONS, to: 'Terminated' },
  cancel: { from: LIVE_ADDONS, to: 'Cancelled' },
  fraud: { from: LIVE_ADDONS, to: 'Cancelled' },
} as const satisfies Record<ServiceMove, { from: readonly AddonStatus[]; to: AddonStatus }>;

/** Makes the move, or refuses it naming the current status; the service's addons follow. Answers the stored account. */
export function moveService(world: World, account: Account, move: ServiceMove): Account {
  const { from, to } = SERVICE_MOVES[move];
  if (!canMove(account, move)) fail(messages.serviceMoveRefused(account.id, account.status, to, from));
  const addons = ADDON_MOVES[move];
  for (const row of world.where('account_addons', 'account_id', account.id)) {
    if ((addons.from as readonly AddonStatus[]).includes(row.status)) world.replace('account_addons', { ...row, status: addons.to });
  }
  const moved = world.replace('accounts', { ...account, status: to });
  serviceMoved(world, moved, move);
  return moved;
}

/** Statuses in which a service still exists at its module: a Terminated, Cancelled or Fraud one is closed. */
export const OPEN_STATUSES: readonly ServiceStatus[] = ['Pending', 'Active', 'Suspended'];

/** Refuses a closed service, naming its status and what it cannot do ("change package"). */
export function requireOpen(account: Account, action: string): void {
  if (!OPEN_STATUSES.includes(account.status)) fail(messages.serviceClosed(account.id, account.status, OPEN_STATUSES, action));
}

/** The service on another product: its module name follows the product. The caller stores it. */
export function onProduct(account: Account, product: Product): Account {
  return { ...account, product_id: product.id, mod: moduleName(product) };
}

/** A product's recurring price on a cycle, converted from the main currency into the service's, in cents. */
export function recurringCents(world: View, product: Product, cycle: Cycle, currencyId: string): number {
  return fromMainCents(world, cyclePriceCents(product, cycle).price, currencyId);
}

// Provisioning modules by the id a product names, as services show them in `mod`.
const MODULE_NAMES: Record<string, string> = { '3': 'Cpanel2', '5': 'SolusVM', '7': 'OnApp', '9': 'GoGetSSL' };

/** The name of the provisioning module a product runs ("" when it runs none). */
export function moduleName(product: Product): string {
  return MODULE_NAMES[product.module] ?? '';
}

/**
 * When the renewal invoice for a due date is made: the product's invoice_days
 * earlier (automationSettings.ts); a service that never falls due is never invoiced.
 */
export function nextInvoiceDate(world: View, account: Pick<Account, 'product_id' | 'client_id'>, nextDue: string): string {
  const due = parseDateTime(nextDue);
  return due === undefined ? ZERO_DATE : formatDate(addDays(due, -serviceAutomation(world, account).invoiceDays));
}

/** A control-panel login from the hostname (up to 8 letters and digits), "root" on servers, none without a module. */
function usernameFor(product: Product, host: string): string {
  if (moduleName(product) === '' || product.module === '9') return '';
  if (isServerProduct(product)) return 'root';
  return host
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .slice(0, 8);
}

/** A password derived from the service id and date, so a replayed session stores the same one. */
function passwordFor(id: string, date: string): string {
  const digest = createHash('sha256').update(`billsim-service:${id}:${date}`).digest('base64');
  return digest.replace(/[^A-Za-z0-9]/g, '').slice(0, 12);
}

export interface NewService {
  clientId: string;
  orderId: string;
  product: Product;
  cycle: Cycle;
  host: string;
  paymentModule: string;
  currencyId: string;
  /** Recurring price and setup fee of one period, in cents of currencyId. */
  priceCents: number;
  setupCents: number;
  now: Date;
  /** The id to give it: a caller creating several services at once numbers them itself. */
  id?: string;
}

/**
 * A Pending service as an order creates it: its first period starts today, so it is
 * next due one period on (a charge that never recurs has no due date). The caller inserts it.
 */
export function newService(world: View, spec: NewService): Account {
  const id = spec.id ?? world.nextId('accounts');
  const today = formatDate(spec.now);
  const nextDue = nextDueDate(spec.cycle, spec.now);
  const nextInvoice = nextInvoiceDate(world, { product_id: spec.product.id, client_id: spec.clientId }, nextDue);
  return {
    id,
    client_id: spec.clientId,
    order_id: spec.orderId,
    product_id: spec.product.id,
    parent_id: '0',
    date_created: today,
    domain: spec.host,
    server_id: '0',
    payment_module: spec.paymentModule,
    firstpayment: formatCents(spec.priceCents + spec.setupCents),
    total: formatCents(spec.priceCents),
    billingcycle: CYCLE_NAMES[spec.cycle],
    billingtype: 'PrePay',
    next_due: nextDue,
    next_invoice: nextInvoice,
    status: 'Pending',
    label: '',
    username: usernameFor(spec.product, spec.host),
    password: passwordFor(id, today),
    manual: '0',
    currency_id: spec.currencyId,
    notes: '',
    mod: moduleName(spec.product),
    // Addresses come with provisioning on a server, which billsim leaves to editAccountDetails.
    ip: '',
    additional_ip: [],
  };
}
