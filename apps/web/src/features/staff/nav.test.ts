import { describe, expect, it } from 'vitest';
import type { StaffRole } from '../../stores/auth';
import { canOpen, findStaffNavEntry, navForRole } from './nav';

describe('the staff navigation', () => {
  it.each<[StaffRole, string[]]>([
    [
      'intermediary',
      ['dashboard', 'requests', 'chats', 'commissionStatement', 'assessments', 'claims', 'notifications'],
    ],
    ['underwriter', ['dashboard', 'products', 'policies', 'claims', 'notifications']],
    ['lender', ['dashboard', 'loanApplications', 'loanPricing', 'notifications']],
    [
      'admin',
      [
        'dashboard',
        'requests',
        'chats',
        'products',
        'policies',
        'claims',
        'intermediaries',
        'commission',
        'staff',
        'moneyReceived',
        'audit',
        'mailQueue',
        'smsQueue',
        'jobs',
        'identityChecks',
        'productInterest',
        'notifications',
      ],
    ],
  ])('%s sees %j', (role, ids) => {
    expect(navForRole(role).map((item) => item.id)).toEqual(ids);
  });

  it('finds the most specific entry of an address', () => {
    expect(findStaffNavEntry('/staff/requests/12')?.id).toBe('requests');
    expect(findStaffNavEntry('/staff/')?.id).toBe('dashboard');
    expect(findStaffNavEntry('/staff/products/JUB-MP-TPO/versions')?.id).toBe('products');
    expect(findStaffNavEntry('/staff/unknown')).toBeUndefined();
  });

  it.each<[StaffRole, string, boolean]>([
    ['intermediary', '/staff/requests/3', true],
    ['intermediary', '/staff/commission', false],
    ['intermediary', '/staff/commission-statement', true],
    ['intermediary', '/staff/assessments/7', true],
    ['admin', '/staff/assessments', false],
    ['underwriter', '/staff/commission-statement', false],
    ['intermediary', '/staff/products', false],
    ['underwriter', '/staff/products', true],
    ['intermediary', '/staff/chats/4', true],
    ['underwriter', '/staff/chats', false],
    ['underwriter', '/staff/requests', false],
    ['underwriter', '/staff/policies', true],
    ['intermediary', '/staff/policies', false],
    ['admin', '/staff/audit', true],
    ['admin', '/staff/mail-queue', true],
    ['intermediary', '/staff/mail-queue', false],
    ['underwriter', '/staff/notifications', true],
    ['intermediary', '/staff/nowhere', true],
    ['lender', '/staff/loan-applications/LN-1', true],
    ['lender', '/staff/loan-pricing', true],
    ['lender', '/staff/claims', false],
    ['admin', '/staff/loan-applications', false],
  ])('%s may open %s: %s', (role, path, allowed) => {
    expect(canOpen(role, path)).toBe(allowed);
  });
});
