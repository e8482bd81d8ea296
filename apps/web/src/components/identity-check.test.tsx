import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { IdentityCheck } from '../lib/identity';
import { IdentityStatusList } from './identity-check';

const check = (overrides: Partial<IdentityCheck>): IdentityCheck => ({
  id: 1,
  document: 'ID',
  idType: 'NATIONAL_ID',
  maskedNumber: '•••••002',
  state: 'verified',
  fields: [],
  attempts: 1,
  consentAt: '2026-11-28T10:00:00.000Z',
  checkedAt: '2026-11-28T10:00:01.000Z',
  nextAttemptAt: null,
  reviewNote: null,
  ...overrides,
});

describe('IdentityStatusList', () => {
  it('tells the client what differs from the register, never its values', () => {
    const html = renderToStaticMarkup(
      <IdentityStatusList checks={[check({ state: 'mismatch', fields: ['firstName', 'lastName'] })]} />,
    );
    expect(html).toContain('ID •••••002');
    expect(html).toContain('Does not match');
    expect(html).toContain('differs in: first name, last name.');
  });

  it('tells the client a register that did not answer does not stop them paying', () => {
    const html = renderToStaticMarkup(<IdentityStatusList checks={[check({ state: 'retrying' })]} />);
    expect(html).toContain('Waiting for the register');
    expect(html).toContain('you can still pay');
  });

  it('shows staff only what differs (compact)', () => {
    const html = renderToStaticMarkup(
      <IdentityStatusList compact checks={[check({ state: 'mismatch', fields: ['dateOfBirth'] })]} />,
    );
    expect(html).toContain('Differs from the register: date of birth');
    expect(html).not.toContain('Correct it');
  });

  it('says when nothing was checked yet', () => {
    expect(renderToStaticMarkup(<IdentityStatusList checks={[]} />)).toContain('Not checked yet.');
  });
});
