import { BENEFIT_TYPES } from '@bima/domain/premium/types';
import { PRODUCT_ADMIN_MESSAGES } from '@bima/domain/product-admin';
import { type ReactNode, useId, useMemo, useState } from 'react';
import {
  type Control,
  type FieldPath,
  get,
  type UseFormReturn,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { Button } from '../../../components/button';
import { DataTable } from '../../../components/data-table';
import { ErrorSummary } from '../../../components/error-summary';
import { FormSection } from '../../../components/form-section';
import { SelectField } from '../../../components/select-field';
import { TextAreaField } from '../../../components/text-area-field';
import { TextField } from '../../../components/text-field';
import { fieldErrorClass, labelClass } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { domainText } from '../../../lib/domain-text';
import { notify } from '../../../lib/notifications';
import { type AdminProduct, updateProduct } from '../api/products';
import { t } from '../i18n';
import { describeChanges, type FieldChange } from '../utils/changes';
import {
  collectErrorMessages,
  formPathOfServerField,
  type ProductFormValues,
  periodOptions,
  toConfiguration,
  toFormValues,
} from '../utils/form-mapping';
import { productFormResolver } from '../utils/resolver';
import {
  ConfirmChangesDialog,
  EditorSectionAnchor,
  LeaveGuard,
  SaveBar,
  SectionIndex,
} from './editor-chrome';
import { CellInput, CellSelect, CheckboxField } from './form-controls';

type Form = UseFormReturn<ProductFormValues>;
type Path = FieldPath<ProductFormValues>;

const k = (key: string) => `backofficeProducts.editor.${key}`;
const span2 = 'sm:col-span-2';

function errorOf(form: Form, name: string): string | undefined {
  const error = get(form.formState.errors, name) as
    | { message?: unknown; root?: { message?: unknown } }
    | undefined;
  if (typeof error?.message === 'string') return error.message;
  return typeof error?.root?.message === 'string' ? error.root.message : undefined;
}

const emptyBenefit = (): ProductFormValues['benefits'][number] => ({
  benefitSystemRef: '',
  name: '',
  description: '',
  benefitType: 'optional',
  limit: { minimum: '0', maximum: '0', defaultLimit: '0', isAdjustable: false },
  pricing: { kind: 'included', amount: '', rate: '', minimum: '', inbuiltLimit: '' },
  translations: { sw: { name: '', description: '' } },
});

interface ProductFormProps {
  product: AdminProduct;
  /** A new version was saved. */
  onSaved: (product: AdminProduct) => void;
  /** Loads the latest version after someone else changed the product. */
  onReload: () => void;
  /** Shown after the form, above the save bar (the versions). */
  children?: ReactNode;
}

/**
 * The whole configuration of a product in sections with an index; a bar stuck to the bottom of the
 * screen counts the unsaved changes and saves; Save lists each change (old → new) to confirm first,
 * then sends the configuration with the version it was made from.
 */
export function ProductForm({ product, onSaved, onReload, children }: ProductFormProps) {
  const defaults = useMemo(() => toFormValues(product.configuration), [product.configuration]);
  const form = useForm<ProductFormValues>({
    resolver: productFormResolver,
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    defaultValues: defaults,
  });
  const formId = useId();
  const [staleMessage, setStaleMessage] = useState<string | null>(null);
  const [pending, setPending] = useState<{ values: ProductFormValues; changes: FieldChange[] } | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const { isSubmitted, errors } = form.formState;
  const messages = isSubmitted ? collectErrorMessages(errors) : [];

  const askToConfirm = (values: ProductFormValues) => {
    setStaleMessage(null);
    const found = describeChanges(defaults, values);
    if (found.length === 0) {
      notify({ type: 'info', title: t(k('changes.nothing')) });
      return;
    }
    setPending({ values, changes: found });
  };

  const save = async (values: ProductFormValues) => {
    setIsSaving(true);
    try {
      const saved = await updateProduct({
        productSystemRef: product.productSystemRef,
        expectedVersion: product.version,
        ...(values.changeSummary.trim() ? { changeSummary: values.changeSummary.trim() } : {}),
        configuration: toConfiguration(values),
      });
      notify({ type: 'success', title: t(k('saved'), { version: saved.version }) });
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.httpStatus === 409 && error.err_code === 'STALE_VERSION') {
        setStaleMessage(error.err_msg || domainText(PRODUCT_ADMIN_MESSAGES.staleVersion));
        return;
      }
      if (error instanceof ApiError && error.httpStatus === 400 && error.errors.length > 0) {
        for (const { field, message } of error.errors) {
          form.setError(formPathOfServerField(field) as Path, { type: 'server', message });
        }
        return;
      }
      const message = error instanceof ApiError && error.err_msg ? error.err_msg : t(k('saveFailed'));
      form.setError('root.server', { type: 'server', message });
    } finally {
      setIsSaving(false);
      setPending(null);
    }
  };

  return (
    <div className="mt-6">
      <form id={formId} noValidate onSubmit={form.handleSubmit(askToConfirm)} className="space-y-6">
        {staleMessage ? (
          <div role="alert" className="rounded-xl border-l-4 border-amber-700 bg-amber-50 p-4 text-amber-950">
            <p className="font-semibold">{staleMessage}</p>
            <Button variant="secondary" className="mt-3" onClick={onReload}>
              {t(k('stale.reload'))}
            </Button>
          </div>
        ) : null}
        <ErrorSummary errors={messages.map((message) => ({ message }))} />
        <SectionIndex />
        <EditorSectionAnchor section="basics">
          <BasicsSection form={form} />
        </EditorSectionAnchor>
        <EditorSectionAnchor section="rating">
          <RatingSection form={form} />
        </EditorSectionAnchor>
        <EditorSectionAnchor section="values">
          <ValuesSection form={form} />
        </EditorSectionAnchor>
        <EditorSectionAnchor section="periods">
          <PeriodsSection form={form} supportedPeriods={product.configuration.supportedPeriods} />
        </EditorSectionAnchor>
        <EditorSectionAnchor section="scale">
          <ScaleSection form={form} />
        </EditorSectionAnchor>
        <EditorSectionAnchor section="benefits">
          <BenefitsSection form={form} />
        </EditorSectionAnchor>
        <EditorSectionAnchor section="excesses">
          <ExcessesSection form={form} />
        </EditorSectionAnchor>
        <EditorSectionAnchor section="charges">
          <ChargesSection form={form} />
        </EditorSectionAnchor>
        <EditorSectionAnchor section="save">
          <FormSection title={t(k('sections.save'))}>
            <TextAreaField
              className={span2}
              label={t(k('fields.changeSummary'))}
              hint={t(k('fields.changeSummaryHint'))}
              registration={form.register('changeSummary')}
              error={errorOf(form, 'changeSummary')}
            />
            <div className={`${span2} flex flex-wrap gap-3`}>
              <Button
                variant="secondary"
                disabled={isSaving}
                onClick={() => {
                  setStaleMessage(null);
                  form.reset(defaults);
                }}
              >
                {t(k('reset'))}
              </Button>
            </div>
          </FormSection>
        </EditorSectionAnchor>
      </form>
      {children}
      <UnsavedChanges control={form.control} defaults={defaults} formId={formId} isSaving={isSaving} />
      {pending ? (
        <ConfirmChangesDialog
          changes={pending.changes}
          nextVersion={product.version + 1}
          isSaving={isSaving}
          onConfirm={() => void save(pending.values)}
          onBack={() => setPending(null)}
        />
      ) : null}
    </div>
  );
}

