import { coverTypeLabel, formatCoverPeriod, formatNumber, insuranceClassLabel } from '@bima/domain';
import { translateText } from '@bima/domain/i18n';
import { centsToWholeShillings } from '@bima/domain/money';
import { type AmountLine, type Logo, type Row, renderDocument } from '../../lib/pdf/layout';
import { type DocumentLanguage, dateInWords, dateTimeInWords } from '../../lib/pdf/words';
import type { StoredQuote } from '../product/present';
import { POLICY_DOCUMENT_TEXTS, type PolicyDocumentTexts, SWAHILI_SCHEDULE_WORDS } from './document-texts';
import type { PolicyView } from './service';

/** Motor private and motor commercial: their schedule describes the vehicle and carries a certificate. */
const MOTOR_CLASSES = new Set(['07', '08']);

/** Shown where M-Pesa has confirmed a payment (by the STK query) but its callback has not brought the receipt yet. */
export const RECEIPT_PENDING = 'Receipt pending from M-Pesa';

/**
 * What the documents show beside the policy's own data: the underwriter's logo (null draws a
 * wordmark of its name) and the broker or agent firm the policy was sold through.
 */
export interface DocumentBrand {
  underwriterLogo?: Logo;
  intermediary?: { name: string; category: string; iraLicenceNumber: string | null } | null;
}

const kes = (amount: number | null | undefined, texts: PolicyDocumentTexts) =>
  amount === null || amount === undefined ? texts.notApplicable : `KES ${formatNumber(amount)}`;
/** An amount in cents (the policy's, its kept quote's) in whole shillings, as the documents print it. */
const kesOfCents = (cents: number | null, texts: PolicyDocumentTexts) =>
  kes(cents === null ? null : centsToWholeShillings(cents), texts);
const text = (value: unknown, texts: PolicyDocumentTexts) =>
  value === null || value === undefined || value === '' ? texts.notApplicable : String(value);
/** A label or value of the domain's (cover types, class names, risk words) in the document's language. */
const word = (value: string, language: DocumentLanguage) =>
  language === 'sw' ? (SWAHILI_SCHEDULE_WORDS[value] ?? translateText(value, 'sw')) : value;

/**
 * What was bought besides the sum insured: each benefit with its limit, and each excess (what the
 * client pays towards a claim) at the amount chosen — so a client can prove a KES 50,000 excess
 * or a KES 100,000 windscreen limit. Empty when the quote carried neither.
 */
function coverTermRows(policy: PolicyView, texts: PolicyDocumentTexts, language: DocumentLanguage): Row[] {
  const breakdown = policy.breakdown;
  return [
    ...breakdown.benefits.map(
      (line): Row => [
        word(line.name, language),
        line.limit > 0 ? texts.limitOf(kesOfCents(line.limit, texts)) : texts.included,
      ],
    ),
    ...breakdown.excesses.map(
      (line): Row => [
        texts.excessOf(word(line.name, language)),
        texts.perClaim(kesOfCents(line.amount, texts)),
      ],
    ),
  ];
}

/** A levy's label with its rate: "Training Levy (0.2%)", "Stamp Duty". */
function levyLabel(charge: StoredQuote['charges'][number], language: DocumentLanguage): string {
  const name = word(charge.charge_name, language);
  if (charge.charge_type !== 'Percentage') return name;
  const percent = Math.round(charge.rate * 100 * 10_000) / 10_000;
  return `${name} (${String(percent).replace('.', language === 'sw' ? ',' : '.')}%)`;
}

/**
 * The premium, line by line: the basic premium, the discount for a higher excess when there is one,
 * priced benefits, each levy itemised, the total.
 */
