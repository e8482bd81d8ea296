import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type IssuedPolicy, policyQueryOptions } from '../lib/policies';
import { PolicyDocuments } from './policy-documents';

const issued = (overrides: Partial<IssuedPolicy> = {}): IssuedPolicy => ({
  policyNumber: 'BIMA/08/2026/12345678',
  certificateNumber: 'B12345678',
  receiptNumber: 'SLK4H7R2TQ',
  productName: 'Standard Commercial',
  coverType: 'comprehensive-commercial',
  vehicleValue: 250_000_000, // cents, as getPolicy answers
  period: 365,
  startDate: '2026-12-01',
  endDate: '2027-11-30',
  premium: 15_824_900,
  certificate: {
    number: 'B12345678',
    type: 'B',
    issuer: 'DMVIC',
    status: 'issued',
    validFrom: '2026-12-01',
    validTo: '2027-11-30',
  },
  documents: {
    schedule: '/v2/api/documents/s.sig',
    receipt: '/v2/api/documents/r.sig',
    certificate: '/v2/api/documents/c.sig',
  },
  ...overrides,
});

function render(policy: IssuedPolicy | null) {
  const client = new QueryClient();
  if (policy) client.setQueryData(policyQueryOptions(policy.policyNumber).queryKey, policy);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <PolicyDocuments policyNumber={policy?.policyNumber ?? 'BIMA/08/2026/1'} />
    </QueryClientProvider>,
  );
}

describe('PolicyDocuments', () => {
  it("links a motor policy's schedule, receipt and certificate of insurance, in the portal's language", () => {
    const html = render(issued());
    expect(html).toContain('Your documents');
    expect(html).toContain('href="/v2/api/documents/s.sig?lang=en"');
    expect(html).toContain('Download policy schedule (PDF)');
    expect(html).toContain('href="/v2/api/documents/r.sig?lang=en"');
    expect(html).toContain('Download payment receipt (PDF)');
    expect(html).toContain('href="/v2/api/documents/c.sig?lang=en"');
    expect(html).toContain('Download DMVIC certificate B12345678, Type B (PDF)');
  });

  it('says the certificate is being issued while DMVIC has not issued it, with nothing to download', () => {
    const html = render(
      issued({
        certificateNumber: null,
        certificate: {
          number: null,
          type: 'B',
          issuer: 'DMVIC',
          status: 'pending',
          validFrom: '2026-12-01',
          validTo: '2027-11-30',
        },
        documents: { schedule: '/s', receipt: '/r', certificate: null },
      }),
    );
    expect(html).toContain('Certificate being issued.');
    expect(html).not.toContain('Download DMVIC certificate');
  });

  it('offers no certificate for a policy without one', () => {
    const html = render(
      issued({ certificate: null, documents: { schedule: '/s', receipt: '/r', certificate: null } }),
    );
    expect(html).toContain('Download payment receipt (PDF)');
    expect(html).not.toContain('Download DMVIC certificate');
    expect(html).not.toContain('Certificate being issued');
  });

  it('says the documents are being prepared until the policy is there', () => {
    expect(render(null)).toContain('Preparing your documents…');
  });
});