/**
 * The save bar and the leave warning with the count of unsaved changes. Only this part watches
 * every field, so a keystroke renders the bar again, not the whole long form.
 */
function UnsavedChanges({
  control,
  defaults,
  formId,
  isSaving,
}: {
  control: Control<ProductFormValues>;
  defaults: ProductFormValues;
  formId: string;
  isSaving: boolean;
}) {
  const values = useWatch({ control }) as ProductFormValues;
  const count = describeChanges(defaults, values).length;
  return (
    <>
      <SaveBar formId={formId} changeCount={count} isSaving={isSaving} />
      <LeaveGuard changeCount={isSaving ? 0 : count} />
    </>
  );
}

function BasicsSection({ form }: { form: Form }) {
  return (
    <FormSection title={t(k('sections.basics'))}>
      <TextField
        label={t(k('fields.name'))}
        registration={form.register('name')}
        error={errorOf(form, 'name')}
      />
      <TextField
        label={t(k('fields.intermediary'))}
        registration={form.register('intermediary')}
        error={errorOf(form, 'intermediary')}
      />
      <TextAreaField
        className={span2}
        label={t(k('fields.description'))}
        registration={form.register('description')}
        error={errorOf(form, 'description')}
        rows={2}
      />
      <TextAreaField
        className={span2}
        label={t(k('fields.overview'))}
        registration={form.register('overview')}
        error={errorOf(form, 'overview')}
        rows={4}
      />
      <TextField
        label={t(k('fields.nameSw'))}
        hint={t(k('fields.swahiliHint'))}
        lang="sw"
        registration={form.register('translations.sw.name')}
        error={errorOf(form, 'translations.sw.name')}
      />
      <TextAreaField
        className={span2}
        label={t(k('fields.descriptionSw'))}
        lang="sw"
        registration={form.register('translations.sw.description')}
        error={errorOf(form, 'translations.sw.description')}
        rows={2}
      />
      <TextAreaField
        className={span2}
        label={t(k('fields.overviewSw'))}
        lang="sw"
        registration={form.register('translations.sw.overview')}
        error={errorOf(form, 'translations.sw.overview')}
        rows={4}
      />
    </FormSection>
  );
}

