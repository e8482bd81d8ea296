import type { TextLanguage } from './i18n';
import { formatKes } from './money';

/**
 * Every description the ledger writes, in one place, in English and Swahili (issue 14). A posting's
 * `description` can only be made here (`ledgerDescription`, a branded string), so no code writes a
 * ledger line without its Swahili; `ledger-descriptions.test.ts` walks this table and fails on a
 * template without real Swahili or with other values than its English.
 *
 * The stored description stays English (the ledger is append-only: its rows, old ones included,
 * are never rewritten). A reader's language is applied when it is read: `describeIn` matches the
 * stored English against these templates, takes the values back out and writes them into the
 * reader's template — so rows written before this table existed read in Swahili too.
 *
 * Templates: `{name}` is a value (`{amount}` is cents, written as each language writes money;
 * `{why}` is one of `LEDGER_REASONS`; anything else — references, names — stays as it is);
 * `[part]` is an optional piece from `LEDGER_PARTS`, present when its value is given.
 * When two templates could read the same English, the more specific comes first (it is tried first).
 */
export const LEDGER_DESCRIPTIONS = {
  cartInvoicePaid: {
    en: 'M-Pesa payment for invoice {invoice} (cart {cart})[receipt]',
    sw: 'Malipo ya M-Pesa ya ankara {invoice} (kikapu {cart})[receipt]',
  },
  cartRestToWallet: {
    en: 'M-Pesa payment for cart {cart}[receipt]: more than its balance, credited to your wallet',
    sw: 'Malipo ya M-Pesa ya kikapu {cart}[receipt]: yamezidi salio lake, yamewekwa kwenye pochi yako',
  },
  invoiceVoided: {
    en: 'Invoice {invoice} cancelled: the policy ended, nothing owed',
    sw: 'Ankara {invoice} imefutwa: sera imekwisha, hakuna deni',
  },
  invoiceBilled: { en: 'Invoice {invoice}', sw: 'Ankara {invoice}' },
  invoicePaidByMpesa: {
    en: 'M-Pesa payment for invoice {invoice}[receipt][rest]',
    sw: 'Malipo ya M-Pesa ya ankara {invoice}[receipt][rest]',
  },
  walletTopUp: {
    en: 'Wallet top-up by M-Pesa[receipt]',
    sw: 'Pesa zilizoongezwa kwenye pochi kwa M-Pesa[receipt]',
  },
  invoicePaidFromWallet: {
    en: 'Paid from your wallet towards invoice {invoice}',
    sw: 'Imelipwa kutoka kwenye pochi yako kwa ankara {invoice}',
  },
  premiumDue: {
    en: 'Premium of invoice {invoice} payable to the insurer',
    sw: 'Ada ya bima ya ankara {invoice} inayolipwa kwa kampuni ya bima',
  },
  walletRefund: {
    en: 'Refund of {amount} from your wallet (receipt {receipt})',
    sw: 'Marejesho ya {amount} kutoka kwenye pochi yako (risiti {receipt})',
  },
  claimPaidToMpesa: {
    en: 'Claim {claim} paid to your M-Pesa',
    sw: 'Dai {claim} limelipwa kwenye M-Pesa yako',
  },
  claimPaidToGarage: {
    en: 'Claim {claim} paid to the garage',
    sw: 'Dai {claim} limelipwa kwa gereji',
  },
  loanDepositByMpesa: {
    en: 'First instalment of loan {loan} (paid up front) by M-Pesa[receipt][rest]',
    sw: 'Awamu ya kwanza ya mkopo {loan} (imelipwa mapema) kwa M-Pesa[receipt][rest]',
  },
  loanInstalmentByMpesa: {
    en: 'Instalment of loan {loan} by M-Pesa[receipt][rest]',
    sw: 'Awamu ya mkopo {loan} kwa M-Pesa[receipt][rest]',
  },
  loanDepositFromWallet: {
    en: 'First instalment of loan {loan} (paid up front) from your wallet',
    sw: 'Awamu ya kwanza ya mkopo {loan} (imelipwa mapema) kutoka kwenye pochi yako',
  },
  loanInstalmentFromWallet: {
    en: 'Instalment of loan {loan} from your wallet',
    sw: 'Awamu ya mkopo {loan} kutoka kwenye pochi yako',
  },
  loanPaidInvoice: {
    en: '{lender} paid invoice {invoice} (loan {loan})',
    sw: '{lender} imelipa ankara {invoice} (mkopo {loan})',
  },
  loanFee: { en: 'Facility fee of loan {loan}', sw: 'Ada ya huduma ya mkopo {loan}' },
  loanFeesWaived: {
    en: 'Fees of loan {loan} waived: {why}',
    sw: 'Ada za mkopo {loan} zimesamehewa: {why}',
  },
  loanDepositReturned: {
    en: 'First instalment of loan {loan} returned to your wallet: {why}',
    sw: 'Awamu ya kwanza ya mkopo {loan} imerudishwa kwenye pochi yako: {why}',
  },
  premiumRefundedToLender: {
    en: 'Unearned premium of cancelled policy {policy} refunded to {lender}',
    sw: 'Ada ya bima ambayo haijatumika ya sera iliyoghairiwa {policy} imerejeshwa kwa {lender}',
  },
  refundSetAgainstLoan: {
    en: '{lender} set the refunded premium against loan {loan}[rest]',
    sw: '{lender} imetumia ada iliyorejeshwa kulipa mkopo {loan}[rest]',
  },
  schoolInvoiceIssued: {
    en: 'School fee invoice {invoice} ({school})',
    sw: 'Ankara ya karo ya shule {invoice} ({school})',
  },
  schoolInvoicePaidByMpesa: {
    en: 'M-Pesa payment for school fee invoice {invoice}[receipt][rest]',
    sw: 'Malipo ya M-Pesa ya ankara ya karo ya shule {invoice}[receipt][rest]',
  },
  schoolInvoicePaidFromWallet: {
    en: 'Paid from your wallet towards school fee invoice {invoice}',
    sw: 'Imelipwa kutoka kwenye pochi yako kwa ankara ya karo ya shule {invoice}',
  },
  schoolLoanPaidInvoice: {
    en: '{lender} paid school fee invoice {invoice} to {school} (loan {loan})',
    sw: '{lender} imelipa ankara ya karo ya shule {invoice} kwa {school} (mkopo {loan})',
  },
} as const satisfies Record<string, Readonly<Record<TextLanguage, string>>>;

