import { defineOperation } from '../operation.js';
import type { GetNewsRequest, GetNewsResult, NewsItem } from '../../generated/wire.js';
import { pageParams, paginate } from '../../lib/lists.js';

export const NEWS_PREVIEW_LENGTH = 100;

/** Lists show a preview; counted in code points so a cut never splits a character. */
export function preview(content: string): string {
  const chars = Array.from(content);
  return chars.length > NEWS_PREVIEW_LENGTH ? `${chars.slice(0, NEWS_PREVIEW_LENGTH).join('')}...` : content;
}

function newestFirst(a: NewsItem, b: NewsItem): number {
  return b.date.localeCompare(a.date) || Number(b.id) - Number(a.id);
}

export default defineOperation<GetNewsRequest, GetNewsResult>({
  mutates: false,
  run(params, { world }) {
    const rows = [...world.all('news')].sort(newestFirst);
    const { page, perpage } = pageParams(params);
    const { items, sorter } = paginate(rows, page, perpage);
    return {
      news: items.map(({ id, title, content, enable, date }) => ({ id, title, content: preview(content), enable, date })),
      sorter,
    };
  },
});
