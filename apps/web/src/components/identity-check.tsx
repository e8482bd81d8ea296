import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../lib/api-client';
import {
  type IdentityCheck,
  identityChecksKey,
  identityChecksQueryOptions,
  startIdentityChecks,
} from '../lib/identity';
import { t } from './identity-i18n';
import { StatusBadge, type StatusTone } from './status-badge';
import { buttonPrimary, cardClass, fieldErrorClass, inputClass, labelClass } from './ui';

const TONES: Record<IdentityCheck['state'], StatusTone> = {
  pending: 'info',
  verified: 'success',
  mismatch: 'danger',
  retrying: 'warning',
  staff_review: 'warning',
  rejected: 'danger',
  superseded: 'neutral',
};

/** What differs from the register, in words ("first name, last name"). */
const differences = (check: IdentityCheck) =>
  check.fields.map((field) => t(`identity.fields.${field}`)).join(', ');

function explanation(check: IdentityCheck): string | null {
  switch (check.state) {
    case 'mismatch':
      return t('identity.explain.mismatch', { fields: differences(check) });
    case 'retrying':
      return t('identity.explain.retrying');
    case 'staff_review':
      return t('identity.explain.staff_review');
    case 'rejected':
      return t('identity.explain.rejected', { note: check.reviewNote ?? '' });
    default:
      return null;
  }
}

/**
 * Each document's current check: its state, and what to do about it (the client) or only what
 * differs from the register (`compact`, staff beside a policy).
 */
export function IdentityStatusList({
  checks,
  compact = false,
}: {
  checks: readonly IdentityCheck[];
  compact?: boolean;
}) {
  if (checks.length === 0) return <p className="text-slate-700">{t('identity.none')}</p>;
  return (
    <ul className="space-y-3">
      {checks.map((check) => (
        <li key={check.id} className="space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">
              {t(`identity.documents.${check.document}`)} {check.maskedNumber}
            </span>
            <StatusBadge label={t(`identity.states.${check.state}`)} tone={TONES[check.state]} />
          </p>
          {compact ? (
            check.fields.length > 0 ? (
              <p className="text-slate-700">{t('identity.staff.differs', { fields: differences(check) })}</p>
            ) : null
          ) : explanation(check) ? (
            <p className="text-slate-700">{explanation(check)}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The consent checkbox: ticking it is agreeing to the check, in the words recorded with it. Its
 * label is short (the full wording describes it), so it never shares words with the KYC fields'.
 */
export function IdentityConsentBox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="inline-flex items-start gap-2 font-semibold text-slate-900">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={`${id}-wording`}
          className="mt-1 size-5 shrink-0 accent-emerald-800"
        />
        <span>{t('identity.consentLabel')}</span>
      </label>
      <p id={`${id}-wording`} className="mt-1 text-sm text-slate-700 sm:ml-7">
        {t('identity.consent')}
      </p>
    </div>
  );
}

/** The server's reason for refusing to start a check. */
export function identityFailure(error: unknown): string {
  if (error instanceof ApiError) {
    const messages = error.errors.map((entry) => entry.message).filter(Boolean);
    if (messages.length > 0) return messages.join(', ');
    if (error.err_msg) return error.err_msg;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * The profile's identity panel: each document's status and, with consent (and optionally the date
 * of birth), a new check of the KYC's ID and KRA PIN.
 */
export function IdentityCheckPanel() {
  const queryClient = useQueryClient();
  const checks = useQuery(identityChecksQueryOptions());
  const [consent, setConsent] = useState(false);
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const dateId = useId();
  const start = useMutation({
    mutationFn: () =>
      startIdentityChecks({ consent: true, channel: 'profile', ...(dateOfBirth ? { dateOfBirth } : {}) }),
    onSuccess: (data) => {
      queryClient.setQueryData(identityChecksKey, data);
      setProblem(null);
    },
    onError: (error) => setProblem(t('identity.failed', { reason: identityFailure(error) })),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (consent) start.mutate();
  };

  return (
    <section aria-labelledby="identity-check-title" className={cardClass}>
      <h2 id="identity-check-title" className="text-xl font-bold text-slate-900">
        {t('identity.title')}
      </h2>
      <p className="mt-1 text-slate-700">{t('identity.intro')}</p>
      <div className="mt-4" aria-live="polite">
        {checks.data ? <IdentityStatusList checks={checks.data.checks} /> : null}
      </div>
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        <IdentityConsentBox checked={consent} onChange={setConsent} />
        <div>
          <label htmlFor={dateId} className={labelClass}>
            {t('identity.dateOfBirth')}
          </label>
          <p className="text-sm text-slate-700">{t('identity.dateOfBirthHint')}</p>
          <input
            id={dateId}
            type="date"
            value={dateOfBirth}
            onChange={(event) => setDateOfBirth(event.target.value)}
            className={inputClass}
          />
        </div>
        {problem ? (
          <p role="alert" className={fieldErrorClass}>
            {problem}
          </p>
        ) : null}
        <button type="submit" disabled={!consent || start.isPending} className={buttonPrimary}>
          {start.isPending ? t('identity.checking') : t('identity.check')}
        </button>
      </form>
    </section>
  );
}