function premiumLines(
  policy: PolicyView,
  texts: PolicyDocumentTexts,
  language: DocumentLanguage,
): AmountLine[] {
  const breakdown = policy.breakdown;
  const charges = breakdown.charges;
  return [
    { label: texts.basicPremium, amount: kesOfCents(breakdown.basicPremium, texts) },
    ...(breakdown.excessDiscount
      ? [{ label: texts.excessDiscount, amount: `- ${kesOfCents(breakdown.excessDiscount, texts)}` }]
      : []),
    ...breakdown.benefits
      .filter((line) => line.premium > 0)
      .map((line) => ({ label: word(line.name, language), amount: kesOfCents(line.premium, texts) })),
    ...(charges.length > 0
      ? [
          { label: texts.subtotal, amount: kesOfCents(breakdown.subtotal, texts), kind: 'subtotal' as const },
          ...charges.map((line) => ({
            label: levyLabel(line, language),
            amount: kesOfCents(line.amount, texts),
          })),
        ]
      : []),
    { label: texts.totalPremium, amount: kesOfCents(breakdown.total, texts), kind: 'total' },
  ];
}

const receiptOf = (receiptNumber: string | null, texts: PolicyDocumentTexts) =>
  receiptNumber ?? texts.pending;
const when = (value: string | null, texts: PolicyDocumentTexts, language: DocumentLanguage) =>
  value ? dateTimeInWords(value, language) : texts.notApplicable;

/**
 * How a financed premium was paid: the lender that paid it and when, the loan, and the first
 * instalment the client paid up front (its M-Pesa receipts, or the wallet) and when.
 */
function financingRows(
  financing: NonNullable<PolicyView['financing']>,
  texts: PolicyDocumentTexts,
  language: DocumentLanguage,
): Row[] {
  const first = financing.firstInstalment;
  return [
    [texts.financedByLabel, financing.lenderName],
    [texts.loan, financing.loanRef],
    [texts.lenderPaidOn, when(financing.paidAt, texts, language)],
    ...(first
      ? [
          [
            texts.firstInstalment,
            [
              kesOfCents(first.amount, texts),
              `\n${first.receipts.length > 0 ? `${texts.mpesaReceipt} ${first.receipts.join(', ')}` : texts.walletSource}`,
              `\n${when(first.paidAt, texts, language)}`,
            ].join(''),
          ] as Row,
        ]
      : []),
  ];
}

/** Each payment towards the premium: M-Pesa receipt or wallet reference, amount and date; or the loan that paid it. */
function paymentRows(policy: PolicyView, texts: PolicyDocumentTexts, language: DocumentLanguage): Row[] {
  if (policy.financing && policy.payments.length === 0)
    return financingRows(policy.financing, texts, language);
  if (policy.payments.length === 0) {
    return [
      [texts.mpesaReceipt, receiptOf(policy.receiptNumber, texts)],
      [texts.paid, when(policy.paidAt, texts, language)],
    ];
  }
  return policy.payments.map(
    (payment, index): Row => [
      policy.payments.length > 1
        ? texts.paymentOf(index + 1, policy.payments.length)
        : payment.method === 'wallet'
          ? texts.walletPayment
          : texts.mpesaPayment,
      [
        payment.method === 'wallet'
          ? texts.fromWallet(payment.receiptNumber ?? '')
          : receiptOf(payment.receiptNumber, texts),
        `\n${kesOfCents(payment.allocated, texts)}`,
        payment.allocated < payment.amount ? texts.ofReceived(kesOfCents(payment.amount, texts)) : '',
        ` · ${when(payment.paidAt, texts, language)}`,
      ].join(''),
    ],
  );
}

/** The intermediaries: Bima Portal always, and the broker or agent firm when one sold the policy. */
function intermediaryRows(policy: PolicyView, brand: DocumentBrand, texts: PolicyDocumentTexts): Row[] {
  const firm =
    brand.intermediary === undefined
      ? policy.intermediary
        ? { name: policy.intermediary.intermediaryNames, category: '', iraLicenceNumber: null }
        : null
      : brand.intermediary;
  const rows: Row[] = [[texts.digitalIntermediary, texts.bimaPortal]];
  if (!firm) return [...rows, [texts.firm, texts.soldDirect]];
  const label =
    firm.category === 'BROKER' ? texts.broker : firm.category === 'AGENT' ? texts.agent : texts.firm;
  return [
    ...rows,
    [label, firm.name],
    ...(firm.iraLicenceNumber ? [[texts.licence, firm.iraLicenceNumber] as Row] : []),
  ];
}

