import { formatKes } from '@bima/domain/money';
import type { ProductConfigurationAnswer } from '@bima/domain/product-admin';
import { Card } from '../../../components/card';
import { DataTable } from '../../../components/data-table';
import { SummaryList } from '../../../components/summary-list';
import { t } from '../i18n';
import { formatPercent } from '../utils/format';

const v = (key: string) => `backofficeProducts.versions.${key}`;
const col = (key: string) => v(`columnsDetail.${key}`);
type Benefit = ProductConfigurationAnswer['benefits'][number];

function pricingText(pricing: Benefit['pricing']): string {
  const kind = t(`backofficeProducts.editor.benefit.kinds.${pricing.kind}`);
  switch (pricing.kind) {
    case 'fixed':
      return `${kind}: ${formatKes(pricing.amount)}`;
    case 'percentageOfValue':
      return `${kind}: ${formatPercent(pricing.rate)}, min ${formatKes(pricing.minimum)}`;
    case 'rateOnExtraLimit':
      return `${kind}: ${formatPercent(pricing.rate)} above ${formatKes(pricing.inbuiltLimit)}`;
    default:
      return kind;
  }
}

/** A configuration read-only: its fields as a summary, its rows as tables. */
/** Amounts come in cents and show as 'KES 1,234' (`formatKes`). */
export function ConfigurationView({ configuration: c }: { configuration: ProductConfigurationAnswer }) {
  const none = t(v('fields.none'));
  return (
    <div className="mt-6 space-y-6">
      <Card title={t(v('configuration'))}>
        <SummaryList
          rows={[
            { label: t(v('fields.name')), value: c.name },
            { label: t(v('fields.nameSw')), value: c.translations?.sw?.name || none },
            { label: t(v('fields.description')), value: c.description || none },
            { label: t(v('fields.descriptionSw')), value: c.translations?.sw?.description || none },
            { label: t(v('fields.overview')), value: c.overview || none },
            { label: t(v('fields.intermediary')), value: c.intermediary },
            {
              label: t(v('fields.rateBasis')),
              value: t(`backofficeProducts.editor.rateBases.${c.rateBasis}`),
            },
            {
              label: t(v('fields.fixedPremium')),
              value: c.fixedPremium === null ? none : formatKes(c.fixedPremium),
            },
            { label: t(v('fields.minimumPremium')), value: formatKes(c.minimumPremium) },
            { label: t(v('fields.minimumValue')), value: formatKes(c.minimumValue) },
            {
              label: t(v('fields.maximumValue')),
              value: c.maximumValue === null ? t(v('fields.noMaximum')) : formatKes(c.maximumValue),
            },
            {
              label: t(v('fields.supportedPeriods')),
              value: c.supportedPeriods
                .map((days) => t('backofficeProducts.editor.fields.days', { days }))
                .join(', '),
            },
          ]}
        />
      </Card>
      <Card>
        <DataTable
          caption={t(v('bandsCaption'))}
          columns={[
            ...(c.rateBasis === 'rated'
              ? [
                  {
                    key: 'group',
                    header: t('backofficeProducts.editor.bands.groupHeader'),
                    cell: (band: (typeof c.bands)[number]) => band.group ?? 'vehicle',
                  },
                ]
              : []),
            { key: 'from', header: t(col('fromValue')), cell: (band) => formatKes(band.fromValue) },
            { key: 'rate', header: t(col('rate')), align: 'right', cell: (band) => formatPercent(band.rate) },
          ]}
          rows={c.bands}
          rowKey={(band) => `${band.group ?? 'vehicle'}-${band.fromValue}`}
          emptyText={none}
        />
      </Card>
      {c.rateBasis === 'rated' ? (
        <Card>
          <DataTable
            caption={t('backofficeProducts.editor.loadings.caption')}
            columns={[
              {
                key: 'factor',
                header: t('backofficeProducts.editor.loadings.factorHeader'),
                cell: (row) => row.factor,
              },
              {
                key: 'option',
                header: t('backofficeProducts.editor.loadings.optionHeader'),
                cell: (row) => row.option,
              },
              {
                key: 'multiplier',
                header: t('backofficeProducts.editor.loadings.multiplierHeader'),
                align: 'right',
                cell: (row) => `× ${row.multiplier}`,
              },
            ]}
            rows={c.loadings ?? []}
            rowKey={(row) => `${row.factor}-${row.option}`}
            emptyText={none}
          />
          <DataTable
            caption={t('backofficeProducts.editor.minimums.caption')}
            columns={[
              {
                key: 'quantity',
                header: t('backofficeProducts.editor.minimums.quantityHeader'),
                cell: (row) => row.quantity,
              },
              {
                key: 'from',
                header: t('backofficeProducts.editor.minimums.fromQuantityHeader'),
                cell: (row) => row.fromQuantity,
              },
              {
                key: 'amount',
                header: t('backofficeProducts.editor.minimums.amountHeader'),
                align: 'right',
                cell: (row) => formatKes(row.amount),
              },
            ]}
            rows={c.minimums ?? []}
            rowKey={(row) => `${row.quantity}-${row.fromQuantity}`}
            emptyText={none}
          />
          <DataTable
            caption={t('backofficeProducts.editor.perUnit.caption')}
            columns={[
              {
                key: 'quantity',
                header: t('backofficeProducts.editor.perUnit.quantityHeader'),
                cell: (row) => row.quantity,
              },
              {
                key: 'amount',
                header: t('backofficeProducts.editor.perUnit.amountHeader'),
                align: 'right',
                cell: (row) => formatKes(row.amount),
              },
            ]}
            rows={c.perUnit ?? []}
            rowKey={(row) => row.quantity}
            emptyText={none}
          />
        </Card>
      ) : null}
      <Card>
        <DataTable
          caption={t(v('scaleCaption'))}
          columns={[
            { key: 'days', header: t(col('maxDays')), cell: (step) => step.maxDays },
            {
              key: 'share',
              header: t(col('share')),
              align: 'right',
              cell: (step) => formatPercent(step.share),
            },
          ]}
          rows={c.shortPeriodScale}
          rowKey={(step) => String(step.maxDays)}
          emptyText={none}
        />
      </Card>
      {/* Benefits and excesses as lists, not wide tables: they read on a phone without scrolling. */}
      <Card title={t(v('benefitsCaption'))}>
        {c.benefits.length === 0 ? <p className="text-slate-700">{none}</p> : null}
        <ul className="divide-y divide-slate-200">
          {c.benefits.map((benefit) => (
            <li key={benefit.benefitSystemRef ?? benefit.name} className="py-3">
              <h3 className="font-bold text-slate-900">{benefit.name}</h3>
              <SummaryList
                rows={[
                  { label: t(col('nameSw')), value: benefit.translations?.sw?.name || none },
                  {
                    label: t(col('type')),
                    value: t(`backofficeProducts.editor.benefit.types.${benefit.benefitType}`),
                  },
                  {
                    label: t(col('limits')),
                    value: [benefit.limit.minimum, benefit.limit.defaultLimit, benefit.limit.maximum]
                      .map((amount) => formatKes(amount))
                      .join(' / '),
                  },
                  { label: t(col('adjustable')), value: t(v(benefit.limit.isAdjustable ? 'yes' : 'no')) },
                  { label: t(col('pricing')), value: pricingText(benefit.pricing) },
                ]}
              />
            </li>
          ))}
        </ul>
      </Card>
      <Card title={t(v('excessesCaption'))}>
        {c.excesses.length === 0 ? <p className="text-slate-700">{none}</p> : null}
        <ul className="divide-y divide-slate-200">
          {c.excesses.map((excess) => (
            <li key={excess.id} className="py-3">
              <h3 className="font-bold text-slate-900">{excess.name}</h3>
              <SummaryList
                rows={[
                  { label: t(col('id')), value: excess.id },
                  { label: t(col('nameSw')), value: excess.translations?.sw?.name || none },
                  { label: t(col('type')), value: excess.type || none },
                  {
                    label: t(col('amounts')),
                    value: [excess.minAmount, excess.defaultAmount, excess.maxAmount]
                      .map((amount) => formatKes(amount))
                      .join(' / '),
                  },
                ]}
              />
            </li>
          ))}
        </ul>
      </Card>
      <Card>
        <DataTable
          caption={t(v('chargesCaption'))}
          columns={[
            { key: 'name', header: t(col('name')), isRowHeader: true, cell: (charge) => charge.name },
            {
              key: 'type',
              header: t(col('type')),
              cell: (charge) => t(`backofficeProducts.editor.charge.types.${charge.type}`),
            },
            {
              key: 'value',
              header: t(col('value')),
              align: 'right',
              cell: (charge) =>
                charge.type === 'Percentage' ? formatPercent(charge.value) : formatKes(charge.value),
            },
          ]}
          rows={c.charges}
          rowKey={(charge) => charge.name}
          emptyText={none}
        />
      </Card>
    </div>
  );
}
