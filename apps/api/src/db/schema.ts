import type {
  CatalogueTranslations,
  ExcessDiscount,
  KeyFeature,
  MonthlyPlan,
  ProductTranslations,
} from '@bima/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StoredQuote } from '../modules/product/present';

/** The product catalogue shown on the landing page (spec-2 "Product catalogue"). */
export const catalogueProducts = pgTable('catalogue_products', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  description: text('description').notNull(),
  image: text('image').notNull(),
  categoryColor: text('category_color').notNull(),
  classCode: text('class_code').notNull(),
  routeName: text('route_name').notNull().unique(),
  available: boolean('available').notNull().default(false),
  comingSoon: boolean('coming_soon').notNull().default(false),
  useIcon: boolean('use_icon').notNull().default(false),
  keyFeatures: jsonb('key_features').$type<KeyFeature[]>().notNull().default([]),
  /** The entry's name, description and features in other languages (issue 14): `{sw: {…}}`. */
  translations: jsonb('translations').$type<CatalogueTranslations>().notNull().default({}),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who asked to be told when a coming-soon product goes live ("Tell me when it's available"): one
 * row per product and e-mail (lower-case); `notified_at` is set when the admin tells them.
 */
export const productInterest = pgTable(
  'product_interest',
  {
    id: serial('id').primaryKey(),
    catalogueProductId: integer('catalogue_product_id')
      .notNull()
      .references(() => catalogueProducts.id),
    email: text('email').notNull(),
    /** The language of the request that registered it ('en' | 'sw'): the news e-mail is written in it. */
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    check('product_interest_language_check', sql`${table.language} in ('en', 'sw')`),
    unique('product_interest_product_email_unique').on(table.catalogueProductId, table.email),
  ],
);

/** Advertisements fetched by the web app on start (spec-1 §7.3). */
export const advertisements = pgTable('advertisements', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  image: text('image'),
  link: text('link'),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Underwriters (insurance companies) whose products are sold on the marketplace. */
export const underwriters = pgTable('underwriters', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo').notNull(),
  description: text('description').notNull(),
  active: boolean('active').notNull().default(true),
  /** The insurer's member company id at DMVIC: its certificates are issued from its stock there. */
  dmvicMemberCompanyId: integer('dmvic_member_company_id'),
});

/** An underwriter's insurance product for one class and cover type, with its rating rules' parameters. */
export const insuranceProducts = pgTable('insurance_products', {
  id: serial('id').primaryKey(),
  productSystemRef: text('product_system_ref').notNull().unique(),
  underwriterId: text('underwriter_id')
    .notNull()
    .references(() => underwriters.id),
  classCode: text('class_code').notNull(),
  coverType: text('cover_type').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  overview: text('overview').notNull(),
  logo: text('logo').notNull(),
  termsDocument: text('terms_document').notNull(),
  /** The underwriter's name, description and overview in other languages (issue 14): `{sw: {…}}`. */
  translations: jsonb('translations').$type<ProductTranslations>().notNull().default({}),
  intermediary: text('intermediary').notNull().default('Direct'),
  /** 'percentage' (banded rates with a minimum) or 'fixed'. */
  rateBasis: text('rate_basis').notNull(),
  fixedPremium: bigint('fixed_premium', { mode: 'number' }),
  minimumPremium: bigint('minimum_premium', { mode: 'number' }).notNull().default(0),
  /** Risks this product accepts, in cents. */
  minimumValue: bigint('minimum_value', { mode: 'number' }).notNull().default(0),
  maximumValue: bigint('maximum_value', { mode: 'number' }),
  supportedPeriods: jsonb('supported_periods').$type<number[]>().notNull(),
  shortPeriodScale: jsonb('short_period_scale')
    .$type<Array<{ maxDays: number; sharePpm: number }>>()
    .notNull(),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Bumped by every back-office change; `product_versions` keeps each version's configuration. */
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every version of a product's configuration (its fields, bands, benefits, excesses and charges as
 * rows hold them: cents and ppm), written with the change that made it. Quotations name the
 * version they were priced on; a version never changes.
 */
export const productVersions = pgTable(
  'product_versions',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => insuranceProducts.id),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    /** Null for the first version, which no one edited (seeded or backfilled). */
    changedBy: uuid('changed_by').references(() => users.id),
    changeSummary: text('change_summary').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('product_versions_product_version_unique').on(table.productId, table.version)],
);

/**
 * Value bands of a product: the rate applies from `fromValue` (cents) up, for one group of sums
 * insured (`vehicle` for motor; `building`, `contents`, `highValue`, `hull` for rated classes).
 */
export const productRateBands = pgTable(
  'product_rate_bands',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => insuranceProducts.id, { onDelete: 'cascade' }),
    riskGroup: text('risk_group').notNull().default('vehicle'),
    fromValue: bigint('from_value', { mode: 'number' }).notNull(),
    ratePpm: integer('rate_ppm').notNull(),
  },
  (table) => [
    unique('product_rate_bands_group_from_unique').on(table.productId, table.riskGroup, table.fromValue),
  ],
);

/**
 * The rating factors of a product rated on its risk's facts (rate basis 'rated'): `loading` — a
 * multiplier (ppm) when `factor` has `option`; `minimum` — a minimum premium (cents) for the band of
 * quantity `factor` from `fromQuantity` up; `perUnit` — an amount (cents) per unit of `factor`.
 */
export const productRatingFactors = pgTable(
  'product_rating_factors',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => insuranceProducts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    factor: text('factor').notNull(),
    option: text('option'),
    fromQuantity: bigint('from_quantity', { mode: 'number' }),
    value: bigint('value', { mode: 'number' }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    index('product_rating_factors_product_idx').on(table.productId),
    check('product_rating_factors_kind_check', sql`${table.kind} in ('loading', 'minimum', 'perUnit')`),
  ],
);

