import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { StatusBadge } from '../../../components/status-badge';
import { linkButton } from '../../../components/ui';
import { staffPaths } from '../../../config/staff-paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { type AdminProduct, productQueryKey, productQueryOptions, setProductActive } from '../api/products';
import { MonthlyTermsPanel } from '../components/monthly-terms-panel';
import { ProductForm } from '../components/product-form';
import { VersionsPanel } from '../components/versions-panel';
import { t } from '../i18n';
import { coverTypeLabel } from '../utils/format';

const k = (key: string) => `backofficeProducts.editor.${key}`;

/** One product: its configuration to edit (each save a new version), its status and its versions. */
export default function ProductEditorRoute() {
  const { ref = '' } = useParams();
  const queryClient = useQueryClient();
  const product = useQuery(productQueryOptions(ref));
  const [isConfirming, setIsConfirming] = useState(false);
  const [isChangingStatus, setIsChangingStatus] = useState(false);

  const showVersion = (saved: AdminProduct) => {
    queryClient.setQueryData(productQueryKey(ref), saved);
    void queryClient.invalidateQueries({ queryKey: ['backoffice', 'productVersions', ref] });
    void queryClient.invalidateQueries({ queryKey: ['backoffice', 'products'] });
  };

  const changeStatus = async (current: AdminProduct) => {
    setIsChangingStatus(true);
    try {
      const saved = await setProductActive({
        productSystemRef: ref,
        expectedVersion: current.version,
        active: !current.active,
      });
      notify({
        type: 'success',
        title: t(k(saved.active ? 'activated' : 'deactivated'), { version: saved.version }),
      });
      showVersion(saved);
    } catch (error) {
      const message = error instanceof ApiError && error.err_msg ? error.err_msg : t(k('saveFailed'));
      notify({ type: 'error', title: message });
      if (error instanceof ApiError && error.httpStatus === 409) void product.refetch();
    } finally {
      setIsChangingStatus(false);
      setIsConfirming(false);
    }
  };

  const data = product.data;
  return (
    <div>
      <Link to={staffPaths.products.getHref()} className={linkButton}>
        {t(k('back'))}
      </Link>
      <div className="mt-4">
        <ScreenHeading level={1}>{data?.configuration.name ?? ref}</ScreenHeading>
      </div>
      <QueryStatus
        isPending={product.isPending}
        isError={product.isError}
        onRetry={() => void product.refetch()}
        loadingText={t(k('loading'))}
        errorText={t(k('loadError'))}
      />
      {data ? (
        <>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <p className="text-slate-700">
              {t(k('meta'), {
                underwriter: data.underwriter.name,
                classCode: data.classCode,
                coverType: coverTypeLabel(data.coverType),
              })}
            </p>
            <StatusBadge label={t(k('version'), { version: data.version })} tone="info" />
            <StatusBadge
              label={t(
                data.active ? 'backofficeProducts.status.active' : 'backofficeProducts.status.inactive',
              )}
              tone={data.active ? 'success' : 'neutral'}
            />
            <Button variant="secondary" onClick={() => setIsConfirming(true)}>
              {t(k(data.active ? 'deactivate' : 'activate'))}
            </Button>
          </div>
          <ProductForm
            key={data.version}
            product={data}
            onSaved={showVersion}
            onReload={() => void product.refetch()}
          >
            <VersionsPanel productSystemRef={ref} currentVersion={data.version} />
          </ProductForm>
          <MonthlyTermsPanel productSystemRef={ref} />
          {isConfirming ? (
            <Modal
              title={t(k(data.active ? 'deactivateTitle' : 'activateTitle'))}
              onClose={() => setIsConfirming(false)}
            >
              <p className="text-slate-800">
                {t(k(data.active ? 'deactivateText' : 'activateText'), {
                  name: data.configuration.name,
                  version: data.version + 1,
                })}
              </p>
              <div className="mt-5 flex flex-wrap justify-end gap-3">
                <Button variant="secondary" onClick={() => setIsConfirming(false)}>
                  {t(k('cancel'))}
                </Button>
                <Button disabled={isChangingStatus} onClick={() => void changeStatus(data)}>
                  {t(k('confirm'))}
                </Button>
              </div>
            </Modal>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
