import { t } from '../i18n';
import type { ProductFormValues } from './form-mapping';

const k = (key: string) => `backofficeProducts.editor.${key}`;

/** The editor's sections, in page order: the jump list's entries and each change's place. */
export const EDITOR_SECTIONS = [
  'basics',
  'rating',
  'values',
  'periods',
  'scale',
  'benefits',
  'excesses',
  'charges',
  'save',
] as const;
export type EditorSection = (typeof EDITOR_SECTIONS)[number];

/** One field the person changed, named and valued as they read them on the page. */
export interface FieldChange {
  section: EditorSection;
  /** The field's label ("Rate (%), band 1"; "Benefit 2: PVT · Default limit (KES)"). */
  label: string;
  from: string;
  to: string;
}

type Leaf = string | boolean;
type Row = Record<string, unknown>;

/** A value as the person reads it: the option's label, Yes/No, "(empty)". */
type Reader = (value: Leaf) => string;

const plain: Reader = (value) => {
  if (typeof value === 'boolean') return t(k(value ? 'changes.yes' : 'changes.no'));
  const text = value.trim();
  return text === '' ? t(k('changes.empty')) : text;
};
const option =
  (prefix: string): Reader =>
  (value) =>
    typeof value === 'string' && value !== '' ? t(k(`${prefix}.${value}`)) : plain(value);

const SCALARS: ReadonlyArray<{ path: string; section: EditorSection; label: string; read?: Reader }> = [
  { path: 'name', section: 'basics', label: 'fields.name' },
  { path: 'intermediary', section: 'basics', label: 'fields.intermediary' },
  { path: 'description', section: 'basics', label: 'fields.description' },
  { path: 'overview', section: 'basics', label: 'fields.overview' },
  { path: 'translations.sw.name', section: 'basics', label: 'fields.nameSw' },
  { path: 'translations.sw.description', section: 'basics', label: 'fields.descriptionSw' },
  { path: 'translations.sw.overview', section: 'basics', label: 'fields.overviewSw' },
  { path: 'rateBasis', section: 'rating', label: 'fields.rateBasis', read: option('rateBases') },
  { path: 'fixedPremium', section: 'rating', label: 'fields.fixedPremium' },
  { path: 'minimumPremium', section: 'rating', label: 'fields.minimumPremium' },
  { path: 'minimumValue', section: 'values', label: 'fields.minimumValue' },
  { path: 'maximumValue', section: 'values', label: 'fields.maximumValue' },
];

/** A list of rows: the row's name ("Band 3") and each column's label key (with `{number}`). */
interface RowList {
  list: 'bands' | 'loadings' | 'minimums' | 'perUnit' | 'shortPeriodScale' | 'charges';
  section: EditorSection;
  row: string;
  columns: Record<string, { label: string; read?: Reader }>;
}

const ROW_LISTS: readonly RowList[] = [
  {
    list: 'bands',
    section: 'rating',
    row: 'changes.rows.band',
    columns: {
      group: { label: 'bands.group' },
      fromValue: { label: 'bands.fromValue' },
      rate: { label: 'bands.rate' },
    },
  },
  {
    list: 'loadings',
    section: 'rating',
    row: 'changes.rows.loading',
    columns: {
      factor: { label: 'loadings.factor' },
      option: { label: 'loadings.option' },
      multiplier: { label: 'loadings.multiplier' },
    },
  },
  {
    list: 'minimums',
    section: 'rating',
    row: 'changes.rows.minimum',
    columns: {
      quantity: { label: 'minimums.quantity' },
      fromQuantity: { label: 'minimums.fromQuantity' },
      amount: { label: 'minimums.amount' },
    },
  },
  {
    list: 'perUnit',
    section: 'rating',
    row: 'changes.rows.perUnit',
    columns: { quantity: { label: 'perUnit.quantity' }, amount: { label: 'perUnit.amount' } },
  },
  {
    list: 'shortPeriodScale',
    section: 'scale',
    row: 'changes.rows.step',
    columns: { maxDays: { label: 'scale.maxDays' }, share: { label: 'scale.share' } },
  },
  {
    list: 'charges',
    section: 'charges',
    row: 'changes.rows.charge',
    columns: {
      name: { label: 'charge.name' },
      type: { label: 'charge.type', read: option('charge.types') },
      value: { label: 'charge.value' },
    },
  },
];

/** A benefit's or an excess's fields (dotted paths inside the row) and their labels. */
const BENEFIT_FIELDS: Record<string, { label: string; read?: Reader }> = {
  name: { label: 'benefit.name' },
  benefitType: { label: 'benefit.type', read: option('benefit.types') },
  'pricing.kind': { label: 'benefit.pricingKind', read: option('benefit.kinds') },
  description: { label: 'benefit.description' },
  'translations.sw.name': { label: 'benefit.nameSw' },
  'translations.sw.description': { label: 'benefit.descriptionSw' },
  'limit.minimum': { label: 'benefit.minimum' },
  'limit.defaultLimit': { label: 'benefit.defaultLimit' },
  'limit.maximum': { label: 'benefit.maximum' },
  'limit.isAdjustable': { label: 'benefit.isAdjustable' },
  'pricing.amount': { label: 'benefit.amount' },
  'pricing.rate': { label: 'benefit.rate' },
  'pricing.minimum': { label: 'benefit.pricingMinimum' },
  'pricing.inbuiltLimit': { label: 'benefit.inbuiltLimit' },
};
const EXCESS_FIELDS: Record<string, { label: string; read?: Reader }> = {
  id: { label: 'excess.id' },
  name: { label: 'excess.name' },
  type: { label: 'excess.type' },
  description: { label: 'excess.description' },
  'translations.sw.name': { label: 'excess.nameSw' },
  'translations.sw.description': { label: 'excess.descriptionSw' },
  minAmount: { label: 'excess.minAmount' },
  defaultAmount: { label: 'excess.defaultAmount' },
  maxAmount: { label: 'excess.maxAmount' },
};