/** A benefit of a product: embedded/inbuilt (core) or optional, its limits and how it is priced. */
export const productBenefits = pgTable('product_benefits', {
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => insuranceProducts.id, { onDelete: 'cascade' }),
  benefitSystemRef: text('benefit_system_ref').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  benefitType: text('benefit_type').notNull(),
  limitMinimum: bigint('limit_minimum', { mode: 'number' }).notNull().default(0),
  limitMaximum: bigint('limit_maximum', { mode: 'number' }).notNull().default(0),
  defaultLimit: bigint('default_limit', { mode: 'number' }).notNull().default(0),
  isAdjustable: boolean('is_adjustable').notNull().default(false),
  /** 'included', 'percentageOfValue', 'fixed' or 'rateOnExtraLimit'. */
  pricingKind: text('pricing_kind').notNull(),
  ratePpm: integer('rate_ppm'),
  minimumPremium: bigint('minimum_premium', { mode: 'number' }),
  fixedAmount: bigint('fixed_amount', { mode: 'number' }),
  inbuiltLimit: bigint('inbuilt_limit', { mode: 'number' }),
  /** The benefit's name and description in other languages (issue 14): `{sw: {name, description}}`. */
  translations: jsonb('translations').$type<ProductTranslations>().notNull().default({}),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** An optional benefit a quotation carries, with the limit its client chose (cents) when they chose one. */
export interface ChosenBenefit {
  benefitSystemRef: string;
  limitCents?: number;
}

/** An excess a quotation's client chose, in cents (the API's whole shillings are converted at its edge). */
export interface ChosenExcess {
  id: string;
  amountCents: number;
}

/** The excesses a client may choose for a product, bounded by minimum and maximum (cents). */
export const productExcesses = pgTable(
  'product_excesses',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => insuranceProducts.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    excessType: text('excess_type').notNull(),
    description: text('description').notNull(),
    minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
    defaultAmount: bigint('default_amount', { mode: 'number' }).notNull(),
    /**
     * The underwriter's discounts for a higher excess (issue 26): from an amount (cents), a share of
     * the basic premium (ppm) off. None by default.
     */
    discounts: jsonb('discounts').$type<ExcessDiscount[]>().notNull().default([]),
    /** The excess's name and description in other languages (issue 14): `{sw: {name, description}}`. */
    translations: jsonb('translations').$type<ProductTranslations>().notNull().default({}),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [unique().on(table.productId, table.code)],
);

/** Charges added to a product's premium: Percentage (ppm of the subtotal) or Fixed (cents). */
export const productCharges = pgTable('product_charges', {
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => insuranceProducts.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  chargeType: text('charge_type').notNull(),
  value: bigint('value', { mode: 'number' }).notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * An intermediary firm (a broker or an agent) that clients can ask for help; only ACTIVE ones are
 * listed to clients and can take requests. Its users are `users` with role 'intermediary'.
 */
export const intermediaries = pgTable(
  'intermediaries',
  {
    id: serial('id').primaryKey(),
    systemRef: text('system_ref').notNull().unique(),
    intermediaryNames: text('intermediary_names').notNull(),
    /** BROKER | AGENT */
    category: text('category').notNull(),
    /** ACTIVE | PENDING | SUSPENDED */
    status: text('status').notNull().default('PENDING'),
    primaryEmail: text('primary_email').notNull().unique(),
    /** +2547XXXXXXXX */
    phone: text('phone').notNull(),
    iraLicenceNumber: text('ira_licence_number').notNull(),
    /** A logo path served by the web app; null shows the default logo. */
    profileImage: text('profile_image'),
    description: text('description').notNull().default(''),
    physicalAddress: text('physical_address').notNull(),
    /** Seeded sample data, not a real firm. */
    isSample: boolean('is_sample').notNull().default(false),
    suspendedReason: text('suspended_reason'),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('intermediaries_category_check', sql`${table.category} in ('BROKER', 'AGENT')`),
    check('intermediaries_status_check', sql`${table.status} in ('ACTIVE', 'PENDING', 'SUSPENDED')`),
  ],
);

/**
 * A person who can sign in. `passwordHash` is null until the sign-up code is verified (or the
 * invitation accepted) and a password set. `role` is client, intermediary (a user of the firm
 * `intermediaryId`), underwriter (a user of the insurer `underwriterId`) or admin.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash'),
    role: text('role').notNull().default('client'),
    /** PENDING (sign-up) | INVITED (staff) | ACTIVE | DISABLED */
    status: text('status').notNull().default('PENDING'),
    intermediaryId: integer('intermediary_id').references(() => intermediaries.id),
    underwriterId: text('underwriter_id').references(() => underwriters.id),
    /** The lender of a 'lender' user (premium financing). */
    lenderId: integer('lender_id').references(() => lenders.id),
    /**
     * The user's language ('en' | 'sw'): the portal's language at sign-up and at every sign-in, or
     * as switched while signed in. E-mails and notifications to the user are written in it.
     */
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The account's phone in E.164 (any country), set only after its SMS code was entered. */
    phone: text('phone'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'users_role_check',
      sql`${table.role} in ('client', 'intermediary', 'underwriter', 'admin', 'lender')`,
    ),
    check('users_language_check', sql`${table.language} in ('en', 'sw')`),
    check('users_lender_role_check', sql`(${table.role} = 'lender') = (${table.lenderId} is not null)`),
    check(
      'users_intermediary_role_check',
      sql`(${table.role} = 'intermediary') = (${table.intermediaryId} is not null)`,
    ),
    check(
      'users_underwriter_role_check',
      sql`(${table.role} = 'underwriter') = (${table.underwriterId} is not null)`,
    ),
    index('users_intermediary_idx').on(table.intermediaryId),
  ],
);

/**
 * A sign-up in progress (registrationId), a password reset (forgotPasswordSystemRef), a staff
 * invitation (invitationRef) or a signed-out visitor's e-mail check for a help request
 * (verificationRef; `email` is the address checked, with no user).
 */
export const verifications = pgTable('verifications', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** registration | password_reset | invitation | account_setup | help_request | email_change | phone_change */
  purpose: text('purpose').notNull(),
  /** The address checked: a help request's, or the new address of an e-mail change. */
  email: text('email'),
  /** The new phone (E.164) of a phone change, which the SMS code goes to. */
  phone: text('phone'),
  /** Null for a reset asked for an unknown e-mail: the answer must look the same. */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('PENDING'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  /**
   * The SHA-256 of the secret in an e-mailed password-setup link (`/password-setup?token=…`): a staff
   * invitation or a client account an intermediary's recommendation created. Never the token itself.
   */
  tokenHash: text('token_hash').unique(),
  /** When the link's token stops working (the verification's own codes have their own expiry). */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});

/** An e-mailed one-time code, stored hashed; dies after 10 minutes, 5 wrong tries or one use. */
export const oneTimeCodes = pgTable('one_time_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  verificationId: uuid('verification_id')
    .notNull()
    .references(() => verifications.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A signed-in session (a refresh-token family); revoking it signs that device out. */
export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  device: jsonb('device').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedReason: text('revoked_reason'),
});

/** Refresh tokens, stored hashed; each is used once and replaced (rotation). */
export const refreshTokens = pgTable('refresh_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /**
   * The token that replaced this one, encrypted with the server secret: for a short grace window
   * after rotation the same old token answers the same new one (two tabs refreshing at once).
   */
  successorToken: text('successor_token'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A client's profile and KYC details; the KRA PIN reads 'N/A' until given. */
export const clients = pgTable('clients', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  kraPin: text('kra_pin').notNull().default('N/A'),
  phone: text('phone'),
  address: text('address'),
  clientType: text('client_type'),
  /** ISO 3166-1 alpha-2 code of the client's nationality. */
  nationality: text('nationality').notNull().default('KE'),
  /** NATIONAL_ID (Kenyan citizens) | PASSPORT | ALIEN_ID (residents who are not citizens); null until given. */
  idType: text('id_type'),
  idNumber: text('id_number'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Mail the portal sent: the local outbox when no SMTP server is configured, and a record otherwise. */
export const outboxEmails = pgTable('outbox_emails', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  transport: text('transport').notNull(),
  /** File names of attachments (the files themselves are not kept). */
  attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Text messages the portal sent (phone codes): the local outbox, shown at /dev/sms outside production. */
export const outboxSms = pgTable('outbox_sms', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  text: text('text').notNull(),
  transport: text('transport').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Secrets the server makes for itself when none is configured (e.g. the token key), kept across restarts. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate-limit windows shared by every API instance on PostgreSQL when no Redis is configured
 * (cluster/counters.ts); a job sweeps the ended ones.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
});

/**
 * The code budget of an account (auth/code-budget.ts): the wrong one-time codes counted on its
 * business day (`day`, Kenya's calendar by the business clock) across all its references, and the
 * pause after the limit. `subject` is the user's id, or `email:<address>` for a reset asked for an
 * unknown address (so its answers match a real account's).
 */
export const codeBudgets = pgTable('code_budgets', {
  subject: text('subject').primaryKey(),
  day: text('day').notNull(),
  wrong: integer('wrong').notNull().default(0),
  pausedUntil: timestamp('paused_until', { withTimezone: true }),
});

/** A client's quotation: the priced product, risk, cover and vehicle, kept as they were quoted. */
export const quotations = pgTable('quotations', {
  id: serial('id').primaryKey(),
  systemQuotationRef: text('system_quotation_ref').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  productId: integer('product_id')
    .notNull()
    .references(() => insuranceProducts.id),
  productSystemRef: text('product_system_ref').notNull(),
  /** The product version the quotation was priced on; its premium never follows later changes. */
  productVersion: integer('product_version').notNull(),
  productName: text('product_name').notNull(),
  underwriterName: text('underwriter_name').notNull(),
  /** The insurance class (`07` motor private, `08` motor commercial, `03` fire domestic, …). */
  classCode: text('class_code').notNull().default('07'),
  coverType: text('cover_type').notNull(),
  /** The vehicle's value, or for other classes the risk's total sum insured (cents). */
  vehicleValue: bigint('vehicle_value', { mode: 'number' }).notNull(),
  /** The class's risk as the client entered it (its definition's schema); empty for motor private. */
  riskDetails: jsonb('risk_details').$type<Record<string, unknown>>().notNull().default({}),
  periodDays: integer('period_days').notNull(),
  startDate: text('start_date').notNull(),
  endDate: text('end_date').notNull(),
  /** The optional benefits chosen, each with the limit chosen if any (cents; migration 0032). */
  selectedBenefits: jsonb('selected_benefits').$type<ChosenBenefit[]>().notNull(),
  /** The excesses chosen (cents; migration 0032); a claim deducts these, else the product's default. */
  excesses: jsonb('excesses').$type<ChosenExcess[]>().notNull(),
  /**
   * The quote at the time of quoting (`storedQuote`: amounts in cents, `unit: 'cents'`; migration 0035
   * converted the shillings kept before): shown through `presentStoredQuote`, never priced again.
   */
  breakdown: jsonb('breakdown').$type<StoredQuote>().notNull(),
  total: bigint('total', { mode: 'number' }).notNull(),
  vehicle: jsonb('vehicle').$type<Record<string, unknown>>().notNull(),
  clientDetails: jsonb('client_details').$type<Record<string, unknown>>().notNull(),
  businessType: text('business_type').notNull().default('DIRECT'),
  channel: text('channel').notNull().default('web'),
  status: text('status').notNull().default('DRAFT'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** After this the price is no longer offered: the quotation must be priced again (QUOTATION_VALID_DAYS). */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** 'new' (the client's own quote) or 'recommendation' (made by an intermediary for the client). */
  purchaseType: text('purchase_type').notNull().default('new'),
  /** The recommendation that made it, and the intermediary firm that recommended it; null for the client's own. */
  recommendationId: integer('recommendation_id').references(() => recommendations.id),
  intermediaryId: integer('intermediary_id').references(() => intermediaries.id),
  /** The policy this quotation renews (issue 14: the same vehicle priced again for the next period); null otherwise. */
  renewalOfPolicyId: integer('renewal_of_policy_id').references((): AnyPgColumn => policies.id),
  /** 'annual' (paid at once, or financed) or 'monthly' (issue 31: twelve monthly instalments, no loan). */
  paymentPlan: text('payment_plan').notNull().default('annual'),
  /**
   * The monthly plan as quoted (`monthlyPlan` of @bima/domain: amounts in cents, the loading and
   * grace of the terms in force); null for an annual plan. Its month 1 is the quotation's invoice.
   */
  monthlyPlan: jsonb('monthly_plan').$type<MonthlyPlan>(),
  /** The version of the product's monthly terms the plan was priced on. */
  monthlyTermsId: integer('monthly_terms_id').references((): AnyPgColumn => productMonthlyTerms.id),
});

/** What a client owes for a completed quotation, in cents (whole shillings). */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    invoiceSystemRef: text('invoice_system_ref').notNull().unique(),
    /** The quotation billed: its own invoice once (policyId null); a monthly policy's later months share it. */
    quotationId: integer('quotation_id')
      .notNull()
      .references(() => quotations.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** UNPAID, PAID, or VOID (a monthly policy's month never paid: the policy ended, nothing owed). */
    status: text('status').notNull().default('UNPAID'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A monthly plan's month (1–12): month 1 is the quotation's own invoice; null for an annual plan. */
    monthNo: integer('month_no'),
    /** The policy whose later month (2–12) this invoice bills; null for the quotation's own invoice. */
    policyId: integer('policy_id').references((): AnyPgColumn => policies.id),
    /** When a month is due (its first day of cover); null for an annual plan. */
    dueDate: text('due_date'),
  },
  (table) => [
    uniqueIndex('invoices_quotation_once').on(table.quotationId).where(sql`${table.policyId} is null`),
    uniqueIndex('invoices_policy_month_once')
      .on(table.policyId, table.monthNo)
      .where(sql`${table.policyId} is not null`),
    check('invoices_status_check', sql`${table.status} in ('UNPAID', 'PAID', 'VOID')`),
  ],
);

/** A client's cart: saved, unpaid quotations to pay together (one row per quotation, once). */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    quotationId: integer('quotation_id')
      .notNull()
      .references(() => quotations.id),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('cart_items_once').on(table.userId, table.quotationId),
    index('cart_items_user_idx').on(table.userId, table.addedAt, table.id),
  ],
);

/**
 * A combined invoice: the cart's member invoices (each its quotation's own invoice) paid as one, in
 * `position` order. Its balance is the sum of its members' balances (derived from the ledger).
 */
export const cartInvoices = pgTable('cart_invoices', {
  id: serial('id').primaryKey(),
  cartInvoiceRef: text('cart_invoice_ref').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartInvoiceMembers = pgTable(
  'cart_invoice_members',
  {
    cartInvoiceId: integer('cart_invoice_id')
      .notNull()
      .references(() => cartInvoices.id),
    position: integer('position').notNull(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
  },
  (table) => [primaryKey({ columns: [table.cartInvoiceId, table.position] })],
);

/**
 * An M-Pesa payment attempt (one STK push) for an invoice, or for part of it when the invoice is
 * above M-Pesa's per-transaction limit, or to top up the client's wallet (`purpose`). The money it
 * brings is posted to the ledger when it succeeds; `allocatedAmount` records the part the settlement
 * put towards the invoice. Pending until M-Pesa gives a final answer; a success puts
 * `allocatedAmount` towards the invoice (what the invoice still owed, at most) and any rest into an
 * unallocated receipt.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    paymentSystemRef: text('payment_system_ref').notNull().unique(),
    /** The invoice paid; null for a wallet top-up. */
    invoiceId: integer('invoice_id').references(() => invoices.id),
    /**
     * What the money is for: 'invoice' (towards `invoiceId`), 'wallet_topup' (to the client's wallet)
     * or 'loan' (towards `loanId`: its first instalment, the next one, or settling it — `loanTarget`).
     */
    purpose: text('purpose').notNull().default('invoice'),
    loanId: integer('loan_id').references(() => loans.id),
    /** The cart invoice paid (purpose 'cart'): its member invoices are paid in order. */
    cartInvoiceId: integer('cart_invoice_id').references(() => cartInvoices.id),
    /** 'next' or 'settle' for a loan payment. */
    loanTarget: text('loan_target'),
    /** The school fee invoice paid (purpose 'school_fee'). */
    schoolInvoiceId: integer('school_invoice_id').references(() => schoolFeeInvoices.id),
    /** The M-Pesa Ratiba standing order whose debit this is (an invoice's month); null for an STK prompt. */
    standingOrderId: integer('standing_order_id').references((): AnyPgColumn => standingOrders.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull().default('mpesa'),
    phone: text('phone').notNull(),
    /** What this prompt asks for, in cents (whole shillings). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** pending | success | failed */
    status: text('status').notNull().default('pending'),
    checkoutRequestId: text('checkout_request_id').unique(),
    merchantRequestId: text('merchant_request_id'),
    resultCode: text('result_code'),
    resultDesc: text('result_desc'),
    receiptNumber: text('receipt_number').unique(),
    /** How the final state was learnt: 'callback' or 'query'. */
    settledBy: text('settled_by'),
    /** The part of a successful payment put towards its invoice, in cents. */
    allocatedAmount: bigint('allocated_amount', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    lastQueriedAt: timestamp('last_queried_at', { withTimezone: true }),
    /** STK queries that could not reach M-Pesa in a row; the reconciler backs off with them. */
    queryFailures: integer('query_failures').notNull().default(0),
    nextQueryAt: timestamp('next_query_at', { withTimezone: true }),
  },
  (table) => [
    index('payments_pending_by_invoice').on(table.invoiceId, table.status),
    index('payments_user_purpose_idx').on(table.userId, table.purpose, table.status),
    check(
      'payments_purpose_check',
      sql`(${table.purpose} = 'invoice' and ${table.invoiceId} is not null and ${table.loanId} is null) or (${table.purpose} = 'wallet_topup' and ${table.invoiceId} is null and ${table.loanId} is null) or (${table.purpose} = 'loan' and ${table.invoiceId} is null and ${table.loanId} is not null) or (${table.purpose} = 'cart' and ${table.invoiceId} is null and ${table.loanId} is null and ${table.cartInvoiceId} is not null) or (${table.purpose} = 'school_fee' and ${table.invoiceId} is null and ${table.loanId} is null and ${table.schoolInvoiceId} is not null)`,
    ),
    index('payments_loan_idx').on(table.loanId, table.status),
  ],
);

/**
 * Money M-Pesa confirmed that no invoice was waiting for: a success for a payment we had already
 * given up as failed, or for an invoice already paid, or the rest of a payment above the balance.
 * Credited to the client, listed for staff to refund or apply; never dropped.
 */
export const unallocatedReceipts = pgTable('unallocated_receipts', {
  id: serial('id').primaryKey(),
  receiptSystemRef: text('receipt_system_ref').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  paymentId: integer('payment_id')
    .notNull()
    .unique()
    .references(() => payments.id),
  invoiceId: integer('invoice_id')
    .notNull()
    .references(() => invoices.id),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  mpesaReceiptNumber: text('mpesa_receipt_number'),
  reason: text('reason').notNull(),
  /** OPEN until staff refund or apply it: OPEN | REFUNDED | APPLIED */
  status: text('status').notNull().default('OPEN'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
});

/** An issued policy: exactly one per paid invoice. */
export const policies = pgTable('policies', {
  id: serial('id').primaryKey(),
  policyNumber: text('policy_number').notNull().unique(),
  certificateNumber: text('certificate_number').notNull().unique(),
  invoiceId: integer('invoice_id')
    .notNull()
    .unique()
    .references(() => invoices.id),
  quotationId: integer('quotation_id')
    .notNull()
    .references(() => quotations.id),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  /** The M-Pesa receipt of the payment that completed the invoice; null until its callback brings it. */
  receiptNumber: text('receipt_number'),
  /** The cover actually given: never before the payment was confirmed (IRA cash and carry). */
  startDate: text('start_date').notNull(),
  endDate: text('end_date').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  /** The intermediary firm whose recommendation was bought (from the quotation); null for direct business. */
  intermediaryId: integer('intermediary_id').references(() => intermediaries.id),
  /** The loan whose lender paid the premium (premium financing); null when the client paid. */
  financedByLoanId: integer('financed_by_loan_id').references(() => loans.id),
  /** Cancelled before its end (a financed policy whose instalments were missed): when, from which day, why. */
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  cancelledOn: text('cancelled_on'),
  cancellationReason: text('cancellation_reason'),
  /** The policy this one renews (bought through a renewal quotation); unique, so a policy is renewed once. */
  renewsPolicyId: integer('renews_policy_id')
    .unique()
    .references((): AnyPgColumn => policies.id),
  /** 'annual' or 'monthly' (issue 31): a monthly policy's cover runs only as far as its months are paid. */
  paymentPlan: text('payment_plan').notNull().default('annual'),
  /** The last day of cover paid for (a monthly policy: its last paid month's end); null: the end date. */
  paidUntil: text('paid_until'),
});

/**
 * The certificate of insurance of a motor policy (classes '07' and '08'), one per policy, as Kenya's
 * digital certificates show it: what it says is copied at issue; whether it is cancelled is read
 * from its policy.
 */
/** Raw bytes (DMVIC's certificate PDF). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBuffer)),
});

/**
 * The certificate of insurance of a motor policy. Issued through DMVIC (`issuer` 'DMVIC'): the row
 * is made `pending` in the policy's own transaction (never lost) and the job
 * `dmvic-issue-certificates` asks DMVIC, with backoff, until it is `issued` (number, transaction,
 * PDF kept). Rows from before DMVIC keep their BIMA-C numbers with `issuer` 'BIMA' (the legacy
 * issuer) and status 'issued'.
 */
export const motorCertificates = pgTable(
  'motor_certificates',
  {
    id: serial('id').primaryKey(),
    /** DMVIC's certificate number once issued (legacy rows: BIMA-C-2026-000123); null while pending. */
    certificateNumber: text('certificate_number').unique(),
    // Policies are never deleted in service; a test that removes one (a simulated crash) takes its certificate with it.
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    /** The month of a monthly policy this certificate covers (one per paid month); null: the whole policy. */
    monthNo: integer('month_no'),
    /** A (PSV or hire), B (commercial), C (private) or D (motor cycle), by the vehicle. */
    certificateType: text('certificate_type').notNull(),
    /** Normalised, without the space (KCR442X). */
    registrationNumber: text('registration_number').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    chassisNumber: text('chassis_number').notNull(),
    insuredName: text('insured_name').notNull(),
    insurer: text('insurer').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    /** 'DMVIC', or 'BIMA' for the portal's own certificates issued before DMVIC. */
    issuer: text('issuer').notNull().default('DMVIC'),
    status: text('status').notNull().default('issued'),
    /** Why a pending certificate waits ('DMVIC unavailable', 'No certificate stock for …', a person needed). */
    pendingReason: text('pending_reason'),
    /** True when only a person can move it on (a mismatch DMVIC will refuse however often asked). */
    needsStaff: boolean('needs_staff').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    /** When the job asks DMVIC again (the business clock); null: at once. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    dmvicTransactionNumber: text('dmvic_transaction_number'),
    /** DMVIC's PDF of the certificate (GetCertificate), kept once issued. */
    pdf: bytea('pdf'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When DMVIC issued it; null while pending. */
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    /** Cancelled at DMVIC, or asked of the insurer (cancel_requested), with DMVIC's reason. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
  },
  (table) => [
    unique('motor_certificates_policy_month').on(table.policyId, table.monthNo).nullsNotDistinct(),
    index('motor_certificates_registration_idx').on(table.registrationNumber),
    index('motor_certificates_status_idx').on(table.status, table.id),
    check(
      'motor_certificates_status_check',
      sql`${table.status} in ('pending', 'issued', 'cancelled', 'cancel_requested')`,
    ),
    check('motor_certificates_issuer_check', sql`${table.issuer} in ('DMVIC', 'BIMA')`),
  ],
);

/**
 * DMVIC certificate stock per insurer and type, as MemberCompanyStock last answered it; `lowSince`
 * marks a low spell (its alert sent once), cleared when stock is back above the threshold.
 */
export const certificateStock = pgTable(
  'certificate_stock',
  {
    underwriterId: text('underwriter_id')
      .notNull()
      .references(() => underwriters.id),
    certificateType: text('certificate_type').notNull(),
    remaining: integer('remaining').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    lowSince: timestamp('low_since', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.underwriterId, table.certificateType] })],
);

/** The last certificate number given in each year: bumped by one upsert, so concurrent issues never share one. */
export const certificateSequences = pgTable('certificate_sequences', {
  year: integer('year').primaryKey(),
  lastValue: integer('last_value').notNull(),
});

/**
 * A renewal reminder sent for a policy: one row per policy and stage (days before the end), so a
 * reminder goes once however many times — or on however many instances — the job runs.
 */
export const policyReminders = pgTable(
  'policy_reminders',
  {
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    /** How many days before the policy's end this reminder is for (30, 14, 3 by default). */
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.policyId, table.daysBefore] })],
);

/**
 * A client's request for help to one or more intermediaries (spec-2 Help and Support), as the
 * client sent it; each intermediary's copy and its status is a `help_request_intermediaries` row.
 */
export const helpRequests = pgTable('help_requests', {
  id: serial('id').primaryKey(),
  requestSystemRef: text('request_system_ref').notNull().unique(),
  /** The signed-in client who sent it; null for a signed-out visitor (who verified `clientEmail`). */
  userId: uuid('user_id').references(() => users.id),
  verificationId: uuid('verification_id').references(() => verifications.id),
  clientFirstName: text('client_first_name').notNull(),
  clientLastName: text('client_last_name').notNull(),
  clientEmail: text('client_email').notNull(),
  clientKraPin: text('client_kra_pin').notNull(),
  /** The vehicle's value in cents. */
  riskValue: bigint('risk_value', { mode: 'number' }).notNull(),
  chassisNumber: text('chassis_number').notNull(),
  regNo: text('reg_no').notNull(),
  remarks: text('remarks').notNull(),
  /** The last day the client waits for answers (Kenya's calendar). */
  expiry: date('expiry', { mode: 'string' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One intermediary's copy of a help request, with its own status: PENDING → IN_REVIEW → QUOTED →
 * ACCEPTED | REJECTED. EXPIRED (past the expiry) and SUSPENDED (the firm is) are read, never stored.
 */
export const helpRequestIntermediaries = pgTable(
  'help_request_intermediaries',
  {
    id: serial('id').primaryKey(),
    helpRequestId: integer('help_request_id')
      .notNull()
      .references(() => helpRequests.id, { onDelete: 'cascade' }),
    intermediaryId: integer('intermediary_id')
      .notNull()
      .references(() => intermediaries.id),
    status: text('status').notNull().default('PENDING'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique().on(table.helpRequestId, table.intermediaryId),
    index('help_request_intermediaries_inbox_idx').on(table.intermediaryId, table.status),
    check(
      'help_request_intermediaries_status_check',
      sql`${table.status} in ('PENDING', 'IN_REVIEW', 'QUOTED', 'ACCEPTED', 'REJECTED')`,
    ),
  ],
);

/** The history of an intermediary's copy of a help request: each stored status and who set it. */
export const helpRequestEvents = pgTable(
  'help_request_events',
  {
    id: serial('id').primaryKey(),
    requestIntermediaryId: integer('request_intermediary_id')
      .notNull()
      .references(() => helpRequestIntermediaries.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('help_request_events_request_idx').on(table.requestIntermediaryId)],
);

/**
 * Intermediaries' commission per insurance class, in basis points (1000 = 10 %), never above the
 * class's cap (the Insurance Regulations' legal caps; the seeded figures are samples, not legal advice).
 */
export const commissionRates = pgTable(
  'commission_rates',
  {
    classCode: text('class_code').primaryKey(),
    className: text('class_name').notNull(),
    rateBps: integer('rate_bps').notNull(),
    capBps: integer('cap_bps').notNull(),
    isSample: boolean('is_sample').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (table) => [
    check('commission_rates_cap_check', sql`${table.rateBps} >= 0 and ${table.rateBps} <= ${table.capBps}`),
  ],
);

/** Every change made by staff: who, which action, which record, when, and the details. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    actorRole: text('actor_role').notNull(),
    /** The gateway action, e.g. 'admin/intermediary/suspendIntermediary'. */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** What happened, as a person reads it, in each language (null on entries written before issue 26). */
    summary: jsonb('summary').$type<{ en: string; sw: string }>(),
    /** The values before and after, each in each language: [{what, before, after}]. */
    changes: jsonb('changes')
      .$type<
        Array<{
          what: { en: string; sw: string };
          before: { en: string; sw: string } | null;
          after: { en: string; sw: string } | null;
        }>
      >()
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt),
    index('audit_log_entity_idx').on(table.entityType, table.entityId),
  ],
);

/**
 * An intermediary's answer to a help request row: one system quotation per recommended product
 * (`quotations.recommendation_id`), sent to the client. SENT → ACCEPTED (one of its quotations,
 * invoiced) | REJECTED (with the client's reason).
 */
export const recommendations = pgTable(
  'recommendations',
  {
    id: serial('id').primaryKey(),
    systemRef: text('system_ref').notNull().unique(),
    /** One recommendation per firm's request row. */
    helpRequestIntermediaryId: integer('help_request_intermediary_id')
      .notNull()
      .unique()
      .references(() => helpRequestIntermediaries.id),
    intermediaryId: integer('intermediary_id')
      .notNull()
      .references(() => intermediaries.id),
    /** The client's account (the request's user, or the account of its verified e-mail). */
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => users.id),
    clientEmail: text('client_email').notNull(),
    note: text('note').notNull(),
    /** SENT | ACCEPTED | REJECTED */
    status: text('status').notNull().default('SENT'),
    rejectionReason: text('rejection_reason'),
    /** The quotation the client accepted (no foreign key: quotations already point here). */
    acceptedQuotationId: integer('accepted_quotation_id'),
    sentBy: uuid('sent_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('recommendations_client_idx').on(table.clientUserId),
    check('recommendations_status_check', sql`${table.status} in ('SENT', 'ACCEPTED', 'REJECTED')`),
  ],
);

/**
 * The commission earned on an issued policy, written in the transaction that issues it: the
 * premium before levies × the class's rate at issue time, rounded half up once. Integer cents.
 */
export const commissions = pgTable(
  'commissions',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    /** The paid invoice it is earned on: the policy's own, or each paid month of a monthly policy. */
    invoiceId: integer('invoice_id')
      .notNull()
      .unique()
      .references(() => invoices.id),
    intermediaryId: integer('intermediary_id')
      .notNull()
      .references(() => intermediaries.id),
    classCode: text('class_code').notNull(),
    /** The commissionable premium in cents: the invoice's amount less its levies. */
    premium: bigint('premium', { mode: 'number' }).notNull(),
    rateBps: integer('rate_bps').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('commissions_intermediary_idx').on(table.intermediaryId, table.createdAt)],
);

/**
 * An in-app notification for one user (client or staff): what happened, a link to the thing it is
 * about (a web path), read or not. Written with `notify()` (modules/notification/service.ts), in the
 * transaction of the change it reports where there is one.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** One of NOTIFICATION_KINDS (packages/domain/src/notifications.ts). */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A path of the web app, e.g. /newportal/claims/12. */
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notifications_user_idx').on(table.userId, table.createdAt)],
);

/**
 * A chat between a client and an intermediary firm (`kind` firm) or Bima Portal's support (`kind`
 * support, answered by admins): one per client and firm, one per client with support. Each side's
 * marks are message-id pointers: up to which message it has received on a device and read.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    /** firm | support */
    kind: text('kind').notNull(),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => users.id),
    intermediaryId: integer('intermediary_id').references(() => intermediaries.id),
    /** What the client started it from, e.g. "Help request HR-…" (shown to the firm). */
    topic: text('topic'),
    clientDeliveredId: bigint('client_delivered_id', { mode: 'number' }).notNull().default(0),
    clientReadId: bigint('client_read_id', { mode: 'number' }).notNull().default(0),
    staffDeliveredId: bigint('staff_delivered_id', { mode: 'number' }).notNull().default(0),
    staffReadId: bigint('staff_read_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('conversations_kind_check', sql`${table.kind} in ('firm', 'support')`),
    check('conversations_firm_check', sql`(${table.kind} = 'firm') = (${table.intermediaryId} is not null)`),
    uniqueIndex('conversations_client_firm_idx')
      .on(table.clientUserId, table.intermediaryId)
      .where(sql`${table.kind} = 'firm'`),
    uniqueIndex('conversations_client_support_idx')
      .on(table.clientUserId)
      .where(sql`${table.kind} = 'support'`),
    index('conversations_firm_idx').on(table.intermediaryId, table.lastMessageAt),
  ],
);

/**
 * One chat message. Its id is the cursor of history pages and of a reconnecting socket's catch-up.
 * `attachments` keeps what the message shows of its files ({fileId, name, contentType, size}); the
 * files themselves are `files` rows of owner kind 'chat', tied to the message by `chat_message_files`.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id),
    senderUserId: uuid('sender_user_id')
      .notNull()
      .references(() => users.id),
    /** client | staff */
    senderSide: text('sender_side').notNull(),
    body: text('body').notNull(),
    attachments: jsonb('attachments').notNull().default([]),
    /** The sender's own id for the message: a retried send answers the stored message. */
    clientMessageId: text('client_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('chat_messages_side_check', sql`${table.senderSide} in ('client', 'staff')`),
    index('chat_messages_conversation_idx').on(table.conversationId, table.id),
    uniqueIndex('chat_messages_retry_idx').on(table.senderUserId, table.clientMessageId),
  ],
);

/**
 * Which uploaded file a chat message carries: a file of the conversation (`files` owner kind 'chat',
 * owner id = the conversation), attached once — the primary key — by the user who uploaded it. A
 * chat file without a row here was never sent and only its uploader can read it.
 */
export const chatMessageFiles = pgTable(
  'chat_message_files',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => files.id),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id),
  },
  (table) => [index('chat_message_files_message_idx').on(table.messageId)],
);

/**
 * An open chat socket, kept by the instance that holds it (heartbeat `seen_at`), so any instance can
 * tell whether a user is online; a row whose instance died goes stale and is ignored, then removed.
 */
export const chatPresence = pgTable(
  'chat_presence',
  {
    socketId: uuid('socket_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    instanceId: text('instance_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_presence_user_idx').on(table.userId, table.seenAt)],
);

/** Which e-mails and texts of the notification kinds a user switched off (in-app notifications are always on). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** One of NOTIFICATION_KINDS. */
    kind: text('kind').notNull(),
    email: boolean('email').notNull(),
    /** The kind's text message (issue 32): on unless switched off; STOP (sms_opt_outs) stops them all. */
    sms: boolean('sms').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('notification_preferences_user_kind').on(table.userId, table.kind)],
);

/** An attachment kept in the mail queue until the message is sent (base64 content). */
export interface QueuedAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/**
 * Every e-mail the server sends, queued first (often in the transaction of the change it tells of)
 * and sent by the mail worker with retry and exponential backoff: a mail-server outage delays a
 * message, never loses it. `pending` with `next_attempt_at` in the future is waiting (or being sent:
 * a claim pushes it a lease ahead); `failed` was refused for good (a 5xx answer) until an admin retries.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attachments: jsonb('attachments').$type<QueuedAttachment[]>().notNull().default([]),
    /** pending | sent | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('mail_queue_due_idx').on(table.status, table.nextAttemptAt)],
);

/**
 * An uploaded file (modules/files): a claim's photo or document, or a chat message's attachment —
 * `ownerKind` and `ownerId` name what it belongs to, and who may read it follows from that owner.
 * `uploadId` is the client's key for one upload: a retried upload answers the same row.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'claim' or 'chat' (owner id: the conversation). */
    ownerKind: text('owner_kind').notNull(),
    ownerId: text('owner_id').notNull(),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    uploadId: text('upload_id').notNull(),
    /** What the file is for its owner, e.g. a claim's checklist item ('damage_photos'). */
    category: text('category').notNull().default('other'),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    /** Bytes as stored (after a photo's resizing). */
    size: integer('size').notNull(),
    /** Where the bytes are in the storage (DATA_DIR/files or the S3 bucket). */
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('files_upload_id_idx').on(table.uploadedBy, table.uploadId),
    index('files_owner_idx').on(table.ownerKind, table.ownerId),
  ],
);

/**
 * Bytes of files an account uploaded on one day (Kenya time, by the business clock), as received:
 * its daily upload volume. Counted in one conditional upsert before a file is processed, so parallel
 * uploads cannot pass the limit together; files deleted later still count for their day.
 */
export const uploadVolumes = pgTable(
  'upload_volumes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** YYYY-MM-DD in Kenya. */
    day: text('day').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** A claim on a policy (modules/claim); its steps are `claim_events`, its payouts `claim_settlements`. */
export const claims = pgTable(
  'claims',
  {
    id: serial('id').primaryKey(),
    claimRef: text('claim_ref').notNull().unique(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The policy's underwriter, whose staff handle the claim. */
    underwriterId: text('underwriter_id')
      .notNull()
      .references(() => underwriters.id),
    /** The intermediary that placed the policy (reads the claim); null for direct business. */
    intermediaryId: integer('intermediary_id').references(() => intermediaries.id),
    type: text('type').notNull(),
    incidentDate: text('incident_date').notNull(),
    place: text('place').notNull(),
    description: text('description').notNull(),
    obNumber: text('ob_number'),
    otherParty: jsonb('other_party').$type<Record<string, string> | null>(),
    /** REPORTED | DOCUMENTS_PENDING | UNDER_ASSESSMENT | APPROVED | DECLINED | SETTLED | CLOSED */
    status: text('status').notNull().default('REPORTED'),
    /** Documents staff asked for beyond the type's checklist. */
    requestedDocuments: jsonb('requested_documents').$type<string[]>().notNull().default([]),
    assessorId: uuid('assessor_id').references(() => users.id),
    assessmentReport: text('assessment_report'),
    assessedLoss: bigint('assessed_loss', { mode: 'number' }),
    /** The policy's excess for this type of claim (cents), fixed when the claim is reported. */
    excess: bigint('excess', { mode: 'number' }).notNull(),
    /** The policy's sum insured (cents): no approval above it. */
    sumInsured: bigint('sum_insured', { mode: 'number' }).notNull(),
    agreedLoss: bigint('agreed_loss', { mode: 'number' }),
    /** What is paid: agreed loss less excess (cents). */
    approvedAmount: bigint('approved_amount', { mode: 'number' }),
    declineReason: text('decline_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('claims_user_idx').on(table.userId, table.createdAt),
    index('claims_underwriter_idx').on(table.underwriterId, table.status),
    check(
      'claims_status_check',
      sql`${table.status} in ('REPORTED', 'DOCUMENTS_PENDING', 'UNDER_ASSESSMENT', 'APPROVED', 'DECLINED', 'SETTLED', 'CLOSED')`,
    ),
  ],
);

/** A claim's timeline: every step with who took it and when (the client sees them all). */
export const claimEvents = pgTable(
  'claim_events',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id),
    /** reported, documents_requested, document_uploaded, assessor_appointed, assessed, approved, declined, settlement_started, settlement_failed, settled, closed */
    event: text('event').notNull(),
    /** The claim's status after the step. */
    status: text('status').notNull(),
    note: text('note'),
    /** Who took the step; null for M-Pesa's answers. */
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('claim_events_claim_idx').on(table.claimId, table.createdAt)],
);

/**
 * A payout of an approved claim: to the client's M-Pesa (a Daraja B2C payment request, pending
 * until its result callback) or to a garage (recorded as paid).
 */
export const claimSettlements = pgTable(
  'claim_settlements',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id),
    /** mpesa | garage */
    method: text('method').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    phone: text('phone'),
    garageName: text('garage_name'),
    /**
     * pending (waiting for M-Pesa) | success | failed | timeout (Daraja's queue gave up: not paid) |
     * unresolved (no definitive answer by the deadline: blocks another payout until the desk records
     * what the M-Pesa statement shows).
     */
    status: text('status').notNull(),
    /** Ours, sent to Daraja as OriginatorConversationID. */
    originatorConversationId: text('originator_conversation_id').unique(),
    conversationId: text('conversation_id'),
    resultCode: text('result_code'),
    resultDesc: text('result_desc'),
    /** The M-Pesa TransactionID, or the garage payment's reference. */
    reference: text('reference'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Transaction Status queries sent for a payout without its result (the reconciler's backoff). */
    queryAttempts: integer('query_attempts').notNull().default(0),
    lastQueriedAt: timestamp('last_queried_at', { withTimezone: true }),
    nextQueryAt: timestamp('next_query_at', { withTimezone: true }),
  },
  (table) => [
    index('claim_settlements_claim_idx').on(table.claimId),
    // At most one payout per claim that may still have paid: a second one waits until it is known.
    uniqueIndex('claim_settlements_open_payout_idx')
      .on(table.claimId)
      .where(sql`${table.status} in ('pending', 'unresolved')`),
  ],
);

/**
 * Each Transaction Status query sent about a payout: its answer comes to our ResultURL with the
 * query's own ids, which are matched here to the payout.
 */
export const claimPayoutQueries = pgTable(
  'claim_payout_queries',
  {
    id: serial('id').primaryKey(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => claimSettlements.id),
    /** The query's ids from Daraja's acknowledgement. */
    originatorConversationId: text('originator_conversation_id').notNull(),
    conversationId: text('conversation_id').notNull().unique(),
    resultCode: text('result_code'),
    resultDesc: text('result_desc'),
    /** Completed, Failed, … as M-Pesa named the payout's state. */
    transactionStatus: text('transaction_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (table) => [
    index('claim_payout_queries_settlement_idx').on(table.settlementId),
    index('claim_payout_queries_originator_idx').on(table.originatorConversationId),
  ],
);

/**
 * The ledger's accounts (see `@bima/domain` ledger.ts): one per code — `mpesa_paybill`,
 * `wallet:<user>`, `invoice:<id>`, `underwriter:<id>`… Balances are sums of their entries.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    underwriterId: text('underwriter_id').references(() => underwriters.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_accounts_user_idx').on(table.userId),
    check(
      'ledger_accounts_kind_check',
      sql`${table.kind} in ('mpesa_paybill', 'wallet', 'invoice', 'premium_billed', 'underwriter', 'claims', 'refunds_paid', 'claim_payouts_mpesa', 'claim_payouts_garage', 'loan', 'lender', 'fees', 'school_invoice', 'school_fees_billed', 'school')`,
    ),
  ],
);

/**
 * One movement of money: two or more entries summing to zero (a deferred constraint trigger refuses
 * the commit otherwise), posted once per `key`. Append-only: triggers refuse updates and deletes.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    /** The idempotency key: posting the same key again changes nothing. */
    key: text('key').notNull().unique(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    /** The client whose transaction it is; null for the portal's own. */
    userId: uuid('user_id').references(() => users.id),
    /** A reference a person matches: an M-Pesa receipt, an invoice reference. */
    reference: text('reference'),
    paymentId: integer('payment_id').references(() => payments.id),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    /** Staff who posted it (a refund); null for the client's own and M-Pesa's. */
    createdBy: uuid('created_by').references(() => users.id),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_transactions_user_idx').on(table.userId, table.occurredAt),
    index('ledger_transactions_payment_idx').on(table.paymentId),
  ],
);

/** One side of a transaction: integer cents, positive a debit, negative a credit, never zero. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('ledger_entries_transaction_idx').on(table.transactionId),
    index('ledger_entries_account_idx').on(table.accountId, table.transactionId),
    check('ledger_entries_amount_check', sql`${table.amount} <> 0`),
  ],
);

/**
 * A lender (premium financing, later school fees): a bank or credit firm that pays invoices for
 * clients and is repaid monthly. Its users are `users` with role 'lender'.
 */
export const lenders = pgTable(
  'lenders',
  {
    id: serial('id').primaryKey(),
    systemRef: text('system_ref').notNull().unique(),
    name: text('name').notNull(),
    /** ACTIVE | SUSPENDED: only an ACTIVE lender takes applications. */
    status: text('status').notNull().default('ACTIVE'),
    primaryEmail: text('primary_email').notNull(),
    /** Seeded sample data, not a real lender. */
    isSample: boolean('is_sample').notNull().default(false),
    /**
     * Automatic approval: an application whose principal is at most this (cents) is approved as soon
     * as its first instalment is paid; null (the default) leaves every application to the lender.
     */
    autoApproveMaxPrincipal: bigint('auto_approve_max_principal', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('lenders_status_check', sql`${table.status} in ('ACTIVE', 'SUSPENDED')`)],
);

/**
 * A lender's pricing table for one loan product, in force from `effectiveFrom` (a Kenyan date) until
 * a later table of the same lender and product takes over; never changed once used (a new price is a
 * new table), so every loan keeps the table it was priced on.
 */
export const loanPricingTables = pgTable(
  'loan_pricing_tables',
  {
    id: serial('id').primaryKey(),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    /** 'ipf' | 'school_fees' */
    product: text('product').notNull(),
    name: text('name').notNull(),
    effectiveFrom: text('effective_from').notNull(),
    isSample: boolean('is_sample').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('loan_pricing_tables_effective_unique').on(table.lenderId, table.product, table.effectiveFrom),
    check('loan_pricing_tables_product_check', sql`${table.product} in ('ipf', 'school_fees')`),
  ],
);

/** One band of a pricing table: a principal range (cents) and a term, priced by a fee or a monthly rate. */
export const loanPricingBands = pgTable(
  'loan_pricing_bands',
  {
    id: serial('id').primaryKey(),
    tableId: integer('table_id')
      .notNull()
      .references(() => loanPricingTables.id),
    minPrincipal: bigint('min_principal', { mode: 'number' }).notNull(),
    /** Null: no upper bound. */
    maxPrincipal: bigint('max_principal', { mode: 'number' }),
    months: integer('months').notNull(),
    /** A facility fee for the term, whole shillings in cents… */
    facilityFee: bigint('facility_fee', { mode: 'number' }),
    /** …or a monthly rate in parts per million of the principal. */
    monthlyRatePpm: integer('monthly_rate_ppm'),
  },
  (table) => [
    unique('loan_pricing_bands_unique').on(table.tableId, table.minPrincipal, table.months),
    check('loan_pricing_bands_months_check', sql`${table.months} between 2 and 10`),
    check(
      'loan_pricing_bands_price_check',
      sql`(${table.facilityFee} is null) <> (${table.monthlyRatePpm} is null) and coalesce(${table.facilityFee}, 0) >= 0 and coalesce(${table.monthlyRatePpm}, 0) >= 0`,
    ),
    check(
      'loan_pricing_bands_range_check',
      sql`${table.minPrincipal} >= 0 and (${table.maxPrincipal} is null or ${table.maxPrincipal} >= ${table.minPrincipal})`,
    ),
  ],
);

/**
 * A loan application and, once the lender pays, the loan (see `@bima/domain` loans.ts for the
 * statuses). What it costs is fixed when applied (the band's price on that day); what has been paid
 * and is owed is in the ledger (`loan:<id>`), never here.
 */
export const loans = pgTable(
  'loans',
  {
    id: serial('id').primaryKey(),
    loanRef: text('loan_ref').notNull().unique(),
    /** 'ipf' | 'school_fees' */
    product: text('product').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    lenderId: integer('lender_id')
      .notNull()
      .references(() => lenders.id),
    /** The invoice financed (IPF). */
    invoiceId: integer('invoice_id').references(() => invoices.id),
    pricingTableId: integer('pricing_table_id')
      .notNull()
      .references(() => loanPricingTables.id),
    principal: bigint('principal', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    months: integer('months').notNull(),
    totalRepayable: bigint('total_repayable', { mode: 'number' }).notNull(),
    feeRateBps: integer('fee_rate_bps').notNull(),
    annualRateBps: integer('annual_rate_bps').notNull(),
    status: text('status').notNull().default('AWAITING_DEPOSIT'),
    /** The first instalment's due date (the day of the application); the others follow monthly. */
    startDate: text('start_date').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    depositPaidAt: timestamp('deposit_paid_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
    autoApproved: boolean('auto_approved').notNull().default(false),
    declineReason: text('decline_reason'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancellationReason: text('cancellation_reason'),
    /** The unearned premium the insurer refunded to the lender on cancellation (cents). */
    refundAmount: bigint('refund_amount', { mode: 'number' }),
  },
  (table) => [
    check(
      'loans_status_check',
      sql`${table.status} in ('AWAITING_DEPOSIT', 'PENDING', 'DECLINED', 'WITHDRAWN', 'ACTIVE', 'SETTLED', 'CANCELLED')`,
    ),
    check('loans_product_check', sql`${table.product} in ('ipf', 'school_fees')`),
    check('loans_months_check', sql`${table.months} between 2 and 10`),
    // One open application or loan per invoice at a time.
    uniqueIndex('loans_open_invoice_unique')
      .on(table.invoiceId)
      .where(sql`${table.status} in ('AWAITING_DEPOSIT', 'PENDING', 'ACTIVE')`),
    index('loans_lender_status_idx').on(table.lenderId, table.status, table.id),
    index('loans_user_idx').on(table.userId, table.id),
  ],
);

/** A loan's schedule as accepted: each instalment's due date and amount (cents). */
export const loanInstalments = pgTable(
  'loan_instalments',
  {
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    number: integer('number').notNull(),
    dueDate: text('due_date').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    principal: bigint('principal', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.loanId, table.number] })],
);

/**
 * What happened to a loan, for the client's and the lender's timeline. Reminders and each step of
 * the arrears process are recorded once per (loan, kind, instalment) — the unique key is what makes
 * the jobs safe to run again or on several instances.
 */
export const loanEvents = pgTable(
  'loan_events',
  {
    id: serial('id').primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id),
    kind: text('kind').notNull(),
    /** The instalment it is about; 0 when none. */
    instalmentNumber: integer('instalment_number').notNull().default(0),
    message: text('message').notNull(),
    /** The message in Swahili, for a Swahili reader (issue 14; null on events from before, read in English). */
    messageSw: text('message_sw'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('loan_events_once').on(table.loanId, table.kind, table.instalmentNumber),
    index('loan_events_loan_idx').on(table.loanId, table.id),
  ],
);

// ---------------------------------------------------------------- school fees

/** A partner school (the directory of school/schools); sample rows are marked `isSample`. */
export const schools = pgTable(
  'schools',
  {
    id: serial('id').primaryKey(),
    schoolRef: text('school_ref').notNull().unique(),
    name: text('name').notNull(),
    county: text('county').notNull(),
    town: text('town').notNull(),
    /** 'pre_primary' | 'primary' | 'junior' | 'secondary' | 'college' */
    level: text('level').notNull(),
    /** The school's own fees paybill and how it names accounts, for parents who pay it directly. */
    paybill: text('paybill'),
    accountFormat: text('account_format'),
    isSample: boolean('is_sample').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('schools_name_idx').on(table.name, table.id)],
);

/** A school's student as the school has it: the admission number is the school's own. */
export const schoolStudents = pgTable(
  'school_students',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    admissionNumber: text('admission_number').notNull(),
    studentName: text('student_name').notNull(),
    /** 'Grade 5', 'Form 3'… */
    grade: text('grade'),
  },
  (table) => [unique('school_students_admission_unique').on(table.schoolId, table.admissionNumber)],
);

/** A parent's link to a child at a school (two parents may link the same child). */
export const schoolChildren = pgTable(
  'school_children',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => schoolStudents.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('school_children_unique').on(table.userId, table.studentId)],
);

/**
 * A fee invoice the school issued to a student for a term. What it owes is in the ledger
 * (`school_invoice:<id>`); `paidAt` marks the day its balance reached 0.
 */
export const schoolFeeInvoices = pgTable(
  'school_fee_invoices',
  {
    id: serial('id').primaryKey(),
    invoiceRef: text('invoice_ref').notNull().unique(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => schoolStudents.id),
    admissionNumber: text('admission_number').notNull(),
    studentName: text('student_name').notNull(),
    /** 'Term 1 2027' */
    term: text('term').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    dueDate: text('due_date').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    index('school_fee_invoices_student_idx').on(table.studentId, table.dueDate),
    check('school_fee_invoices_amount_check', sql`${table.amount} > 0 and ${table.amount} % 100 = 0`),
  ],
);

/** The school fee invoice a school fee loan pays (product 'school_fees'), one loan row each. */
export const schoolFeeLoans = pgTable('school_fee_loans', {
  loanId: integer('loan_id')
    .primaryKey()
    .references(() => loans.id),
  schoolInvoiceId: integer('school_invoice_id')
    .notNull()
    .references(() => schoolFeeInvoices.id),
});

/**
 * A client's insurance needs assessment (portal: Profile › Assessment): one per client, the
 * questionnaire's answers as `assessmentAnswersSchema` of `@bima/domain` checked them.
 */
export const assessments = pgTable('assessments', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  answers: jsonb('answers').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A client's consent to show their assessment to one intermediary firm (read-only). Revoking sets
 * `revoked_at`; sharing again starts a new consent on the same row.
 */
export const assessmentShares = pgTable(
  'assessment_shares',
  {
    id: serial('id').primaryKey(),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => assessments.userId, { onDelete: 'cascade' }),
    intermediaryId: integer('intermediary_id')
      .notNull()
      .references(() => intermediaries.id),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    unique('assessment_shares_client_firm_unique').on(table.clientUserId, table.intermediaryId),
    index('assessment_shares_firm_idx').on(table.intermediaryId, table.sharedAt),
  ],
);

/**
 * A signed-in client's journey in progress (issue 14: a quote survives a new tab): the latest one
 * per product line, restored on another tab or device. `state` is checked against the domain's
 * journey schema on every write and read; `motor-private` is cleared when its policy is issued.
 */
export const journeyDrafts = pgTable(
  'journey_drafts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** One of JOURNEY_PRODUCT_LINES. */
    productLine: text('product_line').notNull(),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productLine] })],
);

