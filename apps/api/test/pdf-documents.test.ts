import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { describe, expect, it } from 'vitest';
import { renderCertificate } from '../src/modules/certificate/document';
import type { CertificateRow } from '../src/modules/certificate/service';
import { type ClaimFormView, renderClaimForm } from '../src/modules/claim/form';
import { logoAt } from '../src/modules/policy/document-brand';
import {
  type DocumentBrand,
  RECEIPT_PENDING,
  renderPolicySchedule,
  renderReceipt,
} from '../src/modules/policy/documents';
import type { PolicyView } from '../src/modules/policy/service';
import { type Statement, statementPdf } from '../src/modules/wallet/statement';
import { FINANCED_POLICY, SAMPLE_POLICY } from './fixtures/pdf/sample-policy';
import { decodePng, encodePng, pdfPageToPng, pdfTextContent } from './pdf-raster';

/**
 * The documents' look, held against committed reference images (apps/api/test/fixtures/pdf/*.png).
 * After a deliberate change of layout, regenerate them with
 *   UPDATE_PDF_REFERENCES=1 npx vitest run --project api apps/api/test/pdf-documents.test.ts
 * and look at the new images before committing them.
 */
const REFERENCES = join(import.meta.dirname, 'fixtures', 'pdf');
const UPDATE = process.env.UPDATE_PDF_REFERENCES === '1';
const SCALE = 1.25;
/** pixelmatch's per-pixel colour threshold, and how many pixels may differ (anti-aliasing between machines). */
const PIXEL_THRESHOLD = 0.1;
const MAX_DIFFERENT_PIXELS = 150;

const brand = async (): Promise<DocumentBrand> => ({
  underwriterLogo: await logoAt('/images/underwriters/jubilee.svg'),
  intermediary: {
    name: 'Savannah Insurance Brokers',
    category: 'BROKER',
    iraLicenceNumber: 'IRA/BRK/SAMPLE/0101',
  },
});

function differentPixels(actual: Buffer, expected: Buffer, diffOut?: string): number {
  const a = decodePng(actual);
  const b = decodePng(expected);
  if (a.width !== b.width || a.height !== b.height) return Number.POSITIVE_INFINITY;
  const diff = { width: a.width, height: a.height, data: new Uint8Array(a.data.length) };
  const count = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: PIXEL_THRESHOLD });
  if (diffOut && count > MAX_DIFFERENT_PIXELS) writeFileSync(diffOut, encodePng(diff));
  return count;
}

/** Renders page 1 and compares it with the reference `name`.png (or writes it when updating). */
async function expectLooksLikeReference(pdf: Buffer, name: string) {
  const { png } = await pdfPageToPng(pdf, { scale: SCALE });
  const reference = join(REFERENCES, `${name}.png`);
  if (UPDATE || !existsSync(reference)) {
    if (!UPDATE) throw new Error(`No reference image ${reference}: run with UPDATE_PDF_REFERENCES=1`);
    writeFileSync(reference, png);
    return;
  }
  const out = join(tmpdir(), 'bima-pdf-references');
  mkdirSync(out, { recursive: true });
  const count = differentPixels(png, readFileSync(reference), join(out, `${name}.diff.png`));
  if (count > MAX_DIFFERENT_PIXELS) writeFileSync(join(out, `${name}.actual.png`), png);
  expect(count, `${name}: pixels unlike the reference (actual and diff in ${out})`).toBeLessThanOrEqual(
    MAX_DIFFERENT_PIXELS,
  );
}

describe('policy documents look like their references', () => {
  it('renders the same bytes for the same policy (no clock in the file)', async () => {
    const first = await renderPolicySchedule(SAMPLE_POLICY, 'en', await brand());
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await renderPolicySchedule(SAMPLE_POLICY, 'en', await brand());
    expect(second.equals(first)).toBe(true);
  });

  it('schedule in English', async () => {
    await expectLooksLikeReference(
      await renderPolicySchedule(SAMPLE_POLICY, 'en', await brand()),
      'schedule.en',
    );
  });

  it('schedule in Swahili', async () => {
    await expectLooksLikeReference(
      await renderPolicySchedule(SAMPLE_POLICY, 'sw', await brand()),
      'schedule.sw',
    );
  });

  it('receipt in English', async () => {
    await expectLooksLikeReference(await renderReceipt(SAMPLE_POLICY, 'en', await brand()), 'receipt.en');
  });

  it('receipt of a financed policy in English', async () => {
    await expectLooksLikeReference(
      await renderReceipt(FINANCED_POLICY, 'en', await brand()),
      'receipt.financed.en',
    );
  });

  it('tells a changed layout from the reference (the tolerance is not too loose)', async () => {
    if (UPDATE) return;
    // The same page with different words in the same places must fail the comparison.
    const { png } = await pdfPageToPng(await renderPolicySchedule(SAMPLE_POLICY, 'sw', await brand()), {
      scale: SCALE,
    });
    expect(differentPixels(png, readFileSync(join(REFERENCES, 'schedule.en.png')))).toBeGreaterThan(
      MAX_DIFFERENT_PIXELS * 10,
    );
  });
});

