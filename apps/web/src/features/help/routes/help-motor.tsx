import { HELP_FORM_TOASTS, HELP_REQUEST_MAX_DAYS_AHEAD, type HelpRequestFormInput } from '@bima/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { FormSection } from '../../../components/form-section';
import { AmountInput } from '../../../components/number-inputs';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { TextAreaField } from '../../../components/text-area-field';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { addDaysIsoDate, kenyaTodayIsoDate } from '../../../lib/dates';
import { type HelpEntities, helpEntitiesQueryOptions } from '../../../lib/intermediaries';
import { notify } from '../../../lib/notifications';
import { usePersistedStore } from '../../../lib/persisted-store';
import { useSpecForm } from '../../../lib/use-spec-form';
import { authStore } from '../../../stores/auth';
import { motorFlowStore } from '../../../stores/motor-flow';
import { createHelpRequest, requestHelpCode } from '../api/help-request';
import { CodeModal } from '../components/code-modal';
import { IntermediaryPicker } from '../components/intermediary-picker';
import { t } from '../i18n';
import {
  EMPTY_HELP_FORM,
  type HelpFormValues,
  type HelpRequestPayload,
  helpFormSchema,
  initialHelpValues,
  missingFieldKeys,
  toHelpRequestPayload,
} from '../utils/help-form';

/** The server's reasons (field messages, else its message), or the spec's texts (spec-2 §8). */
export function describeSubmissionFailure(error: unknown): string {
  const toast = HELP_FORM_TOASTS.submissionError;
  if (error instanceof ApiError) {
    const messages = [...new Set(error.errors.map((entry) => entry.message).filter(Boolean))];
    if (messages.length > 0) return messages.join(', ');
    if (error.err_msg?.trim()) return error.err_msg.trim();
    // A reply with a false status and no text.
    if (error.httpStatus === 200) return toast.falseStatus;
  }
  return toast.fallback;
}

/** A firm chosen in the portal's directory: `?intermediary=<id>` or the router state. */
function usePreselectedIntermediary(entities: HelpEntities): number | undefined {
  const [params] = useSearchParams();
  const { state } = useLocation();
  const fromState = (state as { intermediaryId?: unknown } | null)?.intermediaryId;
  const id = Number(params.get('intermediary') ?? fromState);
  return entities.intermediaries.some((item) => item.id === id) ? id : undefined;
}

interface PendingVerification {
  input: HelpRequestFormInput;
  verificationRef: string;
}

