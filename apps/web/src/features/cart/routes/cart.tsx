import { cartPaySchema } from '@bima/domain/cart';
import { formatKes } from '@bima/domain/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { coverTypeText } from '../../../components/code-labels';
import { ErrorSummary } from '../../../components/error-summary';
import { PhoneInput } from '../../../components/number-inputs';
import { ListPages } from '../../../components/pagination';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { SummaryList } from '../../../components/summary-list';
import { buttonSecondary, cardClass, linkButton } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { cartQueryKey } from '../../../lib/cart';
import { useSpecForm } from '../../../lib/use-spec-form';
import { type CartItem, cartQueryOptions, getCartPaymentStatus, payCart, removeFromCart } from '../api/cart';
import { t } from '../i18n';

/** How long the screen follows a prompt before saying the cart updates when M-Pesa answers. */
const FOLLOW_FOR_MS = 120_000;

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.err_msg ? error.err_msg : fallback;

/**
 * Cart: the client's unpaid quotations (paged, oldest added first) with their total, expired ones
 * flagged (not counted; they must be priced again), Remove, and Pay — the whole cart as one invoice
 * by M-Pesa, in parts above M-Pesa's limit — then each policy issued with its link.
 */
export default function CartRoute() {
  const [page, setPage] = usePageParam();
  const queryClient = useQueryClient();
  const cart = useQuery(cartQueryOptions(page));
  const list = cart.data;
  const [notice, setNotice] = useState<string | null>(null);
  const [paymentRef, setPaymentRef] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (item: CartItem) => removeFromCart(item.systemQuotationRef),
    onSuccess: (answer, item) => {
      setNotice(answer.message ?? t('cart.removed', { ref: item.systemQuotationRef }));
      void queryClient.invalidateQueries({ queryKey: cartQueryKey });
    },
  });

  return (
    <div>
      <ScreenHeading level={1}>{t('cart.title')}</ScreenHeading>
      <p className="mt-2 max-w-3xl text-slate-700">{t('cart.intro')}</p>
      <div role="status" aria-live="polite">
        {notice ? <p className={`${cardClass} mt-4 font-medium text-slate-900`}>{notice}</p> : null}
      </div>
      {remove.error ? (
        <p role="alert" className="mt-4 font-medium text-red-800">
          {messageOf(remove.error, t('cart.removeError'))}
        </p>
      ) : null}
      <QueryStatus isPending={cart.isPending} isError={cart.isError} onRetry={() => void cart.refetch()} />
      {paymentRef ? <CartPayment paymentRef={paymentRef} onAgain={() => setPaymentRef(null)} /> : null}
      {list?.total === 0 && !paymentRef ? (
        <div className={`${cardClass} mt-6`}>
          <p className="font-semibold text-slate-900">{t('cart.empty')}</p>
          <p className="mt-1 text-slate-700">{t('cart.emptyHint')}</p>
          <div className="mt-3 flex flex-wrap gap-4">
            <Link to={paths.motorBasicDetails.getHref()} className={linkButton}>
              {t('cart.getQuotes')}
            </Link>
            <Link to={paths.portalQuotations.getHref()} className={linkButton}>
              {t('cart.toQuotations')}
            </Link>
          </div>
        </div>
      ) : null}
      {list && list.items.length > 0 ? (
        <>
          <ul className="mt-6 grid gap-4 lg:grid-cols-2" aria-label={t('cart.itemsLabel')}>
            {list.items.map((item) => (
              <li key={item.systemQuotationRef}>
                <article
                  aria-labelledby={`cart-${item.systemQuotationRef}`}
                  className={`${cardClass} h-full`}
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h2 id={`cart-${item.systemQuotationRef}`} className="font-bold break-all text-slate-900">
                      {item.systemQuotationRef}
                    </h2>
                    {item.isExpired ? (
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-950">
                        {t('cart.expired')}
                      </span>
                    ) : null}
                  </div>
                  <SummaryList
                    rows={[
                      { label: t('cart.fields.product'), value: `${item.productName} · ${item.underwriter}` },
                      {
                        label: t('cart.fields.covers'),
                        value: [
                          item.registrationNumber,
                          item.vehicleDescription,
                          coverTypeText(item.coverType),
                        ]
                          .filter(Boolean)
                          .join(' · '),
                      },
                      { label: t('cart.fields.premium'), value: formatKes(item.premium) },
                      ...(item.balance !== item.premium
                        ? [{ label: t('cart.fields.balance'), value: formatKes(item.balance) }]
                        : []),
                    ]}
                  />
                  {item.isExpired ? (
                    <div className="mt-3">
                      <p className="font-semibold text-amber-950">{t('cart.expiredText')}</p>
                      <Link
                        to={paths.portalQuotations.getHref()}
                        className={`${linkButton} mt-1 inline-block`}
                      >
                        {t('cart.requote')}
                      </Link>
                    </div>
                  ) : null}
                  <button
                    type="button"
                    className={`${buttonSecondary} mt-3`}
                    disabled={remove.isPending}
                    aria-label={t('cart.removeLabel', { ref: item.systemQuotationRef })}
                    onClick={() => remove.mutate(item)}
                  >
                    {t('cart.remove')}
                  </button>
                </article>
              </li>
            ))}
          </ul>
          <ListPages
            list={list}
            onPageChange={setPage}
            isDisabled={cart.isPlaceholderData}
            label={t('cart.pages')}
          />
          <section aria-labelledby="cart-total" className={`${cardClass} mt-6`}>
            <h2 id="cart-total" className="text-xl font-bold text-slate-900">
              {t('cart.totalTitle')}
            </h2>
            <p className="mt-2 text-2xl font-bold text-slate-900 tabular-nums" data-testid="cart-total">
              {formatKes(list.totalAmount)}
            </p>
            <p className="mt-1 text-slate-700">
              {t(list.payableCount === 1 ? 'cart.totalOfOne' : 'cart.totalOf', { count: list.payableCount })}
            </p>
            {list.expiredCount > 0 ? (
              <p className="mt-2 font-semibold text-amber-950">
                {t(list.expiredCount === 1 ? 'cart.expiredBlocksOne' : 'cart.expiredBlocks', {
                  count: list.expiredCount,
                })}
              </p>
            ) : null}
            {list.totalAmount > list.amountDueNow ? (
              <p className="mt-2 text-slate-700">
                {t('cart.inParts', { now: formatKes(list.amountDueNow), max: formatKes(list.maxPerPrompt) })}
              </p>
            ) : null}
            {!paymentRef && list.expiredCount === 0 && list.totalAmount > 0 ? (
              <PayCartForm amount={list.amountDueNow} onStarted={setPaymentRef} />
            ) : null}
          </section>
        </>
      ) : null}
    </div>
  );
}

