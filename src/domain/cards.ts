// Charging a card on file: which cards the simulated gateway declines and why.
// Declines follow the well-known gateway test numbers, by the last four digits
// (a tokenized card keeps only those), and a card past its expiry month is
// declined as expired, so a front end can rehearse every failure path.
import type { ClientCard } from '../generated/wire.js';

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
