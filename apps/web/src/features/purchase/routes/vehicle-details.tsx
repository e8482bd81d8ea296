import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ScreenHeading } from '../../../components/screen-heading';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notifications';
import { spacedPlate } from '../../../lib/vehicle-search';
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

  const saved = purchaseStore.getState().vehicleDetails;
  const found = foundVehicleStore.getState().vehicle;
  const initial = vehicleFormStart({ saved, found, usePurpose: 'private' });
  const isFromRegister = found !== null && initial !== saved;

  return (
    <section className="space-y-6">
      <div>
        <ScreenHeading>{t('purchase.vehicle.heading')}</ScreenHeading>
        <p className="mt-1 text-slate-700">
          {isThirdParty ? t('purchase.vehicle.introThirdParty') : t('purchase.vehicle.intro')}
        </p>
        {isFromRegister ? (
          <p className="mt-3 rounded-lg bg-sky-50 p-3 text-sky-950">
            {t('purchase.vehicle.fromRegister', { plate: spacedPlate(found.registrationNumber) })}
          </p>
        ) : null}
      </div>
      <VehicleForm
        isThirdParty={isThirdParty}
        initial={initial}
        onValid={onValid}
        onBack={() => navigate(paths.motorQuotation.getHref())}
      />
    </section>
  );
}