// ---------------------------------------------------------------- the client's own data (Data Protection Act 2019)

/**
 * A consent a client gave or withdrew (modules/privacy/consents.ts, the one consent service): one row
 * per decision, never changed, so the history shows when and how each was given and withdrawn. The
 * latest row per (user, purpose, scope) is the consent in force.
 */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** One of CONSENT_PURPOSES: marketing_email | assessment_sharing | identity_check. */
    purpose: text('purpose').notNull(),
    /** What it is about within the purpose: the firm an assessment is shared with; '' when none. */
    scope: text('scope').notNull().default(''),
    granted: boolean('granted').notNull(),
    /** Where it was given or withdrawn: the screen (privacy, kyc, assessment, sign-up). */
    channel: text('channel').notNull(),
    /** The version of the wording the client saw (CONSENT_WORDING_VERSIONS). */
    wordingVersion: text('wording_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'consents_purpose_check',
      sql`${table.purpose} in ('marketing_email', 'assessment_sharing', 'identity_check')`,
    ),
    index('consents_user_idx').on(table.userId, table.purpose, table.scope, table.id),
  ],
);

/**
 * A client's request to close their account and erase their personal data: COMPLETED (kept records
 * pseudonymised under `reference`, the rest deleted) or REFUSED (with the reason, nothing changed).
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** C-xxxxxxxx: the name the kept records carry instead of the person's. */
    reference: text('reference').notNull().unique(),
    /** COMPLETED | REFUSED */
    status: text('status').notNull(),
    /** Why it was refused: OPEN_CLAIM | OPEN_LOAN | MONEY_HELD | PENDING_PAYMENT. */
    refusalCode: text('refusal_code'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    check('erasure_requests_status_check', sql`${table.status} in ('COMPLETED', 'REFUSED')`),
    index('erasure_requests_user_idx').on(table.userId),
  ],
);

