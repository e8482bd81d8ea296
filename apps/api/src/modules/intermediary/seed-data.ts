import type { IntermediaryCategory, IntermediaryStatus } from '@bima/domain';

export interface IntermediarySeed {
  systemRef: string;
  intermediaryNames: string;
  category: IntermediaryCategory;
  status: IntermediaryStatus;
  primaryEmail: string;
  phone: string;
  iraLicenceNumber: string;
  /** A logo the web app serves (apps/web/public/images/intermediaries), or null for the default logo. */
  profileImage: string | null;
  description: string;
  physicalAddress: string;
  suspendedReason?: string;
}

/**
 * Sample intermediaries: fictional firms with fictional licence numbers, e-mails on the reserved
 * `.example` domain and made-up phone numbers. Sample data, not real firms.
 */
export const INTERMEDIARY_SEED: IntermediarySeed[] = [
  {
    systemRef: 'INT-SAMPLE-0001',
    intermediaryNames: 'Savannah Insurance Brokers',
    category: 'BROKER',
    status: 'ACTIVE',
    primaryEmail: 'info@savannah-brokers.example',
    phone: '+254711000101',
    iraLicenceNumber: 'IRA/BRK/SAMPLE/0101',
    profileImage: '/images/intermediaries/savannah-brokers.svg',
    description:
      'Sample firm. Places motor, home and business cover with several insurers and handles claims for its clients.',
    physicalAddress: 'Mara Road, Upper Hill, Nairobi',
  },
  {
    systemRef: 'INT-SAMPLE-0002',
    intermediaryNames: 'Tana Insurance Brokers',
    category: 'BROKER',
    status: 'ACTIVE',
    primaryEmail: 'info@tana-brokers.example',
    phone: '+254722000202',
    iraLicenceNumber: 'IRA/BRK/SAMPLE/0202',
    profileImage: '/images/intermediaries/tana-brokers.svg',
    description: 'Sample firm. Motor private and commercial fleets at the coast, with a 24-hour claims line.',
    physicalAddress: 'Nkrumah Road, Mombasa',
  },
  {
    systemRef: 'INT-SAMPLE-0003',
    intermediaryNames: 'Rift Valley Risk Advisers',
    category: 'BROKER',
    status: 'ACTIVE',
    primaryEmail: 'quotes@riftvalley-risk.example',
    phone: '+254733000303',
    iraLicenceNumber: 'IRA/BRK/SAMPLE/0303',
    profileImage: null,
    description:
      'Sample firm. Agricultural, motor and fire cover for farms and businesses in the Rift Valley.',
    physicalAddress: 'Kenyatta Avenue, Nakuru',
  },
  {
    systemRef: 'INT-SAMPLE-0004',
    intermediaryNames: 'Wanjiku Njoroge Insurance Agency',
    category: 'AGENT',
    status: 'ACTIVE',
    primaryEmail: 'hello@njoroge-agency.example',
    phone: '+254744000404',
    iraLicenceNumber: 'IRA/AGT/SAMPLE/0404',
    profileImage: '/images/intermediaries/njoroge-agency.svg',
    description: 'Sample agent. Independent agent for motor private cover with several insurers.',
    physicalAddress: 'Kenyatta Highway, Thika',
  },
  {
    systemRef: 'INT-SAMPLE-0005',
    intermediaryNames: 'Pwani Cover Agency',
    category: 'AGENT',
    status: 'ACTIVE',
    primaryEmail: 'cover@pwani-agency.example',
    phone: '+254755000505',
    iraLicenceNumber: 'IRA/AGT/SAMPLE/0505',
    profileImage: null,
    description: 'Sample agent. Motor and domestic cover for families along the coast.',
    physicalAddress: 'Moi Avenue, Mombasa',
  },
  {
    systemRef: 'INT-SAMPLE-0006',
    intermediaryNames: 'Kilima Insurance Brokers',
    category: 'BROKER',
    status: 'PENDING',
    primaryEmail: 'info@kilima-brokers.example',
    phone: '+254766000606',
    iraLicenceNumber: 'IRA/BRK/SAMPLE/0606',
    profileImage: null,
    description: 'Sample firm waiting for approval.',
    physicalAddress: 'Uganda Road, Eldoret',
  },
  {
    systemRef: 'INT-SAMPLE-0007',
    intermediaryNames: 'Baraka Insurance Agency',
    category: 'AGENT',
    status: 'SUSPENDED',
    primaryEmail: 'info@baraka-agency.example',
    phone: '+254777000707',
    iraLicenceNumber: 'IRA/AGT/SAMPLE/0707',
    profileImage: null,
    description: 'Sample agent, suspended.',
    physicalAddress: 'Oginga Odinga Street, Kisumu',
    suspendedReason: 'Sample: licence renewal not yet shown.',
  },
];
