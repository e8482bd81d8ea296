import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../stores/auth';
import { ApiError, callGateway, callLegacy, GATEWAY_PATH } from './api-client';
import { onAppEvent } from './events';

const call = { service: 'underwriting', resource: 'catalogue', action: 'listProducts' };

function reply(status: number, body: unknown) {
  return new Response(body === undefined ? '' : JSON.stringify(body), { status });
}

beforeEach(() => {
  authStore.reset();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('callGateway', () => {
  it('posts the versioned envelope and returns the parsed reply', async () => {
    const fetchMock = vi.fn(async () => reply(200, { status: true, result: { data: [1, 2] } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(callGateway<number[]>(call)).resolves.toEqual({ status: true, result: { data: [1, 2] } });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe(GATEWAY_PATH);
    expect(JSON.parse(String(init.body))).toEqual({
      service: { name: 'underwriting', version: 'v1' },
      resource: { name: 'catalogue', version: 'v1' },
      action: { name: 'listProducts', version: 'v1' },
      data: {},
    });
  });

  it('sends the accessToken header when a token is held', async () => {
    authStore.setState({ authToken: 'tok-123', isAuthenticated: true });
    const fetchMock = vi.fn(async () => reply(200, { status: true, result: { data: null } }));
    vi.stubGlobal('fetch', fetchMock);
    await callGateway(call, { secure: true });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).accessToken).toBe('tok-123');
  });

  it('raises token not found and resolves false for a secure call without a token', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const listener = vi.fn();
    const off = onAppEvent('token-not-found', listener);
    await expect(callGateway(call, { secure: true })).resolves.toBe(false);
    expect(listener).toHaveBeenCalledOnce();
    expect(fetchMock).not.toHaveBeenCalled();
    off();
  });

  it('turns an empty response into undefined', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(200, undefined)),
    );
    await expect(callLegacy({ resource: 'advertisement', action: 'list' })).resolves.toBeUndefined();
  });

  it('logs out and raises unauthorized on 403', async () => {
    authStore.setState({ authToken: 'expired', isAuthenticated: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        reply(403, { status: false, err_code: 'FORBIDDEN', err_msg: 'Token expired', errors: [] }),
      ),
    );
    const listener = vi.fn();
    const off = onAppEvent('unauthorized', listener);
    await expect(callGateway(call)).rejects.toBeInstanceOf(ApiError);
    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(authStore.getState().authToken).toBeNull();
    expect(listener).toHaveBeenCalledOnce();
    off();
  });

  it('leaves a session that ended while the call was under way alone: no sign-out, no redirect', async () => {
    authStore.setState({ authToken: 'old-session', isAuthenticated: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        // Signed out (or in again) here before the server's refusal of the old token arrives.
        authStore.setState({ authToken: 'new-session', isAuthenticated: true });
        return reply(403, { status: false, err_code: 'FORBIDDEN', err_msg: 'Session ended', errors: [] });
      }),
    );
    const listener = vi.fn();
    const off = onAppEvent('unauthorized', listener);
    await expect(callGateway(call, { secure: true })).rejects.toBeInstanceOf(ApiError);
    expect(authStore.getState().authToken).toBe('new-session');
    expect(listener).not.toHaveBeenCalled();
    off();
  });

  it('rejects with the parsed body on other failures', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        reply(400, {
          status: false,
          err_code: 'INVALID_INPUT',
          err_msg: 'Invalid input',
          errors: [{ field: 'x', message: 'Required' }],
        }),
      ),
    );
    const error = await callGateway(call).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ httpStatus: 400, err_code: 'INVALID_INPUT', errors: [{ field: 'x' }] });
  });
});
