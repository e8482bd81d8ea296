import { COVER_TYPE_LABELS, type CoverType, formatCoverPeriod, formatNumber } from '@bima/domain';
import PDFDocument from 'pdfkit';
import type { PolicyView } from './service';

export type Doc = InstanceType<typeof PDFDocument>;

export function render(title: string, build: (doc: Doc) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Author: 'Bima Portal' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  build(doc);
  doc.end();
  return done;
}

/** Motor private and motor commercial: their schedule describes the vehicle and carries a certificate. */
const MOTOR_CLASSES = new Set(['07', '08']);

const kes = (amount: number | null) => (amount === null ? 'N/A' : `KES ${formatNumber(amount)}`);
const text = (value: unknown) =>
  value === null || value === undefined || value === '' ? 'N/A' : String(value);

export function header(doc: Doc, title: string, reference: string) {
  doc.fillColor('#065f46').fontSize(20).font('Helvetica-Bold').text('Bima Portal');
  doc.fillColor('#0f172a').fontSize(15).text(title);
  doc.font('Helvetica').fontSize(10).fillColor('#475569').text(reference).moveDown();
}

export function rows(doc: Doc, heading: string, entries: Array<[string, string]>) {
  doc.fillColor('#0f172a').font('Helvetica-Bold').fontSize(12).text(heading).moveDown(0.3);
  for (const [label, value] of entries) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor('#475569').text(label, 50, y, { width: 190 });
    doc.fillColor('#0f172a').text(value, 250, y, { width: 295 });
    doc.moveDown(0.2);
  }
  doc.moveDown(0.6);
}

function breakdownRows(policy: PolicyView): Array<[string, string]> {
  const breakdown = policy.breakdown as {
    basicPremium?: number;
    benefits?: Array<{ name: string; premium: number; limit: number }>;
    subtotal?: number;
    charges?: Array<{ charge_name: string; amount: number }>;
    total?: number;
  };
  return [
    ['Basic premium', kes(breakdown.basicPremium ?? null)],
    ...(breakdown.benefits ?? [])
      .filter((line) => line.premium > 0)
      .map((line): [string, string] => [line.name, kes(line.premium)]),
    ['Subtotal', kes(breakdown.subtotal ?? null)],
    ...(breakdown.charges ?? []).map((line): [string, string] => [line.charge_name, kes(line.amount)]),
    ['Total premium', kes(breakdown.total ?? policy.premium)],
  ];
}

/** The policy schedule: who and what is insured, for how long, and for how much. */
export function renderPolicySchedule(policy: PolicyView): Promise<Buffer> {
  const vehicle = policy.vehicle as Record<string, unknown>;
  const names = policy.insured.names as { firstName?: string; lastName?: string };
  const isMotor = MOTOR_CLASSES.has(policy.classCode);
  return render(`Policy schedule ${policy.policyNumber}`, (doc) => {
    header(
      doc,
      isMotor ? 'Motor Insurance Policy Schedule' : `${policy.className} Policy Schedule`,
      isMotor
        ? `Policy ${policy.policyNumber} · Certificate ${policy.certificateNumber}`
        : `Policy ${policy.policyNumber}`,
    );
    const kyc = policy.insured.kyc;
    rows(doc, 'The insured', [
      ['Name', kyc?.fullName ?? `${text(names.firstName)} ${names.lastName ?? ''}`.trim()],
      ...(kyc
        ? [['ID number', kyc.idNumber] as [string, string], ['Address', kyc.address] as [string, string]]
        : []),
      ['E-mail', text(kyc?.email ?? policy.insured.email)],
      ['KRA PIN', text(kyc?.kraPin ?? policy.insured.kraPin)],
    ]);
    rows(doc, 'Cover', [
      ['Product', policy.productName],
      ['Underwriter', policy.underwriter],
      ['Intermediary', policy.intermediary?.intermediaryNames ?? 'Direct (no intermediary)'],
      ['Cover type', COVER_TYPE_LABELS[policy.coverType as CoverType] ?? policy.coverType],
      ['Period', `${formatCoverPeriod(policy.period)}: ${policy.startDate} to ${policy.endDate}`],
      ...(policy.quotedStartDate
        ? [
            [
              'Start date',
              `Cover starts on the day the payment was confirmed; the quoted start date (${policy.quotedStartDate}) had passed.`,
            ] as [string, string],
          ]
        : []),
      [
        isMotor ? 'Sum insured (vehicle value)' : 'Total sum insured',
        kes(isMotor ? policy.vehicleValue : policy.sumInsured),
      ],
    ]);
    if (policy.riskLines.length > 0) rows(doc, 'The risk', policy.riskLines);
    if (isMotor) {
      rows(doc, 'Vehicle', [
        ['Registration', text(vehicle.registrationNumber)],
        ['Make and model', `${text(vehicle.make)} ${text(vehicle.model)}`],
        ['Chassis number', text(vehicle.chassisNumber)],
        ['Engine number', text(vehicle.engineNumber)],
        ['Year of manufacture', text(vehicle.yearOfManufacture)],
      ]);
    }
    rows(doc, 'Premium', breakdownRows(policy));
    rows(doc, 'Payment', paymentRows(policy));
    doc
      .fontSize(8)
      .fillColor('#475569')
      .text(
        'Issued through Bima Portal. Cover is subject to the terms and conditions of the product, which form part of this policy. Sample market: not an underwriter document.',
      );
  });
}

