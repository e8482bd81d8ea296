import { describe, expect, it } from 'vitest';
import {
  describeIn,
  LEDGER_DESCRIPTIONS,
  LEDGER_PARTS,
  LEDGER_REASONS,
  type LedgerDescriptionKey,
  ledgerDescription,
  readLedgerDescription,
} from './ledger-descriptions';

const valuesOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();
const partsOf = (text: string) => [...text.matchAll(/\[(\w+)\]/g)].map((match) => match[1] ?? '').sort();

// Every template the ledger can write, read from the one table the posting rules write through.
const KEYS = Object.keys(LEDGER_DESCRIPTIONS) as LedgerDescriptionKey[];

/** Sample values for a template: references, an amount in cents, a reason, each part on or off. */
function samplesOf(key: LedgerDescriptionKey) {
  const template = LEDGER_DESCRIPTIONS[key].en;
  const base: Record<string, string | number> = {};
  for (const name of valuesOf(template)) {
    if (name === 'amount') base[name] = 1_500_50;
    else if (name === 'why') base[name] = 'policyCancelled';
    else base[name] = `${name.toUpperCase()}-0042`;
  }
  let samples: Array<Record<string, string | number | boolean>> = [base];
  for (const part of partsOf(template)) {
    const on = valuesOf(LEDGER_PARTS[part as keyof typeof LEDGER_PARTS].en).length > 0 ? 'RCP42XYZ' : true;
    samples = samples.flatMap((sample) => [sample, { ...sample, [part]: on }]);
  }
  return samples;
}

describe('ledger descriptions', () => {
  it.each(KEYS)('%s has real Swahili with the same values and parts as its English', (key) => {
    const { en, sw } = LEDGER_DESCRIPTIONS[key];
    expect(sw.trim()).not.toBe('');
    expect(sw).not.toBe(en);
    expect(valuesOf(sw)).toEqual(valuesOf(en));
    expect(partsOf(sw)).toEqual(partsOf(en));
    for (const part of partsOf(en)) expect(Object.keys(LEDGER_PARTS)).toContain(part);
  });

  it.each(Object.entries({ ...LEDGER_PARTS, ...LEDGER_REASONS }))('%s has Swahili', (_name, text) => {
    expect(text.sw.trim()).not.toBe('');
    expect(text.sw).not.toBe(text.en);
    expect(valuesOf(text.sw)).toEqual(valuesOf(text.en));
  });

  it.each(KEYS)('%s written in English reads back as itself and in Swahili', (key) => {
    for (const params of samplesOf(key)) {
      const english = ledgerDescription(key, params as never);
      expect(readLedgerDescription(english)).toEqual({ key, params });
      const swahili = describeIn(english, 'sw');
      expect(swahili).not.toBe(english);
      expect(describeIn(english, 'en')).toBe(english);
      for (const value of Object.values(params))
        if (typeof value === 'string' && value !== 'policyCancelled') expect(swahili).toContain(value);
    }
  });

  it('reads rows written before the table existed, with amounts in sw-KE', () => {
    expect(describeIn('Refund of KES 1,500.50 from your wallet (receipt RCP-9)', 'sw')).toBe(
      'Marejesho ya KES 1,500.50 kutoka kwenye pochi yako (risiti RCP-9)',
    );
    expect(
      describeIn('M-Pesa payment for invoice INV-7 (receipt QK12); the rest credited to your wallet', 'sw'),
    ).toBe('Malipo ya M-Pesa ya ankara INV-7 (risiti QK12); kiasi kilichobaki kimewekwa kwenye pochi yako');
    expect(describeIn('M-Pesa payment for invoice INV-7 (cart CRT-1) (receipt QK12)', 'sw')).toBe(
      'Malipo ya M-Pesa ya ankara INV-7 (kikapu CRT-1) (risiti QK12)',
    );
    expect(describeIn('Fees of loan LN-3 waived: settled early', 'sw')).toBe(
      'Ada za mkopo LN-3 zimesamehewa: mkopo umelipwa kabla ya muda wake',
    );
    expect(describeIn('Wallet top-up by M-Pesa', 'sw')).toBe('Pesa zilizoongezwa kwenye pochi kwa M-Pesa');
  });

  it('leaves a text none of the templates wrote as it is', () => {
    expect(describeIn('Something an accountant typed', 'sw')).toBe('Something an accountant typed');
  });
});
