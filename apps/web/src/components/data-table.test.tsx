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
    expect(html).toMatch(/<td class="[^"]*text-right[^"]*">KES 250<\/td>/);
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
    expect(html.match(/<tr class="font-bold">/g)).toHaveLength(1);
  });

  it('lets keyboard users scroll a wide table without controls, named by its caption', () => {
    const html = render({ isScrollFocusable: true });
    const captionId = html.match(/<caption id="([^"]+)"/)?.[1];
    expect(captionId).toBeTruthy();
    expect(html).toContain(`tabindex="0" role="region" aria-labelledby="${captionId}"`);
    expect(render()).not.toContain('tabindex');
  });
});
