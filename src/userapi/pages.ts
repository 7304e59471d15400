// The door's lists page as clients read them (Togglebox's pager): `page`
// counted from 1 in the input, `page: {current, total}` beside the list, 25
// items a page. The cutting itself is lib/lists' (and the store's newest-first
// pages), which count from 0.
import type { Sorter } from '../lib/lists.js';
import type { UserApiPage } from '../generated/wire.js';

export const DOOR_PER_PAGE = 25;

/** The Admin-side page number (from 0) of the door's `page` (from 1; 1 when not given). */
export function adminPage(page: number | undefined): number {
  return (page ?? 1) - 1;
}

/** Where the list is, from the sorter that cut it: a list with no items still has one (empty) page. */
export function doorPage(sorter: Sorter): UserApiPage {
  return { current: sorter.sorterpage, total: Math.max(1, sorter.totalpages) };
}