// ---------------------------------------------------------------- verified identity (issue 30)

/**
 * One check of a client's document (their ID against IPRS, their KRA PIN) through the identity
 * provider (modules/identity), with the consent it was run under: who agreed, when, on which screen
 * and to which wording. The latest check per (user, document) is the document's status; the job
 * retries `retrying` ones when `next_attempt_at` comes (business clock) and, after the last attempt,
 * leaves them in `staff_review`. A check never gates a payment.
 */
export const identityChecks = pgTable(
  'identity_checks',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** ID | KRA_PIN */
    document: text('document').notNull(),
    /** NATIONAL_ID | PASSPORT | ALIEN_ID | KRA_PIN */
    idType: text('id_type').notNull(),
    idNumber: text('id_number').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** The consent the check runs under: when, where, and the words the client agreed to. */
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    consentChannel: text('consent_channel').notNull(),
    consentText: text('consent_text').notNull(),
    /** pending | verified | mismatch | retrying | staff_review | rejected | superseded */
    state: text('state').notNull().default('pending'),
    /** What differs from the register (idNumber, kraPin, firstName, lastName, dateOfBirth). */
    mismatchFields: jsonb('mismatch_fields').$type<string[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The provider's last answer: its job reference, result code and text, or why there was none. */
    providerJobId: text('provider_job_id'),
    resultCode: text('result_code'),
    resultText: text('result_text'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewNote: text('review_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('identity_checks_document_check', sql`${table.document} in ('ID', 'KRA_PIN')`),
    check(
      'identity_checks_state_check',
      sql`${table.state} in ('pending', 'verified', 'mismatch', 'retrying', 'staff_review', 'rejected', 'superseded')`,
    ),
    index('identity_checks_user_idx').on(table.userId, table.document, table.id),
    index('identity_checks_due_idx').on(table.state, table.nextAttemptAt),
  ],
);

// ---------------------------------------------------------------- paying monthly (issue 31)

/**
 * An underwriter's monthly terms for a product, one row per version (never edited: a change is a new
 * version; the highest version is in force). Quotations keep the version they were priced on.
 */
export const productMonthlyTerms = pgTable(
  'product_monthly_terms',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => insuranceProducts.id),
    version: integer('version').notNull(),
    enabled: boolean('enabled').notNull(),
    /** What paying monthly adds to the annual total, in basis points (0–5,000). */
    loadingBps: integer('loading_bps').notNull(),
    /** Days after a missed due date within which paying resumes the cover (0–27). */
    graceDays: integer('grace_days').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('product_monthly_terms_version').on(table.productId, table.version),
    check('product_monthly_terms_loading_check', sql`${table.loadingBps} between 0 and 5000`),
    check('product_monthly_terms_grace_check', sql`${table.graceDays} between 0 and 27`),
  ],
);

