import { centsToWholeShillings, formatKes, shillingsToCents } from '@bima/domain/money';
import { parseAmount } from '@bima/domain/numbers';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { QueryStatus } from '../../../components/query-status';
import { fieldErrorClass, inputClass } from '../../../components/ui';
import { classProductQueryOptions } from '../../../lib/class-quotes';
import type { ProductBenefit, ProductExcess } from '../../../lib/motor-types';
import type { ProductChoice } from '../api/recommendations';
import { t } from '../i18n';

/** What the broker typed for one product: ticked optional benefits, limits and excesses (as typed). */
interface Typed {
  ticked: string[];
  limits: Record<string, string>;
  excesses: Record<string, string>;
}

/** A product's add-ons as priceProducts and sendRecommendation take them, or null while one is invalid. */
export type AddOnsResult = { isValid: true; choice: ProductChoice } | { isValid: false };

/**
 * The amount typed in whole shillings ("100,000", "100 000", "100000"), read as every amount of the
 * portal is, as its cents if within its bounds (cents, as the product gives them).
 */
const amountInRange = (text: string, minimum: number, maximum: number): number | null => {
  const read = parseAmount(text);
  if (!read.ok) return null;
  const cents = shillingsToCents(read.value);
  return cents >= minimum && cents <= maximum ? cents : null;
};

/** The choice for the prices: ticked optional benefits, limits that differ from the default, excesses. */
function choiceOf(
  productSystemRef: string,
  benefits: ProductBenefit[],
  excesses: ProductExcess[],
  typed: Typed,
): AddOnsResult {
  const choice: ProductChoice = { productSystemRef, additionalBenefits: [], excesses: [] };
  for (const benefit of benefits) {
    const isOptional = benefit.benefitType === 'optional';
    if (isOptional && !typed.ticked.includes(benefit.benefitSystemRef)) continue;
    const { benefitLimit } = benefit;
    const text = typed.limits[benefit.benefitSystemRef];
    if (!benefitLimit.isAdjustable || text === undefined) {
      if (isOptional) choice.additionalBenefits.push({ benefitSystemRef: benefit.benefitSystemRef });
      continue;
    }
    const limit = amountInRange(text, benefitLimit.minimum, benefitLimit.maximum);
    if (limit === null) return { isValid: false };
    if (isOptional || limit !== benefitLimit.defaultLimit) {
      choice.additionalBenefits.push({ benefitSystemRef: benefit.benefitSystemRef, params: { limit } });
    }
  }
  for (const excess of excesses) {
    const text = typed.excesses[excess.id];
    if (text === undefined) continue;
    const amount = amountInRange(text, excess.minAmount, excess.maxAmount);
    if (amount === null) return { isValid: false };
    choice.excesses.push({ id: excess.id, amount });
  }
  return { isValid: true, choice };
}

