import type { MotorQuoteStep } from '@bima/domain';
import { coverTypeText } from '../../../components/code-labels';
import { ShareLinkButton } from '../../../components/share-link-button';
import { motorFlowStore, useMotorFlow } from '../../../stores/motor-flow';
import { t } from '../i18n';
import { quoteLinkHref } from '../use-quote-link';

/** "Share this quote" on a quote screen: the link reopens this screen with the same choices. */
export function ShareQuoteButton({ step }: { step: MotorQuoteStep }) {
  const cover = useMotorFlow((state) => state.selectedCoverType);
  const hasLink = useMotorFlow((state) => quoteLinkHref(state, step) !== null);
  if (!hasLink || !cover) return null;
  return (
    <ShareLinkButton
      label={t('motor.quoteLink.share')}
      title={t('motor.quoteLink.shareTitle')}
      text={t('motor.quoteLink.shareText', { cover: coverTypeText(cover) })}
      getUrl={() => quoteLinkHref(motorFlowStore.getState(), step) ?? window.location.href}
    />
  );
}
