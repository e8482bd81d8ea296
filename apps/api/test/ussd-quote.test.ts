import { readMotorPrefill, sortByPremium } from '@bima/domain';
import { fitsOneSegment } from '@bima/domain/sms';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsQueue } from '../src/db/schema';
import { formatAmount } from '../src/lib/language';
import { QUOTE_TEXTS } from '../src/modules/ussd/menus/quote';
import { call } from './accounts-helpers';
import { buildTestApp, type TestContext } from './helpers';
import { dial } from './ussd-helpers';

/*
 * USSD menu 5, Quote (issue 32): anyone's phone — value → cover type → the three cheapest motor
 * private products with the premiums the portal's quote grid shows → "Send me a link": one text with
 * the portal's prefill address for that value and cover.
 */
describe('USSD: 5 Quote', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { USSD_REQUESTS_PER_MINUTE: '1000' } });
  }, 120_000);
  afterAll(() => ctx.app.close());

  /** The portal's quote grid for the same question, cheapest first (what its quotes screen lists). */
  async function portalGrid(coverType: string, riskValue: number, language: 'en' | 'sw') {
    const answer = await call(
      ctx,
      'underwriting',
      'product',
      'fetchInsuranceClassReccomendations',
      { insuranceClass: '07', riskValue, coverType },
      { 'accept-language': language },
    );
    expect(answer.statusCode, answer.body).toBe(200);
    return sortByPremium(answer.json().result.data as Array<{ productName: string; premium: number }>);
  }

  const textsTo = (phone: string) => ctx.database.db.select().from(smsQueue).where(eq(smsQueue.to, phone));

  it('a phone that is no client’s: value → comprehensive → the three cheapest as the portal prices them → a link by SMS, once', async () => {
    const phone = '+254733000101';
    const session = await dial(ctx.app, { phone });
    await session.answer('1'); // English
    const ask = await session.answer('5');
    expect(ask).toMatchObject({ type: 'con', screen: QUOTE_TEXTS.askValue.en });

    const bad = await session.answer('12000');
    expect(bad.type).toBe('con');
    expect(bad.screen).toContain('at least KES 50,000');

    const covers = await session.answer('1500000');
    expect(covers.type).toBe('con');
    expect(covers.screen).toContain('Cover for a car worth KES 1,500,000:');
    expect(covers.screen).toContain('1. Comprehensive');
    expect(covers.screen).toContain('3. Third Party Only');

    const quotes = await session.answer('1');
    expect(quotes.type, quotes.screen).toBe('con');
    expect(quotes.screen.length).toBeLessThanOrEqual(182);
    const expected = (await portalGrid('comprehensive', 150_000_000, 'en')).slice(0, 3);
    expect(expected.length).toBeGreaterThan(0);
    const lines = quotes.screen.split('\n');
    expect(lines[0]).toBe('Cheapest Comprehensive:');
    expected.forEach((product, index) => {
      const line = lines[index + 1]!;
      expect(line.endsWith(`: ${formatAmount(product.premium, 'en')}`), line).toBe(true);
      expect(product.productName.startsWith(line.split(': ')[0]!.replace(/…$/, '')), line).toBe(true);
    });
    expect(lines.slice(-2)).toEqual(['1. Send me a link', '2. Finish']);

    const sent = await session.answer('1');
    expect(sent).toMatchObject({ type: 'end' });
    expect(sent.screen).toContain('0733000101');
    expect(await session.repeat()).toEqual(sent); // the network repeats the last request: one text

    const texts = await textsTo(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ kind: 'ussd_link', userId: null, status: 'pending' });
    const text = texts[0]!.text;
    expect(fitsOneSegment(text), text).toBe(true);
    const link = new URL(/https?:\/\/\S+/.exec(text)![0]);
    expect(link.origin).toBe(new URL(ctx.config.PUBLIC_BASE_URL).origin);
    expect(link.pathname).toBe('/motor/basic-details');
    expect(readMotorPrefill(link.searchParams)).toMatchObject({
      coverType: 'comprehensive',
      value: 1_500_000,
      problems: [],
    });
  });

  it('in Kiswahili, third-party only (priced without the value, as the portal does); Finish sends nothing', async () => {
    const phone = '+254733000102';
    const session = await dial(ctx.app, { phone });
    await session.answer('2'); // Kiswahili
    expect((await session.answer('5')).screen).toBe(QUOTE_TEXTS.askValue.sw);
    const covers = await session.answer('800000');
    expect(covers.screen).toContain('Bima ya gari la thamani ya');
    expect(covers.screen).toContain('3. Mtu wa Tatu Pekee');
    const wrong = await session.answer('7');
    expect(wrong.screen.startsWith(QUOTE_TEXTS.notAChoice.sw)).toBe(true);

    const quotes = await session.answer('3');
    expect(quotes.type, quotes.screen).toBe('con');
    expect(quotes.screen.length).toBeLessThanOrEqual(182);
    const expected = (await portalGrid('third-party', 0, 'sw')).slice(0, 3);
    expect(expected.length).toBeGreaterThan(0);
    const lines = quotes.screen.split('\n');
    expect(lines[0]).toBe('Bei nafuu zaidi, Mtu wa Tatu Pekee:');
    expected.forEach((product, index) => {
      expect(lines[index + 1]!.endsWith(`: ${formatAmount(product.premium, 'sw')}`), lines[index + 1]).toBe(
        true,
      );
    });
    expect(lines.slice(-2)).toEqual(['1. Nitumie kiungo', '2. Maliza']);

    expect(await session.answer('2')).toEqual({ type: 'end', screen: QUOTE_TEXTS.finished.sw, status: 200 });
    expect(await textsTo(phone)).toHaveLength(0);
  });

  it('the link text in Kiswahili is one segment and opens third-party quotes without a value', async () => {
    const phone = '+254733000103';
    const session = await dial(ctx.app, { phone });
    await session.answers('2', '5', '2500000', '3');
    const sent = await session.answer('1');
    expect(sent.type).toBe('end');
    expect(sent.screen).toContain('Tumetuma kiungo kwa SMS kwa 0733000103');
    const [row] = await textsTo(phone);
    expect(row!.text.startsWith('Bima Portal: bei za bima mtu wa tatu pekee kwa gari la')).toBe(true);
    expect(fitsOneSegment(row!.text), row!.text).toBe(true);
    const link = new URL(/https?:\/\/\S+/.exec(row!.text)![0]);
    expect(readMotorPrefill(link.searchParams)).toMatchObject({
      coverType: 'third-party',
      value: null,
      problems: [],
    });
  });

  it('every screen and the text have their English and their Kiswahili', () => {
    for (const [key, text] of Object.entries(QUOTE_TEXTS)) {
      expect(text.en.trim(), key).not.toBe('');
      expect(text.sw.trim(), key).not.toBe('');
      expect(text.sw, key).not.toBe(text.en);
    }
  });
});
