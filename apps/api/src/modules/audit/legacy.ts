import { CLAIM_DOCUMENT_LABELS, type ClaimDocumentType } from '@bima/domain';
import { translateText } from '@bima/domain/i18n';
import type { Bilingual } from '../../lib/language';
import { amountWords, phoneWords } from './words';

/**
 * How an entry without a sentence of its own reads: entries written before issue 26, and changes
 * whose caller gives no `summary` (a sign-in detail, a retried job). A reference that people use
 * (a loan's, a receipt's, a product's) is named; internal ids are not.
 */
const SENTENCES: Record<string, (ref: string, details: Record<string, unknown>) => Bilingual> = {
  'payments/unallocatedReceipt/resolveReceipt': (ref, details) =>
    details.resolution === 'REFUNDED'
      ? { en: `Refunded receipt ${ref}`, sw: `Alirejesha pesa za risiti ${ref}` }
      : {
          en: `Applied receipt ${ref} to the client's wallet`,
          sw: `Aliweka risiti ${ref} kwenye pochi ya mteja`,
        },
  'admin/jobs/retryJob': () => ({
    en: 'Retried a failed background job',
    sw: 'Alirudia kazi ya nyuma iliyoshindwa',
  }),
  'lender/pricing/publishTable': () => ({
    en: 'Published a loan pricing table',
    sw: 'Alichapisha jedwali la bei za mikopo',
  }),
  'lender/application/approveApplication': (ref) => ({
    en: `Approved loan ${ref}`,
    sw: `Aliidhinisha mkopo ${ref}`,
  }),
  'lender/application/declineApplication': (ref) => ({
    en: `Declined loan application ${ref}`,
    sw: `Alikataa ombi la mkopo ${ref}`,
  }),
  'admin/commission/setRate': () => ({
    en: 'Changed a commission rate',
    sw: 'Alibadilisha kiwango cha kamisheni',
  }),
  'client/profile/updateNames': () => ({ en: 'Changed their names', sw: 'Alibadilisha majina yake' }),
  'client/profile/confirmEmailChange': () => ({
    en: 'Changed their e-mail address',
    sw: 'Alibadilisha anwani yake ya barua pepe',
  }),
  'client/profile/confirmPhoneChange': () => ({
    en: 'Changed their phone number',
    sw: 'Alibadilisha namba yake ya simu',
  }),
  'client/profile/changePassword': () => ({ en: 'Changed their password', sw: 'Alibadilisha nenosiri lake' }),
  'client/profile/signOutOtherDevices': () => ({
    en: 'Signed out of their other devices',
    sw: 'Alitoka kwenye vifaa vyake vingine',
  }),
  'user/registration/setUpPassword': () => ({
    en: 'Set up their password and opened their account',
    sw: 'Aliweka nenosiri lake na kufungua akaunti yake',
  }),
  'user/registration/acceptInvitation': () => ({
    en: 'Accepted their staff invitation',
    sw: 'Alikubali mwaliko wake wa wafanyakazi',
  }),
  'admin/staff/inviteStaff': (_ref, details) => ({
    en: `Invited ${String(details.email ?? 'a staff member')} to the staff area`,
    sw: `Alimwalika ${String(details.email ?? 'mfanyakazi')} kwenye eneo la wafanyakazi`,
  }),
  'admin/staff/disableStaff': () => ({
    en: "Disabled a staff member's account",
    sw: 'Alizima akaunti ya mfanyakazi',
  }),
  'admin/staff/enableStaff': () => ({
    en: "Enabled a staff member's account again",
    sw: 'Aliwasha tena akaunti ya mfanyakazi',
  }),
  'intermediary/request/startReview': () => ({
    en: "Started reviewing a client's help request",
    sw: 'Alianza kukagua ombi la msaada la mteja',
  }),
  'intermediary/recommendation/sendRecommendation': () => ({
    en: 'Sent a recommendation to a client',
    sw: 'Alimtumia mteja pendekezo',
  }),
  'underwriting/quotation/acceptReccommendation': (_ref, details) => ({
    en: `Accepted a recommendation (quotation ${String(details.systemQuotationRef ?? '')})`,
    sw: `Alikubali pendekezo (nukuu ${String(details.systemQuotationRef ?? '')})`,
  }),
  'underwriting/quotation/acceptOrRejectQuotationRequest': () => ({
    en: 'Declined a recommendation',
    sw: 'Alikataa pendekezo',
  }),
  'admin/catalogue/notifyInterest': () => ({
    en: 'Told the people waiting that a product is available',
    sw: 'Aliwaarifu waliokuwa wakisubiri kwamba bidhaa inapatikana',
  }),
  'admin/intermediary/createIntermediary': (_ref, details) => ({
    en: `Registered the intermediary ${String(details.intermediaryNames ?? '')}`.trim(),
    sw: `Alisajili mpatanishi ${String(details.intermediaryNames ?? '')}`.trim(),
  }),
  'admin/intermediary/approveIntermediary': () => ({
    en: 'Approved an intermediary',
    sw: 'Aliidhinisha mpatanishi',
  }),
  'admin/intermediary/suspendIntermediary': () => ({
    en: 'Suspended an intermediary',
    sw: 'Alisimamisha mpatanishi',
  }),
  'admin/mailQueue/retryMail': (_ref, details) => ({
    en: `Sent the e-mail "${String(details.subject ?? '')}" again`,
    sw: `Alituma tena barua pepe "${String(details.subject ?? '')}"`,
  }),
  'admin/smsQueue/retrySms': () => ({
    en: 'Sent a text message again',
    sw: 'Alituma tena ujumbe mfupi',
  }),
  'product.updated': (ref) => ({ en: `Changed product ${ref}`, sw: `Alibadilisha bidhaa ${ref}` }),
  'product.activated': (ref) => ({
    en: `Offered product ${ref} for quotes again`,
    sw: `Alirudisha bidhaa ${ref} kwenye nukuu`,
  }),
  'product.deactivated': (ref) => ({
    en: `Took product ${ref} off the quotes`,
    sw: `Aliondoa bidhaa ${ref} kwenye nukuu`,
  }),
};

