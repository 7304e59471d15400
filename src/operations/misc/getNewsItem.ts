import { defineOperation } from '../operation.js';
import { notFound } from '../../errors.js';
import type { GetNewsItemRequest, GetNewsItemResult } from '../../generated/wire.js';

export default defineOperation<GetNewsItemRequest, GetNewsItemResult>({
  mutates: false,
  run({ id }, { world }) {
    const item = world.get('news', id) ?? notFound('News item', id);
    const { title, content, enable, date } = item;
    // Rebuilt field by field so the answer keeps the real key order whatever the stored order.
    return { newsitem: { id: item.id, title, content, enable, date } };
  },
});
