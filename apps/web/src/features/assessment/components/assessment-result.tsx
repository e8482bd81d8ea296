import { ASSESSMENT_PRIORITY_LABELS, formatKes } from '@bima/domain';
import { Link } from 'react-router';
import { StatusBadge, type StatusTone } from '../../../components/status-badge';
import { buttonPrimary, buttonSecondary, cardClass } from '../../../components/ui';
import { domainText } from '../../../lib/domain-text';
import type { AssessmentResult, AssessmentSuggestionView } from '../api/assessment';
import { t } from '../i18n';
import { isSoldToday, quoteHref } from './quote-link';

const PRIORITY_TONE: Record<AssessmentSuggestionView['priority'], StatusTone> = {
  essential: 'danger',
  recommended: 'warning',
  consider: 'info',
};

function SuggestionCard({
  suggestion,
  canQuote,
}: {
  suggestion: AssessmentSuggestionView;
  canQuote: boolean;
}) {
  const name = domainText(suggestion.name);
  const headingId = `suggestion-${suggestion.id}`;
  const sold = isSoldToday(suggestion.quote);
  return (
    <li className={cardClass}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-bold text-slate-900">
          {name}
          {suggestion.sumInsured > 0 ? (
            <span className="block text-sm font-normal text-slate-700">
              {t('assessment.result.sumInsured', { amount: formatKes(suggestion.sumInsured) })}
            </span>
          ) : null}
        </h3>
        <div className="flex flex-wrap gap-2">
          {suggestion.isCovered ? (
            <StatusBadge label={t('assessment.result.covered')} tone="success" />
          ) : (
            <StatusBadge
              label={domainText(ASSESSMENT_PRIORITY_LABELS[suggestion.priority])}
              tone={PRIORITY_TONE[suggestion.priority]}
            />
          )}
        </div>
      </div>
      <p className="mt-3 text-slate-900">
        {suggestion.estimate ? (
          <>
            <span className="text-xl font-bold">
              {t('assessment.result.estimate', { amount: formatKes(suggestion.estimate.premium) })}
            </span>
            <span className="block text-sm text-slate-700">
              {t('assessment.result.estimateFrom', {
                product: suggestion.estimate.productName,
                underwriter: suggestion.estimate.underwriter,
              })}
            </span>
          </>
        ) : (
          <span className="text-slate-700">{t('assessment.result.noEstimate')}</span>
        )}
      </p>
      <h4 className="mt-3 font-semibold text-slate-900">{t('assessment.result.why')}</h4>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800">
        {suggestion.reasons.map((reason) => (
          <li key={reason}>{domainText(reason)}</li>
        ))}
      </ul>
      {suggestion.missing.length > 0 ? (
        <>
          <h4 className="mt-3 font-semibold text-slate-900">{t('assessment.result.missing')}</h4>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800">
            {suggestion.missing.map((item) => (
              <li key={item}>{domainText(item)}</li>
            ))}
          </ul>
        </>
      ) : null}
      {canQuote ? (
        <div className="mt-4">
          <Link
            to={quoteHref(suggestion.quote)}
            className={sold ? buttonPrimary : buttonSecondary}
            aria-label={
              sold
                ? t('assessment.result.quoteFor', { name })
                : t('assessment.result.comingSoonFor', { name })
            }
          >
            {sold ? t('assessment.result.quote') : t('assessment.result.comingSoon')}
          </Link>
        </div>
      ) : null}
    </li>
  );
}

/**
 * The assessment's result in plain words: the budget verdict, then each cover that fits with why,
 * what is missing, its estimate and (for the client) "Get a quote".
 */
export function AssessmentResultView({ result, canQuote }: { result: AssessmentResult; canQuote: boolean }) {
  const { budget } = result;
  return (
    <section aria-labelledby="assessment-result-heading" className="mt-6">
      <h2 id="assessment-result-heading" className="text-xl font-bold text-slate-900">
        {t('assessment.result.title')}
      </h2>
      <div className={`${cardClass} mt-3`} role="status">
        {result.annualTotal !== null && budget.monthlyEquivalent !== null ? (
          <p className="text-slate-900">
            {t('assessment.result.total', {
              total: formatKes(result.annualTotal),
              monthly: formatKes(budget.monthlyEquivalent),
              budget: formatKes(budget.monthlyBudget),
            })}
          </p>
        ) : null}
        <p
          className={`mt-1 font-semibold ${budget.isWithin === false ? 'text-amber-900' : 'text-emerald-900'}`}
        >
          {domainText(budget.message)}
        </p>
        <p className="mt-2 text-sm text-slate-700">{t('assessment.result.disclaimer')}</p>
      </div>
      {result.suggestions.length === 0 ? (
        <p className={`${cardClass} mt-3 text-slate-800`}>{t('assessment.result.empty')}</p>
      ) : (
        <ul className="mt-3 grid gap-4 lg:grid-cols-2">
          {result.suggestions.map((suggestion) => (
            <SuggestionCard key={suggestion.id} suggestion={suggestion} canQuote={canQuote} />
          ))}
        </ul>
      )}
    </section>
  );
}
