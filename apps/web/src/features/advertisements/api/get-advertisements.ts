import type { Advertisement } from '@bima/domain';
import { callLegacy } from '../../../lib/api-client';
import { backAdsStore } from '../../../stores/back-ads';

/** Advertisements (older shape, sub-path /home); an absent list counts as empty (spec-1 §7.3). */
export async function getAdvertisements(): Promise<Advertisement[]> {
  const reply = await callLegacy<Advertisement[]>(
    { resource: 'advertisement', action: 'list', data: {} },
    { silent: true },
  );
  if (typeof reply !== 'object' || !reply.status) return [];
  const list = reply.result?.result;
  return Array.isArray(list) ? list : [];
}

/** Fetches the advertisements once the browser is idle and keeps them in `back_ads`. */
export function loadAdvertisementsWhenIdle(): void {
  const run = () => {
    getAdvertisements()
      .then((ads) => backAdsStore.setState({ ads }))
      .catch((error: unknown) => console.warn('advertisements could not be loaded', error));
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3_000 });
  else setTimeout(run, 1_000);
}
