import { smsLength } from '@bima/domain/sms';
import { describe, expect, it } from 'vitest';
import { smsTexts } from '../src/modules/notification/sms-texts';

// The longest realistic values: amounts in the millions with cents, the longest month names
// (September / Septemba), an eight-digit policy number of a five-letter class.
const policyNumber = 'BIMA/MCOMM/2026/12345678';
const amount = 123_456_750;
const day = '2026-09-30';

const every = {
  paymentReceived: smsTexts.paymentReceived({ amount, receipt: 'QK7A2B3C4D' }),
  policyIssuedWithCertificate: smsTexts.policyIssued({ policyNumber, certificate: { number: 'C27400610' } }),
  policyIssuedCertificateToFollow: smsTexts.policyIssued({ policyNumber, certificate: { number: null } }),
  policyIssuedNotMotor: smsTexts.policyIssued({ policyNumber, certificate: null }),
  certificateIssued: smsTexts.certificateIssued({ policyNumber, certificateNumber: 'C27400610' }),
  renewalDue: smsTexts.renewalDue({ policyNumber, plate: 'KDA 123A', endDate: day }),
  loanInstalmentDue: smsTexts.loanInstalmentDue({ loanRef: 'LN-ABCDEFGH', number: 10, amount, dueDate: day }),
  loanInstalmentMissed: smsTexts.loanInstalmentMissed({
    loanRef: 'LN-ABCDEFGH',
    number: 10,
    arrears: amount,
    payBy: day,
  }),
  loanNotice: smsTexts.loanNotice({ loanRef: 'LN-ABCDEFGH', arrears: amount, lastDay: day }),
  loanCancelled: smsTexts.loanCancelled({ loanRef: 'LN-ABCDEFGH' }),
  monthDueByOrder: smsTexts.monthDue({ policyNumber, monthNo: 12, amount, dueDate: day, collects: true }),
  monthDueByHand: smsTexts.monthDue({ policyNumber, monthNo: 12, amount, dueDate: day, collects: false }),
  monthMissed: smsTexts.monthMissed({ policyNumber, monthNo: 12, owed: amount, payBy: day }),
  monthDebitFailed: smsTexts.monthDebitFailed({ policyNumber, monthNo: 12, amount }),
  monthCancelled: smsTexts.monthCancelled({ policyNumber, monthNo: 12, cancelledOn: day }),
  claimReceived: smsTexts.claimReceived({ claimRef: 'CLM-ABCDEFGH' }),
  claimStatusChanged: smsTexts.claimStatusChanged({ claimRef: 'CLM-ABCDEFGH', status: 'DOCUMENTS_PENDING' }),
  claimPaid: smsTexts.claimPaid({ claimRef: 'CLM-ABCDEFGH', amount }),
};

describe('the notification texts', () => {
  for (const [name, text] of Object.entries(every)) {
    it(`${name}: one GSM-7 segment in English and in Kiswahili`, () => {
      for (const language of ['en', 'sw'] as const) {
        expect(smsLength(text[language]), `${language}: ${text[language]}`).toMatchObject({
          encoding: 'GSM-7',
          segments: 1,
        });
      }
      expect(text.sw).not.toBe(text.en);
    });
  }

  it('writes the amounts and days each language reads', () => {
    expect(every.paymentReceived.en).toBe(
      'Bima Portal: we received your payment of KES 1,234,567.50 (M-Pesa QK7A2B3C4D). Thank you.',
    );
    expect(every.monthDueByHand.sw).toContain('30 Septemba 2026');
    expect(every.policyIssuedWithCertificate.en).toContain(
      `${policyNumber} is issued. Motor certificate C27400610.`,
    );
    expect(every.claimStatusChanged.sw).toContain('linasubiri nyaraka');
  });
});
