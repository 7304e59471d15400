import t from 'tap';
import { POPULAR_LIMIT, countReplyUses, popularReplies, requirePredefinedReply } from '../../src/domain/predefinedReplies.js';
import { world, write } from '../helpers/world.js';
import { ApiError } from '../../src/errors.js';

const uses = (w: ReturnType<typeof world>) => w.all('predefined_replies').map((r) => r.uses);

t.test('countReplyUses counts a use of every reply whose whole text a message holds, line endings aside', async (t) => {
  const w = world({
    predefined_replies: [{ reply: 'Hello,\r\n\r\nThank you.' }, { reply: 'Your server was rebooted.', uses: '4' }, { reply: 'Thank you.' }],
  });
  write(w, () => countReplyUses(w, 'Hello,\n\nThank you.\n\nOlivia'));
  t.strictSame(uses(w), ['1', '4', '1'], 'a reply inside another counts too');
  write(w, () => countReplyUses(w, 'Your server was'));
  t.strictSame(uses(w), ['1', '4', '1'], 'part of a reply is not a use');
});

t.test('popularReplies: used replies, most used first, ties by id, at most the limit', async (t) => {
  // Reply n is used 20 - n times, but reply 3 is used as often as reply 2 and reply 12 never.
  const counts = ['19', '18', '18', '16', '15', '14', '13', '12', '11', '10', '9', '0'];
  const w = world({ predefined_replies: counts.map((count) => ({ uses: count })) });
  const ids = popularReplies(w).map((r) => r.id);
  t.strictSame(ids, ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'], 'a tie goes by id; the 11th used reply is past the limit');
  t.equal(ids.length, POPULAR_LIMIT);
  t.strictSame(
    popularReplies(world({ predefined_replies: [{ uses: '0' }, { uses: '2' }] })).map((r) => r.id),
    ['2'],
    'never an unused reply',
  );
  t.strictSame(Object.keys(popularReplies(w)[0]), ['id', 'category_id', 'name', 'reply'], 'the count stays out of the answer');
});

t.test('requirePredefinedReply finds a reply by id, or names the one missing', async (t) => {
  const w = world({ predefined_replies: [{ reply: 'Hello.' }] });
  t.equal(requirePredefinedReply(w, '1').reply, 'Hello.');
  t.throws(() => requirePredefinedReply(w, '2'), new ApiError('Predefined reply 2 not found'));
});