function PayCartForm({ amount, onStarted }: { amount: number; onStarted: (paymentRef: string) => void }) {
  const pay = useMutation({ mutationFn: payCart });
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<{ phone: string }, { phone: string }>(
    cartPaySchema as never,
    { phone: '' },
  );
  const onSubmit = async (input: { phone: string }) => {
    try {
      const started = await pay.mutateAsync(input.phone);
      onStarted(started.paymentRef);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const item of error.errors ?? []) {
          if (item.field === 'phone') form.setError('phone', { message: item.message });
        }
      }
    }
  };
  const payError =
    pay.error && !(pay.error instanceof ApiError && pay.error.errors?.some((item) => item.field === 'phone'))
      ? messageOf(pay.error, t('cart.payError'))
      : null;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="mt-4 grid max-w-md gap-3">
      {payError ? <ErrorSummary errors={[{ message: payError }]} /> : null}
      <PhoneInput
        id="cart-phone"
        label={t('cart.phone')}
        hint={t('cart.phoneHint')}
        registration={field('phone')}
        error={errorOf('phone')}
      />
      <Button type="submit" disabled={isSubmitDisabled || pay.isPending}>
        {pay.isPending ? t('cart.sending') : t('cart.pay', { amount: formatKes(amount) })}
      </Button>
    </form>
  );
}

/** The prompt sent for the cart, followed until M-Pesa answers; then each member and its policy. */
function CartPayment({ paymentRef, onAgain }: { paymentRef: string; onAgain: () => void }) {
  const queryClient = useQueryClient();
  const [startedAt] = useState(Date.now);
  const status = useQuery({
    queryKey: ['client', 'cart-payment', paymentRef],
    queryFn: ({ signal }) => getCartPaymentStatus(paymentRef, signal),
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
  const timedOut = outcome === 'pending' && Date.now() - startedAt >= FOLLOW_FOR_MS;
  const cart = status.data?.cart;
  return (
    <section aria-labelledby="cart-payment" className={`${cardClass} mt-6`}>
      <h2 id="cart-payment" className="text-xl font-bold text-slate-900">
        {t('cart.payment.title', { ref: cart?.cartInvoiceRef ?? '' })}
      </h2>
      <div role="status" aria-live="polite" className="mt-2 text-slate-800">
        {outcome === 'success' ? (
          <p className="font-semibold text-emerald-900">
            {t('cart.payment.success', {
              amount: formatKes(status.data?.amount ?? 0),
              receipt: status.data?.receiptNumber ?? t('cart.na'),
            })}
          </p>
        ) : outcome === 'failed' ? (
          <p className="font-semibold text-red-800">
            {t('cart.payment.failed', { reason: status.data?.statusMessage ?? '' })}
          </p>
        ) : timedOut ? (
          <p>{t('cart.payment.stillWaiting')}</p>
        ) : (
          <p>{t('cart.payment.waiting', { amount: formatKes(status.data?.amount ?? 0) })}</p>
        )}
      </div>
      {cart && outcome === 'success' ? (
        <>
          <p className="mt-2 text-slate-800">
            {cart.balance > 0
              ? t('cart.payment.balanceLeft', { balance: formatKes(cart.balance) })
              : t('cart.payment.allPaid')}
          </p>
          <ul className="mt-3 grid gap-2" aria-label={t('cart.payment.membersLabel')}>
            {cart.members.map((member) => (
              <li key={member.invoiceSystemRef} className="text-slate-800">
                <span className="font-semibold">{member.productName}</span> ({member.systemQuotationRef}):{' '}
                {member.policyNumber && member.policyId !== null ? (
                  <Link to={paths.portalPolicy.getHref(member.policyId)} className={linkButton}>
                    {t('cart.payment.policy', { policyNumber: member.policyNumber })}
                  </Link>
                ) : (
                  t('cart.payment.memberBalance', { balance: formatKes(member.balance) })
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {outcome === 'failed' || timedOut || (outcome === 'success' && cart && cart.balance > 0) ? (
        <button type="button" className={`${buttonSecondary} mt-4`} onClick={onAgain}>
          {outcome === 'success' ? t('cart.payment.next') : t('cart.payment.again')}
        </button>
      ) : null}
    </section>
  );
}
