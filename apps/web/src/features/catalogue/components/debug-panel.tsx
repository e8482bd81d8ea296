import { useSearchParams } from 'react-router';
import { t } from '../../../lib/i18n';

/** Developer aid, hidden unless the page is opened with ?debug=1 (spec-1 §2.1). */
export function DebugPanel({ state }: { state: Record<string, unknown> }) {
  const [searchParams] = useSearchParams();
  if (searchParams.get('debug') !== '1') return null;
  return (
    <details className="mt-8 rounded-lg border border-slate-300 bg-white p-4 text-sm">
      <summary className="cursor-pointer font-semibold">{t('catalogue.debugTitle')}</summary>
      <pre className="mt-2 overflow-x-auto text-xs">{JSON.stringify(state, null, 2)}</pre>
    </details>
  );
}
