import { ACCOUNT_MESSAGES, HELP_REQUEST_MESSAGES, VEHICLE_MESSAGES } from '@bima/domain';
import { type ReactNode, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { CheckboxField } from '../../../components/checkbox-field';
import { ErrorSummary } from '../../../components/error-summary';
import { SelectField } from '../../../components/select-field';
import { TextAreaField } from '../../../components/text-area-field';
import { TextField } from '../../../components/text-field';
import { YesNoField } from '../../../components/yes-no-field';
import { t } from '../i18n';

/** How the focused example looks without focus: the ring every control shows on keyboard focus. */
const FOCUS_LOOK =
  '[&_:is(input,select,textarea)]:outline-2 [&_:is(input,select,textarea)]:outline-offset-2 [&_:is(input,select,textarea)]:outline-emerald-800';

/** Keeps search engines away while the page is open (the server and robots.txt say so too). */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-4 grid gap-6 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** One state of a control, named above it. */
function Example({
  state,
  children,
  className = '',
}: {
  state: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <p className="mb-1 text-xs font-semibold tracking-wide text-slate-700 uppercase">{state}</p>
      {children}
    </div>
  );
}

/** Moves the keyboard focus to an example, to see its real focus ring. */
function FocusButton({ target }: { target: string }) {
  return (
    <Button variant="secondary" className="mt-2" onClick={() => document.getElementById(target)?.focus()}>
      {t('styleGuide.focusIt')}
    </Button>
  );
}

/**
 * `/radio-test` (spec-2 RadioTest): the living style guide of the shared form controls of
 * `src/components` — text fields, selects, radios, checkboxes, text areas, buttons and the error
 * summary — each in its states (default, focused, with an error the spec words, disabled), in the
 * language chosen in the header. For developers: not linked, and not indexed.
 */
export default function RadioTestRoute() {
  useNoIndex();
  const { register } = useForm({
    defaultValues: {
      nameDefault: '',
      nameFocused: 'Achieng',
      kraPinError: 'A12345',
      nameDisabled: 'Otieno',
      accountDefault: '',
      accountFocused: 'INDIVIDUAL',
      accountError: '',
      accountDisabled: 'CORPORATE',
      antiTheftDefault: '',
      antiTheftFocused: 'yes',
      modificationsError: '',
      antiTheftDisabled: 'no',
      termsDefault: false,
      termsFocused: true,
      termsError: false,
      termsDisabled: true,
      queryDefault: '',
      queryFocused: '',
      queryError: 'Too short',
      queryDisabled: '',
    },
  });
  const accountTypes = [
    { value: 'INDIVIDUAL', label: t('styleGuide.individual') },
    { value: 'CORPORATE', label: t('styleGuide.corporate') },
  ];
  const termsLabel = t('styleGuide.terms');

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t('styleGuide.title')}
        </h1>
        <p className="mt-2 max-w-3xl text-slate-700">{t('styleGuide.intro')}</p>
      </header>

      <Section id="style-text-fields" title={t('styleGuide.textFields')}>
        <Example state={t('styleGuide.default')}>
          <TextField
            id="style-name-default"
            label={t('styleGuide.firstName')}
            hint={t('styleGuide.firstNameHint')}
            registration={register('nameDefault')}
          />
        </Example>
        <Example state={t('styleGuide.focused')} className={FOCUS_LOOK}>
          <TextField
            id="style-name-focused"
            label={t('styleGuide.firstName')}
            registration={register('nameFocused')}
          />
          <FocusButton target="style-name-focused" />
        </Example>
        <Example state={t('styleGuide.error')}>
          <TextField
            id="style-kra-pin-error"
            label={t('styleGuide.kraPin')}
            registration={register('kraPinError')}
            error={ACCOUNT_MESSAGES.kraPinInvalid}
          />
        </Example>
        <Example state={t('styleGuide.disabled')}>
          <TextField
            id="style-name-disabled"
            label={t('styleGuide.lastName')}
            registration={register('nameDisabled', { disabled: true })}
          />
        </Example>
      </Section>

      <Section id="style-selects" title={t('styleGuide.selects')}>
        <Example state={t('styleGuide.default')}>
          <SelectField
            id="style-account-default"
            label={t('styleGuide.accountType')}
            placeholder={t('styleGuide.select')}
            options={accountTypes}
            registration={register('accountDefault')}
          />
        </Example>
        <Example state={t('styleGuide.focused')} className={FOCUS_LOOK}>
          <SelectField
            id="style-account-focused"
            label={t('styleGuide.accountType')}
            placeholder={t('styleGuide.select')}
            options={accountTypes}
            registration={register('accountFocused')}
          />
          <FocusButton target="style-account-focused" />
        </Example>
        <Example state={t('styleGuide.error')}>
          <SelectField
            id="style-account-error"
            label={t('styleGuide.accountType')}
            placeholder={t('styleGuide.select')}
            options={accountTypes}
            registration={register('accountError')}
            error={ACCOUNT_MESSAGES.accountTypeRequired}
          />
        </Example>
        <Example state={t('styleGuide.disabled')}>
          <SelectField
            id="style-account-disabled"
            label={t('styleGuide.accountType')}
            placeholder={t('styleGuide.select')}
            options={accountTypes}
            registration={register('accountDisabled')}
            disabled
          />
        </Example>
      </Section>

      <Section id="style-radios" title={t('styleGuide.radios')}>
        <Example state={t('styleGuide.default')}>
          <YesNoField
            id="style-anti-theft-default"
            legend={t('styleGuide.antiTheft')}
            registration={register('antiTheftDefault')}
          />
        </Example>
        <Example state={t('styleGuide.focused')} className={FOCUS_LOOK}>
          <YesNoField
            id="style-anti-theft-focused"
            legend={t('styleGuide.antiTheftAgain')}
            registration={register('antiTheftFocused')}
          />
        </Example>
        <Example state={t('styleGuide.error')}>
          <YesNoField
            id="style-modifications-error"
            legend={t('styleGuide.modifications')}
            registration={register('modificationsError')}
            error={VEHICLE_MESSAGES.modificationsRequired}
          />
        </Example>
        <Example state={t('styleGuide.disabled')}>
          <fieldset disabled className="opacity-80">
            <YesNoField
              id="style-anti-theft-disabled"
              legend={t('styleGuide.antiTheftLocked')}
              registration={register('antiTheftDisabled')}
            />
          </fieldset>
        </Example>
      </Section>

      <Section id="style-checkboxes" title={t('styleGuide.checkboxes')}>
        <Example state={t('styleGuide.default')}>
          <CheckboxField
            id="style-terms-default"
            label={termsLabel}
            registration={register('termsDefault')}
          />
        </Example>
        <Example state={t('styleGuide.focused')} className={FOCUS_LOOK}>
          <CheckboxField
            id="style-terms-focused"
            label={termsLabel}
            registration={register('termsFocused')}
          />
          <FocusButton target="style-terms-focused" />
        </Example>
        <Example state={t('styleGuide.error')}>
          <CheckboxField
            id="style-terms-error"
            label={termsLabel}
            registration={register('termsError')}
            error={t('styleGuide.termsRequired')}
          />
        </Example>
        <Example state={t('styleGuide.disabled')}>
          <CheckboxField
            id="style-terms-disabled"
            label={termsLabel}
            registration={register('termsDisabled')}
            disabled
          />
        </Example>
      </Section>

      <Section id="style-text-areas" title={t('styleGuide.textAreas')}>
        <Example state={t('styleGuide.default')}>
          <TextAreaField
            id="style-query-default"
            label={t('styleGuide.query')}
            registration={register('queryDefault')}
          />
        </Example>
        <Example state={t('styleGuide.focused')} className={FOCUS_LOOK}>
          <TextAreaField
            id="style-query-focused"
            label={t('styleGuide.query')}
            registration={register('queryFocused')}
          />
          <FocusButton target="style-query-focused" />
        </Example>
        <Example state={t('styleGuide.error')}>
          <TextAreaField
            id="style-query-error"
            label={t('styleGuide.query')}
            registration={register('queryError')}
            error={HELP_REQUEST_MESSAGES.remarksLength}
          />
        </Example>
        <Example state={t('styleGuide.disabled')}>
          <fieldset disabled>
            <TextAreaField
              id="style-query-disabled"
              label={t('styleGuide.queryLocked')}
              registration={register('queryDisabled')}
            />
          </fieldset>
        </Example>
      </Section>

      <Section id="style-buttons" title={t('styleGuide.buttons')}>
        <Example state={t('styleGuide.default')}>
          <div className="flex flex-wrap gap-3">
            <Button>{t('styleGuide.primary')}</Button>
            <Button variant="secondary">{t('styleGuide.secondary')}</Button>
          </div>
        </Example>
        <Example state={t('styleGuide.disabled')}>
          <div className="flex flex-wrap gap-3">
            <Button disabled>{t('styleGuide.primary')}</Button>
            <Button variant="secondary" disabled>
              {t('styleGuide.secondary')}
            </Button>
          </div>
        </Example>
      </Section>

      <section aria-labelledby="style-error-summary" className="space-y-3">
        <h2 id="style-error-summary" className="text-lg font-bold text-slate-900">
          {t('styleGuide.errorSummary')}
        </h2>
        <ErrorSummary
          errors={[
            { message: ACCOUNT_MESSAGES.kraPinInvalid },
            { message: ACCOUNT_MESSAGES.accountTypeRequired },
            { message: VEHICLE_MESSAGES.modificationsRequired },
          ]}
        />
      </section>
    </div>
  );
}