function RatingSection({ form }: { form: Form }) {
  const rateBasis = useWatch({ control: form.control, name: 'rateBasis' });
  const bands = useFieldArray({ control: form.control, name: 'bands' });
  return (
    <FormSection title={t(k('sections.rating'))}>
      <SelectField
        label={t(k('fields.rateBasis'))}
        placeholder={t(k('choose'))}
        options={[
          { value: 'percentage', label: t(k('rateBases.percentage')) },
          { value: 'fixed', label: t(k('rateBases.fixed')) },
          { value: 'rated', label: t(k('rateBases.rated')) },
        ]}
        registration={form.register('rateBasis')}
        error={errorOf(form, 'rateBasis')}
      />
      {rateBasis === 'fixed' ? (
        <TextField
          label={t(k('fields.fixedPremium'))}
          inputMode="numeric"
          registration={form.register('fixedPremium')}
          error={errorOf(form, 'fixedPremium')}
        />
      ) : (
        <TextField
          label={t(k('fields.minimumPremium'))}
          inputMode="numeric"
          registration={form.register('minimumPremium')}
          error={errorOf(form, 'minimumPremium')}
        />
      )}
      {rateBasis === 'fixed' ? null : (
        <div className={span2}>
          <p className="text-sm text-slate-700">{t(k('bands.hint'))}</p>
          <DataTable
            caption={t(k('bands.caption'))}
            columns={[
              ...(rateBasis === 'rated'
                ? [
                    {
                      key: 'group',
                      header: t(k('bands.groupHeader')),
                      cell: (index: number) => (
                        <CellInput
                          label={t(k('bands.group'), { number: index + 1 })}
                          registration={form.register(`bands.${index}.group`)}
                          error={errorOf(form, `bands.${index}.group`)}
                        />
                      ),
                    },
                  ]
                : []),
              {
                key: 'fromValue',
                header: t(k('bands.fromValueHeader')),
                cell: (index: number) => (
                  <CellInput
                    label={t(k('bands.fromValue'), { number: index + 1 })}
                    registration={form.register(`bands.${index}.fromValue`)}
                    error={errorOf(form, `bands.${index}.fromValue`)}
                  />
                ),
              },
              {
                key: 'rate',
                header: t(k('bands.rateHeader')),
                cell: (index: number) => (
                  <CellInput
                    label={t(k('bands.rate'), { number: index + 1 })}
                    inputMode="decimal"
                    registration={form.register(`bands.${index}.rate`)}
                    error={errorOf(form, `bands.${index}.rate`)}
                  />
                ),
              },
              {
                key: 'actions',
                header: <span className="sr-only">{t(k('bands.actions'))}</span>,
                align: 'right',
                cell: (index: number) => (
                  <Button variant="danger" onClick={() => bands.remove(index)}>
                    {t(k('bands.remove'), { number: index + 1 })}
                  </Button>
                ),
              },
            ]}
            rows={bands.fields.map((_, index) => index)}
            rowKey={(index) => bands.fields[index]?.id ?? String(index)}
            emptyText={domainText(PRODUCT_ADMIN_MESSAGES.bandsRequired)}
          />
          {errorOf(form, 'bands') ? <p className={fieldErrorClass}>{errorOf(form, 'bands')}</p> : null}
          <Button
            variant="small"
            className="mt-3"
            onClick={() =>
              bands.append({ group: rateBasis === 'rated' ? 'vehicle' : undefined, fromValue: '', rate: '' })
            }
          >
            {t(k('bands.add'))}
          </Button>
        </div>
      )}
      {rateBasis === 'rated' ? <RatedFactors form={form} /> : null}
    </FormSection>
  );
}

