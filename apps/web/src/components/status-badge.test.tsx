import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StatusBadge, type StatusTone } from './status-badge';

describe('StatusBadge', () => {
  it('says the status in words, coloured by its tone', () => {
    const html = renderToStaticMarkup(<StatusBadge label="Paid" tone="success" />);
    expect(html).toContain('>Paid</span>');
    expect(html).toContain('bg-emerald-100');
  });

  it('gives each tone its own colours, neutral by default', () => {
    const tones: StatusTone[] = ['neutral', 'info', 'success', 'warning', 'danger'];
    const classes = tones.map((tone) => renderToStaticMarkup(<StatusBadge label="x" tone={tone} />));
    expect(new Set(classes).size).toBe(tones.length);
    expect(renderToStaticMarkup(<StatusBadge label="x" />)).toBe(classes[0]);
  });
});
