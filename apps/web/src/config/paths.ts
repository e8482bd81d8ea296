const MOTOR_BASIC = '/motor/basic-details';
const PORTAL = '/newportal';

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
  /** The wrapper of step 2 (vehicle details, KYC); a later issue builds it. */
  motorCoverDetails: { path: '/motor/cover-details', getHref: () => '/motor/cover-details' },
  motorKycDetails: { path: 'kyc-details', getHref: () => '/motor/cover-details/kyc-details' },
  /**
   * Step 2 for a quotation made elsewhere (a recommendation, a renewal, an invoice in the portal):
   * the vehicle and KYC it still lacks, asked before payment; `recommendation` accepts it after.
   */
  motorCompleteDetails: {
    path: 'complete',
    getHref: (systemQuotationRef?: string, recommendationId?: number) => {
      if (!systemQuotationRef) return '/motor/cover-details/complete';
      const query = new URLSearchParams({ quotation: systemQuotationRef });
      if (recommendationId !== undefined) query.set('recommendation', String(recommendationId));
      return `/motor/cover-details/complete?${query.toString()}`;
    },
  },
  /** Step 3: the application summary, the M-Pesa payment and the confirmation. */
  motorPaymentConfirmation: {
    path: '/motor/payment-confirmation',
    getHref: () => '/motor/payment-confirmation',
  },
  motorSummary: { path: 'summary', getHref: () => '/motor/payment-confirmation/summary' },
  /** With an invoice reference, the payment page pays that invoice (from the client portal). */
  motorPayment: {
    path: 'payment',
    getHref: (invoiceSystemRef?: string) =>
      invoiceSystemRef
        ? `/motor/payment-confirmation/payment?invoice=${encodeURIComponent(invoiceSystemRef)}`
        : '/motor/payment-confirmation/payment',
  },
  motorConfirmation: { path: 'confirmation', getHref: () => '/motor/payment-confirmation/confirmation' },
  /** HelpMotor (spec-2 "Help and Support"): a firm chosen in the portal comes as `?intermediary=<id>`. */
  motorHelp: {
    path: '/motor/help',
    getHref: (intermediaryId?: number) =>
      intermediaryId === undefined ? '/motor/help' : `/motor/help?intermediary=${intermediaryId}`,
  },
  /** The public links of a recommendation's e-mail: they lead to the portal's review (after sign-in). */
  recommendationLink: { path: '/review/:id', getHref: (id: number | string) => `/review/${id}` },
  recommendationDetailsLink: { path: '/details/:qid/:id' },
  recommendationSummaryLink: { path: '/summary/:id' },
  /** The motor commercial wizard (spec-2): its seven steps share this one address. */
  motorCommercial: {
    path: '/motor-commercial/MC101/MotorCommercial',
    getHref: () => '/motor-commercial/MC101/MotorCommercial',
  },
  termsAndPrivacy: { path: '/terms-and-privacy', getHref: () => '/terms-and-privacy' },
  /** The public certificate check; the certificate's QR code opens it with `?certificate=<number>`. */
  verifyCertificate: {
    path: '/verify',
    getHref: (certificateNumber?: string) =>
      certificateNumber ? `/verify?certificate=${encodeURIComponent(certificateNumber)}` : '/verify',
  },
  auth: {
    path: '/insurance/auth',
    getHref: (mode?: 'login' | 'signup' | 'password-reset') =>
      mode ? `/insurance/auth?mode=${mode}` : '/insurance/auth',
  },
  authOtp: { path: '/insurance/otp', getHref: () => '/insurance/otp' },
  authSetPassword: { path: '/insurance/setpassword', getHref: () => '/insurance/setpassword' },
  authResetPassword: { path: '/insurance/resetpassword', getHref: () => '/insurance/resetpassword' },
  /** An e-mailed link's page (spec-2 PasswordSetup): a staff invitation, or a client account made for someone. */
  passwordSetup: {
    path: '/password-setup',
    getHref: (token: string, next?: string) =>
      `/password-setup?${new URLSearchParams(next ? { token, next } : { token })}`,
  },
  /** spec-2 "The dashboard path": the client portal's dashboard or the staff area's home, by role. */
  mainDashboard: { path: '/main/dashboard', getHref: () => '/main/dashboard' },
  /** spec-2 RadioTest: the living style guide of the shared form controls (not for search engines). */
  radioTest: { path: '/radio-test', getHref: () => '/radio-test' },
  /** The client portal (spec-2 "Client portal routes"); children are relative to it. */
  portal: { path: PORTAL, getHref: () => PORTAL },
  portalCart: { path: 'cart', getHref: () => `${PORTAL}/cart` },
  portalAccounts: { path: 'accounts', getHref: () => `${PORTAL}/accounts` },
  portalInvoice: { path: 'invoice', getHref: () => `${PORTAL}/invoice` },
  portalInvoiceDetail: {
    path: 'invoice/:invoiceSystemRef',
    getHref: (invoiceSystemRef: string) => `${PORTAL}/invoice/${encodeURIComponent(invoiceSystemRef)}`,
  },
  /** Accounts › Invoices shares the invoice screen (spec-2). */
  portalAccountInvoices: { path: 'accounts/invoices', getHref: () => `${PORTAL}/accounts/invoices` },
  /** IPF Requests: the applications; with `?invoice=<ref>`, "Pay over time" for that invoice. */
  portalIpfRequests: {
    path: 'ipf-requests',
    getHref: (invoiceSystemRef?: string) =>
      invoiceSystemRef
        ? `${PORTAL}/ipf-requests?invoice=${encodeURIComponent(invoiceSystemRef)}`
        : `${PORTAL}/ipf-requests`,
  },
  /** The client's loans; `?loan=<ref>` opens one (its schedule, payments, settlement). */
  portalMyLoans: {
    path: 'my-loans',
    getHref: (loanRef?: string) =>
      loanRef ? `${PORTAL}/my-loans?loan=${encodeURIComponent(loanRef)}` : `${PORTAL}/my-loans`,
  },
  /** School fees (issue 11): the directory and the parent's children; invoices (`?invoice=<ref>`: one); loans (`?invoice=<ref>`: the offer). */
  portalSchoolSchools: { path: 'school/schools', getHref: () => `${PORTAL}/school/schools` },
  portalSchoolInvoice: {
    path: 'school/invoice',
    getHref: (invoiceRef?: string) =>
      invoiceRef
        ? `${PORTAL}/school/invoice?invoice=${encodeURIComponent(invoiceRef)}`
        : `${PORTAL}/school/invoice`,
  },
  portalSchoolLoans: {
    path: 'school/loans',
    getHref: (invoiceRef?: string) =>
      invoiceRef
        ? `${PORTAL}/school/loans?invoice=${encodeURIComponent(invoiceRef)}`
        : `${PORTAL}/school/loans`,
  },
  portalPolicies: { path: 'products', getHref: () => `${PORTAL}/products` },
  portalPolicy: {
    path: 'products/:id',
    getHref: (id: number | string) => `${PORTAL}/products/${encodeURIComponent(String(id))}`,
  },
  /** Renew a policy (issue 14): its vehicle and cover priced again for the next period. */
  portalPolicyRenewal: {
    path: 'products/:id/renew',
    getHref: (id: number | string) => `${PORTAL}/products/${encodeURIComponent(String(id))}/renew`,
  },
  portalClaims: { path: 'claims', getHref: () => `${PORTAL}/claims` },
  portalClaimNew: { path: 'claims/new', getHref: () => `${PORTAL}/claims/new` },
  portalClaim: {
    path: 'claims/:id',
    getHref: (id: number | string) => `${PORTAL}/claims/${encodeURIComponent(String(id))}`,
  },
  portalQuotations: { path: 'quotations', getHref: () => `${PORTAL}/quotations` },
  portalProfile: { path: 'profile', getHref: () => `${PORTAL}/profile` },
  portalKyc: { path: 'kyc', getHref: () => `${PORTAL}/kyc` },
  portalAssessment: { path: 'assessment', getHref: () => `${PORTAL}/assessment` },
  /** Privacy & my data: consents, the download of one's data, corrections and closing the account. */
  portalPrivacy: { path: 'privacy', getHref: () => `${PORTAL}/privacy` },
  portalIntermediaries: { path: 'intermediaries', getHref: () => `${PORTAL}/intermediaries` },
  /** The client's own help requests, with each firm's status and its recommendations. */
  portalHelpRequests: { path: 'help-requests', getHref: () => `${PORTAL}/help-requests` },
  portalIntermediary: {
    path: 'intermediaries/:id',
    getHref: (id: number | string) => `${PORTAL}/intermediaries/${encodeURIComponent(String(id))}`,
  },
  /**
   * A recommendation from an intermediary (spec-2): the review (accept and pay, or decline), the
   * same with each premium's breakdown, the KYC details a policy is issued on, and the summary of
   * what was accepted, its invoice and policy.
   */
  portalRecommendationReview: {
    path: 'client-quotation-review/:id',
    getHref: (id: number | string) => `${PORTAL}/client-quotation-review/${encodeURIComponent(String(id))}`,
  },
  portalRecommendationDetails: {
    path: 'client-quotation-details/:id',
    getHref: (id: number | string) => `${PORTAL}/client-quotation-details/${encodeURIComponent(String(id))}`,
  },
  portalRecommendationKyc: {
    path: 'client-quotation-kyc/:id',
    getHref: (id: number | string) => `${PORTAL}/client-quotation-kyc/${encodeURIComponent(String(id))}`,
  },
  portalRecommendationSummary: {
    path: 'client-quotation-summary/:id',
    getHref: (id: number | string) => `${PORTAL}/client-quotation-summary/${encodeURIComponent(String(id))}`,
  },
  portalNotifications: { path: 'notifications', getHref: () => `${PORTAL}/notifications` },
  portalTopUpOptions: { path: 'top-up-options', getHref: () => `${PORTAL}/top-up-options` },
  /** Chats; `?with=support|intermediary|helpRequest|recommendation|policy` (and its ids) opens one. */
  portalChats: {
    path: 'chats',
    getHref: (start?: Record<string, string | number>) =>
      start
        ? `${PORTAL}/chats?${new URLSearchParams(Object.entries(start).map(([key, value]) => [key, String(value)]))}`
        : `${PORTAL}/chats`,
  },
  portalChat: {
    path: 'chats/:id',
    getHref: (id: number | string) => `${PORTAL}/chats/${encodeURIComponent(String(id))}`,
  },
  /** The staff area: its screens are in `config/staff-paths.ts`, mounted inside its own lazy chunk. */
  staff: { path: '/staff/*', getHref: () => '/staff' },
} as const;
