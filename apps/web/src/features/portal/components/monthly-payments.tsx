import type { PolicyMonthly, StandingOrderView } from '@bima/domain/contract';
import { formatKes } from '@bima/domain/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { Modal } from '../../../components/modal';
import { MpesaPhoneField } from '../../../components/mpesa-checkout';
import { StatusBadge, type StatusTone } from '../../../components/status-badge';
import { SummaryList } from '../../../components/summary-list';
import { buttonPrimary } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatIsoDate } from '../../../lib/dates';
import { domainText } from '../../../lib/domain-text';
import { setupStandingOrder, stopStandingOrder } from '../../../lib/monthly';
import { checkMpesaNumber, mpesaDigitsFromKyc, toMpesaPhoneNumber } from '../../../lib/mpesa';
import { t } from '../i18n';

/** While M-Pesa waits for the client's approval of a standing order, the policy page asks every few seconds. */
export const STANDING_ORDER_POLL_MS = 3_000;

/** A refetch interval for a policy query: soon while its standing order waits for approval, else `otherwise`. */
export function whileStandingOrderPending<Q extends { state: { data?: unknown } }>(
  otherwise: (query: Q) => number | false,
) {
  return (query: Q) => {
    const data = query.state.data as { monthly?: PolicyMonthly | null } | undefined;
    return data?.monthly?.standingOrder?.status === 'pending' ? STANDING_ORDER_POLL_MS : otherwise(query);
  };
}

const monthTones: Record<PolicyMonthly['months'][number]['status'], StatusTone> = {
  paid: 'success',
  due: 'warning',
  missed: 'danger',
  upcoming: 'neutral',
  void: 'neutral',
};

const orderTones: Record<StandingOrderView['status'], StatusTone> = {
  pending: 'info',
  active: 'success',
  failed: 'danger',
  cancelled: 'neutral',
};

const serverMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.err_msg ? error.err_msg : fallback;

interface MonthlyPaymentsProps {
  policyId: number;
  monthly: PolicyMonthly;
  paidUntil: string;
  /** The policy's own query key, asked again after a standing-order change. */
  queryKey: readonly unknown[];
  /** The client's KYC phone, to start the standing order's number from. */
  defaultPhone?: string | null;
}

/**
 * A monthly policy's payments (issue 31): months paid of 12, paid until, the next due with Pay now
 * (its invoice's page, which pays by M-Pesa or the wallet), a lapse or the end of cover, the months
 * with their status, and the M-Pesa Ratiba standing order (set it up; stop it).
 */
