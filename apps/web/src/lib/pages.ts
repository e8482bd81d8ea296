import type { ListPage } from '../components/paged-table';

/**
 * The page of a list the API answers whole (an array) without paging and a page at a time with
 * `page`/`pageSize`: asked with paging, it is a page; a whole list is read as its only page.
 */
export function asPage<Item>(answer: readonly Item[] | ListPage<Item>): ListPage<Item> {
  if (!Array.isArray(answer)) return answer as ListPage<Item>;
  return {
    items: answer,
    total: answer.length,
    page: 1,
    pageSize: Math.max(answer.length, 1),
    totalPages: 1,
  };
}

/** The whole list of a list the API answers whole without paging. */
export function asList<Item>(answer: readonly Item[] | ListPage<Item>): readonly Item[] {
  return Array.isArray(answer) ? answer : (answer as ListPage<Item>).items;
}