type FactorList = 'loadings' | 'minimums' | 'perUnit';
const FACTOR_COLUMNS: Record<FactorList, ReadonlyArray<{ key: string; numeric?: boolean }>> = {
  loadings: [{ key: 'factor' }, { key: 'option' }, { key: 'multiplier', numeric: true }],
  minimums: [{ key: 'quantity' }, { key: 'fromQuantity', numeric: true }, { key: 'amount', numeric: true }],
  perUnit: [{ key: 'quantity' }, { key: 'amount', numeric: true }],
};
const EMPTY_ROW: Record<FactorList, Record<string, string>> = {
  loadings: { factor: '', option: '', multiplier: '' },
  minimums: { quantity: '', fromQuantity: '', amount: '' },
  perUnit: { quantity: '', amount: '' },
};

/** A rated product's loadings, minimums by quantity band and amounts per unit, each a small table. */
function RatedFactors({ form }: { form: Form }) {
  const lists = {
    loadings: useFieldArray({ control: form.control, name: 'loadings' }),
    minimums: useFieldArray({ control: form.control, name: 'minimums' }),
    perUnit: useFieldArray({ control: form.control, name: 'perUnit' }),
  };
  return (
    <>
      {(Object.keys(FACTOR_COLUMNS) as FactorList[]).map((list) => {
        const rows = lists[list];
        return (
          <div key={list} className={span2}>
            <p className="text-sm text-slate-700">{t(k(`${list}.hint`))}</p>
            <DataTable
              caption={t(k(`${list}.caption`))}
              columns={[
                ...FACTOR_COLUMNS[list].map((column) => ({
                  key: column.key,
                  header: t(k(`${list}.${column.key}Header`)),
                  cell: (index: number) => (
                    <CellInput
                      label={t(k(`${list}.${column.key}`), { number: index + 1 })}
                      inputMode={column.numeric ? 'decimal' : undefined}
                      registration={form.register(`${list}.${index}.${column.key}` as never)}
                      error={errorOf(form, `${list}.${index}.${column.key}`)}
                    />
                  ),
                })),
                {
                  key: 'actions',
                  header: <span className="sr-only">{t(k('bands.actions'))}</span>,
                  align: 'right' as const,
                  cell: (index: number) => (
                    <Button variant="danger" onClick={() => rows.remove(index)}>
                      {t(k(`${list}.remove`), { number: index + 1 })}
                    </Button>
                  ),
                },
              ]}
              rows={rows.fields.map((_, index) => index)}
              rowKey={(index) => rows.fields[index]?.id ?? String(index)}
              emptyText={t(k(`${list}.empty`))}
            />
            {errorOf(form, list) ? <p className={fieldErrorClass}>{errorOf(form, list)}</p> : null}
            <Button variant="small" className="mt-3" onClick={() => rows.append(EMPTY_ROW[list] as never)}>
              {t(k(`${list}.add`))}
            </Button>
          </div>
        );
      })}
    </>
  );
}

function ValuesSection({ form }: { form: Form }) {
  return (
    <FormSection title={t(k('sections.values'))}>
      <TextField
        label={t(k('fields.minimumValue'))}
        inputMode="numeric"
        registration={form.register('minimumValue')}
        error={errorOf(form, 'minimumValue')}
      />
      <TextField
        label={t(k('fields.maximumValue'))}
        hint={t(k('fields.maximumValueHint'))}
        inputMode="numeric"
        registration={form.register('maximumValue')}
        error={errorOf(form, 'maximumValue')}
      />
    </FormSection>
  );
}

