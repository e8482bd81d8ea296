import type { ConsentPurpose } from '@bima/domain';
import type { ActionOutput } from '@bima/domain/contract';
import { queryOptions } from '@tanstack/react-query';
import { callAction, refreshAccessToken } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { shouldRefreshToken } from '../../../lib/jwt';
import { authStore } from '../../../stores/auth';

/** The Privacy screen (`client / privacy / getPrivacy`): consents in force, their history, requests. */
export type Privacy = ActionOutput<'client/privacy/getPrivacy'>;
/** A consent as the screen shows it; `at` is null for one never asked. */
export type ConsentView = Privacy['consents'][number];
export type ErasureRequestView = Privacy['requests'][number];

const options = { secure: true, silent: true } as const;

export const PRIVACY_KEY = ['privacy'] as const;

export const privacyQueryOptions = () =>
  queryOptions({
    queryKey: PRIVACY_KEY,
    queryFn: ({ signal }) => callAction('client/privacy/getPrivacy', {}, { ...options, signal }),
    retry: false,
  });

export const setConsent = (input: { purpose: ConsentPurpose; granted: boolean; intermediaryId?: number }) =>
  callAction('client/privacy/setConsent', input, options);

export const closeAccount = (password: string) =>
  callAction('client/privacy/closeAccount', { password, confirm: true }, options);

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
