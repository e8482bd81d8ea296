import { describe, expect, it } from 'vitest';
import { startInputFrom } from './start-input';

describe('startInputFrom', () => {
  it.each([
    ['with=support', { with: 'support' }],
    ['with=intermediary&intermediaryId=4', { with: 'intermediary', intermediaryId: 4 }],
    ['with=recommendation&recommendationId=12', { with: 'recommendation', recommendationId: 12 }],
    ['with=policy&policyNumber=POL-1', { with: 'policy', policyNumber: 'POL-1' }],
    [
      'with=helpRequest&requestSystemRef=HR-9&intermediaryId=2',
      { with: 'helpRequest', requestSystemRef: 'HR-9', intermediaryId: 2 },
    ],
    ['', null],
    ['with=nobody', null],
  ])('%s → %j', (query, expected) => {
    expect(startInputFrom(new URLSearchParams(query))).toEqual(expected);
  });
});
