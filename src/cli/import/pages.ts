// Paged list calls, read to the end without trusting the installation's
// count: a list ends at an empty page, at its last page as `sorter.totalpages`
// says, or at a page that brings no record not already read (an installation
// that ignores `page` answers the same page for ever, and `totalpages` may say
// 1e9). The reader's request cap bounds the rest.
import { listOf } from './records.js';
import type { Reader, Row } from './types.js';

/** The most records a page asks for (the most the API takes). */
export const PAGE = 1000;

/** Every item of a paged list call (`key` holds them), each id once, or the first `limit`. */
export async function allPages(
  reader: Reader,
  call: string,
  params: Record<string, string>,
  key: string,
  limit = Infinity,
): Promise<Row[]> {
  const rows: Row[] = [];
  const seen = new Set<string>();
  for (let page = 0; rows.length < limit; page++) {
    const perpage = String(Math.min(PAGE, limit - rows.length));
    const answer = await reader.read(call, { ...params, page: String(page), perpage });
    let fresh = 0;
    for (const item of listOf(answer?.[key])) {
      const id = idOf(item);
      if (id === undefined) rows.push(item);
      else if (!seen.has(id)) {
        seen.add(id);
        rows.push(item);
        fresh++;
      }
    }
    const pages = Number((answer?.sorter as Row | undefined)?.totalpages ?? 0);
    if (fresh === 0 || page + 1 >= pages) break;
  }
  return rows.slice(0, limit);
}

/** A listed record's id as text; undefined for an item that has none. */
export function idOf(item: unknown): string | undefined {
  const id = typeof item === 'object' && item !== null ? (item as Row).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}
