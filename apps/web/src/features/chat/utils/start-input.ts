import type { StartConversationInput } from '@bima/domain';

/**
 * What a "Chat" link asks for in its query: `?with=support`, `?with=intermediary&intermediaryId=…`,
 * `?with=helpRequest&requestSystemRef=…&intermediaryId=…`, `?with=recommendation&recommendationId=…`
 * or `?with=policy&policyNumber=…` (other screens link here without importing the chat feature).
 */
export function startInputFrom(params: URLSearchParams): StartConversationInput | null {
  const number = (name: string) => Number(params.get(name) ?? '');
  switch (params.get('with')) {
    case 'support':
      return { with: 'support' };
    case 'intermediary':
      return { with: 'intermediary', intermediaryId: number('intermediaryId') };
    case 'helpRequest':
      return {
        with: 'helpRequest',
        requestSystemRef: params.get('requestSystemRef') ?? '',
        intermediaryId: number('intermediaryId'),
      };
    case 'recommendation':
      return { with: 'recommendation', recommendationId: number('recommendationId') };
    case 'policy':
      return { with: 'policy', policyNumber: params.get('policyNumber') ?? '' };
    default:
      return null;
  }
}
