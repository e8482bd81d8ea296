import type { StaffRole } from '@bima/domain';

/**
 * The sample staff accounts' password: public (it is in the README), for local use only. They are
 * never seeded in production, and production refuses to start while one of them still has it.
 */
export const SAMPLE_STAFF_PASSWORD = 'Bima-Staff-2026!';

export interface SampleStaff {
  email: string;
  firstName: string;
  lastName: string;
  role: StaffRole;
  /** The firm's systemRef (intermediary users). */
  intermediarySystemRef?: string;
  /** The insurer's id (underwriter users). */
  underwriterId?: string;
  /** The lender's systemRef (lender users). */
  lenderSystemRef?: string;
}

export const SAMPLE_STAFF: SampleStaff[] = [
  { email: 'admin@bimaportal.co.ke', firstName: 'Achieng', lastName: 'Odhiambo', role: 'admin' },
  {
    email: 'broker@savannah-brokers.example',
    firstName: 'Kamau',
    lastName: 'Mwangi',
    role: 'intermediary',
    intermediarySystemRef: 'INT-SAMPLE-0001',
  },
  {
    email: 'broker@tana-brokers.example',
    firstName: 'Fatuma',
    lastName: 'Hassan',
    role: 'intermediary',
    intermediarySystemRef: 'INT-SAMPLE-0002',
  },
  {
    email: 'agent@njoroge-agency.example',
    firstName: 'Wanjiku',
    lastName: 'Njoroge',
    role: 'intermediary',
    intermediarySystemRef: 'INT-SAMPLE-0004',
  },
  {
    email: 'underwriter.jubilee@bimaportal.co.ke',
    firstName: 'Peter',
    lastName: 'Kariuki',
    role: 'underwriter',
    underwriterId: 'jubilee',
  },
  {
    email: 'underwriter.apa@bimaportal.co.ke',
    firstName: 'Grace',
    lastName: 'Wambui',
    role: 'underwriter',
    underwriterId: 'apa',
  },
  {
    email: 'lender@mavuno-finance.example',
    firstName: 'Otieno',
    lastName: 'Were',
    role: 'lender',
    lenderSystemRef: 'LND-SAMPLE-0001',
  },
];