function AmountField(props: {
  label: string;
  value: string;
  minimum: number;
  maximum: number;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const isValid = amountInRange(props.value, props.minimum, props.maximum) !== null;
  const range = { min: formatKes(props.minimum), max: formatKes(props.maximum) };
  return (
    <div className="mt-2">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {props.label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className={inputClass}
        value={props.value}
        aria-invalid={isValid ? undefined : true}
        aria-describedby={`${id}-hint`}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className={isValid ? 'mt-1 text-sm text-slate-700' : fieldErrorClass}>
        {isValid ? t('staff.addOns.range', range) : t('staff.addOns.outOfRange', range)}
      </p>
    </div>
  );
}

/**
 * The add-ons a client asked for, chosen per product by the broker (issue 26): optional benefits
 * (with their limit where the underwriter lets it change), the adjustable limits of the cover's own
 * benefits, and the excesses. Every change is reported as the product's choice, which the builder
 * prices again and sends with the recommendation.
 */
export function AddOnsEditor({
  productSystemRef,
  productName,
  onChange,
}: {
  productSystemRef: string;
  productName: string;
  onChange: (productSystemRef: string, result: AddOnsResult) => void;
}) {
  const product = useQuery(classProductQueryOptions(productSystemRef));
  const [typed, setTyped] = useState<Typed>({ ticked: [], limits: {}, excesses: {} });
  const benefits = product.data?.productBenefits ?? [];
  const excesses = product.data?.excesses ?? [];

  // Reported when the product arrives and whenever the broker's input changes.
  useEffect(() => {
    const data = product.data;
    if (data)
      onChange(productSystemRef, choiceOf(productSystemRef, data.productBenefits, data.excesses, typed));
  }, [product.data, typed, productSystemRef, onChange]);

  const optional = benefits.filter((benefit) => benefit.benefitType === 'optional');
  const adjustableCore = benefits.filter(
    (benefit) => benefit.benefitType !== 'optional' && benefit.benefitLimit.isAdjustable,
  );
  const limitOf = (benefit: ProductBenefit) =>
    typed.limits[benefit.benefitSystemRef] ??
    String(centsToWholeShillings(benefit.benefitLimit.defaultLimit));
  const setLimit = (ref: string, value: string) =>
    setTyped((current) => ({ ...current, limits: { ...current.limits, [ref]: value } }));

  return (
    <fieldset className="mt-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 font-semibold text-slate-900">
        {t('staff.addOns.title', { name: productName })}
      </legend>
      <QueryStatus
        isPending={product.isPending}
        isError={product.isError}
        onRetry={() => void product.refetch()}
        className=""
      />
      {product.data && optional.length + adjustableCore.length + excesses.length === 0 ? (
        <p className="text-slate-700">{t('staff.addOns.none')}</p>
      ) : null}
      {optional.length > 0 ? (
        <div>
          <p className="text-sm font-semibold text-slate-800">{t('staff.addOns.optional')}</p>
          <ul className="mt-1 space-y-2">
            {optional.map((benefit) => {
              const isTicked = typed.ticked.includes(benefit.benefitSystemRef);
              return (
                <li key={benefit.benefitSystemRef}>
                  <label className="flex items-center gap-3">
                    <input
                      type="checkbox"
                      className="h-5 w-5"
                      checked={isTicked}
                      onChange={() =>
                        setTyped((current) => ({
                          ...current,
                          ticked: isTicked
                            ? current.ticked.filter((ref) => ref !== benefit.benefitSystemRef)
                            : [...current.ticked, benefit.benefitSystemRef],
                        }))
                      }
                    />
                    <span>{t('staff.addOns.add', { name: benefit.benefit_category_name })}</span>
                  </label>
                  {isTicked && benefit.benefitLimit.isAdjustable ? (
                    <AmountField
                      label={t('staff.addOns.limitOf', { name: benefit.benefit_category_name })}
                      value={limitOf(benefit)}
                      minimum={benefit.benefitLimit.minimum}
                      maximum={benefit.benefitLimit.maximum}
                      onChange={(value) => setLimit(benefit.benefitSystemRef, value)}
                    />
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {adjustableCore.map((benefit) => (
        <AmountField
          key={benefit.benefitSystemRef}
          label={t('staff.addOns.limitOf', { name: benefit.benefit_category_name })}
          value={limitOf(benefit)}
          minimum={benefit.benefitLimit.minimum}
          maximum={benefit.benefitLimit.maximum}
          onChange={(value) => setLimit(benefit.benefitSystemRef, value)}
        />
      ))}
      {excesses.map((excess) => (
        <AmountField
          key={excess.id}
          label={t('staff.addOns.excessOf', { name: excess.name })}
          value={typed.excesses[excess.id] ?? String(centsToWholeShillings(excess.defaultAmount))}
          minimum={excess.minAmount}
          maximum={excess.maxAmount}
          onChange={(value) =>
            setTyped((current) => ({ ...current, excesses: { ...current.excesses, [excess.id]: value } }))
          }
        />
      ))}
    </fieldset>
  );
}
