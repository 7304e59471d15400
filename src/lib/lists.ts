// HostBill's lists: `page` counts from 0, the answer carries a `sorter` object of
// numbers whose `sorterpage` is the next page to ask for, and lists run newest
// first. Filters match text the way the admin search boxes do. Newest-first
// pages of a collection are cut by the store (View.newestPage), which knows
// whether a collection is already in id order.
export const DEFAULT_PER_PAGE = 25;

export interface Sorter {
  perpage: number;
  totalpages: number;
  sorterrecords: number;
  sorterpage: number;
}

export interface Page<T> {
  items: T[];
  sorter: Sorter;
}

export function paginate<T>(rows: readonly T[], page = 0, perpage = DEFAULT_PER_PAGE): Page<T> {
  const start = page * perpage;
  return { items: rows.slice(start, start + perpage), sorter: sorterOf(rows.length, page, perpage) };
}

export function sorterOf(records: number, page: number, perpage: number): Sorter {
  return { perpage, totalpages: Math.ceil(records / perpage), sorterrecords: records, sorterpage: page + 1 };
}

/** The customer's door's `page: {current, total}` for a page cut from 0 (`page - 1` of the route's 1-based `page`): an empty list is one page. */
export function doorPageInfo(sorter: Sorter): { current: number; total: number } {
  return { current: sorter.sorterpage, total: Math.max(1, sorter.totalpages) };
}

/** Lists whose published sample pages by another size than DEFAULT_PER_PAGE. */
const PER_PAGE_OF: Readonly<Record<string, number>> = { getClientAccess: 10 };

/** The page a list call reads when the request names none: the first, of the call's page size (as text, as a request carries them). */
export function pageDefaults(call: string): { page: string; perpage: string } {
  return { page: '0', perpage: String(PER_PAGE_OF[call] ?? DEFAULT_PER_PAGE) };
}

/** Reads validated `page`/`perpage` strings; `call` names the list, for its page size. */
export function pageParams(params: { page?: string; perpage?: string }, call?: string): { page: number; perpage: number } {
  const defaults = pageDefaults(call ?? '');
  return {
    page: Number(params.page || defaults.page),
    perpage: Number(params.perpage || defaults.perpage),
  };
}

/** Newest first: ids are numeric strings, so compare them as numbers. */
export function newestFirst<T extends { id: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => Number(b.id) - Number(a.id));
}

export function oldestFirst<T extends { id: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => Number(a.id) - Number(b.id));
}

/** Rows passing every check; the list itself when there are none (no copy of a million rows). */
export function matching<T>(rows: readonly T[], checks: ReadonlyArray<(row: T) => boolean>): readonly T[] {
  return checks.length === 0 ? rows : rows.filter((row) => checks.every((check) => check(row)));
}

/** Case-insensitive "contains", as the admin search boxes match text. */
export function containsText(value: string, wanted: string): boolean {
  return value.toLowerCase().includes(wanted.toLowerCase());
}

/** Case-insensitive equality, for display names (gateway, registrar) typed by hand. */
export function sameText(value: string, wanted: string): boolean {
  return value.toLowerCase() === wanted.toLowerCase();
}

/** The operators of `filterop[date]`, comparing a record's day (YYYY-MM-DD) with the one asked for. */
export type DateOp = '=' | '<' | '>' | '!=';

export const DAY_COMPARE: Record<DateOp, (day: string, wanted: string) => boolean> = {
  '=': (day, wanted) => day === wanted,
  '<': (day, wanted) => day < wanted,
  '>': (day, wanted) => day > wanted,
  '!=': (day, wanted) => day !== wanted,
};

/** A page of the customer's door: `page` counts from 1, 25 a page, and `page: {current, total}` goes beside the list (total at least 1). */
export function doorPage<T>(rows: readonly T[], page = 1): { items: T[]; page: { current: number; total: number } } {
  const start = (page - 1) * DEFAULT_PER_PAGE;
  return { items: rows.slice(start, start + DEFAULT_PER_PAGE), page: doorPageInfo(sorterOf(rows.length, page - 1, DEFAULT_PER_PAGE)) };
}
