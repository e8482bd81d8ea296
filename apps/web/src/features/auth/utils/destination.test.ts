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
