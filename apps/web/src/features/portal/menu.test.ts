import { describe, expect, it } from 'vitest';
import { findMenuEntry, flattenMenu, PORTAL_MENU } from './menu';

describe('the portal menu', () => {
  it('has 14 entries, Profile with User Profile, KYC, Assessment and Privacy', () => {
    expect(PORTAL_MENU).toHaveLength(14);
    expect(PORTAL_MENU.find((item) => item.id === 'profile')?.children?.map((item) => item.id)).toEqual([
      'userProfile',
      'kyc',
      'assessment',
      'privacy',
    ]);
  });

  it('points every entry under /newportal at a route of spec-2', () => {
    expect(flattenMenu().map((item) => item.href)).toEqual([
      '/newportal',
      '/newportal/cart',
      '/newportal/accounts',
      '/newportal/invoice',
      '/newportal/ipf-requests',
      '/newportal/products',
      '/newportal/claims',
      '/newportal/quotations',
      '/newportal/profile',
      '/newportal/profile',
      '/newportal/kyc',
      '/newportal/assessment',
      '/newportal/privacy',
      '/newportal/intermediaries',
      '/newportal/help-requests',
      '/newportal/notifications',
      '/newportal/top-up-options',
      '/newportal/chats',
    ]);
  });

  it.each([
    ['/newportal/claims', 'claims'],
    ['/newportal/claims/', 'claims'],
    ['/newportal/products/42', 'policies'],
    ['/newportal/accounts/invoices', 'accounts'],
    ['/newportal', 'dashboard'],
  ])('finds the entry of %s', (pathname, id) => {
    expect(findMenuEntry(pathname)?.id).toBe(id);
  });

  it('finds nothing for an address outside the menu', () => {
    expect(findMenuEntry('/newportal/school/schools')).toBeUndefined();
  });
});
