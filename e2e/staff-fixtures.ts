import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { call, freshVehicleIdentity, type Session, type VehicleIdentity } from './purchase-fixtures';

/** The sample staff accounts' password (README, "Sample staff accounts"; seeded outside production). */
export const STAFF_PASSWORD = 'Bima-Staff-2026!';

export const STAFF = {
  admin: 'admin@bimaportal.co.ke',
  savannahBroker: 'broker@savannah-brokers.example',
  underwriter: 'underwriter.jubilee@bimaportal.co.ke',
} as const;

export interface StaffSession extends Session {
  role: 'intermediary' | 'underwriter' | 'admin';
}

/** Signs a sample staff member in through the API (for journeys not about signing in). */
export function signInStaffThroughApi(request: APIRequestContext, email: string): Promise<StaffSession> {
  return call<StaffSession>(request, ['user', 'auth', 'login'], {
    username: email,
    password: STAFF_PASSWORD,
    loginDevice: {},
  });
}

/** Signs a staff member in on the usual sign-in page and waits for the staff area. */
export async function signInStaffThroughPage(page: Page, email: string) {
  await page.goto('/insurance/auth?mode=login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/staff$/);
}

export interface DirectoryFirm {
  id: number;
  intermediaryNames: string;
  status: string;
}

/** The public directory (`underwriting / quotation / listIntermediaries`): ACTIVE firms only. */
export function listPublicIntermediaries(request: APIRequestContext): Promise<DirectoryFirm[]> {
  return call<DirectoryFirm[]>(request, ['underwriting', 'quotation', 'listIntermediaries'], {});
}

/** A Kenyan date (yyyy-mm-dd) `days` from today. */
export function kenyaDate(days: number): string {
  return new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A signed-in client's help request to one firm, through the API, for a car of its own (DMVIC refuses
 * a second cover for one plate or chassis): answers its reference and the car.
 */
export async function createHelpRequestThroughApi(
  request: APIRequestContext,
  session: Session,
  firmName: string,
  car: VehicleIdentity = freshVehicleIdentity(),
): Promise<{ requestSystemRef: string; car: VehicleIdentity }> {
  const firm = (await listPublicIntermediaries(request)).find((item) => item.intermediaryNames === firmName);
  if (!firm) throw new Error(`${firmName} is not in the directory`);
  const created = await call<{ requestSystemRef: string }>(
    request,
    ['underwriting', 'quotation', 'createHelpRequest'],
    {
      entityRefs: [firm.id],
      expiry: kenyaDate(14),
      status: 'PENDING',
      remarks: 'Please quote comprehensive cover for my family car.',
      clientDetails: {
        names: { firstName: session.user.names.firstName, lastName: session.user.names.lastName },
        email: session.user.email,
        kraPin: 'A123456789X',
      },
      riskDetails: { value: 125_000_000, chassisNumber: car.chassisNumber, regNo: car.registrationNumber },
    },
    session.accessToken,
  );
  return { ...created, car };
}
