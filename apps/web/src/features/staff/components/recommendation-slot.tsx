import { formatKes } from '@bima/domain/money';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { coverTypeText } from '../../../components/code-labels';
import { DataTable } from '../../../components/data-table';
import { QueryStatus } from '../../../components/query-status';
import { SummaryList } from '../../../components/summary-list';
import { fieldErrorClass, inputClass, labelClass } from '../../../components/ui';
import { kenyaTodayIsoDate } from '../../../lib/dates';
import { notify } from '../../../lib/notifications';
import { usePersistedStore } from '../../../lib/persisted-store';
import { authStore, getRole } from '../../../stores/auth';
import {
  marketProductsQueryOptions,
  type PriceAnswer,
  type ProductChoice,
  usePriceProducts,
  useSendRecommendation,
} from '../api/recommendations';
import type { FirmRecommendation, InboxRequest } from '../api/requests';
import { t } from '../i18n';
import { errorMessage } from '../utils/errors';
import { formatDay, formatWhen } from '../utils/format';
import { AddOnsEditor, type AddOnsResult } from './add-ons-editor';
import { StaffStatusBadge } from './staff-status';

type SentQuotation = FirmRecommendation['quotations'][number];

const kenyaToday = () => kenyaTodayIsoDate();

/** The firm's sent recommendation: its status, note, quotations and the client's reason if rejected. */
function SentRecommendation({ recommendation }: { recommendation: FirmRecommendation }) {
  return (
    <Card title={t('staff.recommend.sentTitle')} className="mt-6">
      <div className="flex flex-wrap items-center gap-3">
        <StaffStatusBadge status={recommendation.status} />
        <span className="text-slate-700">
          {t('staff.recommend.sentOn', { when: formatWhen(recommendation.createdAt) })}
        </span>
      </div>
      <SummaryList
        rows={[
          { label: t('staff.recommend.reference'), value: recommendation.systemRef },
          { label: t('staff.recommend.note'), value: recommendation.note },
          ...(recommendation.rejectionReason
            ? [{ label: t('staff.recommend.rejectionReason'), value: recommendation.rejectionReason }]
            : []),
          ...(recommendation.decidedAt
            ? [{ label: t('staff.recommend.decidedAt'), value: formatWhen(recommendation.decidedAt) }]
            : []),
        ]}
      />
      <div className="mt-4">
        <DataTable<SentQuotation>
          caption={t('staff.recommend.quotations')}
          isScrollFocusable
          columns={[
            {
              key: 'product',
              header: t('staff.recommend.product'),
              cell: (q) => q.productName,
              isRowHeader: true,
            },
            { key: 'underwriter', header: t('staff.recommend.underwriter'), cell: (q) => q.underwriter },
            {
              key: 'premium',
              header: t('staff.recommend.premium'),
              cell: (q) => formatKes(q.premium),
              align: 'right',
            },
            {
              key: 'period',
              header: t('staff.recommend.period'),
              cell: (q) => t('staff.recommend.days', { count: q.period }),
            },
            { key: 'start', header: t('staff.recommend.startDate'), cell: (q) => formatDay(q.startDate) },
            {
              key: 'accepted',
              header: t('staff.recommend.accepted'),
              cell: (q) => (q.accepted ? t('staff.recommend.yes') : ''),
            },
          ]}
          rows={recommendation.quotations}
          rowKey={(q) => q.systemQuotationRef}
          emptyText={t('staff.na')}
        />
      </div>
    </Card>
  );
}

