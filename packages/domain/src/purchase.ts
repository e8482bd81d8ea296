import { z } from 'zod';
import { kenyanPhoneSchema } from './account';
import { COVER_DATE_MESSAGES, isCalendarDate } from './cover-dates';
import { isChassisNumber, normaliseChassisNumber } from './identifiers';
import { paymentPlanSchema } from './monthly';
import { choiceSchema, countSchema } from './numbers';
import {
  chosenExcessSchema,
  QUOTATION_MESSAGES,
  selectedBenefitSchema,
  wholeShillingCents,
} from './quotation';

/** Messages of spec-2 §5 for the vehicle form, word for word where the spec gives them. */
export const VEHICLE_MESSAGES = {
  makeRequired: 'Vehicle make is required',
  modelRequired: 'Vehicle model is required',
  registrationRequired: 'Registration number is required',
  registrationInvalid: 'Please enter a valid registration number (e.g., KAA 123A)',
  chassisRequired: 'Chassis number is required',
  chassisLength: 'Chassis number should be 17 characters long',
  engineNumberRequired: 'Engine number is required',
  engineCapacityRequired: 'Engine capacity is required',
  engineCapacityPositive: 'Engine capacity must be greater than 0',
  engineCapacityInvalid: 'Engine capacity must be a number of cc, e.g. 1,500.',
  fuelTypeRequired: 'Fuel type is required',
  bodyTypeRequired: 'Body type is required',
  bodyTypeLetters: 'Body type should only contain letters',
  usePurposeRequired: 'Use purpose is required',
  colourRequired: 'Colour is required',
  colourLetters: 'Colour should only contain letters',
  yearRequired: 'Year of manufacture is required',
  antiTheftRequired: 'Anti-theft device information is required.',
  antiTheftDetailsRequired: 'Anti-theft device details are required',
  detailsLength: 'Details must be at least 10 characters',
  modificationsRequired: 'Please specify if the vehicle has modifications.',
  modificationDetailsRequired: 'Modification details are required',
  modificationDateRequired: 'Modification date is required',
  modificationDateFuture: 'Modification date cannot be in the future',
} as const;

export const yearRangeMessage = (year: number) => `Year must be between 1900 and ${year}`;

/** Three capitals, an optional space, three digits, a capital (KBC 123A). */
export const REGISTRATION_PATTERN = /^[A-Z]{3}\s?\d{3}[A-Z]$/;
export const FUEL_TYPES = ['Petrol', 'Diesel', 'Electric', 'Hybrid'] as const;
export const USE_PURPOSES = ['private', 'commercial'] as const;
const LETTERS = /^[A-Za-z\s]+$/;
/** Body types as dealers write them: letters, with digits and a few signs where they belong ("SUV 4x4", "Double-cab"). */
const BODY_TYPE = /^[A-Za-z][A-Za-z0-9\s\-/]*$/;

/** Plates are stored without the space (KCR442X) and shown with it (KCR 442X). */
export function normaliseRegistration(plate: string): string {
  return plate.replace(/\s+/g, '').toUpperCase();
}

const required = (message: string) => z.string({ error: message }).trim().min(1, message);
const yesNo = (message: string) => choiceSchema(['yes', 'no'], message);

/** The four fields third-party cover asks for. */
export const vehicleIdentitySchema = z.object({
  make: required(VEHICLE_MESSAGES.makeRequired),
  model: required(VEHICLE_MESSAGES.modelRequired),
  registrationNumber: required(VEHICLE_MESSAGES.registrationRequired)
    .transform((plate) => plate.toUpperCase())
    .pipe(z.string().regex(REGISTRATION_PATTERN, VEHICLE_MESSAGES.registrationInvalid)),
  chassisNumber: required(VEHICLE_MESSAGES.chassisRequired)
    .transform(normaliseChassisNumber)
    .pipe(z.string().refine(isChassisNumber, VEHICLE_MESSAGES.chassisLength)),
});

/** Every field of the vehicle form, for covers other than third-party; `today` is YYYY-MM-DD. */
export function fullVehicleSchema(today: string) {
  const currentYear = Number(today.slice(0, 4));
  return vehicleIdentitySchema
    .extend({
      engineNumber: required(VEHICLE_MESSAGES.engineNumberRequired),
      engineCapacity: countSchema({
        required: VEHICLE_MESSAGES.engineCapacityRequired,
        invalid: VEHICLE_MESSAGES.engineCapacityInvalid,
        range: VEHICLE_MESSAGES.engineCapacityPositive,
        min: 1,
        max: 20_000,
      }),
      fuelType: choiceSchema(FUEL_TYPES, VEHICLE_MESSAGES.fuelTypeRequired),
      bodyType: required(VEHICLE_MESSAGES.bodyTypeRequired).pipe(
        z.string().regex(BODY_TYPE, VEHICLE_MESSAGES.bodyTypeLetters),
      ),
      usePurpose: choiceSchema(USE_PURPOSES, VEHICLE_MESSAGES.usePurposeRequired),
      colour: required(VEHICLE_MESSAGES.colourRequired).pipe(
        z.string().regex(LETTERS, VEHICLE_MESSAGES.colourLetters),
      ),
      yearOfManufacture: z.coerce
        .number({ error: VEHICLE_MESSAGES.yearRequired })
        .int(yearRangeMessage(currentYear))
        .min(1900, yearRangeMessage(currentYear))
        .max(currentYear, yearRangeMessage(currentYear)),
      antiTheftDevice: yesNo(VEHICLE_MESSAGES.antiTheftRequired),
      antiTheftDetails: z.string().trim().optional().default(''),
      modifications: yesNo(VEHICLE_MESSAGES.modificationsRequired),
      modificationDetails: z.string().trim().optional().default(''),
      modificationDate: z.string().trim().optional().default(''),
    })
    .superRefine((vehicle, context) => {
      const issue = (path: string, message: string) =>
        context.addIssue({ code: 'custom', path: [path], message });
      if (vehicle.antiTheftDevice === 'yes') {
        if (!vehicle.antiTheftDetails) issue('antiTheftDetails', VEHICLE_MESSAGES.antiTheftDetailsRequired);
        else if (vehicle.antiTheftDetails.length < 10)
          issue('antiTheftDetails', VEHICLE_MESSAGES.detailsLength);
      }
      if (vehicle.modifications === 'yes') {
        if (!vehicle.modificationDetails)
          issue('modificationDetails', VEHICLE_MESSAGES.modificationDetailsRequired);
        else if (vehicle.modificationDetails.length < 10)
          issue('modificationDetails', VEHICLE_MESSAGES.detailsLength);
        if (!vehicle.modificationDate) issue('modificationDate', VEHICLE_MESSAGES.modificationDateRequired);
        else if (vehicle.modificationDate > today)
          issue('modificationDate', VEHICLE_MESSAGES.modificationDateFuture);
      }
    });
}

