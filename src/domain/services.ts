// The service (account) state machine: which status each module action moves a
// service from and to. accountCreate and friends, order activation, order
// cancellation and deletion and the daily automation all move services here.
import type { World } from '../store/world.js';
import type { Account } from '../generated/wire.js';
import { fail, messages } from '../errors.js';

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

/** Makes the move, or refuses it naming the current status; answers the stored account. */
export function moveService(world: World, account: Account, move: ServiceMove): Account {
  const { from, to } = SERVICE_MOVES[move];
  if (!canMove(account, move)) fail(messages.serviceMoveRefused(account.id, account.status, to, from));
  return world.replace('accounts', { ...account, status: to });
}
