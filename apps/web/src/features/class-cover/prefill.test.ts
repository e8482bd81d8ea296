import { describe, expect, it } from 'vitest';
import { riskPrefillOf } from './prefill';

describe('riskPrefillOf', () => {
  it('takes whole-shilling amounts and option codes from the query', () => {
    const search = new URLSearchParams(
      'buildingValue=6000000&contentsValue=500000&construction=stone-tile&occupancy=owner-occupied',
    );
    expect(riskPrefillOf(search)).toEqual({
      buildingValue: '6000000',
      contentsValue: '500000',
      construction: 'stone-tile',
      occupancy: 'owner-occupied',
    });
  });

  it('ignores unknown names, non-numeric amounts and odd option values; nothing left is null', () => {
    expect(riskPrefillOf(new URLSearchParams('contentsValue=1e6&premisesType=<b>&other=1'))).toBeNull();
    expect(riskPrefillOf(new URLSearchParams('premisesType=apartment&contentsValue=-5'))).toEqual({
      premisesType: 'apartment',
    });
  });
});
