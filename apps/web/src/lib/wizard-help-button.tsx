import { useState } from 'react';
import { Button } from '../components/button';
import { t } from './i18n';
import { useOpenHelp } from './intermediaries';
// Registers the journey's texts (the button's label and its failure toast).
import './motor-journey';

/**
 * The motor wizard's Help button (spec-1 §2.3): fetches the help data and opens HelpMotor; on a
 * failed fetch the visitor is sent Home with an error toast.
 */
export function WizardHelpButton() {
  const [isOpening, setOpening] = useState(false);
  const openHelp = useOpenHelp({
    title: t('motorJourney.helpFailedTitle'),
    message: t('motorJourney.helpFailedText'),
  });
  return (
    <Button
      variant="secondary"
      disabled={isOpening}
      aria-busy={isOpening || undefined}
      onClick={async () => {
        setOpening(true);
        try {
          await openHelp();
        } finally {
          setOpening(false);
        }
      }}
    >
      {t('motorJourney.help')}
    </Button>
  );
}