/** Shown where M-Pesa has confirmed a payment (by the STK query) but its callback has not brought the receipt yet. */
export const RECEIPT_PENDING = 'Receipt pending from M-Pesa';

const receiptOf = (receiptNumber: string | null) => receiptNumber ?? RECEIPT_PENDING;

/** Each payment towards the premium: M-Pesa receipt or wallet reference, amount and date. */
function paymentRows(policy: PolicyView): Array<[string, string]> {
  if (policy.payments.length === 0) {
    return [
      ['M-Pesa receipt', receiptOf(policy.receiptNumber)],
      ['Paid', text(policy.paidAt)],
    ];
  }
  return policy.payments.map((payment, index): [string, string] => [
    policy.payments.length > 1
      ? `Payment ${index + 1} of ${policy.payments.length}`
      : payment.method === 'wallet'
        ? 'Wallet payment'
        : 'M-Pesa payment',
    [
      payment.method === 'wallet'
        ? `From your wallet (${payment.receiptNumber})`
        : receiptOf(payment.receiptNumber),
      ` · ${kes(payment.allocated)}`,
      payment.allocated < payment.amount ? ` (of ${kes(payment.amount)} received)` : '',
      ` · ${text(payment.paidAt)}`,
    ].join(''),
  ]);
}

/** How the premium was paid: M-Pesa, the wallet, or both. */
function methodOf(policy: PolicyView): string {
  const methods = new Set(policy.payments.map((payment) => payment.method));
  if (methods.has('wallet') && methods.has('mpesa')) return 'M-Pesa and wallet';
  return methods.has('wallet') ? 'Wallet' : 'M-Pesa';
}

/** The payment receipt: the premium and every payment towards it (M-Pesa or the wallet). */
export function renderReceipt(policy: PolicyView): Promise<Buffer> {
  const reference = policy.receiptNumber ?? policy.policyNumber;
  const fromWallet = policy.receiptNumber?.startsWith('WALLET-') ?? false;
  return render(`Receipt ${reference}`, (doc) => {
    header(
      doc,
      'Payment Receipt',
      policy.receiptNumber
        ? `${fromWallet ? 'Wallet payment' : 'M-Pesa receipt'} ${policy.receiptNumber}`
        : `Policy ${policy.policyNumber} · ${RECEIPT_PENDING}`,
    );
    rows(doc, 'Payment', [
      ['Amount', kes(policy.premium)],
      ['Method', methodOf(policy)],
      ['Paid from', text(policy.paidFrom)],
      ['Date', text(policy.paidAt)],
      ['For', `${policy.productName}, policy ${policy.policyNumber}`],
      ['Quotation', policy.systemQuotationRef],
    ]);
    rows(
      doc,
      policy.payments.some((payment) => payment.method === 'wallet') ? 'Payments' : 'M-Pesa payments',
      paymentRows(policy),
    );
    rows(doc, 'Breakdown', breakdownRows(policy));
  });
}
