import type { ClassKyc } from '@bima/domain/classes/risks';
import { formatKes } from '@bima/domain/money';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ErrorSummary } from '../../../components/error-summary';
import { MpesaCheckout } from '../../../components/mpesa-checkout';
import { PhoneInput } from '../../../components/number-inputs';
import { PolicyConfirmation } from '../../../components/policy-confirmation';
import { QueryStatus } from '../../../components/query-status';
import { RunningTotalBar } from '../../../components/running-total-bar';
import { SummaryList } from '../../../components/summary-list';
import { TextField } from '../../../components/text-field';
import { buttonPrimary, cardClass } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { type KycFormInput, kycFormSchema, kycFormValues } from '../../../lib/class-kyc';
import {
  classPremiumQueryOptions,
  classProductQueryOptions,
  classQuotesQueryOptions,
  clientProfileQueryOptions,
  createClassQuotation,
} from '../../../lib/class-quotes';
import { kenyaTodayIsoDate } from '../../../lib/dates';
import { requestInvoicePayment } from '../../../lib/payments';
import { completeQuotation } from '../../../lib/quotations';
import { useSpecForm } from '../../../lib/use-spec-form';
import type { ClassFlowEvent, ClassFlowState } from '../flow';
import { t } from '../i18n';

/** A loading as people read it: a security measure by its name, another option by its words. */
const loadingLabel = (loading: { factor: string; option: string }) =>
  loading.option === 'yes' ? t(`classCover.factors.${loading.factor}`) : loading.option.replace(/-/g, ' ');

export interface StepProps {
  flow: ClassFlowState;
  dispatch: (event: ClassFlowEvent) => void;
  insuranceClass: string;
  /** The risk's lines as the summary shows them (label, value). */
  riskLines: Array<[string, string]>;
  riskRef: string;
}

