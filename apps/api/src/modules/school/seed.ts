import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lenders, loanPricingBands, loanPricingTables, schoolStudents, schools } from '../../db/schema';
import { SAMPLE_LENDER } from '../loan/seed-data';
import {
  SAMPLE_SCHOOL_LOAN_BANDS,
  SAMPLE_SCHOOL_LOAN_TABLE,
  SAMPLE_SCHOOLS,
  SAMPLE_STUDENTS,
} from './seed-data';
import { issueSchoolFeeInvoice } from './service';

/**
 * The sample schools, their students with outstanding invoices (each issued once: billed in the
 * ledger), and the sample lender's school fee loan pricing; running it again changes nothing.
 */
export async function seedSampleSchools(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(schools)
      .values(SAMPLE_SCHOOLS.map((school) => ({ ...school, isSample: true })))
      .onConflictDoNothing({ target: schools.schoolRef });
    for (const student of SAMPLE_STUDENTS) {
      const [school] = await tx.select().from(schools).where(eq(schools.schoolRef, student.schoolRef));
      await tx
        .insert(schoolStudents)
        .values({
          schoolId: school!.id,
          admissionNumber: student.admissionNumber,
          studentName: student.studentName,
          grade: student.grade,
        })
        .onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(schoolStudents)
        .where(
          and(
            eq(schoolStudents.schoolId, school!.id),
            eq(schoolStudents.admissionNumber, student.admissionNumber),
          ),
        );
      for (const invoice of student.invoices) {
        await issueSchoolFeeInvoice(tx, {
          invoiceRef: invoice.invoiceRef,
          school: school!,
          student: row!,
          term: invoice.term,
          amount: invoice.amount * 100,
          dueDate: invoice.dueDate,
        });
      }
    }
    const [lender] = await tx
      .select({ id: lenders.id })
      .from(lenders)
      .where(eq(lenders.systemRef, SAMPLE_LENDER.systemRef));
    if (!lender) return;
    await tx
      .insert(loanPricingTables)
      .values({ lenderId: lender.id, product: 'school_fees', ...SAMPLE_SCHOOL_LOAN_TABLE, isSample: true })
      .onConflictDoNothing();
    const [table] = await tx
      .select({ id: loanPricingTables.id })
      .from(loanPricingTables)
      .where(
        and(
          eq(loanPricingTables.lenderId, lender.id),
          eq(loanPricingTables.product, 'school_fees'),
          eq(loanPricingTables.effectiveFrom, SAMPLE_SCHOOL_LOAN_TABLE.effectiveFrom),
        ),
      );
    await tx
      .insert(loanPricingBands)
      .values(SAMPLE_SCHOOL_LOAN_BANDS.map((band) => ({ tableId: table!.id, ...band })))
      .onConflictDoNothing();
  });
}
