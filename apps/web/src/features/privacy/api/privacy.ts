import type { ConsentPurpose, ErasureRefusal } from '@bima/domain';
import { queryOptions } from '@tanstack/react-query';
import { callGateway, type GatewayCall, refreshAccessToken, unwrapData } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { shouldRefreshToken } from '../../../lib/jwt';
import { authStore } from '../../../stores/auth';

/** A consent as `client / privacy / getPrivacy` answers it; `at` is null for one never asked. */
export interface ConsentView {
  purpose: ConsentPurpose;
  granted: boolean;
  /** The screen it was given or withdrawn on: privacy | kyc | assessment | sign-up. */
  channel: string | null;
  wordingVersion: string;
  at: string | null;
  intermediaryId: number | null;
  firmName: string | null;
}

export interface ErasureRequestView {
  reference: string;
  status: 'COMPLETED' | 'REFUSED';
  refusal: ErasureRefusal | null;
  message: string | null;
  requestedAt: string;
  completedAt: string | null;
}

export interface Privacy {
  consents: ConsentView[];
  history: ConsentView[];
  requests: ErasureRequestView[];
}

async function call<T>(action: string, data: unknown = {}, signal?: AbortSignal): Promise<T> {
  const gatewayCall: GatewayCall = { service: 'client', resource: 'privacy', action, data };
  return unwrapData(await callGateway<T>(gatewayCall, { secure: true, silent: true, signal }));
}

export const PRIVACY_KEY = ['privacy'] as const;

export const privacyQueryOptions = () =>
  queryOptions({
    queryKey: PRIVACY_KEY,
    queryFn: ({ signal }) => call<Privacy>('getPrivacy', {}, signal),
    retry: false,
  });

export const setConsent = (input: { purpose: ConsentPurpose; granted: boolean; intermediaryId?: number }) =>
  call<Privacy>('setConsent', input);

export const closeAccount = (password: string) =>
  call<{ closed: true; reference: string }>('closeAccount', { password, confirm: true });

export const EXPORT_PATH = '/v2/api/privacy/export';

/** Why a download failed: the server's message when it gave one, and its status. */
export class ExportError extends Error {
  override name = 'ExportError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Downloads the client's archive: fetched with the token header (a plain link cannot carry it),
 * read as it streams so the screen can say how much has arrived, then saved under its own name.
 */
export async function downloadMyData(onProgress: (receivedBytes: number) => void): Promise<string> {
  let token = authStore.getState().authToken;
  if (token && shouldRefreshToken(token)) {
    await refreshAccessToken();
    token = authStore.getState().authToken;
  }
  const response = await fetch(`${EXPORT_PATH}?lang=${currentLanguage()}`, {
    headers: token ? { accesstoken: token } : {},
  });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { err_msg?: string } | null;
    throw new ExportError(body?.err_msg ?? '', response.status);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress(received);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'bima-my-data.zip';
  const url = URL.createObjectURL(new Blob(chunks, { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