export function MonthlyPayments({
  policyId,
  monthly,
  paidUntil,
  queryKey,
  defaultPhone,
}: MonthlyPaymentsProps) {
  const next = monthly.nextDue;
  const count = monthly.instalments;
  const missed = monthly.months.find((month) => month.status === 'missed' || month.status === 'void');
  return (
    <Card id="policy-monthly" title={t('portal.monthly.title')}>
      {monthly.state === 'lapsed' && next ? (
        <div
          role="status"
          className="mb-4 rounded-xl border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950"
        >
          <p className="font-semibold">
            {t('portal.monthly.lapsed', { date: formatIsoDate(paidUntil), month: next.monthNo })}
          </p>
          <p className="mt-1">
            {t('portal.monthly.lapsedHint', {
              amount: formatKes(next.balance),
              date: formatIsoDate(monthly.graceUntil ?? next.dueDate),
            })}
          </p>
        </div>
      ) : null}
      {monthly.state === 'cancelled' ? (
        <p role="status" className="mb-4 rounded-xl border-l-4 border-red-700 bg-red-50 p-4 text-red-950">
          {t('portal.monthly.ended', {
            date: formatIsoDate(paidUntil),
            month: missed?.monthNo ?? monthly.paidMonths + 1,
          })}
        </p>
      ) : null}
      {monthly.state === 'completed' ? (
        <p role="status" className="mb-4 font-semibold text-emerald-900">
          {t('portal.monthly.completed')}
        </p>
      ) : null}
      <SummaryList
        rows={[
          {
            label: t('portal.monthly.monthsPaid'),
            value: t('portal.monthly.monthsPaidValue', { paid: monthly.paidMonths, count }),
          },
          { label: t('portal.monthly.paidUntil'), value: formatIsoDate(paidUntil) },
          { label: t('portal.monthly.perMonth'), value: formatKes(monthly.monthlyAmount) },
          ...(next && monthly.state !== 'cancelled'
            ? [
                {
                  label: t('portal.monthly.nextDue'),
                  value: t('portal.monthly.nextDueValue', {
                    month: next.monthNo,
                    count,
                    amount: formatKes(next.balance),
                    date: formatIsoDate(next.dueDate),
                  }),
                },
              ]
            : []),
        ]}
      />
      {next?.invoiceSystemRef && monthly.state !== 'cancelled' ? (
        <Link
          to={paths.portalInvoiceDetail.getHref(next.invoiceSystemRef)}
          aria-label={t('portal.monthly.payNowLabel', {
            month: next.monthNo,
            amount: formatKes(next.balance),
          })}
          className={`${buttonPrimary} mt-4`}
        >
          {t('portal.monthly.payNow')}
        </Link>
      ) : null}
      {monthly.state === 'current' || monthly.state === 'lapsed' ? (
        <StandingOrderPanel
          policyId={policyId}
          order={monthly.standingOrder}
          queryKey={queryKey}
          defaultPhone={defaultPhone}
        />
      ) : monthly.standingOrder ? (
        <StandingOrderPanel policyId={policyId} order={monthly.standingOrder} queryKey={queryKey} readOnly />
      ) : null}
      <h3 className="mt-6 font-bold text-slate-900">{t('portal.monthly.monthsTitle')}</h3>
      <ol aria-label={t('portal.monthly.monthsTitle')} className="mt-2 divide-y divide-slate-200">
        {monthly.months.map((month) => (
          <li
            key={month.monthNo}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2"
          >
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                {t('portal.monthly.monthOf', { month: month.monthNo, count })}
              </p>
              <p className="text-sm text-slate-700">
                {t('portal.monthly.monthDays', {
                  from: formatIsoDate(month.coveredFrom ?? month.from),
                  to: formatIsoDate(month.to),
                })}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <span className="font-semibold text-slate-900 tabular-nums">{formatKes(month.amount)}</span>
              <StatusBadge
                label={t(`portal.monthly.status.${month.status}`)}
                tone={monthTones[month.status]}
              />
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-4 text-sm text-slate-800">{monthly.rule}</p>
    </Card>
  );
}

/** The standing order's state, with "Set up M-Pesa standing order" or "Stop the standing order". */
function StandingOrderPanel({
  policyId,
  order,
  queryKey,
  defaultPhone,
  readOnly = false,
}: {
  policyId: number;
  order: StandingOrderView | null;
  queryKey: readonly unknown[];
  defaultPhone?: string | null;
  readOnly?: boolean;
}) {
  const queryClient = useQueryClient();
  const [isSettingUp, setSettingUp] = useState(false);
  const [isConfirmingStop, setConfirmingStop] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const stop = useMutation({
    mutationFn: () => stopStandingOrder(policyId),
    onSuccess: () => {
      setConfirmingStop(false);
      setError(null);
      void refresh();
    },
    onError: (failure) => {
      setConfirmingStop(false);
      setError(serverMessage(failure, t('portal.standingOrder.stopFailed')));
    },
  });
  const isLive = order?.status === 'pending' || order?.status === 'active';
  return (
    <section aria-labelledby="standing-order-title" className="mt-6 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="standing-order-title" className="font-bold text-slate-900">
          {t('portal.standingOrder.title')}
        </h3>
        {order ? (
          <StatusBadge
            label={t(`portal.standingOrder.status.${order.status}`)}
            tone={orderTones[order.status]}
          />
        ) : null}
      </div>
      <p role="status" aria-live="polite" className="mt-2 text-slate-800">
        {order ? standingOrderText(order) : t('portal.standingOrder.none')}
      </p>
      {order?.resultDesc && order.status !== 'active' && order.status !== 'pending' ? (
        <p className="mt-1 text-sm text-slate-700">
          {t('portal.standingOrder.mpesaSaid', { text: domainText(order.resultDesc) })}
        </p>
      ) : null}
      {order?.status === 'active' && order.resultDesc ? (
        <p className="mt-1 text-sm text-slate-700">
          {t('portal.standingOrder.lastDebit', { text: domainText(order.resultDesc) })}
        </p>
      ) : null}
      {order?.status === 'cancelled' && order.cancelledBy === 'client' ? (
        <p className="mt-2 font-semibold text-slate-900">{t('portal.standingOrder.endInMpesa')}</p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 font-semibold text-red-900">
          {error}
        </p>
      ) : null}
      {readOnly ? null : isLive ? (
        order?.status === 'active' ? (
          <Button variant="danger" className="mt-3" onClick={() => setConfirmingStop(true)}>
            {t('portal.standingOrder.stop')}
          </Button>
        ) : null
      ) : isSettingUp ? (
        <SetupForm
          policyId={policyId}
          defaultPhone={defaultPhone}
          onDone={() => {
            setSettingUp(false);
            void refresh();
          }}
          onCancel={() => setSettingUp(false)}
        />
      ) : (
        <div className="mt-3">
          <p className="text-sm text-slate-700">{t('portal.standingOrder.why')}</p>
          <Button className="mt-3" onClick={() => setSettingUp(true)}>
            {t('portal.standingOrder.setUp')}
          </Button>
        </div>
      )}
      {isConfirmingStop ? (
        <Modal title={t('portal.standingOrder.stopTitle')} onClose={() => setConfirmingStop(false)}>
          <p className="text-slate-800">{t('portal.standingOrder.stopIntro')}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button variant="danger" disabled={stop.isPending} onClick={() => stop.mutate()}>
              {stop.isPending ? t('portal.standingOrder.stopping') : t('portal.standingOrder.stopConfirm')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirmingStop(false)}>
              {t('portal.standingOrder.keep')}
            </Button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}

function standingOrderText(order: StandingOrderView): string {
  const amount = formatKes(order.amount);
  switch (order.status) {
    case 'pending':
      return t('portal.standingOrder.pending', { phone: order.phone, amount });
    case 'active':
      return order.nextDebitOn
        ? t('portal.standingOrder.active', {
            phone: order.phone,
            amount,
            date: formatIsoDate(order.nextDebitOn),
          })
        : t('portal.standingOrder.activeNoNext', { phone: order.phone, amount });
    case 'failed':
      return t('portal.standingOrder.failed', { phone: order.phone });
    default:
      return order.cancelledBy === 'client'
        ? t('portal.standingOrder.cancelledByClient')
        : order.cancelledBy === 'mpesa'
          ? t('portal.standingOrder.cancelledByMpesa')
          : t('portal.standingOrder.cancelledByPolicy');
  }
}

/** The M-Pesa number to debit each month (the same field as paying), then the request to the phone. */
function SetupForm({
  policyId,
  defaultPhone,
  onDone,
  onCancel,
}: {
  policyId: number;
  defaultPhone?: string | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState(() => mpesaDigitsFromKyc(defaultPhone));
  const [isTouched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const check = checkMpesaNumber(typed);
  const setup = useMutation({
    mutationFn: (phone: string) => setupStandingOrder(policyId, phone),
    onSuccess: onDone,
    onError: (failure) => setError(serverMessage(failure, t('portal.standingOrder.setUpFailed'))),
  });
  const phoneError =
    check.status === 'empty'
      ? isTouched
        ? t('portal.standingOrder.phoneRequired')
        : null
      : check.message && (isTouched || check.status === 'invalid')
        ? domainText(check.message)
        : null;
  return (
    <form
      noValidate
      className="mt-3 space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (check.status !== 'valid') return;
        setError(null);
        setup.mutate(toMpesaPhoneNumber(check.digits));
      }}
    >
      <MpesaPhoneField
        id={id}
        typed={typed}
        disabled={setup.isPending}
        error={phoneError}
        onTyped={(value) => {
          setTouched(true);
          setTyped(value);
        }}
      />
      <p className="text-sm text-slate-700">{t('portal.standingOrder.approveHint')}</p>
      {error ? (
        <p role="alert" className="font-semibold text-red-900">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={setup.isPending}>
          {setup.isPending ? t('portal.standingOrder.sending') : t('portal.standingOrder.send')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={setup.isPending}>
          {t('portal.standingOrder.cancel')}
        </Button>
      </div>
    </form>
  );
}