/** Choose products, price them, set the cover and a note, and send the client the recommendation. */
function PrepareRecommendation({ request }: { request: InboxRequest }) {
  const ids = useId();
  const products = useQuery(marketProductsQueryOptions(request.risk.value));
  const price = usePriceProducts(request.id);
  const send = useSendRecommendation(request.id);
  const [chosen, setChosen] = useState<string[]>([]);
  const [coverPeriod, setCoverPeriod] = useState(365);
  const [startDate, setStartDate] = useState(kenyaToday());
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [priced, setPriced] = useState<PriceAnswer | null>(null);
  // Each product's add-ons as the broker chose them (issue 26); priced again whenever they change.
  const [addOns, setAddOns] = useState<Record<string, AddOnsResult>>({});
  const latest = useRef(0);

  const toggle = (ref: string) => {
    setPriced(null);
    setChosen((current) =>
      current.includes(ref) ? current.filter((item) => item !== ref) : [...current, ref],
    );
  };
  const offered = priced?.quotes.filter((quote) => quote.ok) ?? [];
  const choices = chosen.flatMap((ref) => {
    const result = addOns[ref];
    return result?.isValid && result.choice.additionalBenefits.length + result.choice.excesses.length > 0
      ? [result.choice]
      : [];
  });
  const isEveryChoiceValid = chosen.every((ref) => addOns[ref]?.isValid !== false);
  const choiceOf = (ref: string): Omit<ProductChoice, 'productSystemRef'> => {
    const found = choices.find((choice) => choice.productSystemRef === ref);
    return { additionalBenefits: found?.additionalBenefits ?? [], excesses: found?.excesses ?? [] };
  };

  const priceNow = (input: {
    productSystemRefs: string[];
    coverPeriod: number;
    choices: ProductChoice[];
  }) => {
    const call = ++latest.current;
    price.mutate(input, {
      // An answer to an earlier set of add-ons arriving late is not shown over the latest.
      onSuccess: (answer) => {
        if (call === latest.current) setPriced(answer);
      },
    });
  };
  const onPrice = () => {
    send.reset();
    priceNow({ productSystemRefs: chosen, coverPeriod, choices });
  };
  const onAddOns = useCallback((ref: string, result: AddOnsResult) => {
    setAddOns((current) =>
      JSON.stringify(current[ref]) === JSON.stringify(result) ? current : { ...current, [ref]: result },
    );
  }, []);
  // The price follows the add-ons: once priced, a change (all of them valid) prices again.
  const choicesKey = JSON.stringify(choices);
  const hasPriced = priced !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: priced again when the add-ons change, not on every render
  useEffect(() => {
    if (!hasPriced || !isEveryChoiceValid) return;
    const timer = window.setTimeout(
      () => priceNow({ productSystemRefs: chosen, coverPeriod, choices: JSON.parse(choicesKey) }),
      300,
    );
    return () => window.clearTimeout(timer);
  }, [choicesKey]);

  const onSend = () => {
    if (!note.trim()) {
      setNoteError(t('staff.recommend.noteRequired'));
      return;
    }
    setNoteError(null);
    send.mutate(
      {
        items: offered.map((quote) => ({
          productSystemRef: quote.productSystemRef,
          coverPeriod,
          startDate,
          ...choiceOf(quote.productSystemRef),
        })),
        note: note.trim(),
      },
      { onSuccess: () => notify({ type: 'success', title: t('staff.recommend.sent') }) },
    );
  };

  return (
    <Card title={t('staff.recommend.title')} className="mt-6">
      <p className="text-slate-700">{t('staff.recommend.intro')}</p>
      <QueryStatus
        isPending={products.isPending}
        isError={products.isError}
        onRetry={() => void products.refetch()}
        errorText={t('staff.recommend.productsError')}
      />
      {products.data ? (
        <fieldset className="mt-4">
          <legend className={labelClass}>{t('staff.recommend.products')}</legend>
          {products.data.length === 0 ? (
            <p className="mt-2 text-slate-700">{t('staff.recommend.noProducts')}</p>
          ) : null}
          <ul className="mt-2 space-y-2">
            {products.data.map((product) => (
              <li key={product.productSystemRef}>
                <label className="flex items-center gap-3">
                  <input
                    type="checkbox"
                    className="h-5 w-5"
                    checked={chosen.includes(product.productSystemRef)}
                    onChange={() => toggle(product.productSystemRef)}
                  />
                  <span>
                    {t('staff.recommend.productLine', {
                      name: product.productName,
                      underwriter: product.underwriter[0]?.name ?? '',
                    })}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${ids}-period`} className={labelClass}>
            {t('staff.recommend.coverPeriod')}
          </label>
          <select
            id={`${ids}-period`}
            className={inputClass}
            value={coverPeriod}
            onChange={(event) => {
              setPriced(null);
              setCoverPeriod(Number(event.target.value));
            }}
          >
            {[365, 180, 90, 30].map((days) => (
              <option key={days} value={days}>
                {t('staff.recommend.days', { count: days })}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-start`} className={labelClass}>
            {t('staff.recommend.startDate')}
          </label>
          <input
            id={`${ids}-start`}
            type="date"
            className={inputClass}
            min={kenyaToday()}
            value={startDate}
            onChange={(event) => setStartDate(event.target.value)}
          />
        </div>
      </div>
      <div className="mt-4">
        <Button onClick={onPrice} disabled={chosen.length === 0 || price.isPending}>
          {price.isPending ? t('staff.recommend.pricing') : t('staff.recommend.price')}
        </Button>
        {price.error ? (
          <p role="alert" className="mt-2 font-medium text-red-800">
            {errorMessage(price.error, t('staff.recommend.priceFailed'))}
          </p>
        ) : null}
      </div>
      {priced ? (
        <div className="mt-4">
          <h3 className="text-lg font-semibold text-slate-900">{t('staff.recommend.priced')}</h3>
          <ul className="mt-2 space-y-2">
            {priced.quotes.map((quote) => {
              const extras = quote.ok ? quote.quote.benefits.filter((line) => line.premium > 0) : [];
              return (
                <li key={quote.productSystemRef} className="rounded-lg border border-slate-200 p-3">
                  {quote.ok ? (
                    <>
                      <span aria-live="polite">
                        {t('staff.recommend.quoteLine', {
                          name: quote.quote.productName,
                          underwriter: quote.quote.underwriter.name,
                          cover: coverTypeText(quote.quote.coverType),
                          premium: formatKes(quote.quote.total),
                        })}
                      </span>
                      {extras.length > 0 ? (
                        <span className="block text-sm text-slate-700">
                          {t('staff.addOns.with', {
                            list: extras
                              .map((line) =>
                                t('staff.addOns.line', {
                                  name: line.name,
                                  premium: formatKes(line.premium),
                                }),
                              )
                              .join('; '),
                          })}
                        </span>
                      ) : null}
                    </>
                  ) : (
                    <span className="text-red-800">
                      {t('staff.recommend.cannotOffer', {
                        ref: quote.productSystemRef,
                        message: quote.message,
                      })}
                    </span>
                  )}
                  <AddOnsEditor
                    productSystemRef={quote.productSystemRef}
                    productName={quote.ok ? quote.quote.productName : quote.productSystemRef}
                    onChange={onAddOns}
                  />
                </li>
              );
            })}
          </ul>
          {price.isPending ? (
            <p role="status" className="mt-2 text-slate-700">
              {t('staff.addOns.repricing')}
            </p>
          ) : null}
          <div className="mt-4">
            <label htmlFor={`${ids}-note`} className={labelClass}>
              {t('staff.recommend.note')}
            </label>
            <textarea
              id={`${ids}-note`}
              className={inputClass}
              rows={4}
              value={note}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={noteError ? `${ids}-note-error` : undefined}
              onChange={(event) => setNote(event.target.value)}
            />
            {noteError ? (
              <p id={`${ids}-note-error`} className={fieldErrorClass}>
                {noteError}
              </p>
            ) : null}
          </div>
          <div className="mt-4">
            <Button
              onClick={onSend}
              disabled={offered.length === 0 || send.isPending || price.isPending || !isEveryChoiceValid}
            >
              {send.isPending ? t('staff.recommend.sending') : t('staff.recommend.send')}
            </Button>
            {send.error ? (
              <p role="alert" className="mt-2 font-medium text-red-800">
                {errorMessage(send.error, t('staff.recommend.sendFailed'))}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </Card>
  );
}

/**
 * The request page's recommendation panel (`routes/request-detail.tsx`): the sent recommendation
 * when there is one; else, for an intermediary on a PENDING or IN_REVIEW request, the form that
 * prices products of the market and sends them to the client.
 */
export function RecommendationSlot({ request }: { request: InboxRequest }) {
  const role = usePersistedStore(authStore, getRole);
  if (request.recommendation) return <SentRecommendation recommendation={request.recommendation} />;
  if (role !== 'intermediary') return null;
  if (request.status !== 'PENDING' && request.status !== 'IN_REVIEW') return null;
  return <PrepareRecommendation request={request} />;
}