describe('policy schedule text', () => {
  it('itemises each levy with its rate, the premium before levies and the total', async () => {
    const text = await pdfTextContent(await renderPolicySchedule(SAMPLE_POLICY, 'en', await brand()));
    for (const line of [
      'Basic premium',
      'KES 72,000',
      'Premium before levies',
      'KES 75,526',
      'Training Levy (0.2%)',
      'KES 151',
      'PHCF Levy (0.25%)',
      'KES 189',
      'Stamp Duty',
      'KES 40',
      'Total premium',
      'KES 75,906',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('takes the discount for a higher excess off after the basic premium, in both languages (issue 26)', async () => {
    const discounted = {
      ...SAMPLE_POLICY,
      breakdown: { ...SAMPLE_POLICY.breakdown, basicPremium: 7_560_000, excessDiscount: 360_000 },
    };
    const english = await pdfTextContent(await renderPolicySchedule(discounted, 'en', await brand()));
    expect(english).toContain('Discount for a higher excess');
    expect(english).toContain('- KES 3,600');
    const swahili = await pdfTextContent(await renderPolicySchedule(discounted, 'sw', await brand()));
    expect(swahili).toContain('Punguzo kwa kiasi kikubwa cha kujilipia');
    const plain = await pdfTextContent(await renderPolicySchedule(SAMPLE_POLICY, 'en', await brand()));
    expect(plain).not.toContain('Discount for a higher excess');
  });

  it('writes dates in Kenya time and words: issued late on 30 November UTC is 1 December in Nairobi', async () => {
    const english = await pdfTextContent(await renderPolicySchedule(SAMPLE_POLICY, 'en', await brand()));
    expect(english).toContain('Issued 1 December 2026');
    expect(english).toContain('30 November 2027');
    expect(english).toContain('1 December 2026, 00:14 EAT');
    expect(english).not.toMatch(/2026-12-01|2027-11-30/);
    const swahili = await pdfTextContent(await renderPolicySchedule(SAMPLE_POLICY, 'sw', await brand()));
    expect(swahili).toContain('Imetolewa 1 Desemba 2026');
    expect(swahili).toContain('30 Novemba 2027');
    expect(swahili).toContain('Jedwali la Sera ya Bima ya Magari');
    expect(swahili).toContain('Ushuru wa stempu');
  });

  it('lists each benefit with its limit and each excess at the amount chosen, in both languages', async () => {
    const english = await pdfTextContent(await renderPolicySchedule(SAMPLE_POLICY, 'en', await brand()));
    for (const line of [
      'Limits and excesses',
      'Windscreen',
      'Limit KES 100,000',
      'Political Violence and Terrorism',
      'Limit KES 1,800,000',
      'Excess Protector',
      'Included',
      'Collision excess',
      'KES 50,000 per claim',
      'Theft excess',
      'KES 35,000 per claim',
    ]) {
      expect(english).toContain(line);
    }
    const swahili = await pdfTextContent(await renderPolicySchedule(SAMPLE_POLICY, 'sw', await brand()));
    for (const line of [
      'Vikomo na ziada',
      'Kikomo KES 100,000',
      'Kiasi cha ziada (excess): Collision',
      'KES 50,000 kwa kila dai',
    ]) {
      expect(swahili).toContain(line);
    }
  });

  it('names the underwriter, Bima Portal as the digital intermediary and the broker with its licence', async () => {
    const text = await pdfTextContent(await renderPolicySchedule(SAMPLE_POLICY, 'en', await brand()));
    expect(text).toContain('Jubilee Insurance');
    expect(text).toContain('Digital intermediary');
    expect(text).toContain('Bima Portal');
    expect(text).toContain('Insurance broker');
    expect(text).toContain('Savannah Insurance Brokers');
    expect(text).toContain('IRA/BRK/SAMPLE/0101');
  });

  it('says a direct sale has no broker or agent, and draws a wordmark without a logo', async () => {
    const direct: PolicyView = { ...SAMPLE_POLICY, intermediary: null };
    const pdf = await renderPolicySchedule(direct);
    const text = await pdfTextContent(pdf);
    expect(text).toContain('Sold directly on Bima Portal (no broker or agent)');
    expect(text).toContain('JI'); // the wordmark's initials
    expect(text).toContain('Motor Insurance Policy Schedule');
  });
});

describe('receipt text', () => {
  it('shows the M-Pesa receipt number, the amount and the levies', async () => {
    const text = await pdfTextContent(await renderReceipt(SAMPLE_POLICY, 'en', await brand()));
    expect(text).toContain('M-Pesa receipt TKL4H7Q2XZ');
    expect(text).toContain('KES 75,906');
    expect(text).toContain('Training Levy (0.2%)');
    expect(text).not.toContain(RECEIPT_PENDING);
  });

  it('shows the pending text while M-Pesa has not sent the receipt, in either language', async () => {
    const pending: PolicyView = {
      ...SAMPLE_POLICY,
      receiptNumber: null,
      payments: SAMPLE_POLICY.payments.map((payment) => ({ ...payment, receiptNumber: null })),
    };
    expect(await pdfTextContent(await renderReceipt(pending))).toContain(RECEIPT_PENDING);
    expect(await pdfTextContent(await renderReceipt(pending, 'sw'))).toContain(
      'Risiti bado inasubiriwa kutoka M-Pesa',
    );
  });
});

describe('a financed policy says how it was paid', () => {
  it('names the lender, the loan and the first instalment with its receipt and date, never an M-Pesa receipt of the loan', async () => {
    const receipt = await pdfTextContent(await renderReceipt(FINANCED_POLICY, 'en', await brand()));
    for (const line of [
      'Premium financed by Mavuno Premium Finance',
      'Loan LN-000321',
      'Premium financing',
      'Financed by',
      'Mavuno Premium Finance',
      'LN-000321',
      'Premium paid by the lender',
      '1 December 2026, 00:14 EAT',
      'KES 14,020',
      'M-Pesa receipt TKL4H1A9QW',
      '30 November 2026, 21:02 EAT',
    ]) {
      expect(receipt).toContain(line);
    }
    expect(receipt).not.toContain('LOAN-LN-000321');
    expect(receipt).not.toContain('N/A');
    const schedule = await pdfTextContent(await renderPolicySchedule(FINANCED_POLICY, 'en', await brand()));
    expect(schedule).toContain('M-Pesa receipt TKL4H1A9QW');
    expect(schedule).not.toContain('LOAN-LN-000321');
    expect(schedule).not.toContain('N/A');
    const swahili = await pdfTextContent(await renderReceipt(FINANCED_POLICY, 'sw', await brand()));
    expect(swahili).toContain('Ada imegharamiwa na Mavuno Premium Finance');
    expect(swahili).toContain('Mkopo LN-000321');
    expect(swahili).toContain('Awamu ya kwanza (uliyolipa)');
    expect(swahili).toContain('Risiti ya M-Pesa TKL4H1A9QW');
  });
});

describe('certificate and statement', () => {
  const certificate: CertificateRow & { certificateNumber: string } = {
    id: 1,
    certificateNumber: 'BIMA-C-2026-000045',
    monthNo: null,
    policyId: 1,
    certificateType: 'C',
    registrationNumber: 'KDA123B',
    make: 'Toyota',
    model: 'Fielder',
    chassisNumber: 'NZE161-7023456',
    insuredName: 'Amina Wanjiru',
    insurer: 'Jubilee Insurance',
    startDate: '2026-12-01',
    endDate: '2027-11-30',
    issuedAt: new Date('2026-11-30T21:15:00Z'),
    // A certificate of the portal's own from before DMVIC (the legacy issuer): the portal renders it.
    issuer: 'BIMA',
    status: 'issued',
    pendingReason: null,
    needsStaff: false,
    attempts: 0,
    nextAttemptAt: null,
    dmvicTransactionNumber: null,
    pdf: null,
    createdAt: new Date('2026-11-30T21:15:00Z'),
    cancelledAt: null,
    cancelReason: null,
  };

  it('writes the certificate in English and Swahili with the QR link', async () => {
    const options = { policyNumber: 'BIMA/07/2026/000123', publicBaseUrl: 'https://bima.example.co.ke' };
    const english = await renderCertificate(certificate, options);
    expect(english.toString('latin1')).toContain(
      'https://bima.example.co.ke/verify?certificate=BIMA-C-2026-000045',
    );
    const text = await pdfTextContent(english);
    expect(text).toContain('Motor Certificate of Insurance');
    expect(text).toContain('1 December 2026');
    expect(text).toContain('KDA 123B');
    const swahili = await pdfTextContent(await renderCertificate(certificate, options, 'sw'));
    expect(swahili).toContain('Cheti cha Bima ya Gari');
    expect(swahili).toContain('30 Novemba 2027');
    expect(swahili).toContain('Aina C: gari binafsi');
  });

  it('writes the statement in English and Swahili', async () => {
    const statement: Statement = {
      from: '2026-11-01',
      to: '2026-11-30',
      openingBalance: 0,
      closingBalance: -50_000,
      totalDebits: 7_590_600,
      totalCredits: 7_640_600,
      items: [
        {
          id: 1,
          occurredAt: '2026-11-30T21:14:09.000Z',
          account: 'Invoice INV-000123',
          kind: 'invoice',
          reference: 'TKL4H7Q2XZ',
          description: 'Wallet top-up by M-Pesa',
          debit: 0,
          credit: 7_640_600,
          balance: -50_000,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 1,
      totalPages: 1,
    };
    const client = { name: 'Amina Wanjiru', email: 'amina.wanjiru@example.com' };
    const english = await pdfTextContent(await statementPdf(statement, client));
    expect(english).toContain('Statement of Account');
    expect(english).toContain('1 November 2026 to 30 November 2026');
    expect(english).toContain('1 Dec 2026'); // the payment's Kenyan date
    expect(english).toContain('KES 500.00 in credit');
    const swahili = await pdfTextContent(await statementPdf(statement, client, 'sw'));
    expect(swahili).toContain('Taarifa ya Akaunti');
    expect(swahili).toContain('Ankara INV-000123');
    expect(swahili).toContain('KES 500.00 salio lako la ziada');
    // The line's description reads in the statement's language (ledger-descriptions.ts).
    expect(english).toContain('Wallet top-up by M-Pesa');
    expect(swahili).toMatch(/Pesa zilizoongezwa kwenye\s+pochi kwa M-\s*Pesa/);
    expect(swahili).not.toContain('Wallet top-up');
  });
});

describe('underwriter logos', () => {
  it('reads a logo from the web app and refuses the default shield or a path outside the images', async () => {
    expect(await logoAt('/images/underwriters/apa.svg')).toEqual({ svg: expect.stringContaining('<svg') });
    expect(await logoAt('/images/underwriters/default.svg')).toBeNull();
    expect(await logoAt('/images/underwriters/missing.svg')).toBeNull();
    expect(await logoAt('/../../package.json')).toBeNull();
    expect(await logoAt(null)).toBeNull();
  });
});

describe('claim form', () => {
  const view: ClaimFormView = {
    claimRef: 'CLM-7QK2M9XD',
    type: 'accident',
    reportedAt: new Date('2027-03-14T06:20:00Z'),
    incidentDate: '2027-03-13',
    place: 'Waiyaki Way, Westlands, Nairobi',
    description:
      'A matatu hit the rear of my car at the traffic lights; the bumper and boot lid are damaged.',
    obNumber: 'OB 23/13/03/2027',
    otherParty: { name: 'John Kamau', phone: '0722000111', vehicleRegistration: 'KCB 456C', insurer: '' },
    policy: {
      policyNumber: 'BIMA/07/2026/000123',
      productName: 'Jubilee Motor Comprehensive',
      underwriter: 'Jubilee Insurance',
      startDate: '2026-12-01',
      endDate: '2027-11-30',
    },
    insured: {
      name: 'Amina Wanjiru',
      email: 'amina.wanjiru@example.com',
      phone: '0712345678',
      kraPin: 'A012345678Z',
    },
    vehicle: {
      registrationNumber: 'KDA 123B',
      make: 'Toyota',
      model: 'Fielder',
      chassisNumber: 'NZE161-7023456',
    },
  };

  it('in English, prefilled and with blanks to complete', async () => {
    const pdf = await renderClaimForm(view, 'en', (await brand()).underwriterLogo);
    await expectLooksLikeReference(pdf, 'claim-form.en');
    const text = await pdfTextContent(pdf);
    for (const line of [
      'Motor Claim Form',
      'Claim CLM-7QK2M9XD',
      'Policy BIMA/07/2026/000123',
      '1 December 2026 to 30 November 2027',
      'Amina Wanjiru',
      'KDA 123B',
      'Toyota Fielder',
      '13 March 2027',
      'OB 23/13/03/2027',
      'John Kamau, 0722000111, KCB 456C',
      'Time of the incident',
      'Signature of the insured',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('in Swahili', async () => {
    const pdf = await renderClaimForm(view, 'sw', (await brand()).underwriterLogo);
    await expectLooksLikeReference(pdf, 'claim-form.sw');
    const text = await pdfTextContent(pdf);
    expect(text).toContain('Fomu ya Dai la Bima ya Gari');
    expect(text).toContain('13 Machi 2027');
    expect(text).toContain('Sahihi ya mwenye bima');
  });

  it('leaves what is not known blank to fill in by hand', async () => {
    const text = await pdfTextContent(
      await renderClaimForm({
        ...view,
        obNumber: null,
        insured: { ...view.insured, phone: null, kraPin: 'N/A' },
      }),
    );
    expect(text).not.toContain('N/A');
    expect(text.match(/_{10,}/g)?.length).toBeGreaterThanOrEqual(3);
  });
});
