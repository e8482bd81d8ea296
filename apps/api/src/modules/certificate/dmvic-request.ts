import {
  type CertificateType,
  centsToWholeShillings,
  normaliseRegistration,
  THIRD_PARTY_COVER_TYPES,
} from '@bima/domain';
import type { Dmvic, DmvicCertificateRequest, DmvicCommercialUse, DmvicCoverType } from '../../dmvic/port';

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The insured's name as the policy was bought: the class KYC's full name, else first and last names. */
export function insuredNameOf(clientDetails: Record<string, unknown>): string {
  const kyc = clientDetails.kyc as { fullName?: string } | undefined;
  if (textOf(kyc?.fullName)) return textOf(kyc?.fullName);
  const names = (clientDetails.names ?? {}) as {
    firstName?: string;
    lastName?: string;
    fname?: string;
    lname?: string;
  };
  return `${textOf(names.firstName ?? names.fname)} ${textOf(names.lastName ?? names.lname)}`.trim();
}

/**
 * The e-mail as DMVIC takes it: DMVIC refuses a '+', so a sub-address (`local+tag@domain`, common at
 * Gmail) goes as its mailbox (`local@domain`, where the mail arrives all the same).
 */
export function dmvicEmailOf(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return trimmed;
  const local = trimmed.slice(0, at).split('+')[0] ?? '';
  return `${local}${trimmed.slice(at)}`;
}

/** DMVIC's cover code of a cover type: third party only 200, third party fire and theft 300, else comprehensive 100. */
export function dmvicCoverTypeOf(coverType: string): DmvicCoverType {
  if (THIRD_PARTY_COVER_TYPES.includes(coverType)) return 200;
  if (/fire/.test(coverType)) return 300;
  return 100;
}

/** What DMVIC needs to preview, validate or issue a certificate, from a quotation (and its policy once issued). */
export function dmvicRequestOf(input: {
  type: CertificateType;
  memberCompanyId: number;
  policyNumber: string;
  startDate: string;
  endDate: string;
  coverType: string;
  /** Cents. */
  vehicleValue: number;
  vehicle: Record<string, unknown>;
  riskDetails: Record<string, unknown>;
  clientDetails: Record<string, unknown>;
  phone: string | null;
  email: string | null;
}): DmvicCertificateRequest {
  const coverType = dmvicCoverTypeOf(input.coverType);
  const risk = input.riskDetails as {
    tonnageCapacity?: unknown;
    passengers?: unknown;
    seatingCapacity?: unknown;
    usageDetails?: { primaryUse?: unknown };
  };
  const passengers = Number(risk.passengers ?? risk.seatingCapacity ?? input.vehicle.seatingCapacity);
  const tonnage = Math.ceil(Number(risk.tonnageCapacity));
  const year = Number(input.vehicle.yearOfManufacture);
  const kraPin = textOf(input.clientDetails.kraPin);
  return {
    type: input.type,
    memberCompanyId: input.memberCompanyId,
    policyNumber: input.policyNumber,
    commencingDate: input.startDate,
    expiringDate: input.endDate,
    registrationNumber: normaliseRegistration(textOf(input.vehicle.registrationNumber)),
    chassisNumber: textOf(input.vehicle.chassisNumber),
    engineNumber: textOf(input.vehicle.engineNumber) || undefined,
    insuredName: insuredNameOf(input.clientDetails),
    // The account's phone of record, else the one the class KYC gave (motor commercial's).
    phoneNumber:
      input.phone ??
      (textOf((input.clientDetails.kyc as { phoneNumber?: unknown } | undefined)?.phoneNumber) ||
        textOf(input.clientDetails.phone)),
    email: dmvicEmailOf(input.email ?? textOf(input.clientDetails.email)),
    kraPin: /^[AP]\d{9}[A-Z]$/.test(kraPin) ? kraPin : null,
    coverType,
    sumInsured: coverType === 200 ? null : centsToWholeShillings(input.vehicleValue),
    // DMVIC asks passengers of types A, B and D, and tonnage of type B; the driver when none was given.
    passengers: input.type === 'C' ? null : Number.isInteger(passengers) && passengers > 0 ? passengers : 1,
    tonnage: input.type === 'B' ? (Number.isFinite(tonnage) && tonnage > 0 ? tonnage : 1) : null,
    bodyType: textOf(input.vehicle.bodyType),
    vehicleMake: textOf(input.vehicle.make) || undefined,
    vehicleModel: textOf(input.vehicle.model) || undefined,
    yearOfManufacture: Number.isInteger(year) && year > 1900 ? year : null,
    ...(input.type === 'B' ? { commercialUse: commercialUseOf(risk.usageDetails?.primaryUse) } : {}),
  };
}

function commercialUseOf(primaryUse: unknown): DmvicCommercialUse {
  if (primaryUse === 'general-cartage') return 'generalCartage';
  if (primaryUse === 'institutional') return 'institutional';
  if (primaryUse === 'tanker') return 'tanker';
  return 'ownGoods';
}

/**
 * The vehicle as the quotation holds it, its body type (which DMVIC needs and third-party cover does
 * not ask) taken from the register (DMVIC's VehicleSearch) when the client gave none.
 */
export async function withRegisteredBody(
  dmvic: Dmvic,
  vehicle: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (textOf(vehicle.bodyType) !== '') return vehicle;
  const registered = await dmvic.searchVehicle(normaliseRegistration(textOf(vehicle.registrationNumber)));
  if (!registered) return vehicle;
  return {
    ...vehicle,
    bodyType: registered.bodyType,
    yearOfManufacture: vehicle.yearOfManufacture ?? registered.yearOfManufacture,
  };
}
