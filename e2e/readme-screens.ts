import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, TestInfo } from '@playwright/test';

/** Where the README's phone screenshots live (README "Screens on a phone"). */
export const README_SCREENSHOTS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');

/**
 * A screen of a journey, as the phone shows it: attached to the test's results, and — when the
 * journeys run for the README (`npm run screenshots` sets README_SCREENSHOTS) on the phone project —
 * written to docs/screenshots/<name>.png, so the README's pictures come from the journeys that prove
 * the screens work and stay current with them.
 */
export async function readmeShot(page: Page, testInfo: TestInfo, name: string) {
  const body = await page.screenshot({ fullPage: false, scale: 'css' });
  await testInfo.attach(name, { body, contentType: 'image/png' });
  if (process.env.README_SCREENSHOTS && testInfo.project.name === 'phone') {
    const file = resolve(README_SCREENSHOTS_DIR, `${name}.png`);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, body);
  }
}
