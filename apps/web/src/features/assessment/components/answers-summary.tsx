import { ASSESSMENT_LABELS, type AssessmentAnswers, CONSTRUCTION_LABELS, formatKes } from '@bima/domain';
import { SummaryList } from '../../../components/summary-list';
import { cardClass } from '../../../components/ui';
import { domainText } from '../../../lib/domain-text';
import { t } from '../i18n';

/** The questionnaire's answers, read-only (the client's summary and the intermediary's view). */
export function AnswersSummary({ answers }: { answers: AssessmentAnswers }) {
  const vehicles = answers.vehicles.length
    ? answers.vehicles
        .map(
          (vehicle) =>
            `${domainText(ASSESSMENT_LABELS.vehicleUse[vehicle.use])} — ${formatKes(vehicle.value)}`,
        )
        .join('; ')
    : t('assessment.summary.none');
  const covers = answers.existingCovers.length
    ? answers.existingCovers.map((cover) => domainText(ASSESSMENT_LABELS.existingCover[cover])).join(', ')
    : t('assessment.summary.none');
  return (
    <section aria-labelledby="assessment-answers-heading" className={`${cardClass} mt-6`}>
      <h2 id="assessment-answers-heading" className="text-lg font-bold text-slate-900">
        {t('assessment.summary.title')}
      </h2>
      <SummaryList
        rows={[
          {
            label: t('assessment.summary.household'),
            value: t('assessment.summary.householdValue', {
              adults: answers.household.adults,
              children: answers.household.children,
            }),
          },
          { label: t('assessment.form.dependants'), value: answers.dependants },
          { label: t('assessment.summary.vehicles'), value: vehicles },
          {
            label: t('assessment.form.tenure'),
            value: domainText(ASSESSMENT_LABELS.tenure[answers.home.tenure]),
          },
          {
            label: t('assessment.form.premises'),
            value: domainText(ASSESSMENT_LABELS.premises[answers.home.premises]),
          },
          {
            label: t('assessment.form.construction'),
            value: domainText(CONSTRUCTION_LABELS[answers.home.construction]),
          },
          ...(answers.home.tenure === 'owned'
            ? [{ label: t('assessment.form.buildingValue'), value: formatKes(answers.home.buildingValue) }]
            : []),
          { label: t('assessment.form.contentsValue'), value: formatKes(answers.home.contentsValue) },
          {
            label: t('assessment.form.business'),
            value: domainText(ASSESSMENT_LABELS.business[answers.business.kind]),
          },
          ...(answers.business.kind !== 'none'
            ? [{ label: t('assessment.form.stockValue'), value: formatKes(answers.business.stockValue) }]
            : []),
          { label: t('assessment.summary.existingCovers'), value: covers },
          { label: t('assessment.form.monthlyBudget'), value: formatKes(answers.monthlyBudget) },
        ]}
      />
    </section>
  );
}
