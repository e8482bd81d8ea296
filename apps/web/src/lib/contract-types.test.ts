/**
 * The compiler holds the web to the API's contract: `npm run typecheck` fails if a `@ts-expect-error`
 * below stops being an error (reading a field the action does not answer, or sending one it does not
 * take, would compile).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { callAction } from './api-client';

async function readsContacts() {
  const contacts = await callAction('platform/support/getSupportContacts', {});
  const phone: string = contacts.phone;
  // @ts-expect-error the support contacts have no fax
  const fax = contacts.fax;
  return [phone, fax];
}

async function callsUnknownAction() {
  // @ts-expect-error no such action in the contract
  return callAction('platform/support/getFaxNumbers', {});
}

describe('callAction, typed by the contract', () => {
  it('posts the envelope of the key and answers result.data', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            status: true,
            result: { data: { phone: '0700', email: 'a@b.c', address: 'Nbi' } },
          }),
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(readsContacts()).resolves.toEqual(['0700', undefined]);
    const body = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body).toMatchObject({
      service: { name: 'platform' },
      resource: { name: 'support' },
      action: { name: 'getSupportContacts' },
    });
    expect(typeof callsUnknownAction).toBe('function');
    vi.unstubAllGlobals();
  });
});

describe('every call of the web is typed by the contract', () => {
  it('calls actions only through callAction: no untyped callGateway outside the API client', () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const untyped = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter(
        (file) =>
          /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && file !== path.join('lib', 'api-client.ts'),
      )
      .filter((file) => /\bcallGateway\b/.test(readFileSync(path.join(src, file), 'utf8')));
    expect(untyped).toEqual([]);
  });
});
