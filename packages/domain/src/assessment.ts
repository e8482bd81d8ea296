import { z } from 'zod';
import { wholeShillingCents } from './cents-schema';
import { CONSTRUCTION_TYPES, fireDomesticClass, theftClass } from './classes';
import { amountSchema, choiceSchema, countSchema } from './numbers';
import { vehicleRisk } from './premium/engine';
import type { RatingRisk } from './premium/types';

/**
 * The insurance needs assessment (portal: Profile › Assessment): what a client tells us about their
 * household, vehicles, home, business, dependants, existing covers and budget, and the pure rules
 * that turn it into the covers of our catalogue that fit — why, what is missing, and what the server
 * should price. Amounts in the answers are whole shillings; prices come from the server's engine.
 */

export const ASSESSMENT_MESSAGES = {
  adultsRange: 'Enter the number of adults, from 1 to 20.',
  childrenRange: 'Enter the number of children, from 0 to 20.',
  dependantsRange: 'Enter the number of people who rely on your income, from 0 to 30.',
  vehicleUseRequired: 'Choose how the vehicle is used.',
  vehicleValue: 'Enter the vehicle’s value in whole shillings, more than 0.',
  tooManyVehicles: 'List at most 5 vehicles.',
  tenureRequired: 'Choose whether you own or rent your home.',
  premisesRequired: 'Choose the type of home.',
  constructionRequired: 'Choose how your home is built.',
  buildingValueRequired: 'Enter the value of your home (the building) in whole shillings, more than 0.',
  contentsValue: 'Enter the value of your household contents in whole shillings (0 if none).',
  businessRequired: 'Choose your business, or “No business”.',
  stockValue: 'Enter the value of your business stock and equipment in whole shillings (0 if none).',
  budgetRequired: 'Enter what you can spend on insurance each month, in whole shillings, more than 0.',
  duplicateCover: 'Choose each existing cover once.',
  notFound: 'You have not completed an assessment yet.',
  notLinked: 'You can only share your assessment with an intermediary you already work with.',
  sharedNotFound: 'This assessment is not shared with your firm.',
} as const;

export const VEHICLE_USES = ['private', 'business', 'psv'] as const;
export type VehicleUse = (typeof VEHICLE_USES)[number];
export const HOME_TENURES = ['owned', 'rented', 'family'] as const;
export type HomeTenure = (typeof HOME_TENURES)[number];
export const HOME_PREMISES = ['house', 'apartment'] as const;
export const BUSINESS_KINDS = ['none', 'shop', 'office', 'farm', 'transport', 'other'] as const;
export type BusinessKind = (typeof BUSINESS_KINDS)[number];
export const EXISTING_COVERS = ['motor', 'fire-domestic', 'theft', 'medical', 'life', 'sha'] as const;
export type ExistingCover = (typeof EXISTING_COVERS)[number];

export const ASSESSMENT_LABELS = {
  vehicleUse: {
    private: 'Private: family and personal trips',
    business: 'Business: carrying my own goods or tools',
    psv: 'For hire: matatu, taxi or boda boda',
  } satisfies Record<VehicleUse, string>,
  tenure: {
    owned: 'I own my home',
    rented: 'I rent my home',
    family: 'I live with family (no rent)',
  } satisfies Record<HomeTenure, string>,
  premises: { house: 'Standalone house', apartment: 'Apartment' },
  business: {
    none: 'No business',
    shop: 'Shop or kiosk',
    office: 'Office',
    farm: 'Farm',
    transport: 'Transport',
    other: 'Other business',
  } satisfies Record<BusinessKind, string>,
  existingCover: {
    motor: 'Motor insurance',
    'fire-domestic': 'Fire cover for my home',
    theft: 'Burglary or theft cover',
    medical: 'Private medical cover',
    life: 'Life assurance',
    sha: 'SHA (public health cover)',
  } satisfies Record<ExistingCover, string>,
} as const;

// Typed as people write them ("1,200,000", "1 200 000"; numbers.ts). Each message says what to enter.
const count = (max: number, message: string, min = 0) =>
  countSchema({ required: message, invalid: message, range: message, min, max });
/** Whole shillings up to a billion; `positive` refuses 0. */
const shillings = (message: string, positive: boolean) =>
  amountSchema({ required: message, invalid: message, range: message, min: positive ? 1 : 0, max: 1e9 });

