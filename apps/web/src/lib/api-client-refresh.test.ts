import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../stores/auth';
import { riskStore } from '../stores/risk';
import { ApiError, callGateway, refreshAccessToken } from './api-client';
import { onAppEvent } from './events';
import { signOut } from './session';

const secured = { service: 'client', resource: 'client', action: 'getClientDetails' };
const user = { id: 'u1', email: 'wanjiru@example.co.ke', names: { firstName: 'Wanjiru', lastName: 'Kamau' } };

function jwt(secondsLeft: number, id = 'a'): string {
  const claims = { sub: 'u1', jti: id, exp: Math.floor(Date.now() / 1000) + secondsLeft };
  return `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;
}

function reply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status });
}

function actionOf(init: RequestInit | undefined): string {
  return JSON.parse(String(init?.body)).action.name;
}

function headerOf(init: RequestInit | undefined): string | undefined {
  return ((init?.headers ?? {}) as Record<string, string>).accessToken;
}

const fresh = jwt(15 * 60, 'fresh');

beforeEach(() => {
  authStore.reset();
  riskStore.reset();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function signIn(accessToken: string) {
  authStore.setState({
    authToken: accessToken,
    refreshToken: 'r'.repeat(43),
    authData: user,
    isAuthenticated: true,
  });
}

describe('token refresh before a secured call', () => {
  it('uses a token with more than 60 s left as it is', async () => {
    signIn(jwt(120));
    const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) =>
      reply(200, { status: true, result: { data: 1 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await callGateway(secured, { secure: true });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(actionOf(fetchMock.mock.calls[0]?.[1])).toBe('getClientDetails');
  });

  it('renews a token that expires within 60 s first, then sends the new one', async () => {
    signIn(jwt(30));
    const fetchMock = vi.fn(async (_path: string, init?: RequestInit) =>
      actionOf(init) === 'refreshToken'
        ? reply(200, {
            status: true,
            result: { data: { user, accessToken: fresh, refreshToken: 'n'.repeat(43) } },
          })
        : reply(200, { status: true, result: { data: 1 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await callGateway(secured, { secure: true });

    const [refresh, call] = fetchMock.mock.calls.map(([, init]) => init);
    expect(actionOf(refresh)).toBe('refreshToken');
    expect(JSON.parse(String(refresh?.body)).data).toEqual({ refreshToken: 'r'.repeat(43) });
    expect(headerOf(refresh)).toBeUndefined();
    expect(actionOf(call)).toBe('getClientDetails');
    expect(headerOf(call)).toBe(fresh);
    expect(authStore.getState()).toMatchObject({
      authToken: fresh,
      refreshToken: 'n'.repeat(43),
      isAuthenticated: true,
    });
  });

  it('shares one refresh between concurrent calls (refresh tokens are single-use)', async () => {
    signIn(jwt(-5));
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = vi.fn(async (_path: string, init?: RequestInit) => {
      if (actionOf(init) !== 'refreshToken') return reply(200, { status: true, result: { data: 1 } });
      await gate;
      return reply(200, {
        status: true,
        result: { data: { user, accessToken: fresh, refreshToken: 'n'.repeat(43) } },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const calls = [
      callGateway(secured, { secure: true }),
      callGateway(secured, { secure: true }),
      callGateway(secured, { secure: true }),
    ];
    release();
    await Promise.all(calls);
    const actions = fetchMock.mock.calls.map(([, init]) => actionOf(init));
    expect(actions.filter((name) => name === 'refreshToken')).toHaveLength(1);
    expect(actions.filter((name) => name === 'getClientDetails')).toHaveLength(3);
    for (const [, init] of fetchMock.mock.calls.filter(([, init]) => actionOf(init) === 'getClientDetails')) {
      expect(headerOf(init)).toBe(fresh);
    }
  });

  it.each([
    [
      'a 403 (revoked or reused refresh token)',
      async () =>
        reply(403, {
          status: false,
          err_code: 'FORBIDDEN',
          err_msg: 'Your session has expired. Please sign in again.',
        }),
    ],
    [
      'a network failure',
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('signs out and goes to sign-in when the refresh fails with %s', async (_name, refreshAnswer) => {
    signIn(jwt(10));
    riskStore.setState({
      kycData: {
        id: 'c1',
        email: user.email,
        names: user.names,
        kraPin: 'N/A',
        phone: null,
        address: null,
        clientType: null,
        nationality: 'KE',
        idType: null,
        idNumber: null,
        updatedAt: '',
      },
    });
    const fetchMock = vi.fn(async (_path: string, init?: RequestInit) =>
      actionOf(init) === 'refreshToken' ? refreshAnswer() : reply(200, { status: true, result: { data: 1 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const unauthorized = vi.fn();
    const off = onAppEvent('unauthorized', unauthorized);

    await expect(callGateway(secured, { secure: true, silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(unauthorized).toHaveBeenCalledOnce();
    expect(authStore.getState()).toMatchObject({
      authToken: null,
      refreshToken: null,
      isAuthenticated: false,
      authData: null,
    });
    expect(riskStore.getState().kycData).toBeNull();
    off();
  });

  it('never refreshes for a public call', async () => {
    signIn(jwt(10));
    const fetchMock = vi.fn(async () => reply(200, { status: true, result: { data: [] } }));
    vi.stubGlobal('fetch', fetchMock);
    await callGateway({ service: 'underwriting', resource: 'catalogue', action: 'listProducts' });
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});

describe('renewing after this device signed out', () => {
  it('sends nobody to sign in: the sign-out already chose where to go', async () => {
    // Signed out here; the chat socket the server then closed asks for a renewal.
    const fetchMock = vi.fn(async () => reply(500, {}));
    vi.stubGlobal('fetch', fetchMock);
    const unauthorized = vi.fn();
    const off = onAppEvent('unauthorized', unauthorized);
    await expect(refreshAccessToken()).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(unauthorized).not.toHaveBeenCalled();
    off();
  });
});

describe('a call refused while this device signs out', () => {
  it('sends nobody to sign in: the server ended the session before its answer to the logout came', async () => {
    signIn(jwt(10));
    let answerLogout: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(async (_path: string, init?: RequestInit) => {
      const action = actionOf(init);
      if (action === 'logout') return new Promise<Response>((resolve) => (answerLogout = resolve));
      // The session is revoked already: the chat socket's renewal is refused.
      return reply(403, { status: false, err_code: 'UNAUTHORIZED', err_msg: 'Session ended.' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const unauthorized = vi.fn();
    const off = onAppEvent('unauthorized', unauthorized);
    const signingOut = signOut();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await expect(refreshAccessToken()).rejects.toBeInstanceOf(ApiError);
    answerLogout(reply(200, { status: true, result: { data: {} } }));
    await signingOut;
    expect(unauthorized).not.toHaveBeenCalled();
    expect(authStore.getState()).toMatchObject({ authToken: null, refreshToken: null });
    off();
  });
});
