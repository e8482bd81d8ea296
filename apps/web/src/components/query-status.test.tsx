import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { QueryStatus } from './query-status';

const noop = () => undefined;

describe('QueryStatus after a failure', () => {
  it('shows a refusal (4xx) in the server’s words, with nothing to try again', () => {
    const refusal = new ApiError(404, { err_msg: 'Claim not found.' });
    const html = renderToStaticMarkup(
      <QueryStatus isPending={false} isError error={refusal} onRetry={noop} />,
    );
    expect(html).toContain('Claim not found.');
    expect(html).not.toContain('<button');
  });

  it('offers Try again when the network or the server failed', () => {
    const outage = new ApiError(503, { err_msg: 'Service unavailable' });
    const html = renderToStaticMarkup(
      <QueryStatus isPending={false} isError error={outage} onRetry={noop} />,
    );
    expect(html).toContain('<button');
  });

  it('the shared query cache asks again once after an outage, never after a refusal', () => {
    const retry = queryClient.getDefaultOptions().queries?.retry as (
      failures: number,
      error: Error,
    ) => boolean;
    expect(retry(0, new ApiError(503, {}))).toBe(true);
    expect(retry(1, new ApiError(503, {}))).toBe(false);
    expect(retry(0, new ApiError(404, {}))).toBe(false);
    expect(retry(0, new ApiError(403, {}))).toBe(false);
  });
});