/** The same amount on the wire (issue 29): integer cents of whole shillings, with the form's message. */
const wholeShillingCentsOf = (message: string, positive: boolean) =>
  wholeShillingCents({
    required: message,
    notWhole: message,
    min: { cents: positive ? 100 : 0, message },
    max: { cents: 1e9 * 100, message },
  });

type AmountField = (message: string, positive: boolean) => z.ZodType<number, unknown>;

const vehicleSchemaWith = (amount: AmountField) =>
  z.object({
    use: choiceSchema(VEHICLE_USES, ASSESSMENT_MESSAGES.vehicleUseRequired),
    value: amount(ASSESSMENT_MESSAGES.vehicleValue, true),
  });

export const assessmentVehicleSchema = vehicleSchemaWith(shillings);
export type AssessmentVehicle = z.infer<typeof assessmentVehicleSchema>;

/** The questionnaire's answers with their amounts read by `amount` (typed shillings or wire cents). */
const answersSchemaWith = (amount: AmountField) =>
  z
    .object({
      household: z.object({
        adults: count(20, ASSESSMENT_MESSAGES.adultsRange, 1),
        children: count(20, ASSESSMENT_MESSAGES.childrenRange),
      }),
      dependants: count(30, ASSESSMENT_MESSAGES.dependantsRange),
      vehicles: z.array(vehicleSchemaWith(amount)).max(5, ASSESSMENT_MESSAGES.tooManyVehicles),
      home: z.object({
        tenure: choiceSchema(HOME_TENURES, ASSESSMENT_MESSAGES.tenureRequired),
        premises: choiceSchema(HOME_PREMISES, ASSESSMENT_MESSAGES.premisesRequired),
        construction: choiceSchema(CONSTRUCTION_TYPES, ASSESSMENT_MESSAGES.constructionRequired),
        /** Asked only of owners (0 otherwise). */
        buildingValue: amount(ASSESSMENT_MESSAGES.buildingValueRequired, false),
        contentsValue: amount(ASSESSMENT_MESSAGES.contentsValue, false),
      }),
      business: z.object({
        kind: choiceSchema(BUSINESS_KINDS, ASSESSMENT_MESSAGES.businessRequired),
        stockValue: amount(ASSESSMENT_MESSAGES.stockValue, false),
      }),
      existingCovers: z
        .array(z.enum(EXISTING_COVERS))
        .max(EXISTING_COVERS.length)
        .refine((covers) => new Set(covers).size === covers.length, {
          error: ASSESSMENT_MESSAGES.duplicateCover,
        }),
      monthlyBudget: amount(ASSESSMENT_MESSAGES.budgetRequired, true),
    })
    .superRefine((answers, context) => {
      if (answers.home.tenure === 'owned' && !(answers.home.buildingValue > 0)) {
        context.addIssue({
          code: 'custom',
          path: ['home', 'buildingValue'],
          message: ASSESSMENT_MESSAGES.buildingValueRequired,
        });
      }
    });
/**
 * The questionnaire's answers as typed and as kept (amounts in whole shillings), checked the same way
 * in the browser and on the server.
 */
export const assessmentAnswersSchema = answersSchemaWith(shillings);
export type AssessmentAnswers = z.infer<typeof assessmentAnswersSchema>;
export type AssessmentAnswersInput = z.input<typeof assessmentAnswersSchema>;

/** The answers on the wire (`saveAssessment`): the same checks and messages, amounts in cents. */
export const assessmentAnswersCentsSchema = answersSchemaWith(wholeShillingCentsOf);

/** The answers' amounts moved by `move` (shillings to cents for the wire, or back to keep them). */
export function mapAssessmentAmounts(answers: AssessmentAnswers, move: (amount: number) => number) {
  return {
    ...answers,
    vehicles: answers.vehicles.map((vehicle) => ({ ...vehicle, value: move(vehicle.value) })),
    home: {
      ...answers.home,
      buildingValue: move(answers.home.buildingValue),
      contentsValue: move(answers.home.contentsValue),
    },
    business: { ...answers.business, stockValue: move(answers.business.stockValue) },
    monthlyBudget: move(answers.monthlyBudget),
  };
}

/** `client / assessment / shareAssessment` and `unshareAssessment`: one intermediary firm. */
export const assessmentShareSchema = z.object({ intermediaryId: z.coerce.number().int().positive() });
/** `intermediary / assessment / listShared`: a page of the assessments shared with the firm. */
export const sharedAssessmentPageSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
/** `intermediary / assessment / getShared`: one share, by its id. */
export const sharedAssessmentRefSchema = z.object({ id: z.coerce.number().int().positive() });