/** A value of the audit log, in each language; null: none (before something added). */
type Change = { what: Bilingual; before: Bilingual | null; after: Bilingual | null };
type Described = { summary: Bilingual; changes: Change[] };

const same = (text: string): Bilingual => ({ en: text, sw: text });
const money = (value: unknown): Bilingual => amountWords(typeof value === 'number' ? value : 0);
const REASON: Bilingual = { en: 'Reason', sw: 'Sababu' };
const AMOUNT_TO_PAY: Bilingual = { en: 'Amount to pay', sw: 'Kiasi cha kulipwa' };
const PAYOUT: Bilingual = { en: 'Payout', sw: 'Malipo' };

const documentWords = (documents: unknown): Bilingual => {
  const labels = (Array.isArray(documents) ? documents : []).map(
    (type) => CLAIM_DOCUMENT_LABELS[type as ClaimDocumentType] ?? String(type),
  );
  return { en: labels.join('; '), sw: labels.map((label) => translateText(label, 'sw')).join('; ') };
};

/**
 * The claims desk's decisions, written with their facts as data (`details`: amounts in cents, the
 * claim's reference): read as sentences with their values.
 */
const CLAIM_DECISIONS: Record<string, (details: Record<string, unknown>) => Described> = {
  'claim.approved': (details) => {
    const ref = String(details.claimRef ?? '');
    const payable = money(details.approvedAmount);
    const agreed = money(details.agreedLoss);
    const excess = money(details.excess);
    const waived = Array.isArray(details.waivedDocuments) && details.waivedDocuments.length > 0;
    return {
      summary: {
        en: `Approved claim ${ref}: ${payable.en} to pay (${agreed.en} less the excess ${excess.en})`,
        sw: `Aliidhinisha dai ${ref}: ${payable.sw} zitalipwa (${agreed.sw} ukiondoa kiasi cha ziada ${excess.sw})`,
      },
      changes: [
        { what: AMOUNT_TO_PAY, before: null, after: payable },
        ...(waived
          ? [
              {
                what: { en: 'Documents waived', sw: 'Nyaraka zilizoachiliwa' },
                before: null,
                after: documentWords(details.waivedDocuments),
              },
            ]
          : []),
      ],
    };
  },
  'claim.declined': (details) => ({
    summary: {
      en: `Declined claim ${String(details.claimRef ?? '')}`,
      sw: `Alikataa dai ${String(details.claimRef ?? '')}`,
    },
    changes: [{ what: REASON, before: null, after: same(String(details.reason ?? '')) }],
  }),
  'claim.documents_waived': (details) => ({
    summary: {
      en: `Waived documents of claim ${String(details.claimRef ?? '')}`,
      sw: `Aliachilia nyaraka za dai ${String(details.claimRef ?? '')}`,
    },
    changes: [
      {
        what: { en: 'Documents waived', sw: 'Nyaraka zilizoachiliwa' },
        before: null,
        after: documentWords(details.documents),
      },
    ],
  }),
  'claim.payout': (details) => {
    const ref = String(details.claimRef ?? '');
    const amount = money(details.amount);
    if (details.method === 'garage') {
      const garage = String(details.garageName ?? '');
      const reference = String(details.reference ?? '');
      return {
        summary: {
          en: `Paid ${amount.en} of claim ${ref} to the garage ${garage} (ref. ${reference})`,
          sw: `Alilipa ${amount.sw} za dai ${ref} kwa gereji ${garage} (kumb. ${reference})`,
        },
        changes: [{ what: PAYOUT, before: null, after: { en: 'Paid', sw: 'Imelipwa' } }],
      };
    }
    const phone = phoneWords(String(details.phone ?? ''));
    return {
      summary: {
        en: `Sent the payout of claim ${ref}: ${amount.en} to ${phone} (M-Pesa)`,
        sw: `Alituma malipo ya dai ${ref}: ${amount.sw} kwa ${phone} (M-Pesa)`,
      },
      changes: [{ what: PAYOUT, before: null, after: { en: 'Waiting for M-Pesa', sw: 'Inasubiri M-Pesa' } }],
    };
  },
  'claim.payout_resolved': (details) => {
    const ref = String(details.claimRef ?? '');
    const paid = details.outcome === 'paid';
    return {
      summary: paid
        ? {
            en: `Marked the payout of claim ${ref} paid: found on the M-Pesa statement as ${String(details.receipt ?? '')}`,
            sw: `Alithibitisha malipo ya dai ${ref}: yamepatikana kwenye taarifa ya M-Pesa kama ${String(details.receipt ?? '')}`,
          }
        : {
            en: `Marked the payout of claim ${ref} not paid: not on the M-Pesa statement`,
            sw: `Alithibitisha kwamba malipo ya dai ${ref} hayakulipwa: hayapo kwenye taarifa ya M-Pesa`,
          },
      changes: [
        {
          what: PAYOUT,
          before: { en: 'Not confirmed by M-Pesa', sw: 'Haijathibitishwa na M-Pesa' },
          after: paid ? { en: 'Paid', sw: 'Imelipwa' } : { en: 'Not paid', sw: 'Haijalipwa' },
        },
        ...(details.note
          ? [{ what: { en: 'Note', sw: 'Maelezo' }, before: null, after: same(String(details.note)) }]
          : []),
      ],
    };
  },
};

/**
 * How an entry without a sentence of its own reads: its sentence and, for the claims desk's
 * decisions (their module writes the facts, not words), the values from its details.
 */
export function describeLegacyEntry(entry: {
  action: string;
  entityId: string;
  details: Record<string, unknown>;
}): Described {
  const claim = CLAIM_DECISIONS[entry.action];
  if (claim) return claim(entry.details);
  const sentence = SENTENCES[entry.action];
  if (sentence) return { summary: sentence(entry.entityId, entry.details), changes: [] };
  return { summary: { en: 'A change was recorded', sw: 'Badiliko lilirekodiwa' }, changes: [] };
}