function at(source: unknown, path: string): Leaf {
  let value: unknown = source;
  for (const part of path.split('.')) value = (value as Row | undefined)?.[part];
  return typeof value === 'boolean' ? value : value == null ? '' : String(value);
}

const same = (a: Leaf, b: Leaf) =>
  typeof a === 'string' && typeof b === 'string' ? a.trim() === b.trim() : a === b;

/** A row in a few words for "added"/"removed": its non-empty values in column order. */
function summarise(row: unknown, fields: Record<string, { read?: Reader }>): string {
  return Object.entries(fields)
    .map(([path, { read }]) => ({ value: at(row, path), read: read ?? plain }))
    .filter(({ value }) => typeof value === 'string' && value.trim() !== '')
    .map(({ value, read }) => read(value))
    .join(' · ');
}

function compareRows(
  before: readonly unknown[],
  after: readonly unknown[],
  section: EditorSection,
  rowName: (index: number, row: unknown) => string,
  fields: Record<string, { label: string; read?: Reader }>,
  fieldLabel: (index: number, row: unknown, label: string) => string,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (let index = 0; index < Math.max(before.length, after.length); index++) {
    const old = before[index];
    const now = after[index];
    if (old === undefined) {
      changes.push({
        section,
        label: rowName(index, now),
        from: t(k('changes.none')),
        to: t(k('changes.added'), { summary: summarise(now, fields) || t(k('changes.empty')) }),
      });
      continue;
    }
    if (now === undefined) {
      changes.push({
        section,
        label: rowName(index, old),
        from: summarise(old, fields) || t(k('changes.empty')),
        to: t(k('changes.removed')),
      });
      continue;
    }
    for (const [path, { label, read = plain }] of Object.entries(fields)) {
      const from = at(old, path);
      const to = at(now, path);
      if (!same(from, to))
        changes.push({ section, label: fieldLabel(index, now, label), from: read(from), to: read(to) });
    }
  }
  return changes;
}

const days = (values: readonly string[]) =>
  values.length === 0
    ? t(k('changes.empty'))
    : [...values]
        .map(Number)
        .sort((a, b) => a - b)
        .map((count) => t(k('fields.days'), { days: count }))
        .join(', ');

/**
 * What the person changed in the product form, field by field in page order, each with its label
 * and its old and new value in words (the option's label, Yes/No, "(empty)"); a row added or removed
 * is one change. The change summary is the note of the save, not a change to the product.
 */
export function describeChanges(before: ProductFormValues, after: ProductFormValues): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const { path, section, label, read = plain } of SCALARS) {
    const from = at(before, path);
    const to = at(after, path);
    if (!same(from, to)) changes.push({ section, label: t(k(label)), from: read(from), to: read(to) });
  }
  for (const { list, section, row, columns } of ROW_LISTS) {
    changes.push(
      ...compareRows(
        before[list] ?? [],
        after[list] ?? [],
        section,
        (index) => t(k(row), { number: index + 1 }),
        columns,
        (index, _row, label) => t(k(label), { number: index + 1 }),
      ),
    );
  }
  if (days(before.supportedPeriods ?? []) !== days(after.supportedPeriods ?? [])) {
    changes.push({
      section: 'periods',
      label: t(k('fields.supportedPeriods')),
      from: days(before.supportedPeriods ?? []),
      to: days(after.supportedPeriods ?? []),
    });
  }
  const titled = (title: string, newTitle: string) => (index: number, row: unknown) => {
    const name = at(row, 'name');
    return typeof name === 'string' && name.trim()
      ? t(k(title), { number: index + 1, name: name.trim() })
      : t(k(newTitle), { number: index + 1 });
  };
  const benefitName = titled('benefit.title', 'benefit.newTitle');
  changes.push(
    ...compareRows(
      before.benefits ?? [],
      after.benefits ?? [],
      'benefits',
      benefitName,
      BENEFIT_FIELDS,
      (index, row, label) => `${benefitName(index, row)} · ${t(k(label))}`,
    ),
  );
  const excessName = titled('excess.title', 'changes.rows.excess');
  changes.push(
    ...compareRows(
      before.excesses ?? [],
      after.excesses ?? [],
      'excesses',
      excessName,
      EXCESS_FIELDS,
      (index, row, label) => `${excessName(index, row)} · ${t(k(label))}`,
    ),
  );
  const order = (change: FieldChange) => EDITOR_SECTIONS.indexOf(change.section);
  return changes.sort((a, b) => order(a) - order(b));
}
