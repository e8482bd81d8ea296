const STAFF = '/staff';

/**
 * The staff area's routes (`/staff/*`), relative to it. Kept out of `paths.ts` so they load with the
 * staff area's own chunk, not with the landing page (`paths.staff` is the area's entry).
 */
export const staffPaths = {
  dashboard: { path: '', getHref: () => STAFF },
  /** The staff invitation e-mail's link: code and password, then signed in. */
  acceptInvitation: {
    path: 'accept-invitation',
    getHref: (ref: string) => `${STAFF}/accept-invitation?ref=${encodeURIComponent(ref)}`,
  },
  requests: { path: 'requests', getHref: () => `${STAFF}/requests` },
  request: {
    path: 'requests/:id',
    getHref: (id: number | string) => `${STAFF}/requests/${encodeURIComponent(String(id))}`,
  },
  /** The product back office (built in `features/backoffice-products`, mounted in `app/staff-routes.tsx`). */
  products: { path: 'products', getHref: () => `${STAFF}/products` },
  product: {
    path: 'products/:ref',
    getHref: (ref: string) => `${STAFF}/products/${encodeURIComponent(ref)}`,
  },
  productVersion: {
    path: 'products/:ref/versions/:version',
    getHref: (ref: string, version: number) =>
      `${STAFF}/products/${encodeURIComponent(ref)}/versions/${version}`,
  },
  policies: { path: 'policies', getHref: () => `${STAFF}/policies` },
  intermediaries: { path: 'intermediaries', getHref: () => `${STAFF}/intermediaries` },
  commission: { path: 'commission', getHref: () => `${STAFF}/commission` },
  /** The intermediary's own commission statement. */
  commissionStatement: { path: 'commission-statement', getHref: () => `${STAFF}/commission-statement` },
  staff: { path: 'staff', getHref: () => `${STAFF}/staff` },
  moneyReceived: { path: 'money-received', getHref: () => `${STAFF}/money-received` },
  audit: { path: 'audit', getHref: () => `${STAFF}/audit` },
  /** Chats with clients: an intermediary's firm's, or support's (admins). */
  chats: { path: 'chats', getHref: () => `${STAFF}/chats` },
  chat: {
    path: 'chats/:id',
    getHref: (id: number | string) => `${STAFF}/chats/${encodeURIComponent(String(id))}`,
  },
  notifications: { path: 'notifications', getHref: () => `${STAFF}/notifications` },
  /** An intermediary's clients' shared needs assessments (built in `features/assessment`). */
  assessments: { path: 'assessments', getHref: () => `${STAFF}/assessments` },
  assessment: {
    path: 'assessments/:id',
    getHref: (id: number | string) => `${STAFF}/assessments/${encodeURIComponent(String(id))}`,
  },
  /** A lender's premium financing applications and loans (built in `features/lending`). */
  loanApplications: { path: 'loan-applications', getHref: () => `${STAFF}/loan-applications` },
  /** A lender's pricing tables (built in `features/lending`). */
  loanPricing: { path: 'loan-pricing', getHref: () => `${STAFF}/loan-pricing` },
  loanApplication: {
    path: 'loan-applications/:ref',
    getHref: (ref: string) => `${STAFF}/loan-applications/${encodeURIComponent(ref)}`,
  },
  mailQueue: { path: 'mail-queue', getHref: () => `${STAFF}/mail-queue` },
  /** Admin: the text messages (SMS queue), failing ones first, with Retry. */
  smsQueue: { path: 'sms-queue', getHref: () => `${STAFF}/sms-queue` },
  /** Admin: the background job queues and their failed jobs. */
  jobs: { path: 'jobs', getHref: () => `${STAFF}/jobs` },
  /** Admin: identity checks awaiting a decision (the register never answered, or a mismatch). */
  identityChecks: { path: 'identity-checks', getHref: () => `${STAFF}/identity-checks` },
  /** Admin: interest in coming-soon products. */
  productInterest: { path: 'coming-soon', getHref: () => `${STAFF}/coming-soon` },
  /** The claims desk (built in `features/claims`, mounted in `app/staff-routes.tsx`). */
  claims: { path: 'claims', getHref: () => `${STAFF}/claims` },
  claim: {
    path: 'claims/:id',
    getHref: (id: number | string) => `${STAFF}/claims/${encodeURIComponent(String(id))}`,
  },
} as const;
