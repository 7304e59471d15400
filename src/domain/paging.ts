// HostBill's list pagination: `page` counts from 0; the answer carries a
// `sorter` object of numbers whose `sorterpage` is the next page to ask for.
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

/** Reads validated `page`/`perpage` strings. */
export function pageParams(params: { page?: string; perpage?: string }): { page: number; perpage: number } {
  return {
    page: params.page ? Number(params.page) : 0,
    perpage: params.perpage ? Number(params.perpage) : DEFAULT_PER_PAGE,
  };
}
