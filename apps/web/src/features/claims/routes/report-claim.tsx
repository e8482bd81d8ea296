import {
  CLAIM_DOCUMENT_LABELS,
  CLAIM_TYPES,
  type ClaimType,
  needsOtherParty,
  needsPoliceAbstract,
  reportClaimSchema,
  requiredClaimDocuments,
} from '@bima/domain/claims';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Card } from '../../../components/card';
import { ErrorSummary } from '../../../components/error-summary';
import { PhoneInput, stateRegistration } from '../../../components/number-inputs';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { buttonPrimary, fieldErrorClass, inputClass, labelClass, linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { kenyaTodayIsoDate } from '../../../lib/dates';
import { domainText } from '../../../lib/domain-text';
import { activePoliciesQueryOptions, reportClaim } from '../api/claims';
import { t } from '../i18n';

type Errors = Record<string, string>;

function Input(props: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  type?: string;
  max?: string;
  multiline?: boolean;
}) {
  const id = `claim-${props.name.replace('.', '-')}`;
  const described =
    [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    className: inputClass,
    value: props.value,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': described,
  };
  return (
    <div>
      <label htmlFor={id} className={`block ${labelClass}`}>
        {props.label}
      </label>
      {props.hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {props.hint}
        </p>
      ) : null}
      {props.multiline ? (
        <textarea {...common} rows={5} onChange={(event) => props.onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={props.type ?? 'text'}
          max={props.max}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
      {props.error ? (
        <p id={`${id}-error`} className={fieldErrorClass}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** Report a claim: the policy, what happened, when and where, the OB number and other party where needed. */
export default function ReportClaimRoute() {
  const navigate = useNavigate();
  const policies = useQuery(activePoliciesQueryOptions());
  const [form, setForm] = useState({
    policyNumber: '',
    type: '' as ClaimType | '',
    incidentDate: '',
    place: '',
    description: '',
    obNumber: '',
    hasOtherParty: false,
    otherName: '',
    otherPhone: '',
    otherVehicle: '',
    otherInsurer: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (value: string | boolean) =>
    setForm((current) => ({ ...current, [key]: value }));

  const type = form.type || null;
  const withOther = type !== null && (needsOtherParty(type) || form.hasOtherParty);
  const obNeeded = type !== null && needsPoliceAbstract({ type, hasOtherParty: withOther });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const payload = {
      policyNumber: form.policyNumber,
      type: form.type || undefined,
      incidentDate: form.incidentDate,
      place: form.place,
      description: form.description,
      obNumber: form.obNumber,
      otherParty: withOther
        ? {
            name: form.otherName,
            phone: form.otherPhone,
            vehicleRegistration: form.otherVehicle,
            insurer: form.otherInsurer,
          }
        : null,
    };
    const parsed = reportClaimSchema({ today: () => kenyaTodayIsoDate() }).safeParse(payload);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const created = await reportClaim(parsed.data);
      navigate(paths.portalClaim.getHref(created.id));
    } catch (error) {
      if (error instanceof ApiError && error.errors?.length) {
        const found: Errors = {};
        for (const item of error.errors) found[item.field] ??= item.message;
        setErrors(found);
      } else setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSubmitting(false);
    }
  };

  const summary = [...new Set(Object.values(errors))].map((message) => ({ message }));

  return (
    <div>
      <Link to={paths.portalClaims.getHref()} className={linkButton}>
        {t('claims.report.cancel')}
      </Link>
      <div className="mt-3">
        <ScreenHeading level={1}>{t('claims.report.title')}</ScreenHeading>
      </div>
      <p className="mt-2 text-slate-700">{t('claims.report.intro')}</p>
      {!policies.data ? (
        <QueryStatus
          isPending={policies.isPending}
          isError={policies.isError}
          onRetry={() => void policies.refetch()}
        />
      ) : policies.data.length === 0 ? (
        <p className="mt-6 text-slate-800">{t('claims.report.noPolicies')}</p>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <form noValidate onSubmit={onSubmit} className="space-y-4 lg:col-span-2">
            {summary.length > 0 ? <ErrorSummary errors={summary} /> : null}
            <div>
              <label htmlFor="claim-policyNumber" className={`block ${labelClass}`}>
                {t('claims.report.policy')}
              </label>
              <select
                id="claim-policyNumber"
                className={inputClass}
                value={form.policyNumber}
                aria-invalid={errors.policyNumber ? true : undefined}
                aria-describedby={errors.policyNumber ? 'claim-policyNumber-error' : undefined}
                onChange={(event) => set('policyNumber')(event.target.value)}
              >
                <option value="">{t('claims.report.policyPlaceholder')}</option>
                {policies.data.map((policy) => (
                  <option key={policy.policyNumber} value={policy.policyNumber}>
                    {`${policy.policyNumber} — ${policy.productName}`}
                  </option>
                ))}
              </select>
              {errors.policyNumber ? (
                <p id="claim-policyNumber-error" className={fieldErrorClass}>
                  {errors.policyNumber}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor="claim-type" className={`block ${labelClass}`}>
                {t('claims.report.type')}
              </label>
              <select
                id="claim-type"
                className={inputClass}
                value={form.type}
                aria-invalid={errors.type ? true : undefined}
                aria-describedby={errors.type ? 'claim-type-error' : undefined}
                onChange={(event) => set('type')(event.target.value)}
              >
                <option value="">{t('claims.report.typePlaceholder')}</option>
                {CLAIM_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {t(`claims.type.${value}`)}
                  </option>
                ))}
              </select>
              {errors.type ? (
                <p id="claim-type-error" className={fieldErrorClass}>
                  {errors.type}
                </p>
              ) : null}
            </div>
            <Input
              name="incidentDate"
              type="date"
              max={kenyaTodayIsoDate()}
              label={t('claims.report.incidentDate')}
              value={form.incidentDate}
              onChange={set('incidentDate')}
              error={errors.incidentDate}
            />
            <Input
              name="place"
              label={t('claims.report.place')}
              hint={t('claims.report.placeHint')}
              value={form.place}
              onChange={set('place')}
              error={errors.place}
            />
            <Input
              name="description"
              multiline
              label={t('claims.report.description')}
              hint={t('claims.report.descriptionHint')}
              value={form.description}
              onChange={set('description')}
              error={errors.description}
            />
            {type !== null && !needsOtherParty(type) && type !== 'windscreen' ? (
              <div className="flex items-start gap-2">
                <input
                  id="claim-hasOtherParty"
                  type="checkbox"
                  className="mt-1 size-5 accent-emerald-700"
                  checked={form.hasOtherParty}
                  onChange={(event) => set('hasOtherParty')(event.target.checked)}
                />
                <label htmlFor="claim-hasOtherParty" className="text-slate-900">
                  {t('claims.report.hasOtherParty')}
                </label>
              </div>
            ) : null}
            {type !== null ? (
              <Input
                name="obNumber"
                label={obNeeded ? t('claims.report.obNumber') : t('claims.report.obOptional')}
                hint={t('claims.report.obHint')}
                value={form.obNumber}
                onChange={set('obNumber')}
                error={errors.obNumber}
              />
            ) : null}
            {withOther ? (
              <fieldset className="space-y-3 rounded-xl border border-slate-300 p-4">
                <legend className="px-1 font-bold text-slate-900">{t('claims.report.otherParty')}</legend>
                {errors.otherParty ? <p className={fieldErrorClass}>{errors.otherParty}</p> : null}
                <Input
                  name="otherParty.name"
                  label={t('claims.report.otherName')}
                  value={form.otherName}
                  onChange={set('otherName')}
                  error={errors['otherParty.name']}
                />
                <PhoneInput
                  id="claim-otherParty-phone"
                  label={t('claims.report.otherPhone')}
                  value={form.otherPhone}
                  registration={stateRegistration('otherParty.phone', set('otherPhone'))}
                  error={errors['otherParty.phone']}
                />
                <Input
                  name="otherParty.vehicleRegistration"
                  label={t('claims.report.otherVehicle')}
                  value={form.otherVehicle}
                  onChange={set('otherVehicle')}
                />
                <Input
                  name="otherParty.insurer"
                  label={t('claims.report.otherInsurer')}
                  value={form.otherInsurer}
                  onChange={set('otherInsurer')}
                />
              </fieldset>
            ) : null}
            {failure ? (
              <p role="alert" className={fieldErrorClass}>
                {failure}
              </p>
            ) : null}
            <button type="submit" className={buttonPrimary} disabled={submitting}>
              {submitting ? t('claims.report.submitting') : t('claims.report.submit')}
            </button>
          </form>
          {type !== null ? (
            <Card title={t('claims.report.documentsTitle')}>
              <ul className="list-disc space-y-1 pl-5 text-slate-800">
                {requiredClaimDocuments({ type, hasOtherParty: withOther }).map((doc) => (
                  <li key={doc}>{domainText(CLAIM_DOCUMENT_LABELS[doc])}</li>
                ))}
              </ul>
            </Card>
          ) : null}
        </div>
      )}
    </div>
  );
}
