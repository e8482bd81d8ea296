import { formatKes, formatNumber } from '@bima/domain/money';
import { formatIsoDate } from '../../../lib/dates';
import type { KycData } from '../../../stores/risk';
import { t } from '../i18n';

export interface SummaryRow {
  label: string;
  value: string;
}

/** 'third-party' → 'Third-party': the payment panel's cover type, first letter capitalised (spec-2). */
export function capitaliseFirst(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

export function formatDays(days: number): string {
  return t('purchase.days', { days });
}

/** The quote's insurance details; the vehicle value and the premium in cents. */
export interface InsuranceSummaryInput {
  coverTypeLabel: string;
  isThirdParty: boolean;
  vehicleValue: number;
  productName: string;
  premium: number;
  periodDays: number;
  startDate: string;
}

/** Insurance Details of the summary (spec-2): the vehicle value only when the cover is not third-party. */
export function buildInsuranceRows(input: InsuranceSummaryInput): SummaryRow[] {
  return [
    { label: t('purchase.fields.coverType'), value: input.coverTypeLabel },
    ...(input.isThirdParty
      ? []
      : [{ label: t('purchase.fields.vehicleValue'), value: formatKes(input.vehicleValue) }]),
    { label: t('purchase.fields.product'), value: input.productName },
    { label: t('purchase.fields.premium'), value: formatKes(input.premium) },
    { label: t('purchase.fields.coverPeriod'), value: formatDays(input.periodDays) },
    {
      label: t('purchase.fields.startDate'),
      value: input.startDate ? formatIsoDate(input.startDate) : t('purchase.na'),
    },
  ];
}

type VehicleLike = Partial<Record<string, unknown>>;

function text(value: unknown): string {
  if (value === undefined || value === null) return t('purchase.na');
  const shown = String(value).trim();
  return shown === '' ? t('purchase.na') : shown;
}

/** 'Yes — details' / 'No' / 'N/A' for a yes/no answer with its details. */
function yesNo(answer: unknown, details: string[]): string {
  if (answer === 'yes') {
    const given = details.filter((entry) => entry.trim() !== '');
    return given.length > 0 ? `${t('purchase.yes')}: ${given.join(', ')}` : t('purchase.yes');
  }
  if (answer === 'no') return t('purchase.no');
  return t('purchase.na');
}

/** Vehicle Details of the summary (spec-2): every field, 'N/A' where missing. */
export function buildVehicleRows(vehicle: VehicleLike | null): SummaryRow[] {
  const v = vehicle ?? {};
  const fuel = typeof v.fuelType === 'string' && v.fuelType ? v.fuelType : undefined;
  const purpose =
    typeof v.usePurpose === 'string' && v.usePurpose ? capitaliseFirst(v.usePurpose) : undefined;
  const capacity = v.engineCapacity
    ? t('purchase.cc', { cc: formatNumber(Number(v.engineCapacity)) })
    : undefined;
  const modificationDate =
    typeof v.modificationDate === 'string' && v.modificationDate
      ? t('purchase.modifiedOn', { date: formatIsoDate(v.modificationDate) })
      : '';
  return [
    { label: t('purchase.vehicle.make'), value: text(v.make) },
    { label: t('purchase.vehicle.model'), value: text(v.model) },
    { label: t('purchase.vehicle.registrationNumber'), value: text(v.registrationNumber) },
    { label: t('purchase.vehicle.chassisNumber'), value: text(v.chassisNumber) },
    { label: t('purchase.vehicle.engineNumber'), value: text(v.engineNumber) },
    { label: t('purchase.vehicle.engineCapacityShort'), value: text(capacity) },
    { label: t('purchase.vehicle.bodyType'), value: text(v.bodyType) },
    { label: t('purchase.vehicle.fuelType'), value: text(fuel) },
    { label: t('purchase.vehicle.usePurpose'), value: text(purpose) },
    { label: t('purchase.vehicle.colour'), value: text(v.colour) },
    { label: t('purchase.vehicle.yearOfManufacture'), value: text(v.yearOfManufacture) },
    {
      label: t('purchase.vehicle.antiTheftDevice'),
      value: yesNo(v.antiTheftDevice, [String(v.antiTheftDetails ?? '')]),
    },
    {
      label: t('purchase.vehicle.modifications'),
      value: yesNo(v.modifications, [String(v.modificationDetails ?? ''), modificationDate]),
    },
  ];
}

/** Your Details of the summary (issue 14): who is insured, as the policy will name them. */
export function buildClientRows(client: KycData | undefined): SummaryRow[] {
  const name = client ? `${client.names.firstName} ${client.names.lastName}`.trim() : '';
  const kraPin = client?.kraPin && client.kraPin !== 'N/A' ? client.kraPin : undefined;
  return [
    { label: t('purchase.client.name'), value: text(name) },
    { label: t('purchase.client.kraPin'), value: text(kraPin) },
    { label: t('purchase.client.phone'), value: text(client?.phone) },
    { label: t('purchase.client.email'), value: text(client?.email) },
    { label: t('purchase.client.address'), value: text(client?.address) },
  ];
}
