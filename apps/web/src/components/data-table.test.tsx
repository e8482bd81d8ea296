import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table';

interface Row {
  ref: string;
  amount: number;
}

const columns: DataTableColumn<Row>[] = [
  { key: 'ref', header: 'Reference', cell: (row) => row.ref, isRowHeader: true },
  { key: 'amount', header: 'Amount', cell: (row) => `KES ${row.amount}`, align: 'right' },
];

const render = (props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) =>
  renderToStaticMarkup(
    <DataTable<Row>
      caption="Invoices"
      columns={columns}
      rows={[
        { ref: 'INV-1', amount: 100 },
        { ref: 'INV-2', amount: 250 },
      ]}
      rowKey={(row) => row.ref}
      emptyText="No invoices yet."
      {...props}
    />,
  );

describe('DataTable', () => {
  it('names the table with its caption and heads each column', () => {
    const html = render();
    expect(html).toContain('<caption class="mb-2 text-left font-semibold text-slate-900">Invoices</caption>');
    expect(html.match(/<th scope="col"/g)).toHaveLength(2);
    expect(html).toContain('>Reference</th>');
  });

  it('renders a row per item, the row header as th scope=row', () => {
    const html = render();
    expect(html.match(/<th scope="row"[^>]*>INV-\d<\/th>/g)).toHaveLength(2);
    expect(html).toMatch(/<td [^>]*class="[^"]*text-right[^"]*"><span[^>]*>KES 250<\/span><\/td>/);
  });

  it('can keep the caption for assistive technology only', () => {
    expect(render({ hideCaption: true })).toContain('<caption class="sr-only">Invoices</caption>');
  });

  it('says when there are no rows, across every column', () => {
    const html = render({ rows: [] });
    expect(html).toMatch(/<td colSpan="2"[^>]*>No invoices yet\.<\/td>/i);
    expect(html).not.toContain('scope="row"');
  });

  it('announces loading and marks the table busy', () => {
    const html = render({ isLoading: true });
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('<span role="status">Loading…</span>');
    expect(html).not.toContain('INV-1');
    expect(render({ isLoading: true, loadingText: 'Loading invoices…' })).toContain('Loading invoices…');
  });

  it('gives rows their classes (totals in bold)', () => {
    const html = render({ rowClassName: (row) => (row.amount > 200 ? 'font-bold' : '') });
    expect(html.match(/<tr class="[^"]*font-bold">/g)).toHaveLength(1);
  });

  it('lets keyboard users scroll a wide table without controls, named by its caption', () => {
    const html = render({ isScrollFocusable: true });
    const captionId = html.match(/<caption id="([^"]+)"/)?.[1];
    expect(captionId).toBeTruthy();
    expect(html).toContain(`tabindex="0" role="region" aria-labelledby="${captionId}"`);
    expect(render()).not.toContain('tabindex');
  });

  // Issue 28: a table never makes a phone scroll sideways; each row is a card keeping every column.
  it('stacks each row as a card on a phone, every cell a line named by its column', () => {
    const html = render();
    // Below `sm` the table, its body and rows are blocks and the header row is for screen readers only.
    expect(html).toMatch(/<table class="[^"]*max-sm:block/);
    expect(html).toMatch(/<thead class="max-sm:sr-only">/);
    expect(html).toMatch(/<tbody class="[^"]*max-sm:block/);
    expect(html.match(/<tr class="max-sm:block/g)).toHaveLength(2);
    // The row header is the card's title, long words break rather than widen the card.
    expect(html).toMatch(
      /<th scope="row" class="[^"]*max-sm:block[^"]*max-sm:\[overflow-wrap:anywhere\][^"]*">INV-1<\/th>/,
    );
    // Every other cell shows its column's name (from the header's text) beside its value.
    const cells = html.match(/<td [^>]*>/g) ?? [];
    expect(cells).toHaveLength(2);
    for (const cell of cells) {
      expect(cell).toContain('data-label="Amount"');
      expect(cell).toContain('max-sm:before:content-[attr(data-label)]');
      expect(cell).toContain('max-sm:flex');
    }
  });

  it('names a cell on a phone by its phoneLabel when the header is not plain text', () => {
    const html = render({
      columns: [
        columns[0]!,
        { key: 'amount', header: <span>Amount (KES)</span>, phoneLabel: 'Amount', cell: (row) => row.amount },
      ],
    });
    expect(html).toContain('data-label="Amount"');
  });
});
