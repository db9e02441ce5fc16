import { createHash } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  BlobMissingError,
  blobPath,
  type FileStore,
  FileStoreUnavailableError,
  isSha256,
  type ListedBlob,
  sha256Of,
  verifiedContent,
} from './file-store.ts';

/** STORAGE_S3_*: any S3-compatible service (AWS, MinIO, Ceph, Garage …). */
export interface S3StoreSettings {
  /** Omitted for AWS itself (the region's endpoint). */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Both or neither: without them the SDK's own chain (instance role, AWS_* variables …) is used. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** bucket in the path (`endpoint/bucket/key`), as MinIO and most self-hosted services want. */
  forcePathStyle: boolean;
}

const KEY = /^[0-9a-f]{2}\/[0-9a-f]{2}\/([0-9a-f]{64})$/;

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Blobs as objects of one bucket, keyed ab/cd/<sha256> like the local folder. Every instance of the server may
 * share the bucket: a PUT replaces an object whole (a reader sees the old or the new, both the same bytes), and
 * the bytes are checked twice: Content-MD5 on the way in (the service refuses a body damaged in transit) and
 * the SHA-256 of what a GET answers.
 */
export function createS3FileStore(settings: S3StoreSettings): FileStore & { close(): void } {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // The SDK's default CRC checksums (and their aws-chunked bodies) are AWS's own; many S3-compatible
    // services refuse them. Integrity is Content-MD5 on upload and our SHA-256 on every read instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const { bucket } = settings;

  async function failing<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof BlobMissingError) throw error;
      throw new FileStoreUnavailableError(operation, { cause: error });
    }
  }

  async function* list(): AsyncGenerator<ListedBlob> {
    let continuationToken: string | undefined;
    do {
      const page = await failing('list the files', () =>
        client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            ...(continuationToken ? { ContinuationToken: continuationToken } : {}),
          }),
        ),
      );
      for (const object of page.Contents ?? []) {
        const sha256 = KEY.exec(object.Key ?? '')?.[1];
        if (sha256 && isSha256(sha256) && object.Key === blobPath(sha256))
          yield { sha256, modifiedAt: object.LastModified ?? new Date(0) };
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  return {
    kind: 's3',

    async put(content) {
      const sha256 = sha256Of(content);
      await failing('store a file', () =>
        client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: blobPath(sha256),
            Body: content,
            ContentLength: content.length,
            ContentMD5: createHash('md5').update(content).digest('base64'),
            ContentType: 'application/octet-stream',
          }),
        ),
      );
      return { sha256, size: content.length };
    },

    async get(sha256) {
      const key = blobPath(sha256);
      const content = await failing('read a file', async () => {
        try {
          const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
          if (!answer.Body) throw new BlobMissingError(sha256);
          return Buffer.from(await answer.Body.transformToByteArray());
        } catch (error) {
          if (isNotFound(error)) throw new BlobMissingError(sha256);
          throw error;
        }
      });
      return verifiedContent(sha256, content);
    },

    async has(sha256) {
      const key = blobPath(sha256);
      return failing('look up a file', async () => {
        try {
          await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
          return true;
        } catch (error) {
          if (isNotFound(error)) return false;
          throw error;
        }
      });
    },

    async delete(sha256) {
      const key = blobPath(sha256);
      await failing('delete a file', () =>
        client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })),
      );
    },

    list,

    close() {
      client.destroy();
    },
  };
}
