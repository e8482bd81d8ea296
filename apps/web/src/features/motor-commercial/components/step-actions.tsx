import type { ReactNode } from 'react';
import { Button } from '../../../components/button';
import { t } from '../i18n';
import { canGoBack, goBack, updateFlow, useCommercialFlow } from '../stores/commercial-flow';

/** Back (one step, never below step 1, not after a successful payment) and the step's own action. */
export function StepActions({ children, isBusy = false }: { children?: ReactNode; isBusy?: boolean }) {
  const flow = useCommercialFlow();
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
      <Button
        variant="secondary"
        onClick={() => updateFlow(goBack)}
        disabled={isBusy || !canGoBack(flow)}
        className="w-full sm:w-auto"
      >
        {t('motorCommercial.back')}
      </Button>
      {children}
    </div>
  );
}
