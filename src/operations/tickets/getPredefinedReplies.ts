import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import { replyItem } from '../../domain/predefinedReplies.js';
import type { GetPredefinedRepliesRequest, GetPredefinedRepliesResult, ReplyCategory } from '../../generated/wire.js';

const category = ({ id, parent_cat, name }: ReplyCategory): ReplyCategory => ({ id, parent_cat, name });

// cid 0 lists every category (the published answer); any other cid opens that
// category: its sub-categories and its replies (the real shape is unpublished).
export default defineOperation<GetPredefinedRepliesRequest, GetPredefinedRepliesResult>({
  mutates: false,
  run({ cid }, { world }) {
    if (cid === '0') return { category: { categories: world.all('reply_categories').map(category) } };
    const found = world.get('reply_categories', cid) ?? notFound('Predefined reply category', cid);
    return {
      category: {
        ...category(found),
        categories: world.where('reply_categories', 'parent_cat', cid).map(category),
        replies: world.where('predefined_replies', 'category_id', cid).map(replyItem),
      },
    };
  },
});
