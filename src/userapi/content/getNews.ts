import { defineRead } from '../route.js';
import { paginate } from '../../lib/lists.js';
import { newsList, newsPreview } from '../../domain/news.js';
import { adminPage, DOOR_PER_PAGE, doorPage } from '../pages.js';
import type { UserApiGetNewsAnswer, UserApiGetNewsInput } from '../../generated/wire.js';

export default defineRead<UserApiGetNewsInput, UserApiGetNewsAnswer>({
  run({ page }, { world }) {
    const { items, sorter } = paginate(newsList(world, true), adminPage(page), DOOR_PER_PAGE);
    return {
      news: items.map(({ id, title, content, date }) => ({ id, title, content: newsPreview(content), date })),
      page: doorPage(sorter),
    };
  },
});
