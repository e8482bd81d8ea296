import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createFileStorage, createLocalStorage, createS3Storage } from '../src/modules/files/storage';

/** A stand-in for the S3 client: keeps objects in a map and records each command it was sent. */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; contentType?: string }>();
  const sent: unknown[] = [];
  const client = {
    send: async (command: unknown) => {
      sent.push(command);
      if (command instanceof PutObjectCommand) {
        const input = command.input;
        objects.set(`${input.Bucket}/${input.Key}`, {
          body: input.Body as Buffer,
          contentType: input.ContentType,
        });
        return {};
      }
      if (command instanceof GetObjectCommand) {
        const object = objects.get(`${command.input.Bucket}/${command.input.Key}`);
        if (!object) throw Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey' });
        return { Body: { transformToByteArray: async () => new Uint8Array(object.body) } };
      }
      if (command instanceof DeleteObjectCommand) {
        objects.delete(`${command.input.Bucket}/${command.input.Key}`);
        return {};
      }
      throw new Error('unexpected command');
    },
  };
  return { client, objects, sent };
}

describe('file storage adapters', () => {
  const root = mkdtempSync(join(tmpdir(), 'bima-storage-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('S3: puts private objects with their content type, reads and deletes them by key', async () => {
    const s3 = fakeS3();
    const storage = createS3Storage({ client: s3.client as never, bucket: 'bima-files' });
    await storage.put('claim/12/abc', Buffer.from('photo-bytes'), 'image/jpeg');
    expect(s3.objects.get('bima-files/claim/12/abc')).toEqual({
      body: Buffer.from('photo-bytes'),
      contentType: 'image/jpeg',
    });
    expect((await storage.get('claim/12/abc')).toString()).toBe('photo-bytes');
    await storage.delete('claim/12/abc');
    expect(s3.objects.size).toBe(0);
    await expect(storage.put('../escape', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/unsafe/);
  });

  it('local: files under the folder, never outside it', async () => {
    const storage = createLocalStorage(root);
    await storage.put('claim/1/file-a', Buffer.from('pdf'), 'application/pdf');
    expect((await storage.get('claim/1/file-a')).toString()).toBe('pdf');
    await expect(storage.get('claim/../../etc/passwd')).rejects.toThrow(/unsafe/);
    await storage.delete('claim/1/file-a');
    await expect(storage.get('claim/1/file-a')).rejects.toThrow();
  });

  it('chooses S3 when S3_BUCKET is set, else DATA_DIR/files', () => {
    expect(createFileStorage(loadConfig({ DATA_DIR: root })).kind).toBe('local');
    expect(
      createFileStorage(
        loadConfig({
          S3_BUCKET: 'bima-files',
          S3_ENDPOINT: 'http://127.0.0.1:9000',
          S3_FORCE_PATH_STYLE: 'true',
        }),
      ).kind,
    ).toBe('s3');
  });
});
