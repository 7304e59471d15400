import { defineOperation } from '../operation.js';
import type { GetNewsRequest, GetNewsResult } from '../../generated/wire.js';
import { pageParams, paginate } from '../../lib/lists.js';
import { newsList, newsPreview } from '../../domain/news.js';

export default defineOperation<GetNewsRequest, GetNewsResult>({
  mutates: false,
  run(params, { world }) {
    const { page, perpage } = pageParams(params);
    const { items, sorter } = paginate(newsList(world, false), page, perpage);
    return {
      news: items.map(({ id, title, content, enable, date }) => ({ id, title, content: newsPreview(content), enable, date })),
      sorter,
    };
  },
});
