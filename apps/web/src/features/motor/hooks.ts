import { QUOTATION_MESSAGES } from '@bima/domain';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { domainText } from '../../lib/domain-text';
import { notify } from '../../lib/notifications';
import { motorFlowStore, setFlowErrors, useMotorFlow } from '../../stores/motor-flow';
import { t } from './i18n';
import { type FlowRequirement, findUnmetRequirement } from './utils/flow-guard';

const REDIRECTS: Record<FlowRequirement, () => string> = {
  coverType: paths.motorCoverType.getHref,
  product: paths.motorProductQuotation.getHref,
  coverDetails: paths.motorBasicCoverDetails.getHref,
};

/**
 * Sends the visitor back to the step that is missing (its messages listed by the wizard wrapper) and
 * returns false until the screen may render.
 */
export function useFlowGuard(requirements: readonly FlowRequirement[]): boolean {
  const navigate = useNavigate();
  const failure = useMotorFlow((state) => findUnmetRequirement(state, requirements)?.requirement ?? null);

  useEffect(() => {
    if (!failure) return;
    const unmet = findUnmetRequirement(motorFlowStore.getState(), requirements);
    if (!unmet) return;
    setFlowErrors(unmet.errors);
    if (unmet.requirement === 'coverType') {
      notify({
        type: 'warning',
        title: t('motor.coverType.coverTypeToastTitle'),
        message: domainText(QUOTATION_MESSAGES.coverTypeToast),
      });
    }
    navigate(REDIRECTS[unmet.requirement](), { replace: true });
  }, [failure, navigate, requirements]);

  return failure === null;
}
