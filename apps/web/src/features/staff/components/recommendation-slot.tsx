import type { InboxRequest } from '../api/requests';

/**
 * EXTENSION POINT — "Prepare a recommendation" (another engineer builds it). The request page
 * (`routes/request-detail.tsx`) renders this slot below the request, with the request as loaded;
 * replace this body with the recommendation panel. Until then it renders nothing.
 */
export function RecommendationSlot(_props: { request: InboxRequest }) {
  return null;
}