function HelpForm({ entities }: { entities: HelpEntities }) {
  const navigate = useNavigate();
  const isSignedIn = usePersistedStore(authStore, (state) => state.isAuthenticated);
  const intermediaryId = usePreselectedIntermediary(entities);
  const schema = useMemo(() => helpFormSchema(), []);
  const [defaults] = useState(() =>
    initialHelpValues({
      prefill: entities.prefill,
      vehicleValue: motorFlowStore.getState().enteredVehicleValue,
      intermediaryId,
    }),
  );
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<HelpFormValues, HelpRequestFormInput>(
    schema as unknown as Parameters<typeof useSpecForm<HelpFormValues, HelpRequestFormInput>>[0],
    defaults,
  );
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<PendingVerification | null>(null);
  const selected = form.watch('entityRefs');
  const today = kenyaTodayIsoDate();

  const send = async (payload: HelpRequestPayload): Promise<boolean> => {
    try {
      await createHelpRequest(payload);
    } catch (error) {
      // A lost session is handled by the gateway client (sign-in page).
      if (error instanceof ApiError && error.httpStatus === 403) return false;
      const toast = HELP_FORM_TOASTS.submissionError;
      notify({
        type: 'error',
        title: toast.title,
        message: describeSubmissionFailure(error),
        duration: toast.durationMs,
      });
      return false;
    }
    const toast = HELP_FORM_TOASTS.submitted;
    notify({ type: 'success', title: toast.title, message: toast.message, duration: toast.durationMs });
    // Spec-2 §4: the form resets after success.
    form.reset(EMPTY_HELP_FORM);
    setSearch('');
    setPending(null);
    return true;
  };

  const askForCode = async (input: HelpRequestFormInput) => {
    try {
      const { verificationRef } = await requestHelpCode(input.clientDetails.email);
      setPending({ input, verificationRef });
      return true;
    } catch (error) {
      const toast = HELP_FORM_TOASTS.submissionError;
      notify({
        type: 'error',
        title: toast.title,
        message:
          error instanceof ApiError && error.err_msg?.trim()
            ? error.err_msg.trim()
            : t('helpMotor.code.sendFailed'),
        duration: toast.durationMs,
      });
      return false;
    }
  };

  const onValid = async (input: HelpRequestFormInput) => {
    if (isSignedIn) {
      await send(toHelpRequestPayload(input));
      return;
    }
    // Signed out: the e-mail address is checked with a code before the request is sent.
    await askForCode(input);
  };

  const onInvalid = () => {
    const validation = HELP_FORM_TOASTS.validationError;
    notify({
      type: 'error',
      title: validation.title,
      message: validation.message,
      duration: validation.durationMs,
    });
    const missing = missingFieldKeys(form.getValues());
    if (missing.length === 0) return;
    const incomplete = HELP_FORM_TOASTS.incompleteForm;
    notify({
      type: 'error',
      title: incomplete.title,
      message: incomplete.message(missing.map((key) => t(`helpMotor.fields.${key}`))),
      duration: incomplete.durationMs,
    });
  };

  return (
    <>
      <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="mt-6 space-y-6">
        <FormSection title={t('helpMotor.sections.personal')}>
          <TextField
            id="help-firstName"
            label={t('helpMotor.fields.firstName')}
            autoComplete="given-name"
            registration={field('clientDetails.names.firstName')}
            error={errorOf('clientDetails.names.firstName')}
          />
          <TextField
            id="help-lastName"
            label={t('helpMotor.fields.lastName')}
            autoComplete="family-name"
            registration={field('clientDetails.names.lastName')}
            error={errorOf('clientDetails.names.lastName')}
          />
          <TextField
            id="help-email"
            type="email"
            label={t('helpMotor.fields.email')}
            autoComplete="email"
            registration={field('clientDetails.email')}
            error={errorOf('clientDetails.email')}
          />
          <TextField
            id="help-kraPin"
            label={t('helpMotor.fields.kraPin')}
            hint={t('helpMotor.hints.kraPin')}
            autoComplete="off"
            registration={field('clientDetails.kraPin')}
            error={errorOf('clientDetails.kraPin')}
          />
        </FormSection>
        <FormSection title={t('helpMotor.sections.vehicle')}>
          <AmountInput
            id="help-value"
            label={t('helpMotor.fields.value')}
            autoComplete="off"
            registration={field('riskDetails.value')}
            error={errorOf('riskDetails.value')}
          />
          <TextField
            id="help-regNo"
            label={t('helpMotor.fields.regNo')}
            hint={t('helpMotor.hints.regNo')}
            autoComplete="off"
            registration={field('riskDetails.regNo')}
            error={errorOf('riskDetails.regNo')}
          />
          <TextField
            id="help-chassisNumber"
            label={t('helpMotor.fields.chassisNumber')}
            hint={t('helpMotor.hints.chassisNumber')}
            autoComplete="off"
            registration={field('riskDetails.chassisNumber')}
            error={errorOf('riskDetails.chassisNumber')}
          />
        </FormSection>
        <FormSection title={t('helpMotor.sections.deadline')}>
          <TextField
            id="help-expiry"
            type="date"
            label={t('helpMotor.fields.expiry')}
            hint={t('helpMotor.hints.expiry')}
            min={today}
            max={addDaysIsoDate(today, HELP_REQUEST_MAX_DAYS_AHEAD)}
            registration={field('expiry')}
            error={errorOf('expiry')}
          />
        </FormSection>
        <FormSection title={t('helpMotor.sections.query')}>
          <TextAreaField
            id="help-remarks"
            className="sm:col-span-2"
            label={t('helpMotor.fields.remarks')}
            hint={t('helpMotor.hints.remarks')}
            rows={4}
            registration={field('remarks')}
            error={errorOf('remarks')}
          />
        </FormSection>
        <FormSection title={t('helpMotor.sections.intermediaries')}>
          <IntermediaryPicker
            intermediaries={entities.intermediaries}
            selected={selected}
            onChange={(next) =>
              form.setValue('entityRefs', next, {
                shouldDirty: true,
                shouldValidate: form.formState.isSubmitted,
              })
            }
            search={search}
            onSearchChange={setSearch}
            error={errorOf('entityRefs')}
          />
        </FormSection>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button variant="secondary" onClick={() => navigate(-1)}>
            {t('helpMotor.back')}
          </Button>
          <Button type="submit" disabled={isSubmitDisabled}>
            {form.formState.isSubmitting ? t('helpMotor.sending') : t('helpMotor.send')}
          </Button>
        </div>
      </form>
      {pending ? (
        <CodeModal
          email={pending.input.clientDetails.email}
          onClose={() => setPending(null)}
          onResend={async () => {
            const isSent = await askForCode(pending.input);
            if (isSent) notify({ type: 'success', title: t('helpMotor.code.resent'), duration: 3_000 });
          }}
          onConfirm={async (code) => {
            await send(
              toHelpRequestPayload(pending.input, { verificationRef: pending.verificationRef, code }),
            );
          }}
        />
      ) : null}
    </>
  );
}

/** HelpMotor (spec-2 "Help and Support"): a quotation request to one or more intermediaries. */
export default function HelpMotorRoute() {
  const entities = useQuery(helpEntitiesQueryOptions());
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <div className="rounded-2xl bg-emerald-900 px-6 py-8 text-white shadow-sm">
        <ScreenHeading level={1}>
          <span className="text-white">{t('helpMotor.banner')}</span>
        </ScreenHeading>
        <p className="mt-2 text-emerald-50">{t('helpMotor.intro')}</p>
      </div>
      <QueryStatus
        isPending={entities.isPending}
        isError={entities.isError}
        onRetry={() => void entities.refetch()}
        loadingText={t('helpMotor.loading')}
        errorText={t('helpMotor.loadError')}
      />
      {entities.data ? <HelpForm entities={entities.data} /> : null}
    </div>
  );
}
