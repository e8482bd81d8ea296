import type { ClassKyc } from '@bima/domain/classes/risks';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/error-summary';
import { PhoneInput } from '../../../components/number-inputs';
import { ScreenHeading } from '../../../components/screen-heading';
import { TextField } from '../../../components/text-field';
import { useSpecForm } from '../../../lib/use-spec-form';
import { clientDetailsQueryOptions } from '../api/commercial';
import { t } from '../i18n';
import { type KycFormInput, kycFormSchema, kycFormValues } from '../schemas';
import { advance, updateFlow, useCommercialFlow } from '../stores/commercial-flow';
import { StepActions } from './step-actions';

const FIELDS: ReadonlyArray<{
  name: keyof KycFormInput;
  type?: 'tel' | 'email';
  autoComplete: string;
  inputMode?: 'tel' | 'email';
}> = [
  { name: 'fullName', autoComplete: 'name' },
  { name: 'idNumber', autoComplete: 'off' },
  { name: 'kraPin', autoComplete: 'off' },
  { name: 'phoneNumber', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  { name: 'email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'address', autoComplete: 'street-address' },
];

function KycForm({ defaults, isPrefilled }: { defaults: KycFormInput; isPrefilled: boolean }) {
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<KycFormInput, ClassKyc>(
    kycFormSchema,
    defaults,
  );
  const onSubmit = (kyc: ClassKyc) => updateFlow((state) => advance(state, { type: 'kyc', kyc }));
  const errors = FIELDS.map(({ name }) => errorOf(name)).filter((message): message is string =>
    Boolean(message),
  );
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-6">
      <ErrorSummary errors={errors.map((message) => ({ message }))} />
      {isPrefilled ? <p className="text-slate-800">{t('motorCommercial.kyc.prefilled')}</p> : null}
      <div className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:grid-cols-2">
        {FIELDS.map(({ name, type, autoComplete, inputMode }) => {
          const Input = name === 'phoneNumber' ? PhoneInput : TextField;
          return (
            <Input
              key={name}
              label={t(`motorCommercial.kyc.${name}`)}
              type={type ?? 'text'}
              inputMode={inputMode}
              autoComplete={autoComplete}
              registration={field(name)}
              error={errorOf(name)}
              className={name === 'address' ? 'md:col-span-2' : undefined}
            />
          );
        })}
      </div>
      <StepActions>
        <Button type="submit" disabled={isSubmitDisabled} className="w-full sm:w-auto">
          {t('motorCommercial.kyc.submit')}
        </Button>
      </StepActions>
    </form>
  );
}

/** Step 5: the KYC the policy is issued on, filled in from the signed-in client's profile. */
export function KycStep() {
  const flow = useCommercialFlow();
  const profile = useQuery({ ...clientDetailsQueryOptions(), enabled: flow.kycDetails === null });
  const isWaiting = flow.kycDetails === null && profile.isPending;
  return (
    <section className="space-y-6">
      <div>
        <ScreenHeading>{t('motorCommercial.kyc.heading')}</ScreenHeading>
        <p className="mt-1 text-slate-700">{t('motorCommercial.kyc.intro')}</p>
      </div>
      {isWaiting ? (
        <p role="status" className="text-slate-800">
          {t('motorCommercial.kyc.loading')}
        </p>
      ) : (
        <KycForm
          defaults={kycFormValues(flow.kycDetails, profile.data ?? null)}
          isPrefilled={flow.kycDetails === null && Boolean(profile.data)}
        />
      )}
    </section>
  );
}
