import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, paginationState } from './pagination';

/** The Previous and Next buttons' onClick handlers, found in the rendered element tree. */
function buttonHandlers(tree: ReactNode): Array<() => void> {
  const handlers: Array<() => void> = [];
  const visit = (node: ReactNode) => {
    if (Array.isArray(node)) node.forEach(visit);
    if (!isValidElement(node)) return;
    const props = (node as ReactElement<{ onClick?: () => void; children?: ReactNode }>).props;
    if (props.onClick) handlers.push(props.onClick);
    visit(props.children);
  };
  visit(tree);
  return handlers;
}

describe('Pagination', () => {
  it('is a navigation named Pagination with Previous, the page and Next', () => {
    const html = renderToStaticMarkup(<Pagination page={2} pageCount={5} onPageChange={() => {}} />);
    expect(html).toContain('<nav aria-label="Pagination"');
    expect(html).toMatch(/>Previous<\/button>.*>Page 2 of 5<\/span>.*>Next<\/button>/);
    expect(html).not.toContain('disabled=""');
  });

  it('turns Previous off on the first page and Next off on the last', () => {
    const first = renderToStaticMarkup(<Pagination page={1} pageCount={3} onPageChange={() => {}} />);
    expect(first).toMatch(/disabled="">Previous</);
    expect(first).not.toMatch(/disabled="">Next</);
    const last = renderToStaticMarkup(<Pagination page={3} pageCount={3} onPageChange={() => {}} />);
    expect(last).not.toMatch(/disabled="">Previous</);
    expect(last).toMatch(/disabled="">Next</);
  });

  it('turns both off while told to, and counts at least one page', () => {
    const busy = renderToStaticMarkup(
      <Pagination page={2} pageCount={3} onPageChange={() => {}} isDisabled />,
    );
    // Previous, Next and the two other numbered pages; the current page is not a button.
    expect(busy.match(/disabled=""/g)).toHaveLength(4);
    expect(renderToStaticMarkup(<Pagination page={1} pageCount={0} onPageChange={() => {}} />)).toContain(
      'Page 1 of 1',
    );
  });

  it('asks for the page before and after, never past the ends', () => {
    const onPageChange = vi.fn();
    const handlers = buttonHandlers(Pagination({ page: 2, pageCount: 2, onPageChange }));
    handlers[0]?.();
    handlers.at(-1)?.();
    expect(onPageChange.mock.calls).toEqual([[1], [2]]);
  });

  it('takes its own names', () => {
    const html = renderToStaticMarkup(
      <Pagination
        page={1}
        pageCount={2}
        onPageChange={() => {}}
        label="Pages of money received"
        previousLabel="Previous page"
        nextLabel="Next page"
      />,
    );
    expect(html).toContain('aria-label="Pages of money received"');
    expect(html).toContain('>Previous page</button>');
    expect(html).toContain('>Next page</button>');
  });

  it('offers the numbered pages around the current one, which is marked and not a button', () => {
    const html = renderToStaticMarkup(<Pagination page={4} pageCount={9} onPageChange={() => {}} />);
    const numbered = [...html.matchAll(/aria-label="Page (\d+)"/g)].map((match) => Number(match[1]));
    expect(numbered).toEqual([2, 3, 5, 6]);
    expect(html).toMatch(/<span aria-current="page"[^>]*><span class="sr-only">Page 4<\/span>/);
    expect(renderToStaticMarkup(<Pagination page={1} pageCount={1} onPageChange={() => {}} />)).not.toContain(
      'aria-current',
    );
  });

  it('jumps to a numbered page', () => {
    const onPageChange = vi.fn();
    const handlers = buttonHandlers(Pagination({ page: 1, pageCount: 3, onPageChange }));
    // Previous, 2, 3, Next.
    handlers[2]?.();
    expect(onPageChange).toHaveBeenCalledWith(3);
  });
});

describe('paginationState', () => {
  it('defaults to page 1 of 1', () => {
    expect(paginationState({ pageCount: 0 })).toEqual({ currentPage: 1, totalPages: 1, pagesArray: [1] });
  });

  it('keeps up to five pages around the current one, never past the ends', () => {
    expect(paginationState({ page: 1, pageCount: 9 }).pagesArray).toEqual([1, 2, 3, 4, 5]);
    expect(paginationState({ page: 5, pageCount: 9 }).pagesArray).toEqual([3, 4, 5, 6, 7]);
    expect(paginationState({ page: 9, pageCount: 9 }).pagesArray).toEqual([5, 6, 7, 8, 9]);
    expect(paginationState({ page: 2, pageCount: 3 }).pagesArray).toEqual([1, 2, 3]);
  });

  it('brings a page past the ends back within them', () => {
    expect(paginationState({ page: 12, pageCount: 3 })).toMatchObject({ currentPage: 3, totalPages: 3 });
    expect(paginationState({ page: -2, pageCount: 3 }).currentPage).toBe(1);
    expect(paginationState({ page: Number.NaN, pageCount: 3 }).currentPage).toBe(1);
  });
});
