import { describe, expect, it } from 'vitest';
import type { PurchaseType, UserRole } from '../../../stores/auth';
import { getPostLoginDestination } from './destination';

describe('getPostLoginDestination', () => {
  it.each<[PurchaseType, string]>([
    ['new', '/motor/cover-details'],
    ['recommendation', '/newportal/quotations'],
    ['', '/newportal'],
    ['motor-private', '/newportal'],
    ['motor-commercial', '/motor-commercial/MC101/MotorCommercial'],
    ['other', '/newportal'],
  ])("a client's purchase type '%s' leads to %s", (purchaseType, destination) => {
    expect(getPostLoginDestination(purchaseType, 'client')).toBe(destination);
  });

  it.each<[UserRole | null, PurchaseType, string]>([
    ['intermediary', '', '/staff'],
    ['underwriter', '', '/staff'],
    ['admin', 'new', '/staff'],
    [null, '', '/newportal'],
  ])("role '%s' (purchase type '%s') leads to %s", (role, purchaseType, destination) => {
    expect(getPostLoginDestination(purchaseType, role)).toBe(destination);
  });

  it('brings a fire, theft or aviation purchase back to its flow, and only to a class flow', () => {
    expect(getPostLoginDestination('class-cover', 'client', '/fire-domestic/FD101/FireDomestic')).toBe(
      '/fire-domestic/FD101/FireDomestic',
    );
    expect(
      getPostLoginDestination('class-cover', 'client', '/aviation-insurance/AV101/AviationInsurance'),
    ).toBe('/aviation-insurance/AV101/AviationInsurance');
    expect(getPostLoginDestination('class-cover', 'client', '/medical/MD101/Medical')).toBe('/newportal');
    expect(getPostLoginDestination('class-cover', 'client', 'https://evil.example/')).toBe('/newportal');
  });

  it('brings a recommendation back to its stored review, and only to a portal screen', () => {
    expect(getPostLoginDestination('recommendation', 'client', '/newportal/client-quotation-review/7')).toBe(
      '/newportal/client-quotation-review/7',
    );
    expect(getPostLoginDestination('recommendation', 'client', 'https://evil.example/')).toBe(
      '/newportal/quotations',
    );
    expect(getPostLoginDestination('', 'client', '/newportal/client-quotation-review/7')).toBe('/newportal');
  });
});
