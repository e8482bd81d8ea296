import { describe, expect, it } from 'vitest';
import { quoteRenewalSchema, RENEWAL_MESSAGES, renewalWindow } from './renewal';

describe('renewalWindow', () => {
  it.each([
    { name: 'closed 31 days before the end', today: '2027-02-28', state: 'too-early' },
    { name: 'opens 30 days before the end', today: '2027-03-01', state: 'open' },
    { name: 'open in the middle of the window', today: '2027-03-20', state: 'open' },
    { name: 'open on the last day of cover', today: '2027-03-31', state: 'open' },
    { name: 'expired the day after the end', today: '2027-04-01', state: 'expired' },
    { name: 'expired long after', today: '2028-01-01', state: 'expired' },
  ])('$name', ({ today, state }) => {
    expect(renewalWindow({ endDate: '2027-03-31', today }).state).toBe(state);
  });

  it('starts the new cover the day after the old one ends, across months and years', () => {
    expect(renewalWindow({ endDate: '2027-03-31', today: '2027-03-20' })).toEqual({
      state: 'open',
      startDate: '2027-04-01',
      daysLeft: 11,
    });
    expect(renewalWindow({ endDate: '2026-12-31', today: '2026-12-31' })).toMatchObject({
      startDate: '2027-01-01',
      daysLeft: 0,
    });
    expect(renewalWindow({ endDate: '2028-02-28', today: '2028-02-01' })).toMatchObject({
      startDate: '2028-02-29',
    });
  });

  it('says when a closed window opens and when an expired policy ended', () => {
    expect(renewalWindow({ endDate: '2027-03-31', today: '2027-01-01' })).toEqual({
      state: 'too-early',
      opensOn: '2027-03-01',
      startDate: '2027-04-01',
    });
    expect(renewalWindow({ endDate: '2027-03-31', today: '2027-04-02' })).toEqual({
      state: 'expired',
      expiredOn: '2027-03-31',
    });
  });
});

describe('quoteRenewalSchema', () => {
  it('needs a policy number', () => {
    const parsed = quoteRenewalSchema.safeParse({ policyNumber: '  ' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(RENEWAL_MESSAGES.policyNumberRequired);
    expect(quoteRenewalSchema.safeParse({}).error?.issues[0]?.message).toBe(
      RENEWAL_MESSAGES.policyNumberRequired,
    );
  });

  it('takes an optional product to choose an alternative', () => {
    expect(quoteRenewalSchema.parse({ policyNumber: ' P1 ', productSystemRef: 'PR-2' })).toEqual({
      policyNumber: 'P1',
      productSystemRef: 'PR-2',
    });
  });
});