// ── The rules ───────────────────────────────────────────────────────────────────────────────────

/** The catalogue products an assessment can suggest (their catalogue routeName). */
export type AssessmentCover =
  | 'motor-private'
  | 'motor-commercial'
  | 'fire-domestic'
  | 'theft-insurance'
  | 'medical'
  | 'life-assurance';

export const ASSESSMENT_COVER_LABELS: Record<AssessmentCover, string> = {
  'motor-private': 'Motor Private',
  'motor-commercial': 'Motor Commercial',
  'fire-domestic': 'Fire Domestic',
  'theft-insurance': 'Theft Insurance',
  medical: 'Medical',
  'life-assurance': 'Life Assurance',
};

/** Why a cover fits and what is missing: fixed texts, translated by the domain's catalogs. */
export const ASSESSMENT_REASON_MESSAGES = {
  motorLaw: 'Kenyan law requires at least third-party cover for every vehicle on the road.',
  motorComprehensive:
    'Comprehensive cover also repairs or replaces your own vehicle after an accident, fire or theft.',
  motorOlder:
    'For an older vehicle, third party, fire and theft cover keeps you legal and protects its value at a lower price.',
  motorCommercial:
    'A vehicle that carries goods or paying passengers needs commercial cover: a private policy will not pay for it.',
  fireOwner:
    'Your home is likely your biggest asset: fire domestic cover rebuilds it after a fire, lightning or an explosion.',
  fireTenant:
    'Your landlord’s insurance does not cover your belongings: fire domestic can cover your household contents alone.',
  theftHome: 'Burglary cover pays for household goods stolen after a forced entry.',
  theftBusiness: 'Your stock and equipment at your business premises can be insured against burglary.',
  medical: 'Hospital bills are the most common money shock for Kenyan families; SHA pays only part of them.',
  medicalChildren: 'Children need care often: a family medical cover pays outpatient and inpatient bills.',
  life: 'People rely on your income: life assurance pays them a sum if you die.',
  alreadyCovered:
    'You told us you already have this cover: check that its sum insured matches today’s values.',
} as const;

export const ASSESSMENT_MISSING_MESSAGES = {
  motorDocuments: 'To buy it: the logbook, the registration number and the chassis number.',
  commercialDetails: 'To price it we need the vehicle type, tonnage, goods carried and routes.',
  fireDetails: 'To buy it: the home’s exact location; the price may change with it.',
  theftSecurity: 'The estimate assumes no alarm or guard: security measures can lower the price.',
  theftItems: 'List high-value items (phones, laptops, jewellery) separately when you get a quote.',
  comingSoon: 'We do not sell this cover yet: ask to be told when it is available.',
  kyc: 'To buy any cover: your ID number and KRA PIN.',
} as const;

export const ASSESSMENT_BUDGET_MESSAGES = {
  within: 'The estimated covers fit within your monthly budget.',
  over: 'The estimated covers cost more than your monthly budget: start with the essential ones, or pay by premium financing (IPF) in monthly instalments.',
  noEstimate: 'None of the suggested covers can be priced yet.',
} as const;

/** How strongly a cover is suggested: the law or the biggest risks first. */
export type AssessmentPriority = 'essential' | 'recommended' | 'consider';
export const ASSESSMENT_PRIORITY_LABELS: Record<AssessmentPriority, string> = {
  essential: 'Essential',
  recommended: 'Recommended',
  consider: 'Worth considering',
};

/** Below this value an older vehicle is suggested third party, fire and theft, not comprehensive. */
export const COMPREHENSIVE_FROM_SHILLINGS = 300_000;

/** What the server prices for a suggestion: a class, its cover type and the rating facts. */
export interface AssessmentPricing {
  insuranceClass: string;
  coverType: string;
  /** The total sum insured in cents (a vehicle's value, a home's building and contents). */
  sumInsured: number;
  risk: RatingRisk;
}

/** The flow a suggestion's "Get a quote" opens, with what it can prefill (query parameters). */
export interface AssessmentQuoteLink {
  routeName: AssessmentCover;
  params: Record<string, string>;
}

