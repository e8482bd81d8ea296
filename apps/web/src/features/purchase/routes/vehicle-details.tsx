import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ScreenHeading } from '../../../components/screen-heading';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notifications';
import { foundVehicleStore } from '../../../stores/found-vehicle';
import { clientDetailsQueryOptions, needsKyc } from '../api/client';
import { VehicleForm } from '../components/vehicle-form';
import { usePurchaseContext } from '../hooks';
import { t } from '../i18n';
import { purchaseStore, saveVehicleDetails } from '../stores/purchase';
import { vehicleFormStart } from '../utils/vehicle-form';

const SAVED_TOAST_MS = 2_000;

/**
 * Vehicle Details (spec-2): four sections, or the four identity fields for third-party cover; what
 * the plate search found fills in what the register knows (issue 30).
 */
export default function VehicleDetailsRoute() {
  const { product } = usePurchaseContext();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isThirdParty = product.coverType === 'third-party';

  const onValid = async (saved: unknown) => {
    saveVehicleDetails(saved as Parameters<typeof saveVehicleDetails>[0]);
    notify({
      type: 'success',
      title: t('purchase.vehicle.savedTitle'),
      message: t('purchase.vehicle.savedText'),
      duration: SAVED_TOAST_MS,
    });
    try {
      const client = await queryClient.fetchQuery({ ...clientDetailsQueryOptions(), staleTime: 0 });
      navigate(needsKyc(client) ? paths.motorKycDetails.getHref() : paths.motorSummary.getHref());
    } catch {
      // Without the KRA PIN at hand, asking for KYC is the safe way on.
      navigate(paths.motorKycDetails.getHref());
    }
  };

  return (
    <section className="space-y-6">
      <div>
        <ScreenHeading>{t('purchase.vehicle.heading')}</ScreenHeading>
        <p className="mt-1 text-slate-700">
          {isThirdParty ? t('purchase.vehicle.introThirdParty') : t('purchase.vehicle.intro')}
        </p>
      </div>
      <VehicleForm
        isThirdParty={isThirdParty}
        initial={vehicleFormStart({
          saved: purchaseStore.getState().vehicleDetails,
          found: foundVehicleStore.getState().vehicle,
          usePurpose: 'private',
        })}
        onValid={onValid}
        onBack={() => navigate(paths.motorQuotation.getHref())}
      />
    </section>
  );
}
