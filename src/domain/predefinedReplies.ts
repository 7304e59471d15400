// Predefined replies and how popular each is. Popularity is counted, never set:
// staff insert a reply's text into a message and write around it, so a staff
// message holding a reply's whole text is one use of that reply.
import type { View, World } from '../store/world.js';
import type { PredefinedReply, PredefinedReplyItem } from '../generated/wire.js';
import { notFound } from '../errors.js';

/** How many replies getPopularPredefinedReplies lists at most. */
export const POPULAR_LIMIT = 10;

/** Text compared without its line-ending style or surrounding blanks: senders send \n where the desk stored \r\n. */
const plain = (text: string): string => text.replace(/\r\n?/g, '\n').trim();

/** A reply as the desk lists it (getPredefinedReplies, getPopularPredefinedReplies). */
export const replyItem = ({ id, category_id, name, reply }: PredefinedReply): PredefinedReplyItem => ({ id, category_id, name, reply });

/** Counts one use of every predefined reply whose whole text the staff message `body` holds. */
export function countReplyUses(world: World, body: string): void {
  const message = plain(body);
  for (const reply of world.all('predefined_replies')) {
    const text = plain(reply.reply);
    if (text !== '' && message.includes(text)) world.replace('predefined_replies', { ...reply, uses: String(Number(reply.uses) + 1) });
  }
}

/** The replies used at least once, most used first (ties by id), at most POPULAR_LIMIT. */
export function popularReplies(world: View): PredefinedReplyItem[] {
  return world
    .all('predefined_replies')
    .filter((r) => Number(r.uses) > 0)
    .sort((a, b) => Number(b.uses) - Number(a.uses) || Number(a.id) - Number(b.id))
    .slice(0, POPULAR_LIMIT)
    .map(replyItem);
}

/** Predefined reply `id`, through the id index. */
export function requirePredefinedReply(world: View, id: string): PredefinedReply {
  return world.get('predefined_replies', id) ?? notFound('Predefined reply', id);
}
