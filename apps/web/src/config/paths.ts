const MOTOR_BASIC = '/motor/basic-details';

/** Every route path of the web app, in one table (CONVENTIONS: no path literals across the code). */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  homeAlias: { path: '/home', getHref: () => '/home' },
  insurance: { path: '/insurance', getHref: () => '/insurance' },
  aboutUs: { path: '/about-us', getHref: () => '/about-us' },
  contactUs: { path: '/contactus', getHref: () => '/contactus' },
  /** The motor private wizard's step 1 wrapper; its children are relative paths (spec-1 §2.2). */
  motorBasicDetails: { path: MOTOR_BASIC, getHref: () => MOTOR_BASIC },
  motorCoverType: { path: 'cover-type', getHref: () => `${MOTOR_BASIC}/cover-type` },
  motorProductQuotation: { path: 'product-quotation', getHref: () => `${MOTOR_BASIC}/product-quotation` },
  motorViewDetails: { path: 'view-details', getHref: () => `${MOTOR_BASIC}/view-details` },
  motorBasicCoverDetails: {
    path: 'basic-cover-details',
    getHref: () => `${MOTOR_BASIC}/basic-cover-details`,
  },
  motorBenefits: { path: 'benefits', getHref: () => `${MOTOR_BASIC}/benefits` },
  motorQuotation: { path: 'quotation', getHref: () => `${MOTOR_BASIC}/quotation` },
  /** Step 2 (vehicle details) and step 3 arrive with the purchase issues. */
  motorVehicleDetails: {
    path: '/motor/cover-details/vehicle-details',
    getHref: () => '/motor/cover-details/vehicle-details',
  },
  auth: { path: '/insurance/auth', getHref: () => '/insurance/auth' },
} as const;
