import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PagedTable } from '../../../components/paged-table';
import { ScreenHeading } from '../../../components/screen-heading';
import { buttonSmall } from '../../../components/ui';
import { usePageParam } from '../../../components/use-page-param';
import { notify } from '../../../lib/notifications';
import { notifyInterest, type ProductInterest, productInterestQueryOptions } from '../api/product-interest';
import { t } from '../i18n';
import { errorMessage } from '../utils/errors';

/** Admin: how many people wait to hear that each product is available, and Notify everyone once it is. */
export default function ProductInterestRoute() {
  const queryClient = useQueryClient();
  const [page, setPage] = usePageParam();
  const [busy, setBusy] = useState<number | null>(null);
  const interest = useQuery(productInterestQueryOptions(page));

  const tellEveryone = async (row: ProductInterest) => {
    if (!window.confirm(t('staff.interest.confirm', { count: row.waiting, name: row.name }))) return;
    setBusy(row.id);
    try {
      const result = await notifyInterest(row.id);
      notify({
        type: 'success',
        title: t('staff.interest.sent', { count: result.notified, name: result.productName }),
      });
      await queryClient.invalidateQueries({ queryKey: ['staff', 'product-interest'] });
    } catch (failure) {
      notify({ type: 'error', title: t('staff.interest.failed'), message: errorMessage(failure, '') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div>
      <ScreenHeading level={1}>{t('staff.interest.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{t('staff.interest.intro')}</p>
      <PagedTable<ProductInterest>
        query={interest}
        page={page}
        onPageChange={setPage}
        pagesLabel={t('staff.interest.pages')}
        caption={t('staff.interest.caption')}
        hideCaption
        // Without a Notify button in it, the wide table's box itself takes focus to scroll.
        isScrollFocusable={!(interest.data?.items ?? []).some((row) => row.available && row.waiting > 0)}
        emptyText={t('staff.interest.empty')}
        rowKey={(row) => String(row.id)}
        columns={[
          { key: 'name', header: t('staff.interest.product'), cell: (row) => row.name, isRowHeader: true },
          {
            key: 'state',
            header: t('staff.interest.state'),
            cell: (row) =>
              row.available
                ? t('staff.interest.available')
                : row.comingSoon
                  ? t('staff.interest.comingSoon')
                  : t('staff.interest.notOffered'),
          },
          { key: 'waiting', header: t('staff.interest.waiting'), cell: (row) => row.waiting, align: 'right' },
          {
            key: 'notified',
            header: t('staff.interest.notified'),
            cell: (row) => row.notified,
            align: 'right',
          },
          {
            key: 'action',
            header: t('staff.interest.action'),
            cell: (row) =>
              row.available && row.waiting > 0 ? (
                <button
                  type="button"
                  className={buttonSmall}
                  disabled={busy === row.id}
                  onClick={() => void tellEveryone(row)}
                >
                  {t('staff.interest.notify', { name: row.name })}
                </button>
              ) : (
                <span className="text-slate-700">
                  {row.available ? t('staff.interest.nobody') : t('staff.interest.whenLive')}
                </span>
              ),
          },
        ]}
      />
    </div>
  );
}