/** Optional pieces of a description: `[receipt]` with its `{receipt}` value, `[rest]` when true. */
export const LEDGER_PARTS = {
  receipt: { en: ' (receipt {receipt})', sw: ' (risiti {receipt})' },
  rest: {
    en: '; the rest credited to your wallet',
    sw: '; kiasi kilichobaki kimewekwa kwenye pochi yako',
  },
} as const satisfies Record<string, Readonly<Record<TextLanguage, string>>>;

/** Why fees were waived or a first instalment went back (the `{why}` of a description). */
export const LEDGER_REASONS = {
  settledEarly: { en: 'settled early', sw: 'mkopo umelipwa kabla ya muda wake' },
  policyCancelled: { en: 'policy cancelled', sw: 'sera ya bima imeghairiwa' },
  declined: { en: 'declined', sw: 'ombi limekataliwa' },
  withdrawn: { en: 'withdrawn', sw: 'ombi limeondolewa' },
} as const satisfies Record<string, Readonly<Record<TextLanguage, string>>>;

export type LedgerDescriptionKey = keyof typeof LEDGER_DESCRIPTIONS;
export type LedgerReason = keyof typeof LEDGER_REASONS;
type LedgerPart = keyof typeof LEDGER_PARTS;

type Values<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Values<Rest>
  : never;
type Parts<T extends string> = T extends `${string}[${infer Name}]${infer Rest}` ? Name | Parts<Rest> : never;
type ValueOf<Name extends string> = Name extends 'amount'
  ? number
  : Name extends 'why'
    ? LedgerReason
    : string;
type PartValue<P extends LedgerPart> = [Values<(typeof LEDGER_PARTS)[P]['en']>] extends [never]
  ? boolean
  : string | null;

/** The values a template takes: each `{value}`, and each `[part]` optionally. */
export type LedgerDescriptionParams<K extends LedgerDescriptionKey> = {
  [Name in Values<(typeof LEDGER_DESCRIPTIONS)[K]['en']>]: ValueOf<Name>;
} & {
  [P in Parts<(typeof LEDGER_DESCRIPTIONS)[K]['en']> & LedgerPart]?: PartValue<P>;
};

declare const describedHere: unique symbol;
/** A ledger line's English description, made only by `ledgerDescription` (so it has Swahili). */
export type LedgerDescription = string & { readonly [describedHere]: true };

type AnyParams = Record<string, string | number | boolean | null | undefined>;

