// Cancellation requests of services, recorded as the Admin API lists them
// (getCancellations) and shown by getAccountDetails under `cancel_request`:
// an Immediate request ends the service when it is filed, one for the end of
// the billing period waits for the daily automation on the day the paid
// period ends. Ending it is the service state machine's own move.
import { cancellationRequested } from './events.js';
import type { Account, Cancellation } from '../generated/wire.js';
import type { View, World } from '../store/world.js';
import { fail, messages } from '../errors.js';
import { formatDateTime, ZERO_DATE, ZERO_DATETIME } from '../lib/dates.js';
import { moveService, OPEN_STATUSES, requireOpen } from './services.js';

/** The request of a service not yet carried out, if any. */
export function openCancellation(world: View, accountId: string): Cancellation | undefined {
  return world.where('cancellations', 'item_id', accountId).find((row) => row.processed_at === ZERO_DATETIME);
}

/** The service's latest request (carried out or not), as getAccountDetails shows it. */
export function latestCancellation(world: View, accountId: string): Cancellation | undefined {
  const rows = world.where('cancellations', 'item_id', accountId);
  return rows.length === 0 ? undefined : rows.reduce((last, row) => (Number(row.id) > Number(last.id) ? row : last));
}

/** Whether a service may be asked to cancel: still open at its module, and not asked already. */
export function canRequestCancellation(world: View, account: Account): boolean {
  return OPEN_STATUSES.includes(account.status) && !openCancellation(world, account.id);
}

export interface CancellationAsked {
  immediate: boolean;
  reason: string;
  who: Cancellation['who'];
  now: Date;
}

/**
 * Files a cancellation request; an Immediate one is carried out at once. A
 * closed service, or one with a request waiting, is refused. Answers the request as stored.
 */
export function requestCancellation(world: World, account: Account, asked: CancellationAsked): Cancellation {
  requireOpen(account, 'be cancelled');
  const waiting = openCancellation(world, account.id);
  if (waiting) fail(messages.cancellationWaiting(account.id, waiting.id, waiting.type));
  const date = formatDateTime(asked.now);
  // A service that never falls due has no period to wait for: it ends now.
  const immediate = asked.immediate || account.next_due === ZERO_DATE;
  const row = world.insert('cancellations', {
    id: world.nextId('cancellations'),
    date,
    reason: asked.reason,
    type: immediate ? 'Immediate' : 'End of billing period',
    item_id: account.id,
    item_type: 'Account',
    process_at: immediate ? date : `${account.next_due} 00:00:00`,
    processed_at: ZERO_DATETIME,
    who: asked.who,
    client_id: account.client_id,
  });
  cancellationRequested(world, account.id, asked.reason);
  return immediate ? carryOut(world, row, asked.now) : row;
}

/**
 * Ends the service a request is for, through the service state machine: a
 * Pending service is Cancelled, an Active or Suspended one Terminated; one
 * already closed stays as it is. The request records when. Answers it.
 */
export function carryOut(world: World, row: Cancellation, now: Date): Cancellation {
  const account = world.get('accounts', row.item_id);
  if (account?.status === 'Pending') moveService(world, account, 'cancel');
  else if (account && (account.status === 'Active' || account.status === 'Suspended')) moveService(world, account, 'terminate');
  return world.replace('cancellations', { ...row, processed_at: formatDateTime(now) });
}

/** The requests the daily run of `day` carries out: waiting, and due on or before that day, in id order. */
export function cancellationsDue(world: View, day: string): Cancellation[] {
  return world
    .where('cancellations', 'processed_at', ZERO_DATETIME)
    .filter((row) => row.process_at.slice(0, 10) <= day)
    .sort((a, b) => Number(a.id) - Number(b.id));
}
