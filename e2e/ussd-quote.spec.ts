import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './purchase-fixtures';

/*
 * The USSD quote (issue 32, menu 5) by hand on /dev/ussd: a phone that is nobody's asks for a motor
 * quote, sees the three cheapest with their premiums, asks for a link by SMS, and the link opens the
 * portal's quotes for the same car and cover, the same products at the same premiums, cheapest first.
 */

/** A phone of this journey's own, ending 57 (no simulator's failure number). */
const ownPhone = () => `+2547${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}57`;

const screen = (page: Page) => page.getByRole('status');

async function reply(page: Page, answer: string) {
  await page.getByLabel('Answer').fill(answer);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** The texts queued to one phone, newest first (`GET /dev/sms?to=`, outside production only). */
async function textsTo(request: APIRequestContext, phone: string) {
  const response = await request.get(`/dev/sms?to=${encodeURIComponent(phone)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Array<{ to: string; text: string; kind: string }>;
}

test('a motor quote by USSD, its link by SMS opens the same quotes in the portal @phone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const phone = ownPhone();
  await page.goto('/dev/ussd');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: /^Dial \*/ }).click();
  await expect(screen(page)).toContainText('Choose a language / Chagua lugha');
  await reply(page, '1');
  await expect(screen(page)).toContainText('5. Get a motor quote');
  await reply(page, '5');
  await expect(screen(page)).toContainText('Enter your car’s value in KES');
  await reply(page, '1500000');
  await expect(screen(page)).toContainText('Cover for a car worth KES 1,500,000:');
  await reply(page, '1');
  await expect(screen(page)).toContainText('Cheapest Comprehensive:');
  await expect(screen(page)).toContainText('1. Send me a link');

  // The three lines "<product>: KES <premium>" as the phone shows them.
  const quoted = ((await screen(page).textContent()) ?? '')
    .split('\n')
    .map((line) => /^(.+): (KES [\d,.]+)$/.exec(line.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ name: match[1]!.replace(/…$/, ''), premium: match[2]! }));
  expect(quoted.length).toBeGreaterThan(0);
  expect(quoted.length).toBeLessThanOrEqual(3);

  await reply(page, '1');
  await expect(screen(page)).toContainText('We have sent the link by SMS to');
  await expect(page.getByText('Session ended.')).toBeVisible();

  await expect.poll(async () => (await textsTo(request, phone)).length, { timeout: 20_000 }).toBe(1);
  const [text] = await textsTo(request, phone);
  expect(text!.kind).toBe('ussd_link');
  const link = new URL(/https?:\/\/\S+/.exec(text!.text)![0]);

  // The link, opened on this phone: the portal's quotes for that car and cover, cheapest first.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Compare quotations' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Quoted products' }).getByRole('article');
  for (const [index, product] of quoted.entries()) {
    const card = cards.nth(index);
    await expect(card).toContainText(product.name);
    await expect(card).toContainText(product.premium);
  }
  await expectNoSeriousViolations(page, 'quotes opened from a USSD link, phone');
});
