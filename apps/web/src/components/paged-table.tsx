import { DataTable, type DataTableProps } from './data-table';
import { ListPages } from './pagination';
import { QueryStatus } from './query-status';

/** One page of a list as the API answers it. */
export interface ListPage<Row> {
  items: ReadonlyArray<Row>;
  total: number;
  page: number;
  pageSize: number;
  /** How many pages there are (at least one). */
  totalPages?: number;
}

/** What PagedTable needs of a TanStack query of a list page. */
export interface PagedQuery<Row> {
  data: ListPage<Row> | undefined;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export interface PagedTableProps<Row> extends Omit<DataTableProps<Row>, 'rows'> {
  query: PagedQuery<Row>;
  page: number;
  onPageChange: (page: number) => void;
  /** The pagination's accessible name, e.g. "Pages of the audit log". */
  pagesLabel: string;
  /** Shown above the table, inside its card (e.g. an error of a row's action). */
  before?: React.ReactNode;
}

/**
 * A paginated list in a card: the loading and error states (with Try again) until the first page
 * arrives, then the table, and the pages when there is more than one; while another page loads the
 * previous one stays and the pagination waits.
 */
export function PagedTable<Row>({
  query,
  page,
  onPageChange,
  pagesLabel,
  before,
  ...table
}: PagedTableProps<Row>) {
  const data = query.data;
  if (!data) {
    return (
      <QueryStatus isPending={query.isPending} isError={query.isError} onRetry={() => void query.refetch()} />
    );
  }
  return (
    <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      {before}
      <DataTable<Row> {...table} rows={data.items} />
      <ListPages
        list={{ ...data, page }}
        onPageChange={onPageChange}
        isDisabled={query.isPlaceholderData}
        label={pagesLabel}
        className="mt-4"
      />
    </div>
  );
}
