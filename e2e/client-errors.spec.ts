import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { serverLogLines } from './server-log';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

interface ClientError {
  kind: string;
  message: string;
  stack?: string;
  route: string;
  release: string;
  browser: string;
  count: number;
}

const browserErrors = (marker: string) =>
  serverLogLines()
    .filter((line) => line.msg === 'browser error')
    .map((line) => line.clientError as ClientError)
    .filter((error) => error.message.includes(marker));

test('an unhandled error and rejection in the page reach the server log with the release and the route @phone', async ({
  page,
}, testInfo) => {
  // Letters only: a run of digits would be scrubbed out of the message.
  const marker = `check${testInfo.project.name}${'abcdefghij'.charAt(testInfo.retry)}`;
  await page.goto('/insurance/auth?mode=signup&email=wanjiru@example.co.ke');
  await expect(page.getByLabel('First name')).toBeVisible();

  await page.evaluate((text) => {
    setTimeout(() => {
      throw new TypeError(`${text}: no premium for wanjiru@example.co.ke at 0712345678`);
    }, 0);
    void Promise.reject(new Error(`${text} rejected`));
  }, marker);

  await expect.poll(() => browserErrors(marker).length, { timeout: 15_000 }).toBe(2);
  const errors = browserErrors(marker);
  const thrown = errors.find((error) => error.kind === 'error');
  const rejected = errors.find((error) => error.kind === 'unhandledrejection');
  expect(thrown).toMatchObject({
    message: `TypeError: ${marker}: no premium for [email] at [phone]`,
    route: '/insurance/auth',
    count: 1,
    browser: testInfo.project.name === 'phone' ? 'Chrome Android' : 'Chrome Windows',
  });
  expect(rejected).toMatchObject({ message: `Error: ${marker} rejected`, route: '/insurance/auth' });
  // The build's release: the package version and the commit it was built from.
  expect(thrown?.release).toMatch(new RegExp(`^${version.replaceAll('.', '\\.')}\\+[0-9a-f]{12}$`));
  const raw = JSON.stringify(errors);
  expect(raw).not.toContain('wanjiru');
  expect(raw).not.toContain('0712345678');
  expect(raw).not.toContain('mode=signup');
});
