import { describe, expect, it } from 'vitest';
import type { PurchaseType } from '../../../stores/auth';
import { getPostLoginDestination } from './destination';

describe('getPostLoginDestination', () => {
  it.each<[PurchaseType, string]>([
    ['new', '/motor/cover-details'],
    ['recommendation', '/motor/cover-details'],
    ['', '/newportal'],
    ['motor-private', '/newportal'],
    ['motor-commercial', '/newportal'],
    ['other', '/newportal'],
  ])("purchase type '%s' leads to %s", (purchaseType, destination) => {
    expect(getPostLoginDestination(purchaseType)).toBe(destination);
  });
});
