import type { Bilingual } from '../../lib/language';

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
  'claim.payout_resolved': (_ref, details) => ({
    en: `Settled the unconfirmed payout of claim ${String(details.claimRef ?? '')}`.trim(),
    sw: `Alimaliza malipo yasiyothibitishwa ya dai ${String(details.claimRef ?? '')}`.trim(),
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

/** The sentence of an entry that has none of its own. */
export function describeLegacyEntry(entry: {
  action: string;
  entityId: string;
  details: Record<string, unknown>;
}): Bilingual {
  const sentence = SENTENCES[entry.action];
  if (sentence) return sentence(entry.entityId, entry.details);
  return { en: 'A change was recorded', sw: 'Badiliko lilirekodiwa' };
}
