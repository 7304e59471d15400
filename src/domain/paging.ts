// HostBill's list pagination: `page` counts from 0; the answer carries a
// `sorter` object of numbers whose `sorterpage` is the next page to ask for.
export const DEFAULT_PER_PAGE = 25;

export interface Sorter {
  perpage: number;
  totalpages: number;
  sorterrecords: number;
  sorterpage: number;
}

export function paginate<T>(rows: readonly T[], page = 0, perpage = DEFAULT_PER_PAGE): { items: T[]; sorter: Sorter } {
  const start = page * perpage;
  return {
    items: rows.slice(start, start + perpage),
    sorter: {
      perpage,
      totalpages: Math.ceil(rows.length / perpage),
      sorterrecords: rows.length,
      sorterpage: page + 1,
    },
  };
}

/** Reads validated `page`/`perpage` strings. */
export function pageParams(params: { page?: string; perpage?: string }): { page: number; perpage: number } {
  return {
    page: params.page ? Number(params.page) : 0,
    perpage: params.perpage ? Number(params.perpage) : DEFAULT_PER_PAGE,
  };
}
