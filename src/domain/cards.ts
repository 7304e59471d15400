// Cards on file: adding and editing one (kept masked, only the last four digits),
// and charging one: which cards the simulated gateway declines and why.
// Declines follow the well-known gateway test numbers, by the last four digits
// (a tokenized card keeps only those), and a card past its expiry month is
// declined as expired, so a front end can rehearse every failure path.
import type { ClientCard } from '../generated/wire.js';
import type { View, World } from '../store/world.js';
import { messages } from '../errors.js';
import { primaryCard } from './clients.js';
import { defaultGatewayId, requireEnabledGateway } from './gateways.js';
import { maskCard } from './views.js';

/** Last four digits that always decline, with the reason the gateway gives (Stripe's test numbers 4000 0000 0000 ....). */
export const DECLINING_CARDS: Readonly<Record<string, string>> = {
  '9995': 'insufficient funds',
  '0069': 'expired card',
  '0119': 'gateway error',
};

/** The first day after the card's expiry month (MMYY, years 20YY), in UTC. */
function expiresAt(expdate: string): Date {
  const month = Number(expdate.slice(0, 2));
  const year = 2000 + Number(expdate.slice(2, 4));
  return new Date(Date.UTC(year, month, 1));
}

/** Why charging `card` at `now` is declined, or undefined when the charge goes through. */
export function declineReason(card: ClientCard, now: Date): string | undefined {
  if (now >= expiresAt(card.expdate)) return `card expired ${card.expdate.slice(0, 2)}/20${card.expdate.slice(2, 4)}`;
  return DECLINING_CARDS[card.lastfour];
}

/** Whether a card number passes the Luhn check every card number carries (the test numbers do). */
export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card as addClientCreditCard and editClientCreditCard give it. */
export interface CardParams {
  cardnum: string;
  cardtype: string;
  expiryyear: string;
  expirymonth: string;
  token?: string;
  token_gateway_id?: string;
}

/** What is wrong with the card given, every problem at once (the parameters' forms are checked by the schema). */
export function cardProblems(card: CardParams): string[] {
  const problems: string[] = [];
  if (!luhnValid(card.cardnum))
    problems.push(messages.paramInvalid('cardnum', 'a card number that passes the Luhn check, such as 4242424242424242'));
  if (card.token !== undefined && card.token_gateway_id === undefined)
    problems.push(messages.paramRequiredFor('token_gateway_id', 'with token: the gateway that issued the token'));
  return problems;
}

/**
 * The stored fields of a card given in full: masked, as tokenizeClientCard
 * leaves a card, so only the last four digits of the number are ever kept.
 */
export function maskedCard(card: CardParams): Pick<ClientCard, 'cardtype' | 'cardnum' | 'lastfour' | 'expdate' | 'token'> {
  const month = card.expirymonth.padStart(2, '0');
  return {
    cardtype: card.cardtype,
    cardnum: '',
    lastfour: card.cardnum.slice(-4),
    expdate: `${month}${card.expiryyear.slice(-2)}`,
    token: card.token ?? '',
  };
}

/**
 * Where a new card is kept: the gateway named (it must be enabled), else the
 * gateway of the client's primary card, else the first enabled gateway that
 * holds any card on file, else the default gateway.
 */
export function cardGatewayId(world: View, clientId: string, named?: string): string {
  if (named !== undefined) return requireEnabledGateway(world, named, 'token_gateway_id').id;
  const primary = primaryCard(world, clientId);
  if (primary) return primary.gateway_id;
  const holding = world.all('gateways').find((g) => g.enabled === '1' && world.where('client_cards', 'gateway_id', g.id).length > 0);
  return holding?.id ?? defaultGatewayId(world);
}

/** The client's `cardnum` shows its primary card masked ("" without a card); call it after any change to its cards. */
export function showPrimaryCard(world: World, clientId: string): void {
  const client = world.get('clients', clientId);
  if (!client) return;
  const primary = primaryCard(world, clientId);
  const cardnum = primary ? maskCard(primary.lastfour) : '';
  if (client.cardnum !== cardnum) world.replace('clients', { ...client, cardnum });
}
