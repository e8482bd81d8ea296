import { loanMpesaPaymentSchema } from '@bima/domain/loans';
import { formatKes } from '@bima/domain/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/error-summary';
import { PhoneInput } from '../../../components/number-inputs';
import { buttonSecondary } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { useSpecForm } from '../../../lib/use-spec-form';
import { newRequestId, walletQueryOptions } from '../../../lib/wallet';
import { getPaymentStatus, payLoanByMpesa, payLoanFromWallet } from '../api/loans';
import { t } from '../i18n';

const phoneSchema = loanMpesaPaymentSchema.pick({ phone: true });

/** How long the screen follows a prompt before saying the loan is updated when M-Pesa answers. */
const FOLLOW_FOR_MS = 120_000;

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.err_msg ? error.err_msg : fallback;

/**
 * Pays `amount` towards a loan — the next amount due (`next`) or the early settlement (`settle`) — by
 * an M-Pesa prompt to a phone (followed until M-Pesa answers) or from the wallet.
 */
export function PayLoan({
  loanRef,
  target,
  amount,
  idPrefix,
}: {
  loanRef: string;
  target: 'next' | 'settle';
  amount: number;
  idPrefix: string;
}) {
  const queryClient = useQueryClient();
  const wallet = useQuery(walletQueryOptions());
  const [paymentRef, setPaymentRef] = useState<string | null>(null);
  const [startedAt, setStartedAt] = useState(0);
  const [requestId, setRequestId] = useState(newRequestId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['client'], exact: false });
  const byMpesa = useMutation({ mutationFn: payLoanByMpesa });
  const fromWallet = useMutation({
    mutationFn: payLoanFromWallet,
    onSuccess: () => {
      setRequestId(newRequestId());
      void refresh();
    },
  });
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<{ phone: string }, { phone: string }>(
    phoneSchema as never,
    { phone: '' },
  );
  const status = useQuery({
    queryKey: ['client', 'loans', 'payment', paymentRef],
    queryFn: ({ signal }) => getPaymentStatus(paymentRef!, signal),
    enabled: paymentRef !== null,
    refetchInterval: (query) =>
      query.state.data?.paymentRequestStatus === 'pending' || !query.state.data
        ? Date.now() - startedAt < FOLLOW_FOR_MS
          ? 2_000
          : false
        : false,
  });
  const outcome = status.data?.paymentRequestStatus;
  useEffect(() => {
    if (outcome === 'success') void queryClient.invalidateQueries({ queryKey: ['client'], exact: false });
  }, [outcome, queryClient]);

  const onSubmit = async (input: { phone: string }) => {
    try {
      const started = await byMpesa.mutateAsync({ loanRef, target, phone: input.phone });
      setStartedAt(Date.now());
      setPaymentRef(started.paymentRef);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const item of error.errors ?? []) {
          if (item.field === 'phone') form.setError('phone', { message: item.message });
        }
      }
    }
  };

  if (paymentRef) {
    const timedOut = outcome === 'pending' && Date.now() - startedAt >= FOLLOW_FOR_MS;
    return (
      <div>
        <div role="status" aria-live="polite" className="text-slate-800">
          {outcome === 'success' ? (
            <p className="font-semibold text-emerald-900">
              {t('loans.pay.success', {
                amount: formatKes(status.data ? status.data.amount : amount),
                receipt: status.data?.receiptNumber ?? t('loans.na'),
              })}
            </p>
          ) : outcome === 'failed' ? (
            <p className="font-semibold text-red-800">
              {t('loans.pay.failed', { reason: status.data?.statusMessage ?? '' })}
            </p>
          ) : timedOut ? (
            <p>{t('loans.pay.stillWaiting')}</p>
          ) : (
            <p>{t('loans.pay.waiting', { amount: formatKes(amount) })}</p>
          )}
        </div>
        {outcome === 'failed' || timedOut ? (
          <button
            type="button"
            className={`${buttonSecondary} mt-4`}
            onClick={() => {
              setPaymentRef(null);
              byMpesa.reset();
            }}
          >
            {t('loans.pay.again')}
          </button>
        ) : null}
      </div>
    );
  }

  // The wallet and the loan both answer cents.
  const balance = wallet.data?.balance ?? 0;
  const mpesaError =
    byMpesa.error && !(byMpesa.error instanceof ApiError && byMpesa.error.errors?.length)
      ? messageOf(byMpesa.error, t('loans.pay.mpesaError'))
      : null;
  return (
    <div className="grid gap-5">
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-3">
        {mpesaError ? <ErrorSummary errors={[{ message: mpesaError }]} /> : null}
        <PhoneInput
          id={`${idPrefix}-phone`}
          label={t('loans.pay.phone')}
          hint={t('loans.pay.phoneHint')}
          registration={field('phone')}
          error={errorOf('phone')}
        />
        <Button type="submit" disabled={isSubmitDisabled || byMpesa.isPending}>
          {byMpesa.isPending ? t('loans.pay.sending') : t('loans.pay.byMpesa', { amount: formatKes(amount) })}
        </Button>
      </form>
      <div className="border-t border-slate-200 pt-4">
        <p className="text-slate-700">{t('loans.pay.walletBalance', { balance: formatKes(balance) })}</p>
        {fromWallet.error ? (
          <p role="alert" className="mt-2 font-medium text-red-800">
            {messageOf(fromWallet.error, t('loans.pay.walletError'))}
          </p>
        ) : null}
        <Button
          variant="secondary"
          className="mt-2"
          disabled={fromWallet.isPending || balance < amount}
          onClick={() => fromWallet.mutate({ loanRef, target, requestId })}
        >
          {t('loans.pay.fromWallet', { amount: formatKes(amount) })}
        </Button>
        {balance < amount ? (
          <p className="mt-1 text-sm text-slate-700">{t('loans.pay.walletShort')}</p>
        ) : null}
      </div>
    </div>
  );
}
