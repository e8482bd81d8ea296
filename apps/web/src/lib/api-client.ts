import { API_TIMEOUT_MS } from '@bima/domain/constants';
import type { ActionInput, ActionKey, ActionOutput } from '@bima/domain/contract';
import type { GatewayFailure } from '@bima/domain/gateway-contract';
import { authStore, type SessionTokens, toUserRole } from '../stores/auth';
import { clearSignedInState } from '../stores/session';
import { getErrorNotification, type ServerErrorLike } from './error-notification';
import { emitAppEvent } from './events';
import { currentLanguage, t } from './i18n';
import { shouldRefreshToken } from './jwt';
import { notify } from './notifications';

export const GATEWAY_PATH = '/v2/api/v1';
export const LEGACY_PATH = '/v2/api/v1/home';

export interface GatewayCall {
  service: string;
  resource: string;
  action: string;
  data?: unknown;
}

export interface LegacyCall {
  resource: string;
  action: string;
  data?: unknown;
}

export interface CallOptions {
  /** A secured action: needs the session token, resolves false without one (spec-1 §6). */
  secure?: boolean;
  signal?: AbortSignal;
  /** Background calls: no notification on failure (403 is still handled). */
  silent?: boolean;
  /** Send no accessToken header (the token refresh itself). */
  anonymous?: boolean;
}

/** The body of a reply: `status` flag plus `result` (gateway: `result.data`, legacy: `result.result`). */
export interface GatewayReply<T> {
  status: boolean;
  result?: T;
  err_code?: string | number;
  err_msg?: string;
}

/** A failed call, carrying the parsed body of the reply. */
export class ApiError extends Error implements ServerErrorLike {
  readonly httpStatus: number;
  readonly err_code?: string | number;
  readonly err_msg?: string;
  readonly errors: GatewayFailure['errors'];
  /** Values to act on that some refusals carry (a double insurance's offered start date). */
  readonly details: Record<string, unknown> | null;

  constructor(
    httpStatus: number,
    body: Partial<GatewayFailure> & { message?: string; details?: Record<string, unknown> },
  ) {
    super(body.err_msg || body.message || `HTTP ${httpStatus}`);
    this.name = 'ApiError';
    this.httpStatus = httpStatus;
    this.err_code = body.err_code;
    this.err_msg = body.err_msg;
    this.errors = Array.isArray(body.errors) ? body.errors : [];
    this.details = body.details && typeof body.details === 'object' ? body.details : null;
  }
}

/** A 4xx answer (not found, not yours, bad input): asking again gives the same answer. */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500;
}

function envelope(call: GatewayCall) {
  return {
    service: { name: call.service, version: 'v1' },
    resource: { name: call.resource, version: 'v1' },
    action: { name: call.action, version: 'v1' },
    data: call.data ?? {},
  };
}

/**
 * The one global handler for failed calls: 403 logs out and sends the user to sign in; anything
 * else becomes the notification spec-1 §8 lists for its err_code.
 */
