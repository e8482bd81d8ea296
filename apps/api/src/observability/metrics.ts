import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus metrics of one API instance (prom-client), served at /metrics to whoever holds
 * METRICS_TOKEN. A registry per app, not the global one, so tests can build several apps at once.
 */
export class Metrics {
  readonly registry = new Registry();

  /** Every HTTP request, by gateway action (or route) and status. */
  readonly requests = new Histogram({
    name: 'bima_http_request_duration_seconds',
    help: 'HTTP request duration by gateway action (or route), method and status code',
    labelNames: ['action', 'method', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  /** Calls to Daraja: how long, and what M-Pesa answered. */
  readonly mpesaCalls = new Histogram({
    name: 'bima_mpesa_call_duration_seconds',
    help: 'Daraja API call duration by operation and HTTP status (0: no answer)',
    labelNames: ['operation', 'status'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 15],
    registers: [this.registry],
  });

  readonly mpesaResults = new Counter({
    name: 'bima_mpesa_result_codes_total',
    help: "Result codes in Daraja's answers and callbacks, by operation",
    labelNames: ['operation', 'code'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'bima_' });
  }

  /** A gauge read when scraped (database counts, queue depths, pool waits). */
  gauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    collect: (gauge: Gauge<L>) => Promise<void> | void,
  ): void {
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        await collect(this);
      },
    });
  }

  /** `fetch` for the Daraja client, timing each call and counting the codes M-Pesa answered. */
  observedFetch(inner: typeof fetch = fetch): typeof fetch {
    return async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const operation = darajaOperation(url);
      const stop = this.mpesaCalls.startTimer({ operation });
      try {
        const response = await inner(input, init);
        stop({ status: String(response.status) });
        response
          .clone()
          .json()
          .then((body: unknown) => {
            const code = resultCodeOf(body);
            if (code !== null) this.mpesaResults.inc({ operation, code });
          })
          .catch(() => undefined);
        return response;
      } catch (error) {
        stop({ status: '0' });
        throw error;
      }
    };
  }
}

/** The Daraja operation a URL calls, from its path (never the query: it may carry credentials). */
function darajaOperation(url: string): string {
  const path = new URL(url).pathname;
  if (path.includes('/oauth/')) return 'oauth';
  if (path.includes('/stkpushquery/')) return 'stk_query';
  if (path.includes('/stkpush/')) return 'stk_push';
  if (path.includes('/b2c/')) return 'b2c';
  if (path.includes('/transactionstatus/')) return 'transaction_status';
  return 'other';
}

function resultCodeOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  const code = record.ResultCode ?? record.ResponseCode ?? record.errorCode;
  return code === undefined || code === null ? null : String(code).slice(0, 24);
}
