/** A LIKE pattern matching `text` anywhere, with LIKE's wildcards in it taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Paging of a list: which rows to skip and take. */
export function pageWindow(paging: { page: number; pageSize: number }) {
  return { limit: paging.pageSize, offset: (paging.page - 1) * paging.pageSize };
}

/**
 * How every paged list describes its page (spec-1 §3's pagination: the web derives pagesArray,
 * totalPages and currentPage from it): the number of rows in all, the page (from 1), its size and
 * how many pages there are (at least 1, so an empty list is page 1 of 1).
 */
export function pageInfo(total: number, paging: { page: number; pageSize: number }) {
  return {
    total,
    page: paging.page,
    pageSize: paging.pageSize,
    totalPages: Math.max(1, Math.ceil(total / paging.pageSize)),
  };
}

/** Optional paging of a list that older callers read whole: pages count from 1. */
export interface OptionalPaging {
  page?: number;
  pageSize?: number;
}

/**
 * A list older callers read whole (an array, when no page is asked for) that screens read a page at
 * a time ({items, total, page, pageSize, totalPages}, when `page` or `pageSize` is given; pages of
 * `defaultPageSize`). `rows` answers the rows in the list's stable order, within the window when
 * given; `count` how many rows there are in all.
 */
export async function pageOrWhole<Row, Item>(
  paging: OptionalPaging | undefined,
  source: {
    rows: (window?: { limit: number; offset: number }) => Promise<Row[]>;
    count: () => Promise<number>;
    present: (rows: Row[]) => Item[] | Promise<Item[]>;
  },
  defaultPageSize = 10,
): Promise<Item[] | ({ items: Item[] } & ReturnType<typeof pageInfo>)> {
  if (paging?.page === undefined && paging?.pageSize === undefined) {
    return source.present(await source.rows());
  }
  const page = { page: paging.page ?? 1, pageSize: paging.pageSize ?? defaultPageSize };
  const rows = await source.rows(pageWindow(page));
  const total = await source.count();
  return { items: await source.present(rows), ...pageInfo(total, page) };
}
