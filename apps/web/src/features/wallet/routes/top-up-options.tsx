import { formatKes, shillingsToCents } from '@bima/domain/money';
import { parseAmount } from '@bima/domain/numbers';
import { type WalletTopUpFormInput, walletTopUpFormSchema } from '@bima/domain/wallet';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ErrorSummary } from '../../../components/error-summary';
import { AmountInput, PhoneInput } from '../../../components/number-inputs';
import { PagedTable } from '../../../components/paged-table';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { buttonSecondary } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { ApiError } from '../../../lib/api-client';
import { formatKenyaDateTime } from '../../../lib/dates';
import { useSpecForm } from '../../../lib/use-spec-form';
import { walletQueryOptions } from '../../../lib/wallet';
import { getTopUpStatus, topUpWallet, type WalletMovement, walletMovementsQueryOptions } from '../api/wallet';
import { t } from '../i18n';

/** The amount as typed ("1,500"), in cents, read as every amount is. */
function amountTyped(text: unknown): number {
  const read = parseAmount(String(text ?? ''), { unit: 'cents' });
  return read.ok ? read.value : 0;
}

interface TopUpValues {
  amount: string;
  phone: string;
}

/** How long the screen follows a prompt before saying the wallet is credited when M-Pesa answers. */
const FOLLOW_FOR_MS = 120_000;

/**
 * Top Up Options (the wallet): the balance, a top-up by M-Pesa (the same prompt as an invoice's,
 * followed until M-Pesa answers), and the wallet's movements, paged on the server.
 */
export default function TopUpOptionsRoute() {
  const wallet = useQuery(walletQueryOptions());
  const [page, setPage] = usePageParam();
  const movements = useQuery(walletMovementsQueryOptions(page));

  return (
    <div>
      <ScreenHeading level={1}>{t('wallet.topUp.title')}</ScreenHeading>
      <p className="mt-2 max-w-3xl text-slate-700">{t('wallet.topUp.intro')}</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card id="wallet-balance" title={t('wallet.topUp.balanceTitle')}>
          {wallet.data ? (
            <>
              <p className="text-3xl font-bold tabular-nums text-emerald-900" data-testid="wallet-balance">
                {formatKes(wallet.data.balance)}
              </p>
              <p className="mt-1 text-slate-700">{t('wallet.topUp.balanceHint')}</p>
            </>
          ) : (
            <QueryStatus
              isPending={wallet.isPending}
              isError={wallet.isError}
              onRetry={() => void wallet.refetch()}
              loadingText={t('wallet.topUp.balanceLoading')}
              errorText={t('wallet.topUp.balanceError')}
            />
          )}
        </Card>
        <TopUpCard maxTopUpCents={wallet.data?.maxTopUp ?? 250_000_00} />
      </div>
      <section aria-labelledby="wallet-movements-heading" className="mt-8">
        <h2 id="wallet-movements-heading" className="text-xl font-bold text-slate-900">
          {t('wallet.movements.title')}
        </h2>
        <PagedTable<WalletMovement>
          query={movements}
          page={page}
          onPageChange={setPage}
          pagesLabel={t('wallet.movements.pages')}
          caption={t('wallet.movements.caption')}
          isScrollFocusable
          hideCaption
          rowKey={(movement) => String(movement.id)}
          emptyText={t('wallet.movements.empty')}
          columns={[
            {
              key: 'date',
              header: t('wallet.movements.date'),
              cell: (row) => formatKenyaDateTime(row.occurredAt),
            },
            { key: 'description', header: t('wallet.movements.description'), cell: (row) => row.description },
            {
              key: 'reference',
              header: t('wallet.movements.reference'),
              cell: (row) => row.reference ?? t('wallet.na'),
              className: '[overflow-wrap:anywhere]',
            },
            {
              key: 'amount',
              header: t('wallet.movements.amount'),
              align: 'right',
              className: 'tabular-nums font-semibold',
              cell: (row) =>
                row.amount >= 0
                  ? t('wallet.movements.in', { amount: formatKes(row.amount) })
                  : t('wallet.movements.out', { amount: formatKes(-row.amount) }),
            },
            {
              key: 'balanceAfter',
              header: t('wallet.movements.balanceAfter'),
              align: 'right',
              className: 'tabular-nums',
              cell: (row) => formatKes(row.balanceAfter),
            },
          ]}
        />
      </section>
    </div>
  );
}

