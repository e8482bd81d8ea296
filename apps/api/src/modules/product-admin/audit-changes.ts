import type { Bilingual } from '../../lib/language';
import type { AuditChange } from '../audit/service';
import { amountWords, percentWords } from '../audit/words';
import type {
  ProductSnapshot,
  SnapshotBand,
  SnapshotBenefit,
  SnapshotCharge,
  SnapshotExcess,
  SnapshotFactor,
} from '../product/configuration';
import { canonical } from './configuration';

/**
 * What a new version of a product changed, value by value, as the audit log shows it: "Rate band 1
 * of APA Motor Comprehensive: 4.0 % → 3.5 %". Rows are matched by what names them (a benefit by its
 * reference, an excess by its code, a charge by its name, a band by its place in its group); a row
 * only before was removed, one only after was added.
 */
export function describeValueChanges(before: ProductSnapshot, after: ProductSnapshot): AuditChange[] {
  const product = after.product.name;
  const of = (en: string, sw: string): Bilingual => ({
    en: `${en} of ${product}`,
    sw: `${sw} ya ${product}`,
  });
  const changes: AuditChange[] = [];
  const push = (what: Bilingual, was: Text | null | undefined, now: Text | null | undefined) => {
    if (same(was ?? null, now ?? null)) return;
    changes.push({ what, before: was ?? null, after: now ?? null });
  };

  const b = before.product;
  const a = after.product;
  push(of('Name', 'Jina'), b.name, a.name);
  push(of('Description', 'Maelezo'), b.description, a.description);
  push(of('Overview', 'Muhtasari'), b.overview, a.overview);
  push(of('Intermediary', 'Mpatanishi'), b.intermediary, a.intermediary);
  push(
    of('Rating', 'Upangaji wa bei'),
    RATE_BASIS[b.rateBasis] ?? b.rateBasis,
    RATE_BASIS[a.rateBasis] ?? a.rateBasis,
  );
  push(of('Fixed premium', 'Ada maalum'), money(b.fixedPremium), money(a.fixedPremium));
  push(of('Minimum premium', 'Ada ya chini kabisa'), money(b.minimumPremium), money(a.minimumPremium));
  push(
    of('Lowest value covered', 'Thamani ya chini inayokingwa'),
    money(b.minimumValue),
    money(a.minimumValue),
  );
  push(
    of('Highest value covered', 'Thamani ya juu inayokingwa'),
    money(b.maximumValue),
    money(a.maximumValue),
  );
  push(of('Cover periods', 'Vipindi vya bima'), periods(b.supportedPeriods), periods(a.supportedPeriods));
  push(
    of('Short-period scale', 'Kipimo cha kipindi kifupi'),
    scale(b.shortPeriodScale),
    scale(a.shortPeriodScale),
  );
  push(
    of('Availability', 'Upatikanaji'),
    b.active ? AVAILABLE : NOT_AVAILABLE,
    a.active ? AVAILABLE : NOT_AVAILABLE,
  );

  // Bands by their place within their group (vehicle, building, contents…).
  const groupsOf = (bands: SnapshotBand[]) => {
    const groups = new Map<string, SnapshotBand[]>();
    for (const band of bands) {
      const group = band.riskGroup ?? 'vehicle';
      groups.set(group, [...(groups.get(group) ?? []), band]);
    }
    return groups;
  };
  const bandsBefore = groupsOf(before.bands);
  const bandsAfter = groupsOf(after.bands);
  for (const group of new Set([...bandsBefore.keys(), ...bandsAfter.keys()])) {
    const was = bandsBefore.get(group) ?? [];
    const now = bandsAfter.get(group) ?? [];
    const named = group === 'vehicle' ? '' : ` (${group})`;
    for (let index = 0; index < Math.max(was.length, now.length); index += 1) {
      const old = was[index];
      const next = now[index];
      const sameStart = old && next && old.fromValue === next.fromValue;
      push(
        of(`Rate band ${index + 1}${named}`, `Daraja la kiwango ${index + 1}${named}`),
        old ? (sameStart ? percentWords({ ppm: old.ratePpm }) : band(old)) : null,
        next ? (sameStart ? percentWords({ ppm: next.ratePpm }) : band(next)) : null,
      );
    }
  }

  rows(before.factors ?? [], after.factors ?? [], factorKey, (key, was, now) =>
    push(of(`Rating factor ${key}`, `Kipengele cha bei ${key}`), was && factor(was), now && factor(now)),
  );
  rows(
    before.benefits,
    after.benefits,
    (row) => row.benefitSystemRef,
    (_key, was, now) => {
      const name = (now ?? was)!.name;
      push(of(`Benefit ${name}`, `Faida ${name}`), was && benefit(was), now && benefit(now));
      if (was && now) {
        push(of(`Wording of benefit ${name}`, `Maneno ya faida ${name}`), wording(was), wording(now));
        if (!sameTranslations(was, now))
          push(of(`Kiswahili of benefit ${name}`, `Kiswahili cha faida ${name}`), null, CHANGED);
      }
    },
  );
  rows(
    before.excesses,
    after.excesses,
    (row) => row.code,
    (_key, was, now) => {
      const name = (now ?? was)!.name;
      push(of(`Excess ${name}`, `Kiasi cha ziada ${name}`), was && excess(was), now && excess(now));
      if (was && now) {
        push(
          of(`Wording of excess ${name}`, `Maneno ya kiasi cha ziada ${name}`),
          wording(was),
          wording(now),
        );
        if (!sameTranslations(was, now)) {
          push(of(`Kiswahili of excess ${name}`, `Kiswahili cha kiasi cha ziada ${name}`), null, CHANGED);
        }
      }
    },
  );
  rows(
    before.charges,
    after.charges,
    (row) => row.name,
    (key, was, now) => push(of(`Charge ${key}`, `Tozo ${key}`), was && charge(was), now && charge(now)),
  );
  if (!sameTranslations(b, a)) push(of('Kiswahili wording', 'Maneno ya Kiswahili'), null, CHANGED);
  return changes;
}

