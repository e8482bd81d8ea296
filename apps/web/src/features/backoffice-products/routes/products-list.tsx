import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { insuranceClassText } from '../../../components/code-labels';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { Pagination } from '../../../components/pagination';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { SelectField } from '../../../components/select-field';
import { StatusBadge } from '../../../components/status-badge';
import { TextField } from '../../../components/text-field';
import { linkButton } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { staffPaths } from '../../../config/staff-paths';
import {
  PRODUCTS_PAGE_SIZE,
  type ProductFilters,
  type ProductListItem,
  productsQueryOptions,
} from '../api/products';
import { t } from '../i18n';
import { coverTypeLabel, formatDateTime } from '../utils/format';

type FilterForm = Pick<ProductFilters, 'search' | 'status'>;

const columns: ReadonlyArray<DataTableColumn<ProductListItem>> = [
  {
    key: 'name',
    header: t('backofficeProducts.list.columns.name'),
    isRowHeader: true,
    cell: (product) => (
      <Link to={staffPaths.product.getHref(product.productSystemRef)} className={linkButton}>
        {product.name}
      </Link>
    ),
  },
  {
    key: 'underwriter',
    header: t('backofficeProducts.list.columns.underwriter'),
    cell: (product) => product.underwriter.name,
  },
  {
    key: 'class',
    header: t('backofficeProducts.list.columns.class'),
    cell: (product) => insuranceClassText({ code: product.classCode }),
  },
  {
    key: 'coverType',
    header: t('backofficeProducts.list.columns.coverType'),
    cell: (product) => coverTypeLabel(product.coverType),
  },
  {
    key: 'version',
    header: t('backofficeProducts.list.columns.version'),
    align: 'right',
    cell: (product) => product.version,
  },
  {
    key: 'status',
    header: t('backofficeProducts.list.columns.status'),
    cell: (product) => (
      <StatusBadge
        label={t(product.active ? 'backofficeProducts.status.active' : 'backofficeProducts.status.inactive')}
        tone={product.active ? 'success' : 'neutral'}
      />
    ),
  },
  {
    key: 'updated',
    header: t('backofficeProducts.list.columns.updated'),
    className: 'whitespace-nowrap',
    cell: (product) => formatDateTime(product.updatedAt),
  },
];

/** A status filter read from the address: active, inactive or '' (all) for anything else. */
function statusOf(value: string | null): ProductFilters['status'] {
  return value === 'active' || value === 'inactive' ? value : '';
}

/** The products the signed-in underwriter (its insurer's) or admin (all) may edit. */
export default function ProductsListRoute() {
  // The filters and the page live in the address, so Back, a reload or a shared link keep them.
  const [params, setParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const filters: ProductFilters = {
    page,
    search: params.get('search') ?? '',
    status: statusOf(params.get('status')),
  };
  const products = useQuery(productsQueryOptions(filters));
  const form = useForm<FilterForm>({ defaultValues: { search: filters.search, status: filters.status } });
  const pageCount = Math.ceil((products.data?.total ?? 0) / PRODUCTS_PAGE_SIZE);

  const applyFilters = form.handleSubmit(({ search, status }) => {
    const next = new URLSearchParams();
    if (search.trim()) next.set('search', search.trim());
    if (status) next.set('status', status);
    setParams(next, { preventScrollReset: true });
  });

  return (
    <div>
      <ScreenHeading level={1}>{t('backofficeProducts.list.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('backofficeProducts.list.intro')}</p>
      <form
        noValidate
        onSubmit={applyFilters}
        className="mt-6 grid items-end gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]"
      >
        <TextField
          label={t('backofficeProducts.list.search')}
          type="search"
          registration={form.register('search')}
        />
        <SelectField
          label={t('backofficeProducts.list.status')}
          placeholder={t('backofficeProducts.list.allStatuses')}
          options={[
            { value: 'active', label: t('backofficeProducts.status.active') },
            { value: 'inactive', label: t('backofficeProducts.status.inactive') },
          ]}
          registration={form.register('status', { onChange: () => void applyFilters() })}
        />
        <Button type="submit">{t('backofficeProducts.list.submit')}</Button>
      </form>
      {products.isError ? (
        <QueryStatus
          isPending={false}
          isError
          onRetry={() => void products.refetch()}
          errorText={t('backofficeProducts.list.loadError')}
        />
      ) : (
        <Card className="mt-6">
          <DataTable
            caption={t('backofficeProducts.list.caption')}
            hideCaption
            columns={columns}
            rows={products.data?.items ?? []}
            rowKey={(product) => product.productSystemRef}
            emptyText={t('backofficeProducts.list.empty')}
            isLoading={products.isPending}
            loadingText={t('backofficeProducts.list.loading')}
          />
          {products.data && products.data.total > 0 ? (
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-700">
                {t('backofficeProducts.list.total', { count: products.data.total })}
              </p>
              <Pagination
                label={t('backofficeProducts.list.pagination')}
                page={filters.page}
                pageCount={pageCount}
                isDisabled={products.isFetching}
                onPageChange={setPage}
              />
            </div>
          ) : null}
        </Card>
      )}
    </div>
  );
}
