/** A LIKE pattern matching `text` anywhere, with LIKE's wildcards in it taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Paging of a list: which rows to skip and take. */
export function pageWindow(paging: { page: number; pageSize: number }) {
  return { limit: paging.pageSize, offset: (paging.page - 1) * paging.pageSize };
}
