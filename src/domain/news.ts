// News items as both doors show them: the Admin API lists every item, the
// customer's door only the published ones (`enable` "1"). Lists run newest
// first by date, then id, and show a preview of the text.
import type { View } from '../store/world.js';
import type { NewsItem } from '../generated/wire.js';

export const NEWS_PREVIEW_LENGTH = 100;

/** Lists show a preview; counted in code points so a cut never splits a character. */
export function newsPreview(content: string): string {
  const chars = Array.from(content);
  return chars.length > NEWS_PREVIEW_LENGTH ? `${chars.slice(0, NEWS_PREVIEW_LENGTH).join('')}...` : content;
}

function newestFirst(a: NewsItem, b: NewsItem): number {
  return b.date.localeCompare(a.date) || Number(b.id) - Number(a.id);
}

/** Every news item (getNews), or only the published ones (the customer's door), in list order. */
export function newsList(world: View, publishedOnly: boolean): NewsItem[] {
  const rows = publishedOnly ? world.all('news').filter(isPublished) : [...world.all('news')];
  return rows.sort(newestFirst);
}

export function isPublished(item: NewsItem): boolean {
  return item.enable === '1';
}