function insuredName(policy: PolicyView, texts: PolicyDocumentTexts): string {
  const names = policy.insured.names as { firstName?: string; lastName?: string };
  return policy.insured.kyc?.fullName ?? `${text(names.firstName, texts)} ${names.lastName ?? ''}`.trim();
}

const documentMeta = (
  texts: PolicyDocumentTexts,
  language: DocumentLanguage,
  title: string,
  createdAt: Date,
  footerNote: string,
) => ({
  title,
  language,
  createdAt,
  runningTitle: title,
  footerNote,
  pageLabel: texts.page,
  brandLine: texts.brandLine,
});

/** The policy schedule: who and what is insured, by whom, for how long, through whom, and for how much. */
export function renderPolicySchedule(
  policy: PolicyView,
  language: DocumentLanguage = 'en',
  brand: DocumentBrand = {},
): Promise<Buffer> {
  const texts = POLICY_DOCUMENT_TEXTS[language];
  const vehicle = policy.vehicle as Record<string, unknown>;
  const isMotor = MOTOR_CLASSES.has(policy.classCode);
  const kyc = policy.insured.kyc;
  const title = isMotor
    ? texts.motorScheduleTitle
    : texts.scheduleTitle(insuranceClassLabel({ code: policy.classCode, name: policy.className }, language));
  const meta = documentMeta(
    texts,
    language,
    texts.scheduleFileTitle(policy.policyNumber),
    new Date(policy.issuedAt),
    texts.scheduleFooter(policy.underwriter),
  );
  return renderDocument(meta, (layout) => {
    layout.header({
      logo: brand.underwriterLogo ?? null,
      logoName: policy.underwriter,
      title,
      lines: [texts.policyRef(policy.policyNumber), ...(isMotor ? certificateLines(policy, texts) : [])],
      subtitle: texts.issuedOn(dateInWords(policy.issuedAt, language)),
    });
    layout.section(texts.insured, [
      [texts.name, insuredName(policy, texts)],
      ...(kyc ? [[texts.idNumber, kyc.idNumber] as Row, [texts.address, kyc.address] as Row] : []),
      [texts.email, text(kyc?.email ?? policy.insured.email, texts)],
      [texts.kraPin, text(kyc?.kraPin ?? policy.insured.kraPin, texts)],
    ]);
    if (isMotor) {
      layout.section(texts.vehicle, [
        [texts.registration, text(vehicle.registrationNumber, texts)],
        [texts.makeModel, `${text(vehicle.make, texts)} ${text(vehicle.model, texts)}`],
        [texts.chassis, text(vehicle.chassisNumber, texts)],
        [texts.engine, text(vehicle.engineNumber, texts)],
        [texts.year, text(vehicle.yearOfManufacture, texts)],
        ...policy.riskLines.map(([label, value]): Row => [word(label, language), word(value, language)]),
      ]);
    } else {
      layout.section(
        texts.risk,
        policy.riskLines.map(([label, value]): Row => [word(label, language), word(value, language)]),
      );
    }
    layout.section(texts.cover, [
      [texts.underwriter, policy.underwriter],
      [texts.product, policy.productName],
      [texts.coverType, coverTypeLabel(policy.coverType, language)],
      [
        isMotor ? texts.vehicleValue : texts.totalSumInsured,
        kesOfCents(isMotor ? policy.vehicleValue : policy.sumInsured, texts),
      ],
    ]);
    const terms = coverTermRows(policy, texts, language);
    if (terms.length > 0) layout.section(texts.limitsAndExcesses, terms);
    layout.section(texts.period, [
      [texts.length, word(formatCoverPeriod(policy.period), language)],
      [texts.from, dateInWords(policy.startDate, language)],
      [texts.to, `${dateInWords(policy.endDate, language)}\n${texts.bothDays}`],
      ...(policy.quotedStartDate
        ? [[texts.startNote, texts.movedStart(dateInWords(policy.quotedStartDate, language))] as Row]
        : []),
    ]);
    layout.section(texts.intermediary, intermediaryRows(policy, brand, texts));
    layout.amounts(texts.premium, premiumLines(policy, texts, language));
    layout.section(texts.payment, paymentRows(policy, texts, language));
  });
}

