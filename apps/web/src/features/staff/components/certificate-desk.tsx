import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { buttonSmall } from '../../../components/ui';
import { certificateDeskQueryOptions, retryCertificate } from '../api/certificates';
import { t } from '../i18n';
import { errorMessage } from '../utils/errors';
import { formatWhen } from '../utils/format';

/**
 * Motor certificates through DMVIC, beside the policies they belong to: the certificates still
 * waiting (why each waits, when it is tried next, and "Retry now"), the cancellations the insurer must
 * make at DMVIC, and each insurer's certificate stock per type (an underwriter sees its own only).
 */
export function CertificateDesk() {
  const headingId = useId();
  const queryClient = useQueryClient();
  const desk = useQuery(certificateDeskQueryOptions());
  const retry = useMutation({
    mutationFn: retryCertificate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'certificates'] }),
  });
  const queue = desk.data?.queue ?? [];
  const stock = desk.data?.stock ?? [];
  return (
    <section id="certificates" aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {t('staff.certificates.title')}
      </h2>
      <p className="mt-2 text-slate-700">{t('staff.certificates.intro')}</p>
      {desk.isError ? (
        <p role="alert" className="mt-2 text-red-800">
          {errorMessage(desk.error, t('staff.certificates.failed'))}
        </p>
      ) : null}
      {retry.isError ? (
        <p role="alert" className="mt-2 text-red-800">
          {errorMessage(retry.error, t('staff.certificates.failed'))}
        </p>
      ) : null}
      {/* A list, not a table: each waiting certificate reads on a phone without scrolling sideways. */}
      <h3 className="mt-4 font-semibold text-slate-900">{t('staff.certificates.queueCaption')}</h3>
      {queue.length === 0 ? (
        <p className="mt-2 text-slate-700">
          {desk.isPending ? t('staff.certificates.loading') : t('staff.certificates.empty')}
        </p>
      ) : (
        <ul className="mt-2 space-y-3">
          {queue.map((item) => (
            <li key={item.id} className="break-words rounded-lg border border-slate-200 p-3 text-sm">
              <p className="font-semibold text-slate-900">
                {item.policyNumber} · {item.registrationNumber} ·{' '}
                {t('staff.certificates.type', { type: item.type })}
              </p>
              <p className="text-slate-700">{item.insurer}</p>
              <p className="mt-1">
                <span className="font-medium">{t('staff.certificates.reason')}: </span>
                {item.status === 'cancel_requested'
                  ? t('staff.certificates.cancelRequested', { number: item.certificateNumber ?? '' })
                  : (item.reason ?? t('staff.na'))}
              </p>
              {item.status === 'pending' ? (
                <>
                  <p className="text-slate-700">
                    {t('staff.certificates.attempts', {
                      count: item.attempts,
                      when: formatWhen(item.nextAttemptAt),
                    })}
                  </p>
                  <button
                    type="button"
                    className={`${buttonSmall} mt-2`}
                    disabled={retry.isPending}
                    onClick={() => retry.mutate(item.id)}
                    aria-label={t('staff.certificates.retryFor', { policy: item.policyNumber })}
                  >
                    {t('staff.certificates.retry')}
                  </button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <caption className="mb-2 text-left font-semibold text-slate-900">
            {t('staff.certificates.stockCaption', { threshold: desk.data?.lowStockThreshold ?? 50 })}
          </caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-4">
                {t('staff.certificates.insurer')}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t('staff.certificates.typeHeader')}
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                {t('staff.certificates.remaining')}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t('staff.certificates.checkedAt')}
              </th>
            </tr>
          </thead>
          <tbody>
            {stock.length === 0 ? (
              <tr>
                <td colSpan={4} className="py-2 text-slate-700">
                  {t('staff.certificates.noStock')}
                </td>
              </tr>
            ) : (
              stock.map((line) => (
                <tr key={`${line.underwriterId}-${line.type}`} className="border-b border-slate-200">
                  <td className="py-2 pr-4">{line.insurer}</td>
                  <td className="py-2 pr-4">{line.type}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">
                    {line.remaining}
                    {line.low ? (
                      <span className="ml-2 font-semibold text-red-800">{t('staff.certificates.low')}</span>
                    ) : null}
                  </td>
                  <td className="py-2 pr-4">{formatWhen(line.checkedAt)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
