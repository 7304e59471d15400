import { defineRead } from '../route.js';
import { doorNotFound } from '../../errors.js';
import { isPublished } from '../../domain/news.js';
import type { UserApiGetNewsIdAnswer, UserApiGetNewsIdInput } from '../../generated/wire.js';

export default defineRead<UserApiGetNewsIdInput, UserApiGetNewsIdAnswer>({
  run({ id }, { world }) {
    const item = world.get('news', id);
    if (!item || !isPublished(item)) doorNotFound('News item', id);
    return { newsitem: { id: item.id, title: item.title, content: item.content, date: item.date } };
  },
});
