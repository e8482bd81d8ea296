import { describe, expect, it } from 'vitest';
import { CLASS_DEFINITIONS } from './classes/definitions';
import { coverTypeLabel, INSURANCE_CLASS_LABELS, insuranceClassLabel, wordsOfCode } from './code-labels';
import { hasSwahili } from './i18n';
import { COVER_TYPES } from './premium/types';
import { COVER_TYPE_LABELS } from './quotation';

describe('labels of codes (issue 28: no raw code reaches a person)', () => {
  it.each(COVER_TYPES)('cover type %s has words in English and in Swahili', (code) => {
    const english = coverTypeLabel(code, 'en');
    const swahili = coverTypeLabel(code, 'sw');
    expect(english).not.toBe(code);
    expect(english).toBe(COVER_TYPE_LABELS[code]);
    expect(hasSwahili(english)).toBe(true);
    expect(swahili).not.toBe(english);
  });

  it.each(CLASS_DEFINITIONS.map((definition) => definition.insuranceClass))(
    'insurance class %s has a name in English and in Swahili',
    (code) => {
      const english = insuranceClassLabel({ code }, 'en');
      expect(english).toBe(INSURANCE_CLASS_LABELS[code]);
      expect(hasSwahili(english)).toBe(true);
      expect(insuranceClassLabel({ code }, 'sw')).not.toBe(english);
    },
  );

  it('names a class in Swahili: "Motor Private" is "Gari Binafsi", not the English name', () => {
    expect(insuranceClassLabel({ code: '07', name: 'Motor Private' }, 'sw')).toBe('Gari Binafsi');
    expect(insuranceClassLabel({ name: 'Motor Private' }, 'sw')).toBe('Gari Binafsi');
  });

  it('never shows a code nobody labelled as a code', () => {
    expect(coverTypeLabel('marine-cargo', 'en')).toBe('Marine cargo');
    expect(insuranceClassLabel({ code: 'goods_in_transit' }, 'en')).toBe('Goods in transit');
    expect(wordsOfCode('third_party')).toBe('Third party');
  });
});