export interface AssessmentSuggestion {
  /** Stable within one assessment: `motor-private-0` is the first vehicle's. */
  id: string;
  cover: AssessmentCover;
  priority: AssessmentPriority;
  /** The client said they already hold this cover. */
  isCovered: boolean;
  /** The sum insured the suggestion is for, in whole shillings (0 when not priced by value). */
  sumInsured: number;
  reasons: string[];
  missing: string[];
  pricing: AssessmentPricing | null;
  quote: AssessmentQuoteLink;
}

const KES = (shillings: number) => shillings * 100;
const PRIORITY_ORDER: Record<AssessmentPriority, number> = { essential: 0, recommended: 1, consider: 2 };

function motorSuggestion(
  vehicle: AssessmentVehicle,
  index: number,
  isCovered: boolean,
): AssessmentSuggestion {
  if (vehicle.use !== 'private') {
    return {
      id: `motor-commercial-${index}`,
      cover: 'motor-commercial',
      priority: 'essential',
      isCovered,
      sumInsured: vehicle.value,
      reasons: [ASSESSMENT_REASON_MESSAGES.motorLaw, ASSESSMENT_REASON_MESSAGES.motorCommercial],
      missing: [ASSESSMENT_MISSING_MESSAGES.commercialDetails, ASSESSMENT_MISSING_MESSAGES.motorDocuments],
      pricing: null,
      quote: { routeName: 'motor-commercial', params: {} },
    };
  }
  const coverType =
    vehicle.value >= COMPREHENSIVE_FROM_SHILLINGS ? 'comprehensive' : 'third-party-fire-theft';
  return {
    id: `motor-private-${index}`,
    cover: 'motor-private',
    priority: 'essential',
    isCovered,
    sumInsured: vehicle.value,
    reasons: [
      ASSESSMENT_REASON_MESSAGES.motorLaw,
      coverType === 'comprehensive'
        ? ASSESSMENT_REASON_MESSAGES.motorComprehensive
        : ASSESSMENT_REASON_MESSAGES.motorOlder,
    ],
    missing: [ASSESSMENT_MISSING_MESSAGES.motorDocuments],
    pricing: {
      insuranceClass: '07',
      coverType,
      sumInsured: KES(vehicle.value),
      risk: vehicleRisk(KES(vehicle.value)),
    },
    quote: { routeName: 'motor-private', params: { coverType, value: String(vehicle.value) } },
  };
}

function fireSuggestion(answers: AssessmentAnswers, isCovered: boolean): AssessmentSuggestion | null {
  const { home } = answers;
  const buildingValue = home.tenure === 'owned' ? home.buildingValue : 0;
  if (buildingValue <= 0 && home.contentsValue <= 0) return null;
  const occupancy = home.tenure === 'owned' ? 'owner-occupied' : 'tenant-occupied';
  const risk = fireDomesticClass.ratingRisk({
    buildingValue,
    contentsValue: home.contentsValue,
    location: { county: '', town: '' },
    construction: home.construction,
    occupancy,
  });
  return {
    id: 'fire-domestic',
    cover: 'fire-domestic',
    priority: buildingValue > 0 ? 'essential' : 'recommended',
    isCovered,
    sumInsured: buildingValue + home.contentsValue,
    reasons: [
      buildingValue > 0 ? ASSESSMENT_REASON_MESSAGES.fireOwner : ASSESSMENT_REASON_MESSAGES.fireTenant,
    ],
    missing: [ASSESSMENT_MISSING_MESSAGES.fireDetails],
    pricing: {
      insuranceClass: '03',
      coverType: 'fire-domestic',
      sumInsured: KES(buildingValue + home.contentsValue),
      risk,
    },
    quote: {
      routeName: 'fire-domestic',
      params: {
        buildingValue: String(buildingValue),
        contentsValue: String(home.contentsValue),
        construction: home.construction,
        occupancy,
      },
    },
  };
}

function theftSuggestion(
  id: string,
  premisesType: 'house' | 'apartment' | 'shop' | 'office',
  contentsValue: number,
  isCovered: boolean,
): AssessmentSuggestion {
  const isBusiness = premisesType === 'shop' || premisesType === 'office';
  return {
    id,
    cover: 'theft-insurance',
    priority: isBusiness ? 'recommended' : 'consider',
    isCovered,
    sumInsured: contentsValue,
    reasons: [isBusiness ? ASSESSMENT_REASON_MESSAGES.theftBusiness : ASSESSMENT_REASON_MESSAGES.theftHome],
    missing: [
      ASSESSMENT_MISSING_MESSAGES.theftSecurity,
      ...(isBusiness ? [] : [ASSESSMENT_MISSING_MESSAGES.theftItems]),
    ],
    pricing: {
      insuranceClass: '05',
      coverType: 'burglary',
      sumInsured: KES(contentsValue),
      risk: theftClass.ratingRisk({
        premisesType,
        contentsValue,
        highValueItems: [],
        security: { alarm: false, guard: false, burglarBars: false, electricFence: false },
      }),
    },
    quote: { routeName: 'theft-insurance', params: { contentsValue: String(contentsValue), premisesType } },
  };
}