/** The class's market priced for the risk, cheapest first. */
export function QuotesStep({ flow, dispatch, insuranceClass }: StepProps) {
  const quotes = useQuery(classQuotesQueryOptions(insuranceClass, flow.risk));
  return (
    <section className="space-y-4" aria-label={t('classCover.quotes.heading')}>
      <QueryStatus
        isPending={quotes.isPending}
        isError={quotes.isError}
        onRetry={() => void quotes.refetch()}
        loadingText={t('classCover.quotes.loading')}
      />
      {quotes.data?.length === 0 ? (
        <p className={`${cardClass} text-slate-800`}>{t('classCover.quotes.empty')}</p>
      ) : null}
      <ul className="grid gap-4 md:grid-cols-2">
        {quotes.data?.map((quote) => {
          const underwriter = quote.underwriter[0]?.name ?? '';
          return (
            <li key={quote.productSystemRef} className={`${cardClass} flex flex-col gap-3`}>
              <div className="flex items-center gap-3">
                {quote.productLogo ? (
                  <img
                    src={quote.productLogo}
                    alt=""
                    className="size-12 rounded-lg border border-slate-200 object-contain p-1"
                  />
                ) : null}
                <div>
                  <h3 className="font-bold text-slate-900">{quote.productName}</h3>
                  <p className="text-sm text-slate-700">{underwriter}</p>
                </div>
              </div>
              <p className="text-slate-800">{quote.productDescription}</p>
              <p className="text-2xl font-bold text-emerald-900">
                {formatKes(quote.premium ?? 0)}{' '}
                <span className="text-sm font-normal text-slate-700">{t('classCover.quotes.perYear')}</span>
              </p>
              <Button
                className="mt-auto"
                aria-label={t('classCover.quotes.chooseLabel', { product: quote.productName })}
                onClick={() =>
                  dispatch({
                    type: 'product',
                    product: {
                      productSystemRef: quote.productSystemRef,
                      productName: quote.productName,
                      underwriter,
                    },
                  })
                }
              >
                {t('classCover.quotes.choose')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The chosen product's core benefits with their limits, optional ones priced before they are added, the total. */
export function BenefitsStep({ flow, dispatch }: StepProps) {
  const ref = flow.product?.productSystemRef ?? '';
  const [optional, setOptional] = useState<string[]>(flow.optional);
  const product = useQuery(classProductQueryOptions(ref));
  // The running total: the premium with the ticked extras, kept on screen while the next one loads.
  const quote = useQuery({
    ...classPremiumQueryOptions(ref, flow.risk, optional),
    placeholderData: keepPreviousData,
  });
  const withEach = useQuery({
    ...classPremiumQueryOptions(
      ref,
      flow.risk,
      (product.data?.productBenefits ?? [])
        .filter((benefit) => benefit.benefitType === 'optional')
        .map((b) => b.benefitSystemRef),
    ),
    enabled: product.isSuccess,
  });
  const benefits = product.data?.productBenefits ?? [];
  const core = benefits.filter((benefit) => benefit.benefitType !== 'optional');
  const extras = benefits.filter((benefit) => benefit.benefitType === 'optional');
  const priceOf = (benefitRef: string) =>
    withEach.data?.benefits.find((line) => line.benefitSystemRef === benefitRef)?.premium;
  const toggle = (benefitRef: string) =>
    setOptional((current) =>
      current.includes(benefitRef) ? current.filter((r) => r !== benefitRef) : [...current, benefitRef],
    );

  return (
    <section className="space-y-6" aria-label={t('classCover.benefits.heading')}>
      <QueryStatus
        isPending={product.isPending}
        isError={product.isError}
        onRetry={() => void product.refetch()}
      />
      {product.data ? (
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
          <div className="space-y-6">
            <Card title={t('classCover.benefits.core')}>
              <SummaryList
                rows={core.map((benefit) => ({
                  label: benefit.benefit_category_name,
                  value:
                    benefit.benefitLimit.defaultLimit > 0
                      ? t('classCover.benefits.upTo', { limit: formatKes(benefit.benefitLimit.defaultLimit) })
                      : t('classCover.benefits.included'),
                }))}
              />
            </Card>
            {extras.length > 0 ? (
              <Card title={t('classCover.benefits.optional')}>
                <ul className="space-y-3">
                  {extras.map((benefit) => {
                    const price = priceOf(benefit.benefitSystemRef);
                    return (
                      <li key={benefit.benefitSystemRef}>
                        <label className="flex items-start gap-3 text-slate-900">
                          <input
                            type="checkbox"
                            className="mt-1 size-5 accent-emerald-800"
                            checked={optional.includes(benefit.benefitSystemRef)}
                            onChange={() => toggle(benefit.benefitSystemRef)}
                          />
                          <span>
                            <span className="font-semibold">{benefit.benefit_category_name}</span>
                            {price === undefined ? null : (
                              <span> · {t('classCover.benefits.adds', { price: formatKes(price) })}</span>
                            )}
                            <span className="block text-sm text-slate-700">
                              {benefit.benefit_category_description}
                            </span>
                          </span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </Card>
            ) : null}
          </div>
          <Card title={t('classCover.benefits.premium')}>
            {quote.data ? (
              <div aria-live="polite">
                <SummaryList
                  rows={[
                    ...(quote.data.basicDetail?.groups ?? [])
                      .filter((line) => line.sumInsured > 0)
                      .map((line) => ({
                        label: t('classCover.benefits.groupLine', {
                          group: t(`classCover.groups.${line.group}`),
                          sum: formatKes(line.sumInsured),
                        }),
                        value: formatKes(line.premium),
                      })),
                    { label: t('classCover.benefits.basic'), value: formatKes(quote.data.basicPremium) },
                    ...quote.data.benefits
                      .filter((line) => line.premium > 0)
                      .map((line) => ({ label: line.name, value: formatKes(line.premium) })),
                    ...quote.data.charges.map((line) => ({
                      label: line.charge_name,
                      value: formatKes(line.amount),
                    })),
                    { label: t('classCover.benefits.total'), value: formatKes(quote.data.total) },
                  ]}
                />
                {quote.data.basicDetail?.loadings.length ? (
                  <p className="mt-2 text-sm text-slate-700">
                    {t('classCover.benefits.loadings', {
                      list: quote.data.basicDetail.loadings
                        .map((loading) => `${loadingLabel(loading)} × ${loading.multiplier}`)
                        .join(', '),
                    })}
                  </p>
                ) : null}
              </div>
            ) : (
              <QueryStatus
                isPending={quote.isPending}
                isError={quote.isError}
                onRetry={() => void quote.refetch()}
                className=""
              />
            )}
          </Card>
        </div>
      ) : null}
      {product.data ? (
        <RunningTotalBar
          label={t('classCover.benefits.runningTotal')}
          amount={quote.data ? formatKes(quote.data.total) : null}
          note={
            quote.isError
              ? t('classCover.benefits.runningTotalError')
              : quote.isFetching
                ? t('classCover.benefits.runningTotalUpdating')
                : t('classCover.benefits.runningTotalNote')
          }
        />
      ) : null}
      <Button
        disabled={!quote.data || quote.isPlaceholderData}
        onClick={() => dispatch({ type: 'benefits', optional })}
      >
        {t('classCover.benefits.continue')}
      </Button>
    </section>
  );
}

const KYC_FIELDS: ReadonlyArray<{
  name: keyof ClassKyc;
  type?: string;
  autoComplete: string;
  Input?: typeof TextField;
}> = [
  { name: 'fullName', autoComplete: 'name' },
  { name: 'idNumber', autoComplete: 'off' },
  { name: 'kraPin', autoComplete: 'off' },
  { name: 'phoneNumber', type: 'tel', autoComplete: 'tel', Input: PhoneInput },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'address', autoComplete: 'street-address' },
];

function DetailsForm({ defaults, dispatch }: { defaults: KycFormInput; dispatch: StepProps['dispatch'] }) {
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<KycFormInput, ClassKyc>(
    kycFormSchema,
    defaults,
  );
  const errors = KYC_FIELDS.map(({ name }) => errorOf(name)).filter((message): message is string =>
    Boolean(message),
  );
  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={form.handleSubmit((kyc) => dispatch({ type: 'details', kyc }))}
    >
      <ErrorSummary errors={errors.map((message) => ({ message }))} />
      <div className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:grid-cols-2">
        {KYC_FIELDS.map(({ name, type, autoComplete, Input = TextField }) => (
          <Input
            key={name}
            label={t(`classCover.details.${name}`)}
            type={type ?? 'text'}
            autoComplete={autoComplete}
            registration={field(name)}
            error={errorOf(name)}
            className={name === 'address' ? 'md:col-span-2' : undefined}
          />
        ))}
      </div>
      <Button type="submit" disabled={isSubmitDisabled} className="w-full sm:w-auto">
        {t('classCover.details.submit')}
      </Button>
    </form>
  );
}

/** The KYC the policy is issued on, filled in from the signed-in client's profile. */
export function DetailsStep({ flow, dispatch }: StepProps) {
  const profile = useQuery({ ...clientProfileQueryOptions(), enabled: flow.kyc === null });
  if (flow.kyc === null && profile.isPending) {
    return (
      <QueryStatus
        isPending
        isError={false}
        onRetry={() => {}}
        loadingText={t('classCover.details.loading')}
      />
    );
  }
  const defaults = kycFormValues(flow.kyc, profile.data ?? null);
  return <DetailsForm defaults={defaults} dispatch={dispatch} />;
}

/** Everything before paying; Confirm & Pay makes the quotation (priced again on the server) and its invoice. */
export function SummaryStep({ flow, dispatch, riskLines, riskRef }: StepProps) {
  const ref = flow.product?.productSystemRef ?? '';
  const quote = useQuery(classPremiumQueryOptions(ref, flow.risk, flow.optional));
  const startDate = kenyaTodayIsoDate();
  const confirm = useMutation({
    mutationFn: async () => {
      const created = await createClassQuotation({
        productSystemRef: ref,
        risk: flow.risk,
        riskRef,
        kyc: flow.kyc,
        optional: flow.optional,
        startDate,
      });
      const invoice = await completeQuotation(created.systemQuotationRef);
      return {
        systemQuotationRef: created.systemQuotationRef,
        invoiceSystemRef: invoice.invoiceSystemRef,
        amount: invoice.amount,
      };
    },
    onSuccess: (quotation) => dispatch({ type: 'invoiced', quotation, startDate }),
  });
  const failure =
    confirm.error instanceof ApiError
      ? (confirm.error.err_msg ?? t('classCover.summary.failed'))
      : confirm.error
        ? t('classCover.summary.failed')
        : null;
  const kyc = flow.kyc;
  return (
    <section className="space-y-6" aria-label={t('classCover.summary.heading')}>
      <div className="grid gap-6 md:grid-cols-2">
        <Card title={t('classCover.summary.cover')}>
          <SummaryList
            rows={[
              { label: t('classCover.summary.product'), value: flow.product?.productName ?? '' },
              { label: t('classCover.summary.underwriter'), value: flow.product?.underwriter ?? '' },
              { label: t('classCover.summary.period'), value: t('classCover.summary.year') },
              { label: t('classCover.summary.startDate'), value: startDate },
              {
                label: t('classCover.summary.premium'),
                value: quote.data ? formatKes(quote.data.total) : '…',
              },
            ]}
          />
        </Card>
        <Card title={t('classCover.summary.risk')}>
          <SummaryList rows={riskLines.map(([label, value]) => ({ label, value }))} />
        </Card>
        {kyc ? (
          <Card title={t('classCover.summary.you')}>
            <SummaryList
              rows={[
                { label: t('classCover.details.fullName'), value: kyc.fullName },
                { label: t('classCover.details.idNumber'), value: kyc.idNumber },
                { label: t('classCover.details.kraPin'), value: kyc.kraPin },
                { label: t('classCover.details.phoneNumber'), value: kyc.phoneNumber },
                { label: t('classCover.details.email'), value: kyc.email },
                { label: t('classCover.details.address'), value: kyc.address },
              ]}
            />
          </Card>
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 font-semibold text-red-900">
          {failure}
        </p>
      ) : null}
      <Button onClick={() => confirm.mutate()} disabled={confirm.isPending} aria-busy={confirm.isPending}>
        {confirm.isPending ? t('classCover.summary.processing') : t('classCover.summary.confirm')}
      </Button>
    </section>
  );
}

/** M-Pesa for the invoice, then the policy: its number and where to find it. */
export function PaymentStep({ flow, dispatch }: StepProps) {
  const quotation = flow.quotation;
  const profile = useQuery(clientProfileQueryOptions());
  if (!quotation) return null;
  const rows = [
    { label: t('classCover.summary.product'), value: flow.product?.productName ?? '' },
    { label: t('classCover.payment.invoice'), value: quotation.invoiceSystemRef },
    // The invoice's amount is in cents (issue 29).
    { label: t('classCover.summary.premium'), value: formatKes(quotation.amount) },
  ];
  if (flow.paid) {
    return (
      <PolicyConfirmation
        policyNumber={flow.paid.policyNumber}
        rows={rows}
        actions={
          <Link to={paths.portalPolicies.getHref()} className={buttonPrimary}>
            {t('classCover.done.toPolicies')}
          </Link>
        }
      />
    );
  }
  return (
    <section className="grid gap-6 md:grid-cols-2" aria-label={t('classCover.payment.heading')}>
      <Card title={t('classCover.payment.summary')}>
        <SummaryList rows={rows} />
      </Card>
      <Card title={t('classCover.payment.mpesa')}>
        <MpesaCheckout
          amount={quotation.amount}
          defaultPhone={flow.kyc?.phoneNumber ?? profile.data?.phone}
          start={(phoneNumber) => requestInvoicePayment(quotation.invoiceSystemRef, phoneNumber)}
          onSuccess={(reply) => dispatch({ type: 'paid', policyNumber: reply.policyNumber ?? null })}
        />
      </Card>
    </section>
  );
}
