import { type Bilingual, formatAmount, formatDay, type Language } from '../../lib/language';

/**
 * The text messages of the notifications people need without the portal open (issue 32): short,
 * in English and Kiswahili, each meant to fit one SMS segment (160 GSM-7 characters) with realistic
 * values — `sms-texts.test.ts` measures every one with the domain's `smsLength`. Amounts are cents
 * (`formatAmount`), days are Kenyan calendar days (`formatDay`). `notify({sms})` sends the account's
 * language to its verified phone.
 */
const both = (write: (language: Language) => string): Bilingual => ({ en: write('en'), sw: write('sw') });

/** What a claim's status is called in a text (the notifications' words, shorter where needed). */
const CLAIM_STATUS_SMS: Record<Language, Record<string, string>> = {
  en: {
    REPORTED: 'received',
    DOCUMENTS_PENDING: 'waiting for documents',
    UNDER_ASSESSMENT: 'under assessment',
    APPROVED: 'approved',
    DECLINED: 'declined',
    SETTLED: 'paid',
    CLOSED: 'closed',
  },
  sw: {
    REPORTED: 'limepokelewa',
    DOCUMENTS_PENDING: 'linasubiri nyaraka',
    UNDER_ASSESSMENT: 'linatathminiwa',
    APPROVED: 'limeidhinishwa',
    DECLINED: 'limekataliwa',
    SETTLED: 'limelipwa',
    CLOSED: 'limefungwa',
  },
};

