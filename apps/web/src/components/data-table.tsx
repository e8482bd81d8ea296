import { type ReactNode, useId } from 'react';
import { t } from './i18n';

export interface DataTableColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** This column's cell names its row (a row header, `th scope="row"`). */
  isRowHeader?: boolean;
  align?: 'left' | 'right';
  /** Extra classes of the column's body cells. */
  className?: string;
  /** The column's name on each line of a phone's card, when its header is not plain text. */
  phoneLabel?: string;
}

/** The name a column's cells show on a phone's card: its header's text (or its `phoneLabel`). */
function phoneLabel<Row>(column: DataTableColumn<Row>): string | undefined {
  return column.phoneLabel ?? (typeof column.header === 'string' ? column.header : undefined);
}

export interface DataTableProps<Row> {
  /** Names the table for everyone; keep it even when a heading says the same (`hideCaption`). */
  caption: ReactNode;
  /** Keeps the caption for assistive technology only. */
  hideCaption?: boolean;
  columns: ReadonlyArray<DataTableColumn<Row>>;
  rows: ReadonlyArray<Row>;
  rowKey: (row: Row) => string;
  /** Said in the table's body when there are no rows. */
  emptyText: ReactNode;
  /** While the rows load, the body says so (announced) and the table is marked busy. */
  isLoading?: boolean;
  loadingText?: string;
  /** Classes of a body row (e.g. totals in bold). */
  rowClassName?: (row: Row) => string;
  /**
   * A wide table without links or buttons: its sideways-scrolling box takes keyboard focus (named by
   * the caption), so keyboard users can scroll it too (WCAG 2.1.1).
   */
  isScrollFocusable?: boolean;
}

/**
 * An accessible table: a caption, column headers, optional row headers, and one full-width row that
 * says when the table is loading or empty. Wide tables scroll sideways inside their box — from the
 * `sm` width up: on a phone each row is a stacked card (issue 28), its row header as the card's
 * title and every other cell a line with its column's name, so no column is off-screen.
 */
export function DataTable<Row>({
  caption,
  hideCaption = false,
  columns,
  rows,
  rowKey,
  emptyText,
  isLoading = false,
  loadingText,
  rowClassName,
  isScrollFocusable = false,
}: DataTableProps<Row>) {
  const captionId = useId();
  const alignClass = (column: DataTableColumn<Row>) => (column.align === 'right' ? 'text-right' : '');
  const fullWidthRow = (content: ReactNode) => (
    <tr>
      <td colSpan={columns.length} className="py-3 text-slate-700 max-sm:block">
        {content}
      </td>
    </tr>
  );
  return (
    <div
      className={
        isScrollFocusable
          ? 'relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800'
          : 'relative overflow-x-auto'
      }
      {...(isScrollFocusable ? { tabIndex: 0, role: 'region', 'aria-labelledby': captionId } : {})}
    >
      <table className="w-full text-left max-sm:block" aria-busy={isLoading || undefined}>
        <caption
          id={isScrollFocusable ? captionId : undefined}
          className={hideCaption ? 'sr-only' : 'mb-2 text-left font-semibold text-slate-900'}
        >
          {caption}
        </caption>
        {/* On a phone the column names are said on each card's lines; the header row stays for screen readers. */}
        <thead className="max-sm:sr-only">
          <tr className="border-b border-slate-300 text-sm text-slate-700">
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`py-2 pr-4 font-semibold last:pr-0 ${alignClass(column)}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-900 max-sm:block">
          {isLoading
            ? fullWidthRow(<span role="status">{loadingText ?? t('components.dataTable.loading')}</span>)
            : rows.length === 0
              ? fullWidthRow(emptyText)
              : rows.map((row) => (
                  <tr key={rowKey(row)} className={`max-sm:block max-sm:py-2 ${rowClassName?.(row) ?? ''}`}>
                    {columns.map((column) => {
                      const classes = `py-2 pr-4 last:pr-0 ${alignClass(column)} ${column.className ?? ''}`;
                      return column.isRowHeader ? (
                        <th
                          key={column.key}
                          scope="row"
                          className={`${classes} [font-weight:inherit] max-sm:block max-sm:py-1 max-sm:pr-0 max-sm:text-left max-sm:font-semibold max-sm:[overflow-wrap:anywhere]`}
                        >
                          {column.cell(row)}
                        </th>
                      ) : (
                        <td
                          key={column.key}
                          data-label={phoneLabel(column)}
                          className={`${classes} max-sm:flex max-sm:before:shrink-0 max-sm:before:text-sm max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] max-sm:items-baseline max-sm:justify-between max-sm:gap-3 max-sm:py-1 max-sm:pr-0`}
                        >
                          <span className="max-sm:min-w-0 max-sm:text-right max-sm:[overflow-wrap:anywhere]">
                            {column.cell(row)}
                          </span>
                        </td>
                      );
                    })}
                  </tr>
                ))}
        </tbody>
      </table>
    </div>
  );
}
