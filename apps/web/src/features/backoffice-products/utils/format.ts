import { fractionToPercent } from './form-mapping';

/** A fraction of one as '4.5 %'. */
export function formatPercent(fraction: number): string {
  return `${fractionToPercent(fraction)} %`;
}

/** A cover type in words, in the portal's language: the shared labelling of codes. */
export { coverTypeText as coverTypeLabel } from '../../../components/code-labels';
/** An ISO timestamp in Kenya time: '23 Nov 2026, 14:05' (the shared formatter). */
export { formatKenyaDateTime as formatDateTime } from '../../../lib/dates';
