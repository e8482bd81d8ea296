import { renderToStaticMarkup } from 'react-dom/server';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { describedBy } from './field';
import { TextField } from './text-field';

const registration = {
  name: 'phone',
  onChange: async () => {},
  onBlur: async () => {},
  ref: () => {},
} as UseFormRegisterReturn;

describe('TextField', () => {
  it('ties the label, hint, description and error to the input', () => {
    const html = renderToStaticMarkup(
      <TextField
        id="kyc-phone"
        label="Phone number"
        hint="Nine digits"
        description={<span>Strength</span>}
        error="Phone number is required"
        registration={registration}
      />,
    );
    expect(html).toContain('<label for="kyc-phone"');
    expect(html).toContain('aria-describedby="kyc-phone-hint kyc-phone-description kyc-phone-error"');
    expect(html).toContain('aria-invalid="true"');
    // The hint comes before the input, the description after it, then the error.
    const order = ['id="kyc-phone-hint"', '<input', 'id="kyc-phone-description"', 'id="kyc-phone-error"'];
    const positions = order.map((part) => html.indexOf(part));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('makes its own id when none is given, and points at nothing without hint or error', () => {
    const html = renderToStaticMarkup(<TextField label="E-mail" registration={registration} />);
    const id = /<input id="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<label for="${id}"`);
    expect(html).not.toContain('aria-describedby');
    expect(html).not.toContain('aria-invalid');
  });
});

describe('describedBy', () => {
  it('lists the ids of the parts that are there', () => {
    expect(describedBy('f', { hint: 'h', error: 'e' })).toBe('f-hint f-error');
    expect(describedBy('f', { description: true })).toBe('f-description');
    expect(describedBy('f', {})).toBeUndefined();
  });
});
