import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { signInThroughUi, toast } from './fixtures';
import { buyPolicyThroughApi, call, createClient, PASSWORD, useSession } from './purchase-fixtures';

/** The names of the files in a zip archive, read from its central directory. */
function zipNames(archive: Buffer): string[] {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const nameLength = archive.readUInt16LE(at + 28);
    const skip = archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
    names.push(archive.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + skip;
  }
  return names;
}

/** The bytes of one file of a STORE-only zip (what the portal writes). */
function zipEntry(archive: Buffer, name: string): Buffer {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = archive.readUInt32LE(end + 16);
  for (let index = 0; index < archive.readUInt16LE(end + 10); index += 1) {
    const nameLength = archive.readUInt16LE(at + 28);
    if (archive.subarray(at + 46, at + 46 + nameLength).toString('utf8') === name) {
      const local = archive.readUInt32LE(at + 42);
      const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
      return archive.subarray(start, start + archive.readUInt32LE(at + 20));
    }
    at += 46 + nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
  }
  throw new Error(`${name} is not in the archive`);
}

test.describe('Privacy & my data', () => {
  test('a client withdraws marketing, downloads their data, closes the account and cannot sign in @phone', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const client = await createClient(request, { withKyc: true });
    const policyNumber = await buyPolicyThroughApi(request, client.session);
    // Agreed to marketing e-mails earlier.
    await call(
      request,
      ['client', 'privacy', 'setConsent'],
      { purpose: 'marketing_email', granted: true },
      client.session.accessToken,
    );
    await useSession(page, client.session);

    // Where a signed-in client lands, then the portal menu (behind its button on a phone).
    await page.goto('/newportal');
    // The first screen loads the portal's code; on a loaded machine that can take longer than a click.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    const phoneMenu = page.getByRole('button', { name: 'Portal menu' });
    if (await phoneMenu.isVisible()) await phoneMenu.click();
    await page
      .getByRole('navigation', { name: 'Client portal' })
      .getByRole('link', { name: 'Privacy & my data' })
      .click();
    await expect(page.getByRole('heading', { name: 'Privacy & my data', level: 1 })).toBeVisible();
    const consents = page.getByRole('region', { name: 'Your consents' });
    const marketing = consents.getByRole('listitem').filter({ hasText: 'Marketing e-mails' });
    await expect(marketing.getByText('Given', { exact: true })).toBeVisible();
    await expect(marketing.getByText(/^Given on .+ \(Privacy screen\)$/)).toBeVisible();
    await expectNoSeriousViolations(page, 'Privacy & my data');

    await marketing.getByRole('button', { name: 'Withdraw consent: Marketing e-mails' }).click();
    await expect(toast(page, 'Consent withdrawn: Marketing e-mails')).toBeVisible();
    await expect(marketing.getByText('Not given', { exact: true })).toBeVisible();
    await expect(marketing.getByText(/^Withdrawn on .+ \(Privacy screen\)$/)).toBeVisible();
    await consents.getByText('History of your choices').click();
    await expect(
      consents.getByText(/Marketing e-mails, withdrawn \(Privacy screen, wording marketing-email-/),
    ).toBeVisible();
    await expect(
      consents.getByText(/Marketing e-mails, given \(Privacy screen, wording marketing-email-/),
    ).toBeVisible();

    const download = page.getByRole('region', { name: 'Download my data' });
    const saved = page.waitForEvent('download');
    await download.getByRole('button', { name: 'Download my data' }).click();
    const file = await saved;
    expect(file.suggestedFilename()).toMatch(/^bima-my-data-\d{4}-\d\d-\d\d\.zip$/);
    await expect(download.getByText(/^Your archive bima-my-data-.+\.zip is downloaded\.$/)).toBeVisible();
    const archive = await readFile(await file.path());
    const names = zipNames(archive);
    expect(names).toContain('my-data.json');
    expect(names).toContain(`policies/policy-schedule-${policyNumber.replace(/\//g, '-')}.pdf`);
    const data = JSON.parse(zipEntry(archive, 'my-data.json').toString('utf8'));
    expect(data.profile.email).toBe(client.email);
    expect(data.policies[0].policyNumber).toBe(policyNumber);
    expect(
      zipEntry(archive, `policies/policy-schedule-${policyNumber.replace(/\//g, '-')}.pdf`)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const close = page.getByRole('region', { name: 'Close my account' });
    await close.getByLabel('Your password').fill(PASSWORD);
    await close
      .getByLabel('I understand that my account will be closed and my personal data erased.')
      .check();
    await close.getByRole('button', { name: 'Close my account' }).click();
    await expect(toast(page, 'Your account is closed')).toBeVisible();
    await expect(page).toHaveURL(/\/insurance\/auth/);

    await signInThroughUi(page, client.email, PASSWORD);
    await expect(page.getByText('Invalid e-mail or password.').first()).toBeVisible();
    await expect(page).not.toHaveURL(/\/newportal/);
  });
});
