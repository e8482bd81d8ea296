import { formatKes, schoolLoanDisbursementPosting } from '@bima/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { schoolFeeInvoices, schoolFeeLoans, schoolStudents, schools } from '../../db/schema';
import { formatAmount } from '../../lib/language';
import { post } from '../ledger/service';
import { APPLICATION_END_REASONS, type LoanProductAdapter } from '../loan/products';
import { loanMoney, loanRefOf } from '../loan/service';
import { afterSchoolFeeMoney, schoolInvoiceOwed } from './service';

/**
 * School fee loans as a loan product: the lender pays the school fee invoice to the school. There
 * is no security to call in: when the arrears process runs out nothing is cancelled — the debt
 * stays owed to the lender (payable at once from the loan's page) and the parent is told so.
 */
export const schoolFeeLoanProduct: LoanProductAdapter = {
  product: 'school_fees',
  arrearsWords: {
    en: {
      consequence:
        'the lender will call the loan in: the whole balance will be owed at once (the school fees stay paid)',
      requested: 'called the school fee loan in',
      title: 'loan called in',
    },
    sw: {
      consequence:
        'mkopeshaji atadai mkopo wote: salio lote litadaiwa mara moja (karo ya shule inabaki imelipwa)',
      requested: 'imedai mkopo wa karo ya shule ulipwe wote',
      title: 'mkopo umedaiwa wote',
    },
  },

  async disburse(tx, context, loan, lender) {
    const [row] = await tx
      .select({ invoice: schoolFeeInvoices, school: schools })
      .from(schoolFeeLoans)
      .innerJoin(schoolFeeInvoices, eq(schoolFeeInvoices.id, schoolFeeLoans.schoolInvoiceId))
      .innerJoin(schools, eq(schools.id, schoolFeeInvoices.schoolId))
      .where(eq(schoolFeeLoans.loanId, loan.id))
      .for('update', { of: schoolFeeInvoices });
    if (!row) throw new Error(`the school fee invoice of loan ${loan.loanRef} is missing`);
    const { invoice, school } = row;
    const owed = (await schoolInvoiceOwed(tx, [invoice.id])).get(invoice.id) ?? 0;
    if (owed !== loan.principal) {
      return { ok: false, reason: APPLICATION_END_REASONS.schoolInvoicePaidAnotherWay.en };
    }
    await post(
      tx,
      schoolLoanDisbursementPosting({
        loan: loanRefOf(loan),
        lenderName: lender.name,
        invoice: { id: invoice.id, ref: invoice.invoiceRef, schoolId: school.id, schoolName: school.name },
        amount: owed,
      }),
    );
    await afterSchoolFeeMoney(tx, context, invoice, school, loan.userId);
    return {
      ok: true,
      issuedInvoiceId: null,
      what: `${formatKes(owed)} to ${school.name} (invoice ${invoice.invoiceRef}, ${invoice.term})`,
      outcome: `The school fees of ${invoice.studentName} for ${invoice.term} are paid.`,
    };
  },

  /**
   * Nothing to cancel: the school fees were paid and stay paid. The fees of instalments not yet
   * due are NOT waived — the whole balance is due at once to the lender.
   */
  async cancelForDefault(tx, _context, loan, lender) {
    const money = (await loanMoney(tx, [loan.id])).get(loan.id)!;
    const reason = `Called in by ${lender.name}: instalments of loan ${loan.loanRef} were not paid.`;
    const owed = Math.max(0, money.owed);
    const message = {
      en: `${lender.name} has called in school fee loan ${loan.loanRef}, as instalments were not paid. The school fees stay paid; ${formatKes(owed)} is owed to ${lender.name} now and can be paid from the loan's page. ${lender.name} may pursue it as a debt.`,
      sw: `${lender.name} imedai mkopo wa karo ya shule ${loan.loanRef} ulipwe wote, kwa kuwa awamu hazikulipwa. Karo ya shule inabaki imelipwa; sasa unadaiwa ${formatAmount(owed, 'sw')} na ${lender.name}, na unaweza kuzilipa kwenye ukurasa wa mkopo. ${lender.name} inaweza kuzifuatilia kama deni.`,
    };
    return { message, refund: 0, reason };
  },

  async describe(db: Database, rows) {
    const result = new Map<number, Record<string, unknown>>();
    if (rows.length === 0) return result;
    const found = await db
      .select({
        loanId: schoolFeeLoans.loanId,
        invoiceRef: schoolFeeInvoices.invoiceRef,
        term: schoolFeeInvoices.term,
        studentName: schoolFeeInvoices.studentName,
        admissionNumber: schoolFeeInvoices.admissionNumber,
        grade: schoolStudents.grade,
        schoolName: schools.name,
        schoolTown: schools.town,
        paidAt: schoolFeeInvoices.paidAt,
      })
      .from(schoolFeeLoans)
      .innerJoin(schoolFeeInvoices, eq(schoolFeeInvoices.id, schoolFeeLoans.schoolInvoiceId))
      .innerJoin(schoolStudents, eq(schoolStudents.id, schoolFeeInvoices.studentId))
      .innerJoin(schools, eq(schools.id, schoolFeeInvoices.schoolId))
      .where(
        inArray(
          schoolFeeLoans.loanId,
          rows.map((row) => row.id),
        ),
      );
    for (const row of found) {
      result.set(row.loanId, {
        // Read by the screens that show IPF loans: what the loan pays for, in their words.
        invoiceSystemRef: row.invoiceRef,
        productName: `School fees ${row.term}`,
        insurer: null,
        vehicle: null,
        policy: null,
        schoolFees: {
          invoiceRef: row.invoiceRef,
          term: row.term,
          studentName: row.studentName,
          admissionNumber: row.admissionNumber,
          grade: row.grade,
          school: row.schoolName,
          town: row.schoolTown,
          paid: row.paidAt !== null,
        },
      });
    }
    return result;
  },
};
