import type { MotorProduct } from './motor-types';

/** A small comprehensive product for unit tests: one adjustable core, one fixed core, one optional benefit. */
export const sampleProduct: MotorProduct = {
  id: 1,
  productName: 'Jubilee Motor Elite',
  productDescription: 'Premium comprehensive cover.',
  productSystemRef: 'JUB-MP-ELITE',
  classCode: '07',
  coverType: 'comprehensive',
  basePremiumRate: { rateType: 'percentage', value: 0.045, minimumPremium: 0 },
  underwriter: [{ id: 'jubilee', name: 'Jubilee Insurance' }],
  productCover: { coverType: 'comprehensive', supportedPeriods: [30, 180, 365] },
  product_charges_details: [],
  productBenefits: [
    {
      _id: '11',
      benefitSystemRef: 'JUB-WINDSCREEN',
      benefit_category_name: 'Windscreen Cover',
      benefit_category_description: '',
      benefitType: 'inbuilt',
      benefitLimit: { minimum: 5_000_000, maximum: 20_000_000, defaultLimit: 5_000_000, isAdjustable: true },
    },
    {
      _id: '12',
      benefitSystemRef: 'JUB-OWN-DAMAGE',
      benefit_category_name: 'Own Damage',
      benefit_category_description: '',
      benefitType: 'embedded',
      benefitLimit: { minimum: 0, maximum: 0, defaultLimit: 0, isAdjustable: false },
    },
    {
      _id: '13',
      benefitSystemRef: 'JUB-PVT',
      benefit_category_name: 'Political Violence and Terrorism',
      benefit_category_description: '',
      benefitType: 'optional',
      benefitLimit: { minimum: 0, maximum: 0, defaultLimit: 0, isAdjustable: false },
    },
  ],
  excesses: [
    {
      id: 'collision',
      name: 'Collision',
      type: 'per claim',
      description: '',
      minAmount: 1_000_000,
      maxAmount: 10_000_000,
      defaultAmount: 2_500_000,
      amount: 2_500_000,
    },
  ],
};
