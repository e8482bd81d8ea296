import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../stores/auth';
import { currentLanguage } from './i18n';
import { UploadError, uploadFile } from './upload';

/** A stand-in XMLHttpRequest: records what was sent and answers as the test says. */
class FakeRequest {
  static last: FakeRequest | null = null;
  static answer: { status: number; body: unknown } | 'network-error' = { status: 200, body: null };
  headers: Record<string, string> = {};
  method = '';
  url = '';
  status = 0;
  response: unknown = null;
  responseType = '';
  body: unknown = null;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    this.body = body;
    this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 10 });
    const answer = FakeRequest.answer;
    queueMicrotask(() => {
      if (answer === 'network-error') return this.onerror?.();
      this.status = answer.status;
      this.response = answer.body;
      this.onload?.();
    });
  }
}

const messages = { network: 'The upload failed.', expired: 'Signed out.' };
const file = () => new File([new Uint8Array(10)], 'front.jpg', { type: 'image/jpeg' });

beforeEach(() => {
  authStore.reset();
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadFile', () => {
  it('posts the file with the token header and its upload id, reporting progress', async () => {
    authStore.setState({ authToken: 'tok-123', isAuthenticated: true });
    FakeRequest.answer = {
      status: 200,
      body: { status: true, result: { data: { id: 'f1', name: 'front.jpg' } } },
    };
    const progress: number[] = [];
    const stored = await uploadFile({
      url: '/v2/api/files?ownerKind=claim&ownerId=1',
      file: file(),
      uploadId: 'upload-abc-123',
      onProgress: (loaded) => progress.push(loaded),
      messages,
    });
    expect(stored).toMatchObject({ id: 'f1' });
    expect(FakeRequest.last).toMatchObject({
      method: 'POST',
      url: '/v2/api/files?ownerKind=claim&ownerId=1',
    });
    expect(FakeRequest.last?.headers).toEqual({
      accessToken: 'tok-123',
      'x-upload-id': 'upload-abc-123',
      'Accept-Language': currentLanguage(),
    });
    expect(FakeRequest.last?.body).toBeInstanceOf(FormData);
    expect(progress).toEqual([5, 10]);
  });

  it("says the server's message on a refusal, and a network failure in our words", async () => {
    authStore.setState({ authToken: 'tok-123', isAuthenticated: true });
    FakeRequest.answer = { status: 413, body: { status: false, err_msg: 'The file is larger than 10 MB.' } };
    const refused = uploadFile({
      url: '/u',
      file: file(),
      uploadId: 'upload-1',
      onProgress: () => {},
      messages,
    });
    await expect(refused).rejects.toEqual(new UploadError('The file is larger than 10 MB.', 413));
    // The account's daily volume or storage quota: the server's words, in the portal's language.
    const daily = 'You have reached the 100 MB of files an account may upload in a day. Try again tomorrow.';
    FakeRequest.answer = { status: 429, body: { status: false, err_msg: daily } };
    await expect(
      uploadFile({ url: '/u', file: file(), uploadId: 'upload-2', onProgress: () => {}, messages }),
    ).rejects.toEqual(new UploadError(daily, 429));
    FakeRequest.answer = 'network-error';
    const lost = uploadFile({
      url: '/u',
      file: file(),
      uploadId: 'upload-1',
      onProgress: () => {},
      messages,
    });
    await expect(lost).rejects.toThrow('The upload failed.');
  });

  it('refuses at once when signed out', async () => {
    await expect(
      uploadFile({ url: '/u', file: file(), uploadId: 'upload-1', onProgress: () => {}, messages }),
    ).rejects.toThrow('Signed out.');
  });
});
