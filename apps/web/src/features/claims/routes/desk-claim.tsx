import {
  CLAIM_DOCUMENT_LABELS,
  CLAIM_DOCUMENT_TYPES,
  CLAIM_MESSAGES,
  type ClaimDocumentType,
  claimPayable,
} from '@bima/domain/claims';
import type { ActionInput } from '@bima/domain/contract';
import { formatKes } from '@bima/domain/money';
import { parseAmount } from '@bima/domain/numbers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Card } from '../../../components/card';
import { Modal } from '../../../components/modal';
import { AmountInput, PhoneInput, stateRegistration } from '../../../components/number-inputs';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import {
  buttonDanger,
  buttonPrimary,
  buttonSecondary,
  fieldErrorClass,
  inputClass,
  labelClass,
  linkButton,
} from '../../../components/ui';
import { staffPaths } from '../../../config/staff-paths';
import { domainText } from '../../../lib/domain-text';
import {
  assessorsQueryOptions,
  type ClaimDetails,
  claimQueryOptions,
  type DeskStepKey,
  takeDeskStep,
} from '../api/claims';
import { ClaimStatusBadge } from '../components/claim-status-badge';
import { ClaimChecklist, ClaimFiles, ClaimSummary, ClaimTimeline } from '../components/claim-view';
import { PaidMonthBadge } from '../components/paid-month-badge';
import { t } from '../i18n';

/** A step's form: submits once, shows the server's refusal (409, 400) under its button. */
function StepForm(props: {
  title: string;
  submit: string;
  danger?: boolean;
  run: () => Promise<unknown>;
  children?: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await props.run();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={onSubmit}
      className="space-y-3 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0"
      aria-label={props.title}
    >
      <h3 className="text-lg font-bold text-slate-900">{props.title}</h3>
      {props.children}
      <button type="submit" className={props.danger ? buttonDanger : buttonPrimary} disabled={busy}>
        {props.submit}
      </button>
      {error ? (
        <p role="alert" className={fieldErrorClass}>
          {error}
        </p>
      ) : null}
    </form>
  );
}

/**
 * The amount typed ("200,000", "KES 200 000"), in cents as the wire takes it (the domain's parser);
 * text that is no amount is refused here with the server's message (the server checks the rest).
 */
const typedCents = (typed: string) => {
  const parsed = parseAmount(typed, { unit: 'cents' });
  if (!parsed.ok) throw new Error(domainText(CLAIM_MESSAGES.amountRequired));
  return parsed.value;
};

/** The agreed loss in cents for the payable preview (0 until it reads as an amount). */
const agreedCents = (typed: string) => {
  const parsed = parseAmount(typed, { unit: 'cents', min: 0 });
  return parsed.ok ? parsed.value : 0;
};

/** A step's input without the claim's id (each union member on its own). */
type StepData<Key extends DeskStepKey> =
  ActionInput<Key> extends infer Input ? (Input extends unknown ? Omit<Input, 'id'> : never) : never;

