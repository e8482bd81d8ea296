import { authStore } from '../stores/auth';
import { refreshAccessToken } from './api-client';
import { currentLanguage } from './i18n';
import { shouldRefreshToken } from './jwt';

/** The upload endpoint (spec-1 §7.1 "Upload: POST with the token header and progress events"). */
export const UPLOAD_PATH = '/v2/api/files';

export interface UploadedFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
  category: string;
  createdAt: string;
  /** True when the server already had this upload id (a retry after a lost answer). */
  duplicate?: boolean;
}

export class UploadError extends Error {
  override name = 'UploadError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** A fresh access token for the upload, renewed first when it is about to expire. */
async function currentToken(): Promise<string | null> {
  let token = authStore.getState().authToken;
  if (token && shouldRefreshToken(token)) {
    await refreshAccessToken();
    token = authStore.getState().authToken;
  }
  return token;
}

/**
 * Posts one file with XMLHttpRequest (fetch reports no upload progress), with the token header and
 * the file's upload id: retrying with the same id never stores it twice.
 */
export async function uploadFile(options: {
  url: string;
  file: File;
  uploadId: string;
  onProgress: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** Texts for failures the server could not explain. */
  messages: { network: string; expired: string };
}): Promise<UploadedFile> {
  const token = await currentToken();
  if (!token) throw new UploadError(options.messages.expired, 403);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', options.url);
    request.setRequestHeader('accessToken', token);
    request.setRequestHeader('x-upload-id', options.uploadId);
    // Refusals (a full quota, the day's volume) come in the language chosen in the portal.
    request.setRequestHeader('Accept-Language', currentLanguage());
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded, event.total);
    };
    request.onload = () => {
      const body = request.response as {
        status?: boolean;
        result?: { data?: UploadedFile };
        err_msg?: string;
      } | null;
      if (request.status >= 200 && request.status < 300 && body?.result?.data) {
        resolve(body.result.data);
        return;
      }
      reject(new UploadError(body?.err_msg || options.messages.network, request.status));
    };
    request.onerror = () => reject(new UploadError(options.messages.network, 0));
    request.onabort = () => reject(new UploadError(options.messages.network, 0));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', options.file, options.file.name);
    request.send(form);
  });
}
