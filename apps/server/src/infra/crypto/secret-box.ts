import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption of short secrets kept in the database (TOTP secrets, the SMTP password), so a
 * copied database or backup does not hand them out without the instance's encryption key.
 *
 * Envelope: `v1.<base64url(iv ‖ ciphertext ‖ tag)>`. The version prefix lets a later scheme (another
 * cipher, a key id for rotation) be introduced while old rows still open.
 */
const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
export const SECRET_BOX_KEY_BYTES = 32;
// 96-bit random IVs are GCM's recommended size; with random IVs one key stays safe for far more than the
// few thousand secrets this product will ever seal (the NIST bound is 2^32 messages).
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export interface SecretBox {
  /**
   * Encrypts `plaintext`. `context` (for example `totp:user:42`) is authenticated but not stored: the
   * envelope then opens only with the same context, so a sealed value cannot be moved to another row.
   */
  seal(plaintext: string, context?: string): string;
  /** Decrypts an envelope; throws SecretBoxError when it was altered, is foreign or the key/context differ. */
  open(envelope: string, context?: string): string;
}

export function createSecretBox(key: Uint8Array): SecretBox {
  if (key.byteLength !== SECRET_BOX_KEY_BYTES) {
    throw new SecretBoxError(
      `The encryption key must be ${SECRET_BOX_KEY_BYTES} bytes (got ${key.byteLength})`,
    );
  }
  // A private copy: the caller's buffer may be reused or zeroed later.
  const ownKey = Buffer.from(key);

  return {
    seal(plaintext, context = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, ownKey, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const payload = Buffer.concat([iv, ciphertext, cipher.getAuthTag()]);
      return `${VERSION}.${payload.toString('base64url')}`;
    },

    open(envelope, context = '') {
      const dot = envelope.indexOf('.');
      const version = dot === -1 ? '' : envelope.slice(0, dot);
      if (version !== VERSION) throw new SecretBoxError('Unknown secret envelope version');
      const payload = Buffer.from(envelope.slice(dot + 1), 'base64url');
      if (payload.byteLength < IV_BYTES + TAG_BYTES) throw new SecretBoxError('Secret envelope too short');

      const iv = payload.subarray(0, IV_BYTES);
      const tag = payload.subarray(payload.byteLength - TAG_BYTES);
      const ciphertext = payload.subarray(IV_BYTES, payload.byteLength - TAG_BYTES);
      const decipher = createDecipheriv(ALGORITHM, ownKey, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch {
        // Node's message ("Unsupported state or unable to authenticate data") says nothing useful to an admin.
        throw new SecretBoxError(
          'Secret envelope failed authentication (altered, or another key or context)',
        );
      }
    },
  };
}