export function handleApiError(error: ApiError, { silent = false }: { silent?: boolean } = {}): void {
  if (error.httpStatus === 403) {
    signOutLocally();
    return;
  }
  if (silent) return;
  const notification = getErrorNotification(error);
  if (notification) notify(notification);
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Set while this device signs out on purpose (between asking the API and forgetting the session). */
let signingOut = false;

/**
 * Runs a deliberate sign-out (`end`: the API's logout, then forgetting the session). Meanwhile a call
 * refused because of that very sign-out (the server revokes the session and closes the chat socket
 * before its answer to the logout arrives) sends nobody to sign in: the sign-out chose where to go.
 */
export async function whileSigningOut(end: () => Promise<void>): Promise<void> {
  signingOut = true;
  try {
    await end();
  } finally {
    signingOut = false;
  }
}

/**
 * Forgets the session and sends the user to sign in (the app shell navigates on the event). With no
 * session left to end (this device signed out, and something still tried to renew it: a chat
 * socket the server closed with that sign-out), or while this device is signing out, nobody is sent
 * anywhere: the sign-out's own navigation stands.
 */
function signOutLocally(): void {
  const { authToken, refreshToken } = authStore.getState();
  clearSignedInState();
  if ((authToken || refreshToken) && !signingOut) emitAppEvent('unauthorized');
}

let refreshInFlight: Promise<void> | null = null;

async function renewSession(): Promise<void> {
  const { refreshToken } = authStore.getState();
  if (!refreshToken) {
    signOutLocally();
    throw new ApiError(403, { message: t('errors.sessionExpired') });
  }
  try {
    const reply = await post<GatewayReply<{ data: SessionTokens }>>(
      GATEWAY_PATH,
      envelope({ service: 'user', resource: 'auth', action: 'refreshToken', data: { refreshToken } }),
      { silent: true, anonymous: true },
    );
    const session = unwrapData(reply);
    // Signed out (or signed in again) while the refresh was under way: keep the newer state.
    if (authStore.getState().refreshToken !== refreshToken) return;
    authStore.setState({
      authToken: session.accessToken,
      refreshToken: session.refreshToken,
      authData: session.user ?? authStore.getState().authData,
      role: toUserRole(session.role ?? session.user?.role) ?? authStore.getState().role,
    });
  } catch (error) {
    // A 403 was already handled by the global handler; any other failure ends the session too.
    if (!(error instanceof ApiError && error.httpStatus === 403)) signOutLocally();
    throw error;
  }
}

/**
 * Renews the access token through `user / auth / refreshToken`. Single-flight: calls made while a
 * refresh is under way wait for the same one (refresh tokens are single-use).
 */
export function refreshAccessToken(): Promise<void> {
  refreshInFlight ??= renewSession().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function post<T>(path: string, body: unknown, options: CallOptions): Promise<T | false | undefined> {
  // The server answers its refusals in the portal's language (not the browser's, which may differ).
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  let token = options.anonymous ? null : authStore.getState().authToken;
  if (options.secure && !token) {
    emitAppEvent('token-not-found');
    return false;
  }
  // Access tokens live 15 minutes: renew one that is about to expire before using it.
  if (options.secure && token && shouldRefreshToken(token)) {
    await refreshAccessToken();
    token = authStore.getState().authToken;
    if (!token) {
      emitAppEvent('token-not-found');
      return false;
    }
  }
  if (token) headers.accessToken = token;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, API_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller, { once: true });

  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    const error = new ApiError(0, { message: t(timedOut ? 'errors.timeout' : 'errors.network') });
    handleApiError(error, options);
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }

  const parsed = await parseBody(response);
  if (!response.ok) {
    const failure = typeof parsed === 'object' && parsed !== null ? (parsed as Partial<GatewayFailure>) : {};
    const error = new ApiError(response.status, failure);
    // A refusal of a session that has already ended here (signed out, or signed in anew while the
    // call was under way) is old news: it must not end the new state or send anyone to sign in.
    const sessionEnded = token !== null && authStore.getState().authToken !== token;
    if (!(response.status === 403 && sessionEnded)) handleApiError(error, options);
    throw error;
  }
  return parsed as T | undefined;
}

/**
 * Calls the action `key` ('service/resource/action') and answers its `result.data`, typed by the
 * action's contract (`@bima/domain/contract`): the input the action takes and the output it answers,
 * so a field the API does not send is a compile error here. Without a session on a secure call, or
 * on a reply without data, it throws an ApiError (as `unwrapData`).
 */
export async function callAction<Key extends ActionKey>(
  key: Key,
  data: ActionInput<Key>,
  options: CallOptions = {},
): Promise<ActionOutput<Key>> {
  const [service = '', resource = '', action = ''] = key.split('/');
  return unwrapData(
    await post<GatewayReply<{ data: ActionOutput<Key> }>>(
      GATEWAY_PATH,
      envelope({ service, resource, action, data }),
      options,
    ),
  );
}

/** `POST /v2/api/v1` with a service/resource/action envelope (spec-1 §7.1). */
export function callGateway<T>(call: GatewayCall, options: CallOptions = {}) {
  return post<GatewayReply<{ data: T }>>(GATEWAY_PATH, envelope(call), options);
}

/** The older `{resource, action, data}` shape posted to `/v2/api/v1/home`. */
export function callLegacy<T>(call: LegacyCall, options: CallOptions = {}) {
  return post<GatewayReply<{ result?: T }>>(
    LEGACY_PATH,
    { resource: call.resource, action: call.action, data: call.data ?? {} },
    options,
  );
}

/** `result.data` of a successful gateway reply; throws when the reply is missing or has a false status. */
export function unwrapData<T>(reply: GatewayReply<{ data: T }> | false | undefined): T {
  if (typeof reply !== 'object' || !reply.status || !reply.result) {
    const failure = typeof reply === 'object' ? reply : undefined;
    throw new ApiError(200, { err_code: failure?.err_code, err_msg: failure?.err_msg ?? '' });
  }
  return reply.result.data;
}
