import { verifyCertificateSchemaFor } from '@bima/domain';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { cardClass } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { kenyaTodayIsoDate } from '../../../lib/dates';
import { useCertificateCheck } from '../api/verify-certificate';
import { CheckResult } from '../components/check-result';
import { t } from '../i18n';

type FieldErrors = Partial<Record<'certificateNumber' | 'registrationNumber' | 'date', string>>;

/** What the address asks: `?certificate=` (the QR code's link) or `?plate=&date=`; null when nothing. */
function inputFromParams(params: URLSearchParams) {
  const certificate = params.get('certificate');
  if (certificate !== null) return { certificateNumber: certificate };
  const plate = params.get('plate');
  const date = params.get('date');
  if (plate !== null || date !== null) return { registrationNumber: plate ?? '', date: date ?? '' };
  return null;
}

/**
 * The public certificate check (`/verify`): by number or by plate and date. The question lives in the
 * address, so the QR code's link checks at once and a result can be shared or reloaded.
 */
export default function VerifyCertificateRoute() {
  const [params, setParams] = useSearchParams();
  const today = kenyaTodayIsoDate();
  const input = inputFromParams(params);
  const parsed = input ? verifyCertificateSchemaFor(today).safeParse(input) : null;
  const query = parsed?.success ? parsed.data : null;
  const check = useCertificateCheck(query);
  const errors: FieldErrors = {};
  if (parsed && !parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path[0] as keyof FieldErrors] ??= issue.message;
  }
  if (check.error instanceof ApiError && check.error.httpStatus === 400) {
    for (const item of check.error.errors ?? []) errors[item.field as keyof FieldErrors] ??= item.message;
  }
  const byNumber = useForm({ defaultValues: { certificateNumber: params.get('certificate') ?? '' } });
  const byPlate = useForm({
    defaultValues: { registrationNumber: params.get('plate') ?? '', date: params.get('date') ?? today },
  });
  const numberHeading = useId();
  const plateHeading = useId();

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t('verify.title')}</h1>
      <p className="mt-3 text-slate-700">{t('verify.intro')}</p>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <section aria-labelledby={numberHeading} className={cardClass}>
          <h2 id={numberHeading} className="text-lg font-bold text-slate-900">
            {t('verify.byNumber')}
          </h2>
          <form
            noValidate
            className="mt-3 space-y-4"
            onSubmit={byNumber.handleSubmit((values) =>
              setParams({ certificate: values.certificateNumber.trim() }),
            )}
          >
            <TextField
              label={t('verify.certificateNumber')}
              hint={t('verify.certificateNumberHint')}
              registration={byNumber.register('certificateNumber')}
              error={input && 'certificateNumber' in input ? errors.certificateNumber : undefined}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
            <Button type="submit">{t('verify.checkNumber')}</Button>
          </form>
        </section>
        <section aria-labelledby={plateHeading} className={cardClass}>
          <h2 id={plateHeading} className="text-lg font-bold text-slate-900">
            {t('verify.byPlate')}
          </h2>
          <form
            noValidate
            className="mt-3 space-y-4"
            onSubmit={byPlate.handleSubmit((values) =>
              setParams({ plate: values.registrationNumber.trim(), date: values.date }),
            )}
          >
            <TextField
              label={t('verify.registrationNumber')}
              hint={t('verify.registrationHint')}
              registration={byPlate.register('registrationNumber')}
              error={input && 'registrationNumber' in input ? errors.registrationNumber : undefined}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
            <TextField
              type="date"
              label={t('verify.date')}
              hint={t('verify.dateHint')}
              registration={byPlate.register('date')}
              error={input && 'registrationNumber' in input ? errors.date : undefined}
            />
            <Button type="submit">{t('verify.checkPlate')}</Button>
          </form>
        </section>
      </div>
      <div aria-live="polite" className="mt-8">
        {query && check.isFetching ? (
          <p role="status" className="text-slate-700">
            {t('verify.checking')}
          </p>
        ) : null}
        {query &&
        !check.isFetching &&
        check.isError &&
        !(check.error instanceof ApiError && check.error.httpStatus === 400) ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-white p-5">
            <p className="font-semibold text-slate-900">{t('verify.failed')}</p>
            {check.error instanceof ApiError && check.error.err_msg ? (
              <p className="mt-1 text-slate-700">{check.error.err_msg}</p>
            ) : null}
            <Button variant="secondary" className="mt-3" onClick={() => void check.refetch()}>
              {t('verify.retry')}
            </Button>
          </div>
        ) : null}
        {query && !check.isFetching && check.data ? <CheckResult check={check.data} /> : null}
      </div>
      <p className="mt-8 text-sm text-slate-700">{t('verify.privacy')}</p>
    </div>
  );
}