export type VehicleDetails = z.infer<ReturnType<typeof fullVehicleSchema>>;
export type VehicleIdentity = z.infer<typeof vehicleIdentitySchema>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `client / quotation / createQuotation`: spec-2 §3's payload, plus what the server needs to price
 * it again (it never trusts a total sent by the browser): benefits, excesses, start date, vehicle.
 */
export const createQuotationSchema = z.object({
  risks: z
    .array(
      z.object({
        riskType: z.literal('ASSET', { error: 'Risk type must be ASSET.' }),
        /** The vehicle's value in cents (null for third-party cover). */
        value: wholeShillingCents(QUOTATION_MESSAGES.vehicleValueRequired).nullable(),
        riskRef: z.string().trim().min(1, VEHICLE_MESSAGES.registrationRequired),
        details: z.record(z.string(), z.unknown()).optional().default({}),
      }),
    )
    .length(1, 'Exactly one risk is required.'),
  bussinessType: z.literal('DIRECT').default('DIRECT'),
  productSystemRef: z.string({ error: 'Please select a product.' }).trim().min(1, 'Please select a product.'),
  clientDetails: z
    .object({
      email: z.string().optional(),
      kraPin: z.string().optional(),
      names: z.object({ fname: z.string().optional(), lname: z.string().optional() }).optional(),
      kyc: z.record(z.string(), z.unknown()).optional(),
    })
    .optional()
    .default({}),
  coverPeriod: z.coerce.number().int().min(1, 'Cover period is required.').default(365),
  quotationChannel: z.literal('web').default('web'),
  coverDetails: z.object(
    {
      startDate: z
        .string({ error: 'Start date is required.' })
        .regex(ISO_DATE, 'Start date is required.')
        .refine(isCalendarDate, COVER_DATE_MESSAGES.notADate),
    },
    { error: 'Start date is required.' },
  ),
  additionalBenefits: z.array(selectedBenefitSchema).max(50).default([]),
  excesses: z.array(chosenExcessSchema).max(20).default([]),
  /** The vehicle (motor classes); other classes send none. */
  vehicleDetails: z.record(z.string(), z.unknown(), { error: 'Vehicle details are required.' }).default({}),
  /** At once (annual) or monthly (issue 31), where the product's underwriter offers it. */
  paymentPlan: paymentPlanSchema.default('annual'),
});
export type CreateQuotationInput = z.infer<typeof createQuotationSchema>;

/**
 * An M-Pesa number as people write it, reduced to the digits after the fixed +254 (spec-2 §5):
 * non-digits (spaces, dashes, brackets) dropped, then a leading country code (+254, 254 or 00254),
 * then a leading 0 (the trunk prefix). '0712 345 678', '+254 712 345 678' and '254712345678' all give
 * '712345678'. A national number starts with 7 or 1, so the prefixes are never part of it.
 */
export function normaliseMpesaDigits(typed: string): string {
  return typed
    .replace(/\D/g, '')
    .replace(/^(?:00)?254/, '')
    .replace(/^0/, '');
}

export const MPESA_MESSAGES = {
  startDigit: 'Please enter a valid Safaricom number starting with 7 or 1',
  length: 'Phone number must be 9 digits',
  invalid: 'Invalid phone number',
} as const;

/**
 * An M-Pesa number as people write it (0712 345 678, +254…, 254…, 712345678; parseKenyanPhone),
 * answered as M-Pesa takes it: 254 and the nine digits, starting with 7 or 1.
 */
export const mpesaPhoneSchema = kenyanPhoneSchema({
  required: MPESA_MESSAGES.invalid,
  invalid: MPESA_MESSAGES.invalid,
  format: 'msisdn',
  mobileOnly: true,
});

export const invoicePaymentRequestSchema = z.object({
  invoiceSystemRef: z
    .string({ error: 'Invoice reference is required.' })
    .trim()
    .min(1, 'Invoice reference is required.'),
  invoicePaymentDetails: z.object({
    paymentProvider: z.literal('mpesa', { error: 'Only M-Pesa payments are supported.' }),
    params: z.object({ PhoneNumber: mpesaPhoneSchema }, { error: MPESA_MESSAGES.invalid }),
  }),
});

export const paymentRequestDetailsSchema = z.object({
  paymentSystemRef: z
    .string({ error: 'Payment reference is required.' })
    .trim()
    .min(1, 'Payment reference is required.'),
});

export const systemQuotationRefSchema = z.object({
  systemQuotationRef: z
    .string({ error: 'Quotation reference is required.' })
    .trim()
    .min(1, 'Quotation reference is required.'),
});
