import { defineRead } from '../route.js';
import { newsList, newsPreview } from '../../domain/news.js';
import { DEFAULT_PER_PAGE, doorPageInfo, paginate } from '../../lib/lists.js';
import type { UserApiGetNewsAnswer, UserApiGetNewsInput } from '../../generated/wire.js';

export default defineRead<UserApiGetNewsInput, UserApiGetNewsAnswer>({
  run({ page }, { world }) {
    const { items, sorter } = paginate(newsList(world, true), (page ?? 1) - 1, DEFAULT_PER_PAGE);
    return {
      news: items.map(({ id, title, content, date }) => ({ id, title, content: newsPreview(content), date })),
      page: doorPageInfo(sorter),
    };
  },
});
