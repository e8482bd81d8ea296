import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { ApiError } from '../lib/api-client';
import { formatIsoDate } from '../lib/dates';
import type { LoanOfferBase, LoanOption } from '../lib/loan-offer';
import { Button } from './button';
import { Card } from './card';
import { DataTable } from './data-table';
import { ErrorSummary } from './error-summary';
import { QueryStatus } from './query-status';
import { ScreenHeading } from './screen-heading';
import { SummaryList, type SummaryListRow } from './summary-list';
import { buttonSecondary, linkButton } from './ui';

/**
 * A loan offer's page (premium financing, school fees): the heading, the offer while it loads or
 * fails, why the debt cannot be financed (with its open loan), the form when it can, and the way
 * back. The texts are the product's.
 */
export function LoanOfferScreen<Offer extends LoanOfferBase>({
  title,
  intro,
  links,
  offer,
  texts,
  backHref,
  renderForm,
}: {
  title: string;
  intro: string;
  /** Shown under the intro (the area's own links). */
  links?: ReactNode;
  offer: { data?: Offer; isPending: boolean; isError: boolean; refetch: () => unknown };
  texts: { notFound: string; notEligible: string; openLoan: (ref: string) => string; back: string };
  backHref: string;
  renderForm: (offer: Offer) => ReactNode;
}) {
  const data = offer.data;
  return (
    <div>
      <ScreenHeading level={1}>{title}</ScreenHeading>
      <p className="mt-2 max-w-3xl text-slate-700">{intro}</p>
      {links}
      <QueryStatus
        isPending={offer.isPending}
        isError={offer.isError}
        onRetry={() => void offer.refetch()}
        errorText={texts.notFound}
      />
      {data && !data.eligible ? (
        <Card className="mt-6" title={texts.notEligible}>
          <p className="text-slate-800">{data.reason}</p>
          {data.openLoanRef ? (
            <Link
              to={paths.portalMyLoans.getHref(data.openLoanRef)}
              className={`${linkButton} mt-3 inline-block`}
            >
              {texts.openLoan(data.openLoanRef)}
            </Link>
          ) : null}
        </Card>
      ) : null}
      {data?.eligible ? renderForm(data) : null}
      <Link to={backHref} className={`${buttonSecondary} mt-6`}>
        {texts.back}
      </Link>
    </div>
  );
}

/** The labels of an offer form, in the product's words. */
export interface LoanOfferFormTexts {
  termTitle: string;
  /** The legend of the choice of terms. */
  months: string;
  costTitle: string;
  firstUpFront: string;
  scheduleTitle: string;
  scheduleCaption: (months: number) => string;
  columns: { number: string; dueDate: string; principalPart: string; feePart: string; amount: string };
  /** The schedule's empty text. */
  na: string;
  ruleTitle: string;
  accept: (option: LoanOption) => string;
  acceptRequired: string;
  apply: string;
  applying: string;
  applyError: string;
}

/**
 * The offer itself: the terms as radio buttons, what the chosen one costs, its schedule and the
 * early-settlement rule, an "I accept" box, and Apply — the new loan's page in My Loans next.
 */
