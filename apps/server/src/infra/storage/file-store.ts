import { createHash } from 'node:crypto';

/** What a put stored: the content's address (hex SHA-256) and its length in bytes. */
export interface StoredBlob {
  sha256: string;
  size: number;
}

/** One blob of a listing (the orphan sweep's): its address and when it was last written. */
export interface ListedBlob {
  sha256: string;
  modifiedAt: Date;
}

/**
 * Where the bytes of stored files live, addressed by their SHA-256: the rows of runtime_files (and whatever
 * else points at a file) keep the address, never the bytes. A put of content already stored is a no-op that
 * refreshes the blob's modification time (the orphan sweep spares young blobs), so writers need no
 * coordination; get verifies the bytes against the address and never answers damaged content.
 */
export interface FileStore {
  /** 'local' (a folder under DATA_DIR) or 's3' (any S3-compatible service), for the logs. */
  readonly kind: 'local' | 's3';
  put(content: Buffer): Promise<StoredBlob>;
  /** The content; BlobMissingError when absent, BlobCorruptedError when its bytes no longer hash to `sha256`. */
  get(sha256: string): Promise<Buffer>;
  has(sha256: string): Promise<boolean>;
  /** Removes the blob; nothing happens when it is absent already. */
  delete(sha256: string): Promise<void>;
  /** Every blob stored, in no particular order (the sweep of blobs no row points at). */
  list(): AsyncIterable<ListedBlob>;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

export function sha256Of(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/** Refuses anything but a lower-case hex SHA-256: an address never becomes a path or a key of its own choosing. */
export function assertSha256(sha256: string): void {
  if (!SHA256_HEX.test(sha256)) throw new InvalidBlobAddressError();
}

export function isSha256(value: string): boolean {
  return SHA256_HEX.test(value);
}

/** `ab/cd/abcd…`: two levels of 256 folders (or key prefixes), so no folder holds more than a few thousand. */
export function blobPath(sha256: string): string {
  assertSha256(sha256);
  return `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
}

/** The bytes, once they are proved to be the ones stored under `sha256`. */
export function verifiedContent(sha256: string, content: Buffer): Buffer {
  if (sha256Of(content) !== sha256) throw new BlobCorruptedError(sha256);
  return content;
}

export class InvalidBlobAddressError extends Error {
  constructor() {
    super('a blob address must be a lower-case hex SHA-256');
    this.name = 'InvalidBlobAddressError';
  }
}

/** The store has no blob at this address (it was never written, or was removed). */
export class BlobMissingError extends Error {
  readonly sha256: string;
  constructor(sha256: string) {
    super(`stored file content ${sha256} is missing from the file store`);
    this.name = 'BlobMissingError';
    this.sha256 = sha256;
  }
}

/** The blob's bytes do not hash to its address: damaged at rest or in transit, never served. */
export class BlobCorruptedError extends Error {
  readonly sha256: string;
  constructor(sha256: string) {
    super(`stored file content ${sha256} failed its SHA-256 check (damaged in the file store)`);
    this.name = 'BlobCorruptedError';
    this.sha256 = sha256;
  }
}

/** The store could not be reached or refused the request (S3 down, wrong keys, a full disk). */
export class FileStoreUnavailableError extends Error {
  constructor(operation: string, options: { cause: unknown }) {
    super(`the file store failed to ${operation}`, options);
    this.name = 'FileStoreUnavailableError';
  }
}
