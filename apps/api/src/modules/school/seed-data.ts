import type { LoanPricingBand, SchoolLevel } from '@bima/domain';

/**
 * Sample partner schools, students and fee invoices: FICTIONAL (names end in "(sample)"; paybills
 * are made up). The README lists the students a person (and the e2e) links: school, admission
 * number and name.
 */
export const SAMPLE_SCHOOLS: Array<{
  schoolRef: string;
  name: string;
  county: string;
  town: string;
  level: SchoolLevel;
  paybill: string | null;
  accountFormat: string | null;
}> = [
  {
    schoolRef: 'SCH-S001',
    name: 'Acacia Hill Academy (sample)',
    county: 'Nairobi',
    town: 'Westlands',
    level: 'primary',
    paybill: '900101',
    accountFormat: 'Admission number',
  },
  {
    schoolRef: 'SCH-S002',
    name: 'Baobab Girls High School (sample)',
    county: 'Kiambu',
    town: 'Thika',
    level: 'secondary',
    paybill: '900102',
    accountFormat: 'Admission number',
  },
  {
    schoolRef: 'SCH-S003',
    name: 'Coast Junior School (sample)',
    county: 'Mombasa',
    town: 'Nyali',
    level: 'junior',
    paybill: null,
    accountFormat: null,
  },
  {
    schoolRef: 'SCH-S004',
    name: 'Dunga Boys Secondary (sample)',
    county: 'Kisumu',
    town: 'Kisumu',
    level: 'secondary',
    paybill: '900104',
    accountFormat: 'ADM-name',
  },
  {
    schoolRef: 'SCH-S005',
    name: 'Elgon View Primary (sample)',
    county: 'Uasin Gishu',
    town: 'Eldoret',
    level: 'primary',
    paybill: null,
    accountFormat: null,
  },
  {
    schoolRef: 'SCH-S006',
    name: 'Fig Tree Kindergarten (sample)',
    county: 'Nakuru',
    town: 'Nakuru',
    level: 'pre_primary',
    paybill: null,
    accountFormat: null,
  },
  {
    schoolRef: 'SCH-S007',
    name: 'Gatundu Technical College (sample)',
    county: 'Kiambu',
    town: 'Gatundu',
    level: 'college',
    paybill: '900107',
    accountFormat: 'Student number',
  },
  {
    schoolRef: 'SCH-S008',
    name: 'Highlands Mixed Secondary (sample)',
    county: 'Nyeri',
    town: 'Nyeri',
    level: 'secondary',
    paybill: '900108',
    accountFormat: 'Admission number',
  },
  {
    schoolRef: 'SCH-S009',
    name: 'Imara Primary School (sample)',
    county: 'Machakos',
    town: 'Athi River',
    level: 'primary',
    paybill: null,
    accountFormat: null,
  },
  {
    schoolRef: 'SCH-S010',
    name: 'Jacaranda Junior School (sample)',
    county: 'Nairobi',
    town: 'Karen',
    level: 'junior',
    paybill: '900110',
    accountFormat: 'Admission number',
  },
  {
    schoolRef: 'SCH-S011',
    name: 'Kilifi Creek Academy (sample)',
    county: 'Kilifi',
    town: 'Kilifi',
    level: 'primary',
    paybill: null,
    accountFormat: null,
  },
  {
    schoolRef: 'SCH-S012',
    name: 'Lakeside High School (sample)',
    county: 'Nakuru',
    town: 'Naivasha',
    level: 'secondary',
    paybill: '900112',
    accountFormat: 'Admission number',
  },
];

/** Sample students with outstanding invoices (amounts in KES). */
export const SAMPLE_STUDENTS: Array<{
  schoolRef: string;
  admissionNumber: string;
  studentName: string;
  grade: string;
  invoices: Array<{ invoiceRef: string; term: string; amount: number; dueDate: string }>;
}> = [
  {
    schoolRef: 'SCH-S002',
    admissionNumber: 'BG-2041',
    studentName: 'Achieng Wanjiru Otieno',
    grade: 'Form 3',
    invoices: [{ invoiceRef: 'SFI-BG2041-T127', term: 'Term 1 2027', amount: 48_000, dueDate: '2027-01-04' }],
  },
  {
    schoolRef: 'SCH-S001',
    admissionNumber: 'AH-1187',
    studentName: 'Baraka Kiprono Mutua',
    grade: 'Grade 5',
    invoices: [{ invoiceRef: 'SFI-AH1187-T127', term: 'Term 1 2027', amount: 32_500, dueDate: '2027-01-04' }],
  },
  {
    schoolRef: 'SCH-S004',
    admissionNumber: 'DB-5530',
    studentName: 'Chege Omondi Njoroge',
    grade: 'Form 2',
    invoices: [{ invoiceRef: 'SFI-DB5530-T127', term: 'Term 1 2027', amount: 41_000, dueDate: '2027-01-04' }],
  },
  {
    schoolRef: 'SCH-S008',
    admissionNumber: 'HM-0902',
    studentName: 'Dorcas Nyambura Kamau',
    grade: 'Form 4',
    invoices: [
      { invoiceRef: 'SFI-HM0902-T326', term: 'Term 3 2026', amount: 12_000, dueDate: '2026-09-01' },
      { invoiceRef: 'SFI-HM0902-T127', term: 'Term 1 2027', amount: 45_500, dueDate: '2027-01-04' },
    ],
  },
  {
    schoolRef: 'SCH-S010',
    admissionNumber: 'JJ-3310',
    studentName: 'Eli Mwangi Karanja',
    grade: 'Grade 8',
    invoices: [{ invoiceRef: 'SFI-JJ3310-T127', term: 'Term 1 2027', amount: 38_000, dueDate: '2027-01-04' }],
  },
  {
    schoolRef: 'SCH-S012',
    admissionNumber: 'LH-7781',
    studentName: 'Faith Chebet Rotich',
    grade: 'Form 1',
    invoices: [{ invoiceRef: 'SFI-LH7781-T127', term: 'Term 1 2027', amount: 52_000, dueDate: '2027-01-04' }],
  },
];

const KES = (shillings: number) => shillings * 100;

/**
 * The sample lender's school fee loan pricing, SAMPLE FIGURES (ours, not an offer of any lender):
 * a facility fee for the whole term, 2 or 3 monthly instalments — KES 5,000–49,999: KES 750 over 2
 * months, KES 1,100 over 3; KES 50,000–199,999: 2.5 % / 3.5 % a term (held as a monthly rate).
 */
export const SAMPLE_SCHOOL_LOAN_BANDS: LoanPricingBand[] = [
  {
    minPrincipal: KES(5_000),
    maxPrincipal: KES(49_999),
    months: 2,
    facilityFee: KES(750),
    monthlyRatePpm: null,
  },
  {
    minPrincipal: KES(5_000),
    maxPrincipal: KES(49_999),
    months: 3,
    facilityFee: KES(1_100),
    monthlyRatePpm: null,
  },
  {
    minPrincipal: KES(50_000),
    maxPrincipal: KES(199_999),
    months: 2,
    facilityFee: null,
    monthlyRatePpm: 12_500,
  },
  {
    minPrincipal: KES(50_000),
    maxPrincipal: KES(199_999),
    months: 3,
    facilityFee: null,
    monthlyRatePpm: 11_667,
  },
];

export const SAMPLE_SCHOOL_LOAN_TABLE = {
  name: 'Sample school fee loan pricing (our figures)',
  effectiveFrom: '2025-01-01',
} as const;
