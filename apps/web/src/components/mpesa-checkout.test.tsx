import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MpesaCheckout } from './mpesa-checkout';

const start = async () => ({ paymentRef: 'PAY-1' });

describe('MpesaCheckout', () => {
  it('asks for the number after a fixed +254, the terms with their link, and shows the amount', () => {
    const html = renderToStaticMarkup(
      <MpesaCheckout start={start} amount={157_500_00} onSuccess={() => {}} />,
    );
    expect(html).toContain('M-Pesa number');
    expect(html).toContain('+254');
    expect(html).toContain('type="tel"');
    expect(html).toContain('href="/terms-and-privacy"');
    expect(html).toContain('Please proceed with the payment.');
    expect(html).toMatch(/Pay Now · KES 157,500/);
    expect(html).toContain('role="status"');
  });

  it("takes the wizard's labels and starts from the client's KYC phone as nine digits", () => {
    const html = renderToStaticMarkup(
      <MpesaCheckout
        start={start}
        amount={1_000_00}
        onSuccess={() => {}}
        labels={{ pay: 'Make Payment', processing: 'Processing...', done: 'Payment Complete' }}
        defaultPhone="+254 712 345 678"
      />,
    );
    expect(html).toContain('Make Payment · KES 1,000');
    expect(html).toContain('value="712345678"');
    // A valid number shows no error before the client does anything.
    expect(html).not.toContain('aria-invalid');
  });

  it('leaves a KYC phone that is not an M-Pesa number for the client to type', () => {
    const html = renderToStaticMarkup(
      <MpesaCheckout start={start} amount={1_000_00} onSuccess={() => {}} defaultPhone="0202345678" />,
    );
    expect(html).toContain('value=""');
  });
});
