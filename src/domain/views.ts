// Read-time joins shared by operations: the store is normalized, answers
// embed the related records the real API embeds.
import type { World } from '../store/world.js';
import type { Client } from '../generated/wire.js';

/** The client object embedded in invoices and estimates: the record without its password hash. */
export type ClientEmbed = Omit<Client, 'password'>;

export function clientEmbed(db: World, clientId: string): ClientEmbed | null {
  const client = db.get('clients', clientId);
  if (!client) return null;
  const { password, ...embed } = client;
  void password;
  return embed;
}

/** A payment gateway's display name ("" when the id is "0" or unknown), as invoices and transactions show it. */
export function gatewayName(db: World, gatewayId: string): string {
  return db.get('gateways', gatewayId)?.name ?? '';
}

/** The client's first and last name, joined into list items. */
export function clientNames(db: World, clientId: string): { firstname: string; lastname: string } {
  const client = db.get('clients', clientId);
  return { firstname: client?.firstname ?? '', lastname: client?.lastname ?? '' };
}

/** "************1111": only the last four digits of a card number ever leave the store. */
export function maskCard(lastfour: string): string {
  return `************${lastfour}`;
}
