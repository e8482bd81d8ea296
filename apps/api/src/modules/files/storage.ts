import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config';

/** Where uploaded files' bytes live: a folder (DATA_DIR/files) or an S3-compatible bucket. */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
  return key;
}

/** Files under a folder; keys are our own (`claim/12/<uuid>`), never a user's file name. */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(join(base, checkKey(key)));
    if (!path.startsWith(base + sep)) throw new Error(`unsafe storage key: ${key}`);
    return path;
  };
  return {
    kind: 'local',
    put: async (key, body) => {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
    },
    get: async (key) => readFile(pathOf(key)),
    delete: async (key) => rm(pathOf(key), { force: true }),
  };
}

/** An S3-compatible bucket (AWS, MinIO, R2…); objects are private, read only through our signed links. */
export function createS3Storage(options: { client: Pick<S3Client, 'send'>; bucket: string }): FileStorage {
  const { client, bucket } = options;
  return {
    kind: 's3',
    put: async (key, body, contentType) => {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: checkKey(key), Body: body, ContentType: contentType }),
      );
    },
    get: async (key) => {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
      if (!answer.Body) throw new Error(`empty S3 object: ${key}`);
      return Buffer.from(await answer.Body.transformToByteArray());
    },
    delete: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
    },
  };
}

/** S3 when S3_BUCKET is set, else DATA_DIR/files. */
export function createFileStorage(config: Config): FileStorage {
  if (!config.S3_BUCKET) return createLocalStorage(join(config.DATA_DIR, 'files'));
  const clientConfig: S3ClientConfig = {
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: config.S3_ACCESS_KEY_ID,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          },
        }
      : {}),
  };
  return createS3Storage({ client: new S3Client(clientConfig), bucket: config.S3_BUCKET });
}