/**
 * An M-Pesa Ratiba standing order for a monthly policy's later months (Daraja's
 * createStandingOrderExternal): `pending` until the client approves it on the phone, then `active`;
 * `failed` when not approved; `cancelled` by the client (here or on the phone) or when the policy
 * ends. Each debit arrives as a callback and becomes a payment of the month due.
 */
export const standingOrders = pgTable(
  'standing_orders',
  {
    id: serial('id').primaryKey(),
    /** Our name for it at M-Pesa (StandingOrderName) and the AccountReference of its debits (≤ 12 characters). */
    reference: text('reference').notNull().unique(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** 2547XXXXXXXX. */
    phone: text('phone').notNull(),
    /** Each debit, in cents (whole shillings). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    /** pending | active | failed | cancelled */
    status: text('status').notNull().default('pending'),
    /** responseRefID of M-Pesa's acknowledgement of the request. */
    responseRefId: text('response_ref_id'),
    resultDesc: text('result_desc'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** 'client' (the portal's Stop), 'mpesa' (ended on the phone or by M-Pesa) or 'policy' (the policy ended). */
    cancelledBy: text('cancelled_by'),
  },
  (table) => [
    uniqueIndex('standing_orders_live_once')
      .on(table.policyId)
      .where(sql`${table.status} in ('pending', 'active')`),
    check(
      'standing_orders_status_check',
      sql`${table.status} in ('pending', 'active', 'failed', 'cancelled')`,
    ),
  ],
);

/**
 * A step of a monthly policy's timeline, once per policy, month and kind (reminders 5 and 1 days
 * before and on the day, lapsed, resumed, cancelled, standing order events): claimed by inserting
 * the row in the transaction of its notification, so two instances running the monthly job do each
 * once.
 */
export const policyMonthEvents = pgTable(
  'policy_month_events',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    monthNo: integer('month_no').notNull(),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    messageSw: text('message_sw'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('policy_month_events_once').on(table.policyId, table.monthNo, table.kind),
    index('policy_month_events_policy_idx').on(table.policyId, table.id),
  ],
);

/**
 * Every text message the server sends (issue 32), queued first, often in the transaction of the change
 * it tells of, and sent by the SMS worker through Africa's Talking (or its local simulator) with retry
 * and backoff, as the mail queue does: never lost, and, claimed with FOR UPDATE SKIP LOCKED, sent once
 * however many instances run. `dedupe_key` (e.g. `notification:<id>`) makes a repeated enqueue a no-op.
 * `status`: pending | sent | failed (refused for good, or its delivery failed after the one retry).
 * Delivery reports (Africa's Talking's callback) fill `delivery_*` by `provider_message_id`.
 */
export const smsQueue = pgTable(
  'sms_queue',
  {
    id: serial('id').primaryKey(),
    /** E.164, e.g. +254712345678. */
    to: text('to').notNull(),
    text: text('text').notNull(),
    /** The account it is for, when it is one's (null for a USSD caller who is not a client). */
    userId: uuid('user_id').references(() => users.id),
    /** A NOTIFICATION_KINDS kind, or 'phone_code', 'ussd_link', 'ussd_lockout', … */
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Africa's Talking's messageId for the send (delivery reports name it). */
    providerMessageId: text('provider_message_id'),
    /** The last delivery report: Success, Failed, Rejected, Buffered, Sent, … */
    deliveryStatus: text('delivery_status'),
    deliveryFailureReason: text('delivery_failure_reason'),
    /** A failed delivery is sent again once; this is the message that retry is of. */
    retryOf: integer('retry_of').references((): AnyPgColumn => smsQueue.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('sms_queue_due_idx').on(table.status, table.nextAttemptAt),
    uniqueIndex('sms_queue_dedupe_key').on(table.dedupeKey),
    uniqueIndex('sms_queue_provider_message_id').on(table.providerMessageId),
    index('sms_queue_to_idx').on(table.to, table.id),
    check('sms_queue_status_check', sql`${table.status} in ('pending', 'sent', 'failed')`),
  ],
);

/** Phones that replied STOP (Africa's Talking's opt-out callback): no notification texts go to them. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  /** E.164. */
  phone: text('phone').primaryKey(),
  /** The sender id or short code they opted out of. */
  senderId: text('sender_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a phone chose on USSD: its language, remembered for the next dial (issue 32). */
export const ussdPhones = pgTable('ussd_phones', {
  /** E.164. */
  phone: text('phone').primaryKey(),
  language: text('language').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A USSD session (Africa's Talking's sessionId): where the caller is in the menus (`state`), how many
 * answers of `text` were already taken (`answers`), so a repeated request answers the same screen.
 * A session silent for 180 s has ended on the network; one dialled again within 5 minutes of its last
 * answer is offered to continue from its state (`resumedFrom` names the session it continued).
 */
export const ussdSessions = pgTable(
  'ussd_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    phone: text('phone').notNull(),
    serviceCode: text('service_code').notNull(),
    networkCode: text('network_code'),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    answers: integer('answers').notNull().default(0),
    /** The last screen sent, answered again to a repeated request. */
    lastScreen: text('last_screen'),
    /** active | ended (an END screen was sent) */
    status: text('status').notNull().default('active'),
    resumedFrom: text('resumed_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ussd_sessions_phone_idx').on(table.phone, table.updatedAt)],
);