function PeriodsSection({ form, supportedPeriods }: { form: Form; supportedPeriods: number[] }) {
  const error = errorOf(form, 'supportedPeriods');
  return (
    <FormSection title={t(k('sections.periods'))}>
      <fieldset className={span2} aria-describedby={error ? 'supported-periods-error' : undefined}>
        <legend className={labelClass}>{t(k('fields.supportedPeriods'))}</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {periodOptions(supportedPeriods).map((days) => (
            <CheckboxField
              key={days}
              label={t(k('fields.days'), { days })}
              registration={form.register('supportedPeriods')}
              value={String(days)}
            />
          ))}
        </div>
        {error ? (
          <p id="supported-periods-error" className={fieldErrorClass}>
            {error}
          </p>
        ) : null}
      </fieldset>
    </FormSection>
  );
}

function ScaleSection({ form }: { form: Form }) {
  const steps = useFieldArray({ control: form.control, name: 'shortPeriodScale' });
  return (
    <FormSection title={t(k('sections.scale'))}>
      <div className={span2}>
        <p className="text-sm text-slate-700">{t(k('scale.hint'))}</p>
        <DataTable
          caption={t(k('sections.scale'))}
          hideCaption
          columns={[
            {
              key: 'maxDays',
              header: t('backofficeProducts.versions.columnsDetail.maxDays'),
              cell: (index: number) => (
                <CellInput
                  label={t(k('scale.maxDays'), { number: index + 1 })}
                  registration={form.register(`shortPeriodScale.${index}.maxDays`)}
                  error={errorOf(form, `shortPeriodScale.${index}.maxDays`)}
                />
              ),
            },
            {
              key: 'share',
              header: t('backofficeProducts.versions.columnsDetail.share'),
              cell: (index: number) => (
                <CellInput
                  label={t(k('scale.share'), { number: index + 1 })}
                  inputMode="decimal"
                  registration={form.register(`shortPeriodScale.${index}.share`)}
                  error={errorOf(form, `shortPeriodScale.${index}.share`)}
                />
              ),
            },
            {
              key: 'actions',
              header: <span className="sr-only">{t(k('bands.actions'))}</span>,
              align: 'right',
              cell: (index: number) => (
                <Button variant="danger" onClick={() => steps.remove(index)}>
                  {t(k('scale.remove'), { number: index + 1 })}
                </Button>
              ),
            },
          ]}
          rows={steps.fields.map((_, index) => index)}
          rowKey={(index) => steps.fields[index]?.id ?? String(index)}
          emptyText={t(k('scale.empty'))}
        />
        <Button variant="small" className="mt-3" onClick={() => steps.append({ maxDays: '', share: '' })}>
          {t(k('scale.add'))}
        </Button>
      </div>
    </FormSection>
  );
}

function BenefitsSection({ form }: { form: Form }) {
  const benefits = useFieldArray({ control: form.control, name: 'benefits' });
  return (
    <FormSection title={t(k('sections.benefits'))}>
      <div className={`${span2} space-y-4`}>
        {benefits.fields.length === 0 ? <p className="text-slate-700">{t(k('benefit.empty'))}</p> : null}
        {benefits.fields.map((field, index) => (
          <BenefitEditor key={field.id} form={form} index={index} onRemove={() => benefits.remove(index)} />
        ))}
        <Button variant="small" onClick={() => benefits.append(emptyBenefit())}>
          {t(k('benefit.add'))}
        </Button>
      </div>
    </FormSection>
  );
}

