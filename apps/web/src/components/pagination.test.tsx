import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

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
    expect(busy.match(/disabled=""/g)).toHaveLength(2);
    expect(renderToStaticMarkup(<Pagination page={1} pageCount={0} onPageChange={() => {}} />)).toContain(
      'Page 1 of 1',
    );
  });

  it('asks for the page before and after, never past the ends', () => {
    const onPageChange = vi.fn();
    const [previous, next] = buttonHandlers(Pagination({ page: 2, pageCount: 2, onPageChange }));
    previous?.();
    next?.();
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
});