/**
 * The covers of our catalogue that fit an assessment, most needed first: motor for each vehicle
 * (private or commercial by its use), fire domestic for an owned home or any contents, theft for
 * household contents and for a shop's or office's stock, medical without private medical cover, and
 * life assurance when people rely on the client's income. Each says why, what is still missing and,
 * when the engine can price it, the request to price.
 */
export function assessNeeds({ answers }: { answers: AssessmentAnswers }): AssessmentSuggestion[] {
  const has = (cover: ExistingCover) => answers.existingCovers.includes(cover);
  const suggestions: AssessmentSuggestion[] = answers.vehicles.map((vehicle, index) =>
    motorSuggestion(vehicle, index, has('motor')),
  );
  const fire = fireSuggestion(answers, has('fire-domestic'));
  if (fire) suggestions.push(fire);
  if (answers.home.contentsValue > 0) {
    suggestions.push(
      theftSuggestion('theft-home', answers.home.premises, answers.home.contentsValue, has('theft')),
    );
  }
  const { kind, stockValue } = answers.business;
  if ((kind === 'shop' || kind === 'office') && stockValue > 0) {
    suggestions.push(theftSuggestion('theft-business', kind, stockValue, false));
  }
  const householdSize = answers.household.adults + answers.household.children;
  if (!has('medical')) {
    suggestions.push({
      id: 'medical',
      cover: 'medical',
      priority: householdSize > 1 ? 'recommended' : 'consider',
      isCovered: false,
      sumInsured: 0,
      reasons: [
        ASSESSMENT_REASON_MESSAGES.medical,
        ...(answers.household.children > 0 ? [ASSESSMENT_REASON_MESSAGES.medicalChildren] : []),
      ],
      missing: [ASSESSMENT_MISSING_MESSAGES.comingSoon],
      pricing: null,
      quote: { routeName: 'medical', params: {} },
    });
  }
  if (answers.dependants > 0) {
    suggestions.push({
      id: 'life-assurance',
      cover: 'life-assurance',
      priority: 'recommended',
      isCovered: has('life'),
      sumInsured: 0,
      reasons: [ASSESSMENT_REASON_MESSAGES.life],
      missing: [ASSESSMENT_MISSING_MESSAGES.comingSoon],
      pricing: null,
      quote: { routeName: 'life-assurance', params: {} },
    });
  }
  for (const suggestion of suggestions) {
    if (suggestion.isCovered) suggestion.reasons.push(ASSESSMENT_REASON_MESSAGES.alreadyCovered);
  }
  // Covers the client lacks first, then by priority; the order above breaks ties.
  return suggestions
    .map((suggestion, index) => ({ suggestion, index }))
    .sort(
      (a, b) =>
        Number(a.suggestion.isCovered) - Number(b.suggestion.isCovered) ||
        PRIORITY_ORDER[a.suggestion.priority] - PRIORITY_ORDER[b.suggestion.priority] ||
        a.index - b.index,
    )
    .map(({ suggestion }) => suggestion);
}

/**
 * Whether the estimated annual premiums of the covers the client lacks fit a monthly budget
 * (whole shillings): the yearly total against twelve months of budget. Null total: nothing priced.
 */
export function budgetVerdict({
  annualTotal,
  monthlyBudget,
}: {
  annualTotal: number | null;
  monthlyBudget: number;
}): { message: string; isWithin: boolean | null; monthlyEquivalent: number | null } {
  if (annualTotal === null)
    return { message: ASSESSMENT_BUDGET_MESSAGES.noEstimate, isWithin: null, monthlyEquivalent: null };
  const monthlyEquivalent = Math.ceil(annualTotal / 12);
  const isWithin = monthlyEquivalent <= monthlyBudget;
  return {
    message: isWithin ? ASSESSMENT_BUDGET_MESSAGES.within : ASSESSMENT_BUDGET_MESSAGES.over,
    isWithin,
    monthlyEquivalent,
  };
}
