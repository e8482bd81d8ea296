import type { ReactNode } from 'react';
import { Card } from './card';
import { t } from './i18n';
import { PolicyDocuments } from './policy-documents';
import { ScreenHeading } from './screen-heading';
import { SummaryList, type SummaryListRow } from './summary-list';
import { cardClass } from './ui';

export interface PolicyConfirmationProps {
  /** The policy issued on payment; null while it is still being issued. */
  policyNumber: string | null;
  /** The policy's lines after its number (product, premium, cover, …). */
  rows: ReadonlyArray<SummaryListRow>;
  /** Under the heading (e.g. the clock). */
  note?: ReactNode;
  /** Under the documents (e.g. the portal's promises). */
  aside?: ReactNode;
  /** The way on: links or buttons. */
  actions: ReactNode;
}

/**
 * The end of every purchase wizard (motor private, motor commercial, fire, theft, aviation): the
 * payment's success, the policy number with the policy's lines, its documents and the way on.
 */
export function PolicyConfirmation({ policyNumber, rows, note, aside, actions }: PolicyConfirmationProps) {
  return (
    <section className="space-y-6">
      <div className={`${cardClass} text-center`}>
        <p aria-hidden="true" className="text-4xl">
          ✅
        </p>
        <ScreenHeading>{t('components.confirmation.heading')}</ScreenHeading>
        <p className="mt-1 text-lg text-slate-800">
          {policyNumber ? t('components.confirmation.active') : t('components.confirmation.issuing')}
        </p>
        {note ? <div className="mt-2 flex justify-center">{note}</div> : null}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card id="confirmation-details" title={t('components.confirmation.details')} headingLevel={3}>
          <SummaryList
            rows={[
              {
                label: t('components.confirmation.policyNumber'),
                value: policyNumber ?? t('components.confirmation.pending'),
              },
              ...rows,
            ]}
          />
        </Card>
        <div className="space-y-6">
          {policyNumber ? <PolicyDocuments policyNumber={policyNumber} /> : null}
          {aside}
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-between">{actions}</div>
    </section>
  );
}