function BenefitEditor({ form, index, onRemove }: { form: Form; index: number; onRemove: () => void }) {
  const control: Control<ProductFormValues> = form.control;
  const kind = useWatch({ control, name: `benefits.${index}.pricing.kind` });
  const name = useWatch({ control, name: `benefits.${index}.name` });
  const at = (path: string) => `benefits.${index}.${path}` as Path;
  const number = index + 1;
  return (
    <fieldset className="rounded-xl border border-slate-300 p-4">
      <legend className="px-1 font-bold text-slate-900">
        {name ? t(k('benefit.title'), { number, name }) : t(k('benefit.newTitle'), { number })}
      </legend>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={t(k('benefit.name'))}
          registration={form.register(at('name'))}
          error={errorOf(form, at('name'))}
        />
        <SelectField
          label={t(k('benefit.type'))}
          placeholder={t(k('choose'))}
          options={BENEFIT_TYPES.map((type) => ({ value: type, label: t(k(`benefit.types.${type}`)) }))}
          registration={form.register(at('benefitType'))}
          error={errorOf(form, at('benefitType'))}
        />
        <SelectField
          label={t(k('benefit.pricingKind'))}
          placeholder={t(k('choose'))}
          options={(['included', 'fixed', 'percentageOfValue', 'rateOnExtraLimit'] as const).map((value) => ({
            value,
            label: t(k(`benefit.kinds.${value}`)),
          }))}
          registration={form.register(at('pricing.kind'))}
          error={errorOf(form, at('pricing.kind')) ?? errorOf(form, at('pricing'))}
        />
        <TextAreaField
          className="sm:col-span-3"
          label={t(k('benefit.description'))}
          rows={2}
          registration={form.register(at('description'))}
          error={errorOf(form, at('description'))}
        />
        <SwahiliFields form={form} at={at} row="benefit" />
        <TextField
          label={t(k('benefit.minimum'))}
          inputMode="numeric"
          registration={form.register(at('limit.minimum'))}
          error={errorOf(form, at('limit.minimum'))}
        />
        <TextField
          label={t(k('benefit.defaultLimit'))}
          inputMode="numeric"
          registration={form.register(at('limit.defaultLimit'))}
          error={errorOf(form, at('limit.defaultLimit'))}
        />
        <TextField
          label={t(k('benefit.maximum'))}
          inputMode="numeric"
          registration={form.register(at('limit.maximum'))}
          error={errorOf(form, at('limit.maximum'))}
        />
        <div className="sm:col-span-3">
          <CheckboxField
            label={t(k('benefit.isAdjustable'))}
            registration={form.register(at('limit.isAdjustable'))}
          />
        </div>
        {kind === 'fixed' ? (
          <TextField
            label={t(k('benefit.amount'))}
            inputMode="numeric"
            registration={form.register(at('pricing.amount'))}
            error={errorOf(form, at('pricing.amount'))}
          />
        ) : null}
        {kind === 'percentageOfValue' || kind === 'rateOnExtraLimit' ? (
          <TextField
            label={t(k('benefit.rate'))}
            inputMode="decimal"
            registration={form.register(at('pricing.rate'))}
            error={errorOf(form, at('pricing.rate'))}
          />
        ) : null}
        {kind === 'percentageOfValue' ? (
          <TextField
            label={t(k('benefit.pricingMinimum'))}
            inputMode="numeric"
            registration={form.register(at('pricing.minimum'))}
            error={errorOf(form, at('pricing.minimum'))}
          />
        ) : null}
        {kind === 'rateOnExtraLimit' ? (
          <TextField
            label={t(k('benefit.inbuiltLimit'))}
            inputMode="numeric"
            registration={form.register(at('pricing.inbuiltLimit'))}
            error={errorOf(form, at('pricing.inbuiltLimit'))}
          />
        ) : null}
      </div>
      {errorOf(form, at('benefitSystemRef')) ? (
        <p className={fieldErrorClass}>{errorOf(form, at('benefitSystemRef'))}</p>
      ) : null}
      <Button variant="danger" className="mt-4" onClick={onRemove}>
        {t(k('benefit.remove'), { number })}
      </Button>
    </fieldset>
  );
}

/** A benefit's or an excess's name and description in Kiswahili (blank: readers see the English). */
function SwahiliFields({
  form,
  at,
  row,
}: {
  form: Form;
  at: (path: string) => Path;
  row: 'benefit' | 'excess';
}) {
  return (
    <>
      <TextField
        label={t(k(`${row}.nameSw`))}
        hint={t(k('fields.swahiliHint'))}
        lang="sw"
        registration={form.register(at('translations.sw.name'))}
        error={errorOf(form, at('translations.sw.name'))}
      />
      <TextAreaField
        className="sm:col-span-2"
        label={t(k(`${row}.descriptionSw`))}
        lang="sw"
        rows={2}
        registration={form.register(at('translations.sw.description'))}
        error={errorOf(form, at('translations.sw.description'))}
      />
    </>
  );
}