type Text = Bilingual | string;

const same = (a: Text | null, b: Text | null) => canonical(a) === canonical(b);

const AVAILABLE: Bilingual = { en: 'Offered for quotes', sw: 'Inatolewa kwenye nukuu' };
const NOT_AVAILABLE: Bilingual = { en: 'Not quoted', sw: 'Haitolewi kwenye nukuu' };

const RATE_BASIS: Record<string, Bilingual> = {
  percentage: { en: 'A percentage of the value', sw: 'Asilimia ya thamani' },
  fixed: { en: 'A fixed premium', sw: 'Ada maalum' },
  rated: { en: 'Rated on the risk', sw: 'Kulingana na hatari' },
};

const money = (cents: number | null | undefined): Bilingual | null =>
  cents == null ? null : amountWords(cents);

const periods = (days: readonly number[]): Bilingual => ({
  en: days.map((count) => `${count} days`).join(', '),
  sw: days.map((count) => `siku ${count}`).join(', '),
});

const scale = (steps: ReadonlyArray<{ maxDays: number; sharePpm: number }>): Bilingual => ({
  en: steps.map((step) => `up to ${step.maxDays} days: ${percentWords({ ppm: step.sharePpm })}`).join('; '),
  sw: steps.map((step) => `hadi siku ${step.maxDays}: ${percentWords({ ppm: step.sharePpm })}`).join('; '),
});

const band = (row: SnapshotBand): Bilingual => ({
  en: `from ${amountWords(row.fromValue).en}: ${percentWords({ ppm: row.ratePpm })}`,
  sw: `kuanzia ${amountWords(row.fromValue).sw}: ${percentWords({ ppm: row.ratePpm })}`,
});

const factorKey = (row: SnapshotFactor) =>
  [row.factor, row.option, row.fromQuantity === null ? null : `≥ ${row.fromQuantity}`]
    .filter(Boolean)
    .join(' ');

function factor(row: SnapshotFactor): Text {
  if (row.kind === 'loading') return `× ${(row.value / 1_000_000).toFixed(2)}`;
  if (row.kind === 'minimum') {
    return { en: `at least ${amountWords(row.value).en}`, sw: `angalau ${amountWords(row.value).sw}` };
  }
  return { en: `${amountWords(row.value).en} each`, sw: `${amountWords(row.value).sw} kila moja` };
}

function benefit(row: SnapshotBenefit): Bilingual {
  const limits =
    row.limitMaximum > 0
      ? {
          en: `, limit ${amountWords(row.limitMinimum).en}–${amountWords(row.limitMaximum).en} (default ${amountWords(row.defaultLimit).en})`,
          sw: `, kikomo ${amountWords(row.limitMinimum).sw}–${amountWords(row.limitMaximum).sw} (chaguo-msingi ${amountWords(row.defaultLimit).sw})`,
        }
      : { en: '', sw: '' };
  const price = ((): Bilingual => {
    switch (row.pricingKind) {
      case 'percentageOfValue':
        return {
          en: `${percentWords({ ppm: row.ratePpm ?? 0 })} of the value, at least ${amountWords(row.minimumPremium ?? 0).en}`,
          sw: `${percentWords({ ppm: row.ratePpm ?? 0 })} ya thamani, angalau ${amountWords(row.minimumPremium ?? 0).sw}`,
        };
      case 'fixed':
        return amountWords(row.fixedAmount ?? 0);
      case 'rateOnExtraLimit':
        return {
          en: `${percentWords({ ppm: row.ratePpm ?? 0 })} above ${amountWords(row.inbuiltLimit ?? 0).en} included`,
          sw: `${percentWords({ ppm: row.ratePpm ?? 0 })} juu ya ${amountWords(row.inbuiltLimit ?? 0).sw} iliyojumuishwa`,
        };
      default:
        return { en: 'Included', sw: 'Imejumuishwa' };
    }
  })();
  return { en: `${price.en}${limits.en}`, sw: `${price.sw}${limits.sw}` };
}

const CHANGED: Bilingual = { en: 'Changed', sw: 'Yamebadilishwa' };

/** A row's own words (its name and description) as written. */
const wording = (row: { name: string; description: string }) => `${row.name}: ${row.description}`;

const sameTranslations = (a: { translations?: unknown }, b: { translations?: unknown }) =>
  canonical(a.translations ?? {}) === canonical(b.translations ?? {});

const excess = (row: SnapshotExcess): Bilingual => ({
  en: `${amountWords(row.minAmount).en}–${amountWords(row.maxAmount).en} (default ${amountWords(row.defaultAmount).en})`,
  sw: `${amountWords(row.minAmount).sw}–${amountWords(row.maxAmount).sw} (chaguo-msingi ${amountWords(row.defaultAmount).sw})`,
});

const charge = (row: SnapshotCharge): Text =>
  row.chargeType === 'Fixed' ? amountWords(row.value) : percentWords({ ppm: row.value });

/** Pairs rows before and after by their key, in the order they appear (before's, then new ones). */
function rows<T>(
  before: readonly T[],
  after: readonly T[],
  keyOf: (row: T) => string,
  each: (key: string, was: T | undefined, now: T | undefined) => void,
) {
  const was = new Map(before.map((row) => [keyOf(row), row]));
  const now = new Map(after.map((row) => [keyOf(row), row]));
  for (const key of new Set([...was.keys(), ...now.keys()])) each(key, was.get(key), now.get(key));
}