/** How the premium was paid: premium financing, M-Pesa, the wallet, or both. */
function methodOf(policy: PolicyView, texts: PolicyDocumentTexts): string {
  if (policy.financing && policy.payments.length === 0) return texts.methodFinancing;
  const methods = new Set(policy.payments.map((payment) => payment.method));
  if (methods.has('wallet') && methods.has('mpesa')) return texts.methodBoth;
  return methods.has('wallet') ? texts.methodWallet : texts.methodMpesa;
}

/** The payment receipt: what was received, for which policy, every payment towards it and the premium. */
export function renderReceipt(
  policy: PolicyView,
  language: DocumentLanguage = 'en',
  brand: DocumentBrand = {},
): Promise<Buffer> {
  const texts = POLICY_DOCUMENT_TEXTS[language];
  // A financed premium was paid by the lender: no M-Pesa receipt, the loan says how.
  const financing = policy.payments.length === 0 ? policy.financing : null;
  const reference = financing?.loanRef ?? policy.receiptNumber ?? policy.policyNumber;
  const fromWallet = policy.receiptNumber?.startsWith('WALLET-') ?? false;
  const meta = documentMeta(
    texts,
    language,
    texts.receiptFileTitle(reference),
    new Date(policy.paidAt ?? policy.issuedAt),
    texts.receiptFooter,
  );
  const paidFrom = policy.paidFrom === 'Wallet' ? texts.walletSource : text(policy.paidFrom, texts);
  return renderDocument(meta, (layout) => {
    layout.header({
      logo: brand.underwriterLogo ?? null,
      logoName: policy.underwriter,
      title: texts.receiptTitle,
      lines: financing
        ? [texts.financedByLender(financing.lenderName), `${texts.loan} ${financing.loanRef}`]
        : policy.receiptNumber
          ? [`${fromWallet ? texts.walletPayment : texts.mpesaReceipt} ${policy.receiptNumber}`]
          : [texts.policyRef(policy.policyNumber), texts.pending],
      subtitle: policy.paidAt ? dateTimeInWords(policy.paidAt, language) : undefined,
    });
    layout.section(texts.received, [
      [texts.amount, kesOfCents(policy.premium, texts)],
      [texts.method, methodOf(policy, texts)],
      [texts.paidFrom, paidFrom],
      [texts.date, when(policy.paidAt, texts, language)],
      ...(fromWallet || financing
        ? []
        : [[texts.mpesaReceipt, receiptOf(policy.receiptNumber, texts)] as Row]),
    ]);
    layout.section(texts.paidFor, [
      [texts.policy, policy.policyNumber],
      [texts.insured, insuredName(policy, texts)],
      [texts.product, policy.productName],
      [texts.underwriter, policy.underwriter],
      [texts.quotation, policy.systemQuotationRef],
    ]);
    layout.section(texts.intermediary, intermediaryRows(policy, brand, texts));
    layout.section(
      financing
        ? texts.premiumFinancing
        : policy.payments.some((payment) => payment.method === 'wallet')
          ? texts.payments
          : texts.mpesaPayments,
      paymentRows(policy, texts, language),
    );
    layout.amounts(texts.premium, premiumLines(policy, texts, language));
  });
}

/** The schedule's line about the motor certificate: DMVIC's number and type, or that DMVIC is issuing it. */
function certificateLines(policy: PolicyView, texts: PolicyDocumentTexts): string[] {
  const certificate = policy.certificate;
  if (!certificate) return policy.certificateNumber ? [texts.certificateRef(policy.certificateNumber)] : [];
  if (!certificate.number) return [texts.certificatePending(certificate.type)];
  return certificate.issuer === 'DMVIC'
    ? [texts.dmvicCertificate(certificate.number, certificate.type)]
    : [texts.certificateRef(certificate.number)];
}