export const smsTexts = {
  /** payment_received: an M-Pesa payment arrived. */
  paymentReceived: (input: { amount: number; receipt: string | null }) =>
    both((l) => {
      const receipt = input.receipt ? ` (M-Pesa ${input.receipt})` : '';
      return l === 'en'
        ? `Bima Portal: we received your payment of ${formatAmount(input.amount, l)}${receipt}. Thank you.`
        : `Bima Portal: tumepokea malipo yako ya ${formatAmount(input.amount, l)}${receipt}. Asante.`;
    }),

  /**
   * policy_issued at issue: the policy number, and the motor certificate's number when it is known;
   * a motor certificate DMVIC has still to issue is said to follow (`certificateIssued` sends it).
   */
  policyIssued: (input: { policyNumber: string; certificate: { number: string | null } | null }) =>
    both((l) => {
      const { policyNumber, certificate } = input;
      const head =
        l === 'en'
          ? `Bima Portal: policy ${policyNumber} is issued.`
          : `Bima Portal: sera ${policyNumber} imetolewa.`;
      if (!certificate) return head;
      if (certificate.number)
        return `${head} ${l === 'en' ? 'Motor certificate' : 'Cheti cha gari'} ${certificate.number}.`;
      return `${head} ${l === 'en' ? 'The certificate number follows by SMS.' : 'Nambari ya cheti itafuata kwa SMS.'}`;
    }),

  /** policy_issued, later: DMVIC issued the motor certificate of a policy. */
  certificateIssued: (input: { policyNumber: string; certificateNumber: string }) =>
    both((l) =>
      l === 'en'
        ? `Bima Portal: motor certificate ${input.certificateNumber} of policy ${input.policyNumber} is issued by DMVIC.`
        : `Bima Portal: cheti cha gari ${input.certificateNumber} cha sera ${input.policyNumber} kimetolewa na DMVIC.`,
    ),

  /** renewal_due: the policy ends soon. */
  renewalDue: (input: { policyNumber: string; plate: string; endDate: string }) =>
    both((l) => {
      const plate = input.plate ? ` (${input.plate})` : '';
      return l === 'en'
        ? `Bima Portal: policy ${input.policyNumber}${plate} ends on ${formatDay(input.endDate, l)}. Renew it before then to stay covered.`
        : `Bima Portal: sera ${input.policyNumber}${plate} inaisha ${formatDay(input.endDate, l)}. Ihuishe kabla ya hapo ili uendelee kulindwa.`;
    }),

  /** instalment_reminder: a premium-financing loan's instalment falls due. */
  loanInstalmentDue: (input: { loanRef: string; number: number; amount: number; dueDate: string }) =>
    both((l) =>
      l === 'en'
        ? `Bima Portal: loan ${input.loanRef} instalment ${input.number} of ${formatAmount(input.amount, l)} is due on ${formatDay(input.dueDate, l)}. Pay by M-Pesa.`
        : `Bima Portal: mkopo ${input.loanRef} awamu ya ${input.number} ya ${formatAmount(input.amount, l)} inadaiwa ${formatDay(input.dueDate, l)}. Lipa kwa M-Pesa.`,
    ),

  /** loan_arrears: an instalment was missed. */
  loanInstalmentMissed: (input: { loanRef: string; number: number; arrears: number; payBy: string }) =>
    both((l) =>
      l === 'en'
        ? `Bima Portal: loan ${input.loanRef} instalment ${input.number} is missed, ${formatAmount(input.arrears, l)} overdue. Please pay by ${formatDay(input.payBy, l)}.`
        : `Bima Portal: mkopo ${input.loanRef} awamu ya ${input.number} haijalipwa, ${formatAmount(input.arrears, l)} zimechelewa. Lipa kufikia ${formatDay(input.payBy, l)}.`,
    ),

  /** loan_arrears: the notice before the lender asks the insurer to cancel. */
  loanNotice: (input: { loanRef: string; arrears: number; lastDay: string }) =>
    both((l) =>
      l === 'en'
        ? `Bima Portal: NOTICE, loan ${input.loanRef} has ${formatAmount(input.arrears, l)} overdue. Unless paid by ${formatDay(input.lastDay, l)}, the loan will be cancelled.`
        : `Bima Portal: ILANI, mkopo ${input.loanRef} una ${formatAmount(input.arrears, l)} zilizochelewa. Zisipolipwa kufikia ${formatDay(input.lastDay, l)}, mkopo utaghairiwa.`,
    ),

  /** loan_arrears: the loan was cancelled for arrears. */
  loanCancelled: (input: { loanRef: string }) =>
    both((l) =>
      l === 'en'
        ? `Bima Portal: loan ${input.loanRef} is cancelled for arrears. See the loan's page for what it means for you.`
        : `Bima Portal: mkopo ${input.loanRef} umeghairiwa kwa malimbikizo. Tazama ukurasa wa mkopo kujua maana yake kwako.`,
    ),

  /** monthly_payment: a month of a monthly policy falls due (paid by the standing order or by hand). */
  monthDue: (input: {
    policyNumber: string;
    monthNo: number;
    amount: number;
    dueDate: string;
    collects: boolean;
  }) =>
    both((l) => {
      const head =
        l === 'en'
          ? `Bima Portal: policy ${input.policyNumber} month ${input.monthNo} (${formatAmount(input.amount, l)}) is due on ${formatDay(input.dueDate, l)}.`
          : `Bima Portal: sera ${input.policyNumber} mwezi wa ${input.monthNo} (${formatAmount(input.amount, l)}) unadaiwa ${formatDay(input.dueDate, l)}.`;
      const tail = input.collects
        ? l === 'en'
          ? 'Your standing order will collect it.'
          : 'Agizo la kudumu litaukusanya.'
        : l === 'en'
          ? 'Pay by M-Pesa.'
          : 'Lipa kwa M-Pesa.';
      return `${head} ${tail}`;
    }),

  /** monthly_payment: a month was not paid, the cover stopped until it is. */
  monthMissed: (input: { policyNumber: string; monthNo: number; owed: number; payBy: string }) =>
    both((l) =>
      l === 'en'
        ? `Bima Portal: policy ${input.policyNumber} month ${input.monthNo} is not paid; cover stopped. Pay ${formatAmount(input.owed, l)} by ${formatDay(input.payBy, l)} to resume.`
        : `Bima Portal: sera ${input.policyNumber} mwezi wa ${input.monthNo} haujalipwa; bima imesimama. Lipa ${formatAmount(input.owed, l)} kufikia ${formatDay(input.payBy, l)}.`,
    ),

  /** monthly_payment: M-Pesa could not collect a month by the standing order. */
  monthDebitFailed: (input: { policyNumber: string; monthNo: number; amount: number }) =>
    both((l) =>
      l === 'en'
        ? `Bima Portal: M-Pesa could not collect policy ${input.policyNumber} month ${input.monthNo}. Pay ${formatAmount(input.amount, l)} now by M-Pesa.`
        : `Bima Portal: M-Pesa haikuweza kukusanya sera ${input.policyNumber} mwezi wa ${input.monthNo}. Lipa ${formatAmount(input.amount, l)} sasa kwa M-Pesa.`,
    ),

  /** monthly_payment: the policy was cancelled for a month not paid. */
  monthCancelled: (input: { policyNumber: string; monthNo: number; cancelledOn: string }) =>
    both((l) =>
      l === 'en'
        ? `Bima Portal: policy ${input.policyNumber} is cancelled from ${formatDay(input.cancelledOn, l)}: month ${input.monthNo} was not paid. You owe nothing.`
        : `Bima Portal: sera ${input.policyNumber} imefutwa kuanzia ${formatDay(input.cancelledOn, l)}: mwezi wa ${input.monthNo} haukulipwa. Huna deni.`,
    ),

  /** claim_status_changed, as the claim is reported: the client's claim is received. */
  claimReceived: (input: { claimRef: string }) =>
    both((l) =>
      l === 'en'
        ? `Bima Portal: we received your claim ${input.claimRef}. Upload the documents on its checklist; the insurer will be in touch.`
        : `Bima Portal: tumepokea dai lako ${input.claimRef}. Pakia nyaraka za orodha yake; kampuni ya bima itawasiliana nawe.`,
    ),

  /** claim_status_changed: the claim's new status. */
  claimStatusChanged: (input: { claimRef: string; status: string }) =>
    both((l) =>
      l === 'en'
        ? `Bima Portal: your claim ${input.claimRef} is ${CLAIM_STATUS_SMS.en[input.status] ?? input.status}. Details are on the claim's page.`
        : `Bima Portal: dai lako ${input.claimRef} ${CLAIM_STATUS_SMS.sw[input.status] ?? input.status}. Maelezo yako kwenye ukurasa wa dai.`,
    ),

  /** claim_status_changed, as the claim is settled: the claim is paid. */
  claimPaid: (input: { claimRef: string; amount: number | null }) =>
    both((l) => {
      const amount = input.amount === null ? '' : `: ${formatAmount(input.amount, l)}`;
      return l === 'en'
        ? `Bima Portal: your claim ${input.claimRef} is paid${amount}. Thank you for your patience.`
        : `Bima Portal: dai lako ${input.claimRef} limelipwa${amount}. Asante kwa subira yako.`;
    }),
} as const;
