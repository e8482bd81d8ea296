import {
  COMMERCIAL_COVER_LABELS,
  COMMERCIAL_COVER_TYPES,
  type CommercialCoverType,
} from '@bima/domain/classes/risks';
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { PlateSearch } from '../../../components/plate-search';
import { ScreenHeading } from '../../../components/screen-heading';
import { domainText } from '../../../lib/domain-text';
import { t } from '../i18n';
import { advance, updateFlow, useCommercialFlow } from '../stores/commercial-flow';
import { StepActions } from './step-actions';

/**
 * Step 1: optionally the number plate (issue 30: the register fills the vehicle step), then
 * comprehensive or third-party commercial cover; Continue waits for a choice.
 */
export function CoverTypeStep() {
  const flow = useCommercialFlow();
  const legendId = useId();
  const [choice, setChoice] = useState<CommercialCoverType | ''>(flow.coverType);

  const proceed = () => {
    if (choice) updateFlow((state) => advance(state, { type: 'coverType', coverType: choice }));
  };

  return (
    <section className="space-y-6">
      <div>
        <ScreenHeading>{t('motorCommercial.coverType.heading')}</ScreenHeading>
        <p className="mt-1 text-slate-700">{t('motorCommercial.coverType.intro')}</p>
      </div>
      <PlateSearch journey="commercial" />
      <fieldset aria-labelledby={legendId}>
        <legend id={legendId} className="text-lg font-bold text-slate-900">
          {t('motorCommercial.coverType.legend')}
        </legend>
        <div className="mt-3 grid gap-3 md:grid-cols-2">
          {COMMERCIAL_COVER_TYPES.map((coverType) => (
            <label
              key={coverType}
              className="flex cursor-pointer gap-3 rounded-xl border-2 border-slate-300 bg-white p-4 hover:border-emerald-700 has-[:checked]:border-emerald-800 has-[:checked]:bg-emerald-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-800"
            >
              <input
                type="radio"
                name="commercialCoverType"
                value={coverType}
                checked={choice === coverType}
                onChange={() => setChoice(coverType)}
                className="mt-1 size-4 accent-emerald-800 focus:outline-none"
              />
              <span>
                <span className="block font-semibold text-slate-900">
                  {domainText(COMMERCIAL_COVER_LABELS[coverType])}
                </span>
                <span className="mt-1 block text-sm text-slate-700">
                  {t(`motorCommercial.coverType.descriptions.${coverType}`)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <StepActions>
        <Button onClick={proceed} disabled={!choice} className="w-full sm:w-auto">
          {t('motorCommercial.continue')}
        </Button>
      </StepActions>
    </section>
  );
}
