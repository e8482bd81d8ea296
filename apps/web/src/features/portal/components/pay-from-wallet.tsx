import { formatKes, shillingsToCents } from '@bima/domain/money';
import { shillingsAmountSchema } from '@bima/domain/wallet';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ErrorSummary } from '../../../components/error-summary';
import { TextField } from '../../../components/text-field';
import { linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import type { ClientInvoice } from '../../../lib/invoices';
import { useSpecForm } from '../../../lib/use-spec-form';
import { newRequestId, payInvoiceFromWallet, walletQueryOptions } from '../../../lib/wallet';
import { t } from '../i18n';

const formSchema = z.object({ amount: shillingsAmountSchema });

/**
 * Pays all or part of an unpaid invoice from the client's wallet (the rest by M-Pesa with Pay now):
 * the amount offered is what the wallet can give; the server refuses more than the wallet holds or
 * the invoice needs, with the reason on the field. The policy is issued when the invoice is paid in
 * full, whatever paid it.
 */
export function PayFromWallet({ invoice }: { invoice: ClientInvoice }) {
  const wallet = useQuery(walletQueryOptions());
  if (!wallet.data || invoice.status !== 'UNPAID') return null;
  // The wallet and the invoice both answer cents.
  return <PayFromWalletForm invoice={invoice} balance={wallet.data.balance} />;
}

function PayFromWalletForm({ invoice, balance }: { invoice: ClientInvoice; balance: number }) {
  const queryClient = useQueryClient();
  const [requestId, setRequestId] = useState(newRequestId);
  const [done, setDone] = useState<string | null>(null);
  const pay = useMutation({ mutationFn: payInvoiceFromWallet });
  const due = invoice.balance ?? invoice.amount;
  // What the wallet can give, in whole shillings as the client types them.
  const offer = Math.floor(Math.min(balance, due) / 100);
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<{ amount: string }, { amount: number }>(
    formSchema as never,
    { amount: offer > 0 ? String(offer) : '' },
  );

  const onSubmit = async ({ amount }: { amount: number }) => {
    setDone(null);
    try {
      const paid = await pay.mutateAsync({
        invoiceSystemRef: invoice.invoiceSystemRef,
        amount: shillingsToCents(amount),
        requestId,
      });
      setRequestId(newRequestId());
      queryClient.setQueryData(['client', 'invoice', invoice.invoiceSystemRef], paid.invoice);
      await queryClient.invalidateQueries({ queryKey: ['client'] });
      setDone(
        paid.invoice.status === 'PAID'
          ? t('portal.payFromWallet.paidAll')
          : t('portal.payFromWallet.paidPart', {
              amount: formatKes(shillingsToCents(amount)),
              rest: formatKes(paid.invoice.balance ?? 0),
            }),
      );
      form.reset({ amount: '' });
    } catch (error) {
      setRequestId(newRequestId());
      const message =
        error instanceof ApiError
          ? error.errors?.find((item) => item.field === 'amount')?.message
          : undefined;
      if (message) form.setError('amount', { message });
    }
  };
  const serverError =
    pay.error && !(pay.error instanceof ApiError && pay.error.errors?.some((item) => item.field === 'amount'))
      ? pay.error instanceof ApiError && pay.error.err_msg
        ? pay.error.err_msg
        : t('portal.payFromWallet.failed')
      : null;

  return (
    <Card id="pay-from-wallet" title={t('portal.payFromWallet.title')}>
      {done ? (
        <p role="status" className="mb-3 font-semibold text-emerald-900">
          {done}
        </p>
      ) : null}
      <p className="text-slate-800">
        {balance > 0
          ? t('portal.payFromWallet.balance', { amount: formatKes(balance) })
          : t('portal.payFromWallet.empty')}{' '}
        <Link to={paths.portalTopUpOptions.getHref()} className={linkButton}>
          {t('portal.payFromWallet.topUpLink')}
        </Link>
      </p>
      {balance > 0 ? (
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="mt-4 grid gap-4">
          {serverError ? <ErrorSummary errors={[{ message: serverError }]} /> : null}
          <TextField
            label={t('portal.payFromWallet.amount')}
            hint={t('portal.payFromWallet.amountHint', { due: formatKes(due) })}
            inputMode="numeric"
            autoComplete="off"
            registration={field('amount')}
            error={errorOf('amount')}
          />
          <Button type="submit" className="justify-self-start" disabled={isSubmitDisabled || pay.isPending}>
            {pay.isPending ? t('portal.payFromWallet.paying') : t('portal.payFromWallet.submit')}
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
