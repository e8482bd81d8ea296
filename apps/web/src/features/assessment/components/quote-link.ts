import { classFlowHref, classRouteOf } from '@bima/domain/class-routes';
import { paths } from '../../../config/paths';
import type { AssessmentSuggestionView } from '../api/assessment';

/**
 * Where a suggestion's "Get a quote" goes, prefilled from the assessment: motor private's wizard
 * with `coverType` and `value` (whole KES), the class flows with their sums insured, a coming-soon
 * product's page as it is.
 */
export function quoteHref(quote: AssessmentSuggestionView['quote']): string {
  const query = new URLSearchParams(quote.params).toString();
  const route = classRouteOf(quote.routeName);
  const base =
    quote.routeName === 'motor-private' || !route ? paths.motorBasicDetails.getHref() : classFlowHref(route);
  return query ? `${base}?${query}` : base;
}

/** Whether the suggestion's product is sold today (a quote) or only announced (coming soon). */
export function isSoldToday(quote: AssessmentSuggestionView['quote']): boolean {
  return classRouteOf(quote.routeName)?.flow !== 'coming-soon';
}