function TopUpCard({ maxTopUpCents }: { maxTopUpCents: number }) {
  const queryClient = useQueryClient();
  const [paymentRef, setPaymentRef] = useState<string | null>(null);
  const [startedAt, setStartedAt] = useState(0);
  const start = useMutation({ mutationFn: topUpWallet });
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<TopUpValues, WalletTopUpFormInput>(
    walletTopUpFormSchema as never,
    { amount: '', phone: '' },
  );
  const status = useQuery({
    queryKey: ['client', 'wallet', 'top-up', paymentRef],
    queryFn: ({ signal }) => getTopUpStatus(paymentRef!, signal),
    enabled: paymentRef !== null,
    refetchInterval: (query) =>
      query.state.data?.paymentRequestStatus === 'pending' || !query.state.data
        ? Date.now() - startedAt < FOLLOW_FOR_MS
          ? 3_000
          : false
        : false,
  });
  const outcome = status.data?.paymentRequestStatus;
  useEffect(() => {
    // The money is in: the balance and the movements read again.
    if (outcome === 'success')
      void queryClient.invalidateQueries({ queryKey: ['client', 'wallet'], exact: false });
  }, [outcome, queryClient]);

  const onSubmit = async (input: WalletTopUpFormInput) => {
    try {
      // The form reads whole shillings; the wire takes cents.
      const started = await start.mutateAsync({ amount: shillingsToCents(input.amount), phone: input.phone });
      setStartedAt(Date.now());
      setPaymentRef(started.paymentRef);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const item of error.errors ?? []) {
          if (item.field === 'amount' || item.field === 'phone')
            form.setError(item.field, { message: item.message });
        }
      }
    }
  };
  const serverError =
    start.error && !(start.error instanceof ApiError && start.error.errors?.length)
      ? start.error instanceof ApiError && start.error.err_msg
        ? start.error.err_msg
        : t('wallet.topUp.failed')
      : null;

  if (paymentRef) {
    const amount = formatKes(status.data?.amount ?? amountTyped(form.getValues('amount')));
    const timedOut = outcome === 'pending' && Date.now() - startedAt >= FOLLOW_FOR_MS;
    return (
      <Card id="wallet-top-up" title={t('wallet.topUp.formTitle')}>
        <div role="status" aria-live="polite" className="text-slate-800">
          {outcome === 'success' ? (
            <p className="font-semibold text-emerald-900">
              {status.data?.receiptNumber
                ? t('wallet.topUp.success', { amount, receipt: status.data.receiptNumber })
                : t('wallet.topUp.successNoReceipt', { amount })}
            </p>
          ) : outcome === 'failed' ? (
            <p className="font-semibold text-red-800">
              {t('wallet.topUp.paymentFailed', { reason: status.data?.statusMessage ?? '' })}
            </p>
          ) : timedOut ? (
            <p>{t('wallet.topUp.stillWaiting')}</p>
          ) : (
            <p>{t('wallet.topUp.waiting', { amount })}</p>
          )}
        </div>
        {outcome === 'success' || outcome === 'failed' || timedOut ? (
          <button
            type="button"
            className={`${buttonSecondary} mt-4`}
            onClick={() => {
              setPaymentRef(null);
              start.reset();
              form.reset({ amount: '', phone: form.getValues('phone') });
            }}
          >
            {t('wallet.topUp.another')}
          </button>
        ) : null}
      </Card>
    );
  }

  return (
    <Card id="wallet-top-up" title={t('wallet.topUp.formTitle')}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
        {serverError ? <ErrorSummary errors={[{ message: serverError }]} /> : null}
        <AmountInput
          label={t('wallet.topUp.amount')}
          hint={t('wallet.topUp.amountHint', { max: formatKes(maxTopUpCents) })}
          autoComplete="off"
          registration={field('amount')}
          error={errorOf('amount')}
        />
        <PhoneInput
          label={t('wallet.topUp.phone')}
          hint={t('wallet.topUp.phoneHint')}
          registration={field('phone')}
          error={errorOf('phone')}
        />
        <Button type="submit" disabled={isSubmitDisabled || start.isPending}>
          {start.isPending ? t('wallet.topUp.sending') : t('wallet.topUp.submit')}
        </Button>
      </form>
    </Card>
  );
}
