/** The risk fields a link may prefill (the needs assessment's "Get a quote"): sums and options. */
const AMOUNTS = ['buildingValue', 'contentsValue'] as const;
const OPTIONS = ['construction', 'occupancy', 'premisesType'] as const;

/**
 * A risk form's starting values from the address's query: whole-shilling amounts and option codes
 * only, anything else ignored (the form checks the rest as the client types). Empty: null.
 */
export function riskPrefillOf(search: URLSearchParams): Record<string, string> | null {
  const prefill: Record<string, string> = {};
  for (const name of AMOUNTS) {
    const value = search.get(name);
    if (value && /^\d{1,10}$/.test(value)) prefill[name] = value;
  }
  for (const name of OPTIONS) {
    const value = search.get(name);
    if (value && /^[a-z][a-z-]{0,39}$/.test(value)) prefill[name] = value;
  }
  return Object.keys(prefill).length > 0 ? prefill : null;
}