function ExcessesSection({ form }: { form: Form }) {
  const excesses = useFieldArray({ control: form.control, name: 'excesses' });
  return (
    <FormSection title={t(k('sections.excesses'))}>
      <div className={`${span2} space-y-4`}>
        {excesses.fields.length === 0 ? <p className="text-slate-700">{t(k('excess.empty'))}</p> : null}
        {excesses.fields.map((field, index) => {
          const at = (path: string) => `excesses.${index}.${path}` as Path;
          const number = index + 1;
          return (
            <fieldset key={field.id} className="rounded-xl border border-slate-300 p-4">
              <legend className="px-1 font-bold text-slate-900">
                {t(k('excess.title'), { number, name: field.name })}
              </legend>
              <div className="grid gap-4 sm:grid-cols-3">
                {(['id', 'name', 'type'] as const).map((part) => (
                  <TextField
                    key={part}
                    label={t(k(`excess.${part}`))}
                    registration={form.register(at(part))}
                    error={errorOf(form, at(part))}
                  />
                ))}
                <TextAreaField
                  className="sm:col-span-3"
                  label={t(k('excess.description'))}
                  rows={2}
                  registration={form.register(at('description'))}
                  error={errorOf(form, at('description'))}
                />
                <SwahiliFields form={form} at={at} row="excess" />
                {(['minAmount', 'defaultAmount', 'maxAmount'] as const).map((part) => (
                  <TextField
                    key={part}
                    label={t(k(`excess.${part}`))}
                    inputMode="numeric"
                    registration={form.register(at(part))}
                    error={errorOf(form, at(part))}
                  />
                ))}
              </div>
              <Button variant="danger" className="mt-4" onClick={() => excesses.remove(index)}>
                {t(k('excess.remove'), { number })}
              </Button>
            </fieldset>
          );
        })}
        <Button
          variant="small"
          onClick={() =>
            excesses.append({
              id: '',
              name: '',
              type: '',
              description: '',
              minAmount: '0',
              maxAmount: '0',
              defaultAmount: '0',
              translations: { sw: { name: '', description: '' } },
            })
          }
        >
          {t(k('excess.add'))}
        </Button>
      </div>
    </FormSection>
  );
}

function ChargesSection({ form }: { form: Form }) {
  const charges = useFieldArray({ control: form.control, name: 'charges' });
  return (
    <FormSection title={t(k('sections.charges'))}>
      <div className={span2}>
        <DataTable
          caption={t(k('sections.charges'))}
          hideCaption
          columns={[
            {
              key: 'name',
              header: t(k('charge.nameHeader')),
              cell: (index: number) => (
                <CellInput
                  label={t(k('charge.name'), { number: index + 1 })}
                  inputMode="text"
                  registration={form.register(`charges.${index}.name`)}
                  error={errorOf(form, `charges.${index}.name`)}
                />
              ),
            },
            {
              key: 'type',
              header: t(k('charge.typeHeader')),
              cell: (index: number) => (
                <CellSelect
                  label={t(k('charge.type'), { number: index + 1 })}
                  options={(['Percentage', 'Fixed'] as const).map((value) => ({
                    value,
                    label: t(k(`charge.types.${value}`)),
                  }))}
                  registration={form.register(`charges.${index}.type`)}
                  error={errorOf(form, `charges.${index}.type`)}
                />
              ),
            },
            {
              key: 'value',
              header: t(k('charge.valueHeader')),
              cell: (index: number) => (
                <CellInput
                  label={t(k('charge.value'), { number: index + 1 })}
                  inputMode="decimal"
                  registration={form.register(`charges.${index}.value`)}
                  error={errorOf(form, `charges.${index}.value`)}
                />
              ),
            },
            {
              key: 'actions',
              header: <span className="sr-only">{t(k('bands.actions'))}</span>,
              align: 'right',
              cell: (index: number) => (
                <Button variant="danger" onClick={() => charges.remove(index)}>
                  {t(k('charge.remove'), { number: index + 1 })}
                </Button>
              ),
            },
          ]}
          rows={charges.fields.map((_, index) => index)}
          rowKey={(index) => charges.fields[index]?.id ?? String(index)}
          emptyText={t(k('charge.empty'))}
        />
        <Button
          variant="small"
          className="mt-3"
          onClick={() => charges.append({ name: '', type: 'Percentage', value: '' })}
        >
          {t(k('charge.add'))}
        </Button>
      </div>
    </FormSection>
  );
}