function Labelled({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={`block ${labelClass}`}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/** Approving past documents the insurer asked for: the desk confirms it waives each, by name. */
function WaiverDialog(props: {
  documents: ClaimDocumentType[];
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await props.onConfirm();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };
  return (
    <Modal title={t('claims.desk.waiveTitle')} onClose={props.onCancel}>
      <p className="text-slate-800">{t('claims.desk.waiveIntro')}</p>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-900" aria-label={t('claims.desk.waiveList')}>
        {props.documents.map((type) => (
          <li key={type}>{domainText(CLAIM_DOCUMENT_LABELS[type])}</li>
        ))}
      </ul>
      <div className="mt-5 flex flex-wrap gap-3">
        <button type="button" className={buttonPrimary} disabled={busy} onClick={() => void confirm()}>
          {t('claims.desk.waiveConfirm')}
        </button>
        <button type="button" className={buttonSecondary} onClick={props.onCancel}>
          {t('claims.desk.waiveCancel')}
        </button>
      </div>
      {error ? (
        <p role="alert" className={`mt-3 ${fieldErrorClass}`}>
          {error}
        </p>
      ) : null}
    </Modal>
  );
}

function DeskSteps({ claim }: { claim: ClaimDetails }) {
  const queryClient = useQueryClient();
  const assessors = useQuery({ ...assessorsQueryOptions(claim.id), enabled: claim.actions.appointAssessor });
  const [documents, setDocuments] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [assessorId, setAssessorId] = useState('');
  const [report, setReport] = useState('');
  const [assessedLoss, setAssessedLoss] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [confirmWaiver, setConfirmWaiver] = useState(false);
  const [method, setMethod] = useState<'mpesa' | 'garage'>('mpesa');
  // Prefilled with the client's M-Pesa number (KYC, profile or the number the premium came from).
  const [typedPhone, setPhone] = useState<string | null>(null);
  const phone = typedPhone ?? claim.payoutPhone ?? '';
  const [garageName, setGarageName] = useState('');
  const [reference, setReference] = useState('');
  const [outcome, setOutcome] = useState<'paid' | 'not_paid' | ''>('');
  const [receipt, setReceipt] = useState('');
  const [resolveNote, setResolveNote] = useState('');
  // The data is read when the step runs (a typed amount is checked then).
  const step =
    <Key extends DeskStepKey>(key: Key, data: () => StepData<Key>) =>
    async () => {
      const updated = await takeDeskStep(key, { id: claim.id, ...data() } as ActionInput<Key>);
      queryClient.setQueryData(claimQueryOptions('desk', claim.id).queryKey, updated);
    };
  const a = claim.actions;
  // The same rule as the server's: whole shillings, never below zero (amounts in cents, as on the wire).
  const payable = claimPayable({ agreedLoss: agreedCents(amount), excess: claim.excess });
  const pending = claim.settlements.some((settlement) => settlement.status === 'pending');
  const any = Object.values(a).some(Boolean);
  return (
    <Card title={t('claims.desk.steps')}>
      <div className="space-y-5">
        {!any ? (
          <p className="text-slate-700">
            {pending ? t('claims.desk.settlePending') : t('claims.desk.noSteps')}
          </p>
        ) : null}
        {a.requestDocuments ? (
          <StepForm
            title={t('claims.desk.requestTitle')}
            submit={t('claims.desk.requestSubmit')}
            run={step('claims/desk/requestDocuments', () => ({
              documents: documents as ClaimDocumentType[],
              note,
            }))}
          >
            <fieldset>
              <legend className={labelClass}>{t('claims.desk.requestDocuments')}</legend>
              <div className="mt-2 grid gap-1">
                {CLAIM_DOCUMENT_TYPES.map((type) => (
                  <label key={type} className="flex items-start gap-2 text-slate-900">
                    <input
                      type="checkbox"
                      className="mt-1 size-4 accent-emerald-700"
                      checked={documents.includes(type)}
                      onChange={(event) =>
                        setDocuments((list) =>
                          event.target.checked ? [...list, type] : list.filter((item) => item !== type),
                        )
                      }
                    />
                    {domainText(CLAIM_DOCUMENT_LABELS[type])}
                  </label>
                ))}
              </div>
            </fieldset>
            <Labelled id="desk-note" label={t('claims.desk.requestNote')}>
              <textarea
                id="desk-note"
                className={inputClass}
                rows={2}
                maxLength={1000}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </Labelled>
          </StepForm>
        ) : null}
        {a.appointAssessor ? (
          <StepForm
            title={t('claims.desk.assessorTitle')}
            submit={t('claims.desk.assessorSubmit')}
            run={step('claims/desk/appointAssessor', () => ({ assessorId }))}
          >
            <Labelled id="desk-assessor" label={t('claims.desk.assessor')}>
              <select
                id="desk-assessor"
                className={inputClass}
                value={assessorId}
                onChange={(event) => setAssessorId(event.target.value)}
              >
                <option value="">{t('claims.desk.assessorPlaceholder')}</option>
                {(assessors.data ?? []).map((person) => (
                  <option key={person.id} value={person.id}>
                    {`${person.name} (${person.email})`}
                  </option>
                ))}
              </select>
            </Labelled>
          </StepForm>
        ) : null}
        {a.recordAssessment ? (
          <StepForm
            title={t('claims.desk.assessmentTitle')}
            submit={t('claims.desk.assessmentSubmit')}
            run={step('claims/desk/recordAssessment', () => ({
              report,
              assessedLoss: typedCents(assessedLoss),
            }))}
          >
            <Labelled id="desk-report" label={t('claims.desk.assessmentReport')}>
              <textarea
                id="desk-report"
                className={inputClass}
                rows={3}
                value={report}
                onChange={(event) => setReport(event.target.value)}
              />
            </Labelled>
            <AmountInput
              id="desk-assessed"
              label={t('claims.desk.assessedLoss')}
              value={assessedLoss}
              registration={stateRegistration('assessedLoss', setAssessedLoss)}
            />
          </StepForm>
        ) : null}
        {a.approve ? (
          <StepForm
            title={t('claims.desk.approveTitle')}
            submit={t('claims.desk.approveSubmit')}
            run={
              claim.documents.toWaive.length > 0
                ? async () => setConfirmWaiver(true)
                : step('claims/desk/approveClaim', () => ({ amount: typedCents(amount) }))
            }
          >
            <AmountInput
              id="desk-amount"
              label={t('claims.desk.approveAmount')}
              hint={t('claims.desk.approveHint', {
                excess: formatKes(claim.excess),
                limit: formatKes(claim.sumInsured),
              })}
              value={amount}
              registration={stateRegistration('amount', setAmount)}
            />
            <p className="text-slate-800" aria-live="polite">
              {t('claims.desk.approvePayable', { amount: formatKes(payable) })}
            </p>
          </StepForm>
        ) : null}
        {confirmWaiver ? (
          <WaiverDialog
            documents={claim.documents.toWaive}
            onCancel={() => setConfirmWaiver(false)}
            onConfirm={async () => {
              await step('claims/desk/approveClaim', () => ({
                amount: typedCents(amount),
                waivedDocuments: claim.documents.toWaive,
              }))();
              setConfirmWaiver(false);
            }}
          />
        ) : null}
        {a.settle && claim.approvedAmount !== null ? (
          <StepForm
            title={t('claims.desk.settleTitle')}
            submit={t('claims.desk.settleSubmit', { amount: formatKes(claim.approvedAmount) })}
            run={step('claims/desk/settleClaim', () =>
              method === 'mpesa' ? { method, phone } : { method, garageName, reference },
            )}
          >
            <fieldset>
              <legend className={labelClass}>{t('claims.desk.settleMethod')}</legend>
              <div className="mt-2 flex flex-wrap gap-4">
                {(['mpesa', 'garage'] as const).map((value) => (
                  <label key={value} className="flex items-center gap-2 text-slate-900">
                    <input
                      type="radio"
                      name="desk-method"
                      className="size-4 accent-emerald-700"
                      checked={method === value}
                      onChange={() => setMethod(value)}
                    />
                    {value === 'mpesa' ? t('claims.desk.settleMpesa') : t('claims.desk.settleGarage')}
                  </label>
                ))}
              </div>
            </fieldset>
            {method === 'mpesa' ? (
              <PhoneInput
                id="desk-phone"
                label={t('claims.desk.settlePhone')}
                hint={t('claims.desk.settlePhoneHint')}
                value={phone}
                registration={stateRegistration('phone', setPhone)}
              />
            ) : (
              <>
                <Labelled id="desk-garage" label={t('claims.desk.garageName')}>
                  <input
                    id="desk-garage"
                    className={inputClass}
                    value={garageName}
                    onChange={(event) => setGarageName(event.target.value)}
                  />
                </Labelled>
                <Labelled id="desk-reference" label={t('claims.desk.garageReference')}>
                  <input
                    id="desk-reference"
                    className={inputClass}
                    value={reference}
                    onChange={(event) => setReference(event.target.value)}
                  />
                </Labelled>
              </>
            )}
          </StepForm>
        ) : null}
        {pending && any ? <p className="text-slate-800">{t('claims.desk.settlePending')}</p> : null}
        {a.resolvePayout ? (
          <StepForm
            title={t('claims.desk.resolveTitle')}
            submit={t('claims.desk.resolveSubmit')}
            run={step('claims/desk/resolvePayout', () =>
              outcome === 'paid'
                ? { outcome, receipt, note: resolveNote }
                : // None chosen yet: sent without one, for the server to say what is missing.
                  ({
                    outcome: outcome || undefined,
                    note: resolveNote,
                  } as StepData<'claims/desk/resolvePayout'>),
            )}
          >
            <p className="text-slate-800">{t('claims.desk.resolveHint')}</p>
            <fieldset>
              <legend className={labelClass}>{t('claims.desk.resolveOutcome')}</legend>
              <div className="mt-2 flex flex-wrap gap-4">
                {(['paid', 'not_paid'] as const).map((value) => (
                  <label key={value} className="flex items-center gap-2 text-slate-900">
                    <input
                      type="radio"
                      name="desk-resolve-outcome"
                      className="size-4 accent-emerald-700"
                      checked={outcome === value}
                      onChange={() => setOutcome(value)}
                    />
                    {value === 'paid' ? t('claims.desk.resolvePaid') : t('claims.desk.resolveNotPaid')}
                  </label>
                ))}
              </div>
            </fieldset>
            {outcome === 'paid' ? (
              <Labelled id="desk-resolve-receipt" label={t('claims.desk.resolveReceipt')}>
                <input
                  id="desk-resolve-receipt"
                  className={inputClass}
                  autoCapitalize="characters"
                  maxLength={20}
                  value={receipt}
                  onChange={(event) => setReceipt(event.target.value)}
                />
              </Labelled>
            ) : null}
            <Labelled
              id="desk-resolve-note"
              label={outcome === 'paid' ? t('claims.desk.resolveNoteOptional') : t('claims.desk.resolveNote')}
            >
              <textarea
                id="desk-resolve-note"
                className={inputClass}
                rows={2}
                maxLength={1000}
                value={resolveNote}
                onChange={(event) => setResolveNote(event.target.value)}
              />
            </Labelled>
          </StepForm>
        ) : null}
        {a.decline ? (
          <StepForm
            title={t('claims.desk.declineTitle')}
            submit={t('claims.desk.declineSubmit')}
            danger
            run={step('claims/desk/declineClaim', () => ({ reason }))}
          >
            <Labelled id="desk-reason" label={t('claims.desk.declineReason')}>
              <textarea
                id="desk-reason"
                className={inputClass}
                rows={2}
                maxLength={1000}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </Labelled>
          </StepForm>
        ) : null}
        {a.close ? (
          <StepForm
            title={t('claims.desk.closeTitle')}
            submit={t('claims.desk.closeSubmit')}
            run={step('claims/desk/closeClaim', () => ({}))}
          />
        ) : null}
      </div>
    </Card>
  );
}

/** One claim on the desk: the client's view plus the steps the status allows. */
export default function DeskClaimRoute() {
  const id = Number(useParams().id);
  const claim = useQuery({ ...claimQueryOptions('desk', id), enabled: Number.isInteger(id) && id > 0 });
  const data = claim.data;
  return (
    <div>
      <Link to={staffPaths.claims.getHref()} className={linkButton}>
        {t('claims.desk.back')}
      </Link>
      {!data ? (
        <>
          <div className="mt-3">
            <ScreenHeading level={1}>{t('claims.desk.claimHeading')}</ScreenHeading>
          </div>
          <QueryStatus
            isPending={claim.isPending}
            isError={claim.isError}
            error={claim.error}
            onRetry={() => void claim.refetch()}
          />
        </>
      ) : (
        <>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <ScreenHeading level={1}>{t('claims.detail.title', { ref: data.claimRef })}</ScreenHeading>
            <ClaimStatusBadge status={data.status} />
            <PaidMonthBadge inPaidMonth={data.inPaidMonth} />
          </div>
          <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
            <div className="space-y-6">
              <DeskSteps claim={data} />
              <ClaimChecklist claim={data} />
              <ClaimFiles claim={data} side="desk" />
            </div>
            <div className="space-y-6">
              <ClaimSummary claim={data} />
              <ClaimTimeline claim={data} />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