export function LoanOfferForm({
  idPrefix,
  options,
  initialMonths,
  summary,
  optionLabel,
  optionHint,
  costRows,
  rule,
  formatAmount,
  texts,
  onApply,
}: {
  /** Prefix of the cards' ids (`<prefix>-term`, `-cost`, `-schedule`). */
  idPrefix: string;
  options: LoanOption[];
  initialMonths: number;
  /** What is financed, above the terms. */
  summary: ReactNode;
  optionLabel: (option: LoanOption) => string;
  optionHint: (option: LoanOption) => string;
  costRows: (option: LoanOption) => SummaryListRow[];
  /** After the rule's title: the early-settlement rule (and the product's own). */
  rule: ReactNode;
  formatAmount: (amount: number) => string;
  texts: LoanOfferFormTexts;
  onApply: (months: number) => Promise<{ loanRef: string }>;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [months, setMonths] = useState(initialMonths);
  const [accepted, setAccepted] = useState(false);
  const [triedWithoutAccepting, setTriedWithoutAccepting] = useState(false);
  const acceptId = useId();
  const acceptErrorId = useId();
  const option = options.find((candidate) => candidate.months === months) ?? options[0]!;
  const apply = useMutation({
    mutationFn: onApply,
    onSuccess: (loan) => {
      void queryClient.invalidateQueries({ queryKey: ['client'], exact: false });
      void navigate(paths.portalMyLoans.getHref(loan.loanRef));
    },
  });
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!accepted) {
      setTriedWithoutAccepting(true);
      return;
    }
    apply.mutate(months);
  };
  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-6 lg:grid-cols-2">
      <Card id={`${idPrefix}-term`} title={texts.termTitle}>
        <p className="text-slate-700">{summary}</p>
        <fieldset className="mt-4">
          <legend className="font-semibold text-slate-900">{texts.months}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {options.map((candidate) => (
              <label
                key={candidate.months}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-emerald-800 has-[:checked]:bg-emerald-50"
              >
                <input
                  type="radio"
                  name="months"
                  value={candidate.months}
                  checked={candidate.months === months}
                  onChange={() => setMonths(candidate.months)}
                  className="h-4 w-4 accent-emerald-800"
                />
                <span>
                  <span className="block font-semibold text-slate-900">{optionLabel(candidate)}</span>
                  <span className="block text-sm text-slate-700">{optionHint(candidate)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </Card>
      <Card id={`${idPrefix}-cost`} title={texts.costTitle}>
        <SummaryList rows={costRows(option)} />
        <p className="mt-3 text-sm text-slate-700">{texts.firstUpFront}</p>
      </Card>
      <Card id={`${idPrefix}-schedule`} title={texts.scheduleTitle} className="lg:col-span-2">
        <DataTable
          caption={texts.scheduleCaption(option.months)}
          isScrollFocusable
          hideCaption
          rows={option.instalments}
          rowKey={(row) => String(row.number)}
          emptyText={texts.na}
          columns={[
            { key: 'number', header: texts.columns.number, isRowHeader: true, cell: (row) => row.number },
            { key: 'due', header: texts.columns.dueDate, cell: (row) => formatIsoDate(row.dueDate) },
            {
              key: 'principal',
              header: texts.columns.principalPart,
              align: 'right',
              className: 'tabular-nums',
              cell: (row) => formatAmount(row.principal),
            },
            {
              key: 'fee',
              header: texts.columns.feePart,
              align: 'right',
              className: 'tabular-nums',
              cell: (row) => formatAmount(row.fee),
            },
            {
              key: 'amount',
              header: texts.columns.amount,
              align: 'right',
              className: 'tabular-nums font-semibold',
              cell: (row) => formatAmount(row.amount),
            },
          ]}
        />
        <p className="mt-3 text-sm text-slate-700">
          <span className="font-semibold">{texts.ruleTitle} </span>
          {rule}
        </p>
      </Card>
      <div className="lg:col-span-2">
        {apply.error ? (
          <ErrorSummary
            className="mb-4"
            errors={[
              {
                message:
                  apply.error instanceof ApiError && apply.error.err_msg
                    ? apply.error.err_msg
                    : texts.applyError,
              },
            ]}
          />
        ) : null}
        <div className="flex items-start gap-3">
          <input
            id={acceptId}
            type="checkbox"
            checked={accepted}
            onChange={(event) => {
              setAccepted(event.target.checked);
              if (event.target.checked) setTriedWithoutAccepting(false);
            }}
            aria-invalid={triedWithoutAccepting ? true : undefined}
            aria-describedby={triedWithoutAccepting ? acceptErrorId : undefined}
            className="mt-1 h-5 w-5 accent-emerald-800"
          />
          <label htmlFor={acceptId} className="text-slate-900">
            {texts.accept(option)}
          </label>
        </div>
        {triedWithoutAccepting ? (
          <p id={acceptErrorId} className="mt-1 text-sm font-medium text-red-800">
            {texts.acceptRequired}
          </p>
        ) : null}
        <Button type="submit" className="mt-4" disabled={apply.isPending}>
          {apply.isPending ? texts.applying : texts.apply}
        </Button>
      </div>
    </form>
  );
}
