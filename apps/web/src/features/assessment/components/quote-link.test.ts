import { describe, expect, it } from 'vitest';
import { isSoldToday, quoteHref } from './quote-link';

describe('quoteHref', () => {
  it.each([
    [
      'motor private: the wizard with cover type and whole-KES value (the pinned contract)',
      { routeName: 'motor-private' as const, params: { coverType: 'comprehensive', value: '1500000' } },
      '/motor/basic-details?coverType=comprehensive&value=1500000',
    ],
    [
      'fire domestic: its class flow with the sums insured',
      { routeName: 'fire-domestic' as const, params: { buildingValue: '6000000', contentsValue: '0' } },
      '/fire-domestic/FD101/FireDomestic?buildingValue=6000000&contentsValue=0',
    ],
    [
      'theft: its class flow with contents and premises',
      { routeName: 'theft-insurance' as const, params: { contentsValue: '500000', premisesType: 'house' } },
      '/theft-insurance/TH101/TheftInsurance?contentsValue=500000&premisesType=house',
    ],
    [
      'motor commercial: its wizard as it is',
      { routeName: 'motor-commercial' as const, params: {} },
      '/motor-commercial/MC101/MotorCommercial',
    ],
    [
      'medical: its coming-soon page',
      { routeName: 'medical' as const, params: {} },
      '/medical/MD101/Medical',
    ],
  ])('%s', (_name, quote, href) => {
    expect(quoteHref(quote)).toBe(href);
  });

  it('tells products sold today from coming-soon ones', () => {
    expect(isSoldToday({ routeName: 'fire-domestic', params: {} })).toBe(true);
    expect(isSoldToday({ routeName: 'life-assurance', params: {} })).toBe(false);
  });
});