const PLACEHOLDER = /\{(\w+)\}/g;
const PART = /\[(\w+)\]/g;

/** Money in a ledger line: English as the ledger has always written it, Swahili with sw-KE. */
function amountIn(cents: number, language: TextLanguage): string {
  if (language === 'en') return formatKes(cents);
  const hasCents = cents % 100 !== 0;
  return new Intl.NumberFormat('sw-KE', {
    style: 'currency',
    currency: 'KES',
    currencyDisplay: 'code',
    minimumFractionDigits: hasCents ? 2 : 0,
    maximumFractionDigits: 2,
  })
    .format(cents / 100)
    .replace(/[\u00a0\u202f]/g, ' ');
}

function render(template: string, params: AnyParams, language: TextLanguage): string {
  const withParts = template.replace(PART, (_whole, part: string) => {
    const value = params[part];
    if (value === undefined || value === null || value === false || value === '') return '';
    return LEDGER_PARTS[part as LedgerPart][language];
  });
  return withParts.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = params[name];
    if (name === 'amount' && typeof value === 'number') return amountIn(value, language);
    if (name === 'why' && typeof value === 'string' && value in LEDGER_REASONS)
      return LEDGER_REASONS[value as LedgerReason][language];
    return String(value ?? '');
  });
}

/** The English description of a ledger line (what is stored), from its template and values. */
export function ledgerDescription<K extends LedgerDescriptionKey>(
  key: K,
  params: LedgerDescriptionParams<K>,
): LedgerDescription {
  return render(LEDGER_DESCRIPTIONS[key].en, params as AnyParams, 'en') as LedgerDescription;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English template as an anchored pattern: each value a lazy named group, each part optional. */
function matcherOf(template: string): RegExp {
  const valuesOf = (text: string) =>
    text
      .split(PLACEHOLDER)
      .map((piece, index) => (index % 2 === 0 ? escapeRegExp(piece) : `(?<${piece}>.+?)`))
      .join('');
  const source = template
    .split(PART)
    .map((piece, index) => {
      if (index % 2 === 0) return valuesOf(piece);
      const part = LEDGER_PARTS[piece as LedgerPart].en;
      // A part without a value of its own is caught whole, to know it was there.
      return part.match(PLACEHOLDER) ? `(?:${valuesOf(part)})?` : `(?<${piece}>${escapeRegExp(part)})?`;
    })
    .join('');
  return new RegExp(`^${source}$`, 's');
}

const MATCHERS = (Object.keys(LEDGER_DESCRIPTIONS) as LedgerDescriptionKey[]).map((key) => ({
  key,
  matcher: matcherOf(LEDGER_DESCRIPTIONS[key].en),
}));

/** "KES 1,500.50" → 150050 (the English the ledger writes); null for anything else. */
function centsOf(text: string): number | null {
  const match = /^(-?)KES ([\d,]+)(?:\.(\d{2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[2]!.replace(/,/g, '')) * 100 + Number(match[3] ?? 0);
  return match[1] ? -cents : cents;
}

/** Which template wrote a stored English description, with its values; null for none of ours. */
export function readLedgerDescription(
  text: string,
): { key: LedgerDescriptionKey; params: Record<string, string | number | boolean> } | null {
  for (const { key, matcher } of MATCHERS) {
    const match = matcher.exec(text);
    if (!match?.groups) continue;
    const params: Record<string, string | number | boolean> = {};
    let readable = true;
    for (const [name, value] of Object.entries(match.groups)) {
      if (value === undefined) continue;
      if (name === 'amount') {
        const cents = centsOf(value);
        if (cents === null) readable = false;
        else params[name] = cents;
      } else if (name === 'why') {
        const reason = (Object.keys(LEDGER_REASONS) as LedgerReason[]).find(
          (candidate) => LEDGER_REASONS[candidate].en === value,
        );
        params[name] = reason ?? value;
      } else if (name in LEDGER_PARTS && !LEDGER_PARTS[name as LedgerPart].en.match(PLACEHOLDER)) {
        params[name] = true;
      } else {
        params[name] = value;
      }
    }
    if (readable) return { key, params };
  }
  return null;
}

/**
 * A stored ledger description in the reader's language. Old rows and new read alike (the English
 * is what is stored); a text none of the templates wrote stays as it is.
 */
export function describeIn(text: string, language: TextLanguage): string {
  if (language === 'en') return text;
  const read = readLedgerDescription(text);
  if (!read) return text;
  return render(LEDGER_DESCRIPTIONS[read.key][language], read.params, language);
}
