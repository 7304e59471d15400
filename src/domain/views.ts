// Read-time joins shared by operations: the store is normalized, answers
// embed the related records the real API embeds.
import type { View } from '../store/world.js';
import type { Client, InvoiceClient } from '../generated/wire.js';

/** The client object estimates, drafts and getClientDetails embed: the record without its password hash. */
export type ClientEmbed = Omit<Client, 'password'>;

/** The client object getInvoiceDetails embeds: every field, the stored salted hash as `password` right after `email`. */
export function invoiceClient(world: View, clientId: string): InvoiceClient | null {
  const client = world.get('clients', clientId);
  if (!client) return null;
  const { id, email, password, ...rest } = client;
  return { id, email, password, ...rest };
}

/**
 * Each client row's embed, made once: rows are never changed in place (a
 * change is a new row), so an embed made from a row stays true for as long
 * as the row lives. Frozen, as it is shared by every answer that embeds it.
 */
const embeds = new WeakMap<Client, ClientEmbed>();

export function clientEmbed(world: View, clientId: string): ClientEmbed | null {
  const client = world.get('clients', clientId);
  if (!client) return null;
  let embed = embeds.get(client);
  if (embed === undefined) {
    const { password, ...rest } = client;
    void password;
    embed = Object.freeze(rest);
    embeds.set(client, embed);
  }
  return embed;
}

/** The client's first and last name, joined into list items. */
export function clientNames(world: View, clientId: string): { firstname: string; lastname: string } {
  const client = world.get('clients', clientId);
  return { firstname: client?.firstname ?? '', lastname: client?.lastname ?? '' };
}

/** "************1111": only the last four digits of a card number ever leave the store. */
export function maskCard(lastfour: string): string {
  return `************${lastfour}`;
}

/** The named fields of a record, in the order given: answers list fields in the real API's order, not the store's. */
export function pick<T, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) out[key] = row[key];
  return out;
}
