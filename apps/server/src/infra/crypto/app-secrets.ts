import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { SECRET_BOX_KEY_BYTES } from './secret-box.ts';

/**
 * The instance's own secrets: the key that signs session tokens (HS256) and the key that encrypts stored
 * secrets (AES-256-GCM). Taken from the environment when given there (several instances behind a load
 * balancer must share them), else created once and kept in `<dataDir>/secrets.json`, so a restart neither
 * signs everyone out nor loses the TOTP secrets.
 */
export interface AppSecrets {
  jwtSigningKey: Uint8Array;
  encryptionKey: Uint8Array;
  /** Where each key came from, for the start-up log (never the values). */
  sources: { jwtSigningKey: SecretSource; encryptionKey: SecretSource };
  /** Problems fixed on the way (for example a secrets file readable by others), to be logged as warnings. */
  warnings: string[];
}
export type SecretSource = 'env' | 'file' | 'created';

export const SECRETS_FILE_NAME = 'secrets.json';
// HS256 keys shorter than the hash output (32 bytes) weaken the MAC (RFC 7518 §3.2 requires at least that).
export const MIN_JWT_KEY_BYTES = 32;
const FILE_MODE = 0o600;

export class AppSecretsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AppSecretsError';
  }
}

interface SecretsFile {
  version: 1;
  jwtSecret: string;
  encryptionKey: string;
  createdAt: string;
}

export async function loadAppSecrets(options: {
  dataDir: string;
  env: Record<string, string | undefined>;
}): Promise<AppSecrets> {
  const fromEnvJwt = readEnvKey(options.env, 'JWT_SECRET', (bytes) => bytes >= MIN_JWT_KEY_BYTES, {
    expected: `at least ${MIN_JWT_KEY_BYTES} bytes`,
  });
  const fromEnvEncryption = readEnvKey(
    options.env,
    'ENCRYPTION_KEY',
    (bytes) => bytes === SECRET_BOX_KEY_BYTES,
    {
      expected: `exactly ${SECRET_BOX_KEY_BYTES} bytes`,
    },
  );
  if (fromEnvJwt && fromEnvEncryption) {
    return {
      jwtSigningKey: fromEnvJwt,
      encryptionKey: fromEnvEncryption,
      sources: { jwtSigningKey: 'env', encryptionKey: 'env' },
      warnings: [],
    };
  }

  const warnings: string[] = [];
  const { file, created } = await readOrCreateSecretsFile(options.dataDir, warnings);
  const fileSource: SecretSource = created ? 'created' : 'file';
  return {
    jwtSigningKey: fromEnvJwt ?? file.jwtSigningKey,
    encryptionKey: fromEnvEncryption ?? file.encryptionKey,
    sources: {
      jwtSigningKey: fromEnvJwt ? 'env' : fileSource,
      encryptionKey: fromEnvEncryption ? 'env' : fileSource,
    },
    warnings,
  };
}

/** Decodes hex or base64 (standard or URL-safe). The value itself never appears in an error. */
export function decodeKey(text: string): Uint8Array | null {
  const value = text.trim();
  // Hex first: every hex string is also valid base64, but someone writing 64 hex digits means hex.
  if (/^(?:[0-9a-fA-F]{2})+$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) {
    const normalized = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
    const bytes = Buffer.from(normalized, 'base64');
    // Node's decoder skips junk silently; a round trip proves every character was meaningful.
    if (bytes.toString('base64').replace(/=+$/, '') === normalized) return bytes;
  }
  return null;
}

function readEnvKey(
  env: Record<string, string | undefined>,
  name: string,
  isRightSize: (bytes: number) => boolean,
  hint: { expected: string },
): Uint8Array | null {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return null;
  const bytes = decodeKey(raw);
  if (!bytes) throw new AppSecretsError(`${name} must be hex or base64 (${hint.expected})`);
  if (!isRightSize(bytes.byteLength)) {
    throw new AppSecretsError(`${name} must decode to ${hint.expected}; it decodes to ${bytes.byteLength}`);
  }
  return bytes;
}

async function readOrCreateSecretsFile(
  dataDir: string,
  warnings: string[],
): Promise<{ file: { jwtSigningKey: Uint8Array; encryptionKey: Uint8Array }; created: boolean }> {
  const filePath = path.join(dataDir, SECRETS_FILE_NAME);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });

  const existing = await readSecretsFile(filePath, warnings);
  if (existing) return { file: existing, created: false };

  const content: SecretsFile = {
    version: 1,
    jwtSecret: randomBytes(MIN_JWT_KEY_BYTES).toString('base64'),
    encryptionKey: randomBytes(SECRET_BOX_KEY_BYTES).toString('base64'),
    createdAt: new Date().toISOString(),
  };
  const won = await createFileAtomically(filePath, `${JSON.stringify(content, null, 2)}\n`);
  if (!won) {
    // Another process started at the same moment and wrote first: its keys are the instance's keys.
    const theirs = await readSecretsFile(filePath, warnings);
    if (!theirs) throw new AppSecretsError(`${filePath} vanished while starting`);
    return { file: theirs, created: false };
  }
  return { file: parseSecretsFile(JSON.stringify(content), filePath), created: true };
}

async function readSecretsFile(filePath: string, warnings: string[]) {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const { mode } = await stat(filePath);
  if ((mode & 0o077) !== 0) {
    // Restored from a backup or copied by hand with a loose umask: tighten rather than refuse to start.
    await chmod(filePath, FILE_MODE);
    warnings.push(`${filePath} was readable by other users; its mode was set to 600`);
  }
  return parseSecretsFile(text, filePath);
}

function parseSecretsFile(text: string, filePath: string) {
  let parsed: Partial<SecretsFile>;
  try {
    parsed = JSON.parse(text) as Partial<SecretsFile>;
  } catch {
    throw new AppSecretsError(
      `${filePath} is not valid JSON; restore it from a backup (sessions and TOTP depend on it)`,
    );
  }
  const jwtSigningKey = typeof parsed.jwtSecret === 'string' ? decodeKey(parsed.jwtSecret) : null;
  const encryptionKey = typeof parsed.encryptionKey === 'string' ? decodeKey(parsed.encryptionKey) : null;
  if (parsed.version !== 1 || !jwtSigningKey || jwtSigningKey.byteLength < MIN_JWT_KEY_BYTES) {
    throw new AppSecretsError(`${filePath} has no valid jwtSecret`);
  }
  if (!encryptionKey || encryptionKey.byteLength !== SECRET_BOX_KEY_BYTES) {
    throw new AppSecretsError(`${filePath} has no valid encryptionKey`);
  }
  return { jwtSigningKey, encryptionKey };
}

/**
 * Writes a temporary file (0600, flushed), then hard-links it to the final name. link() fails when the name
 * exists, so of two processes starting together exactly one wins, and no reader ever sees a half-written file.
 * Returns false when the file already existed.
 */
async function createFileAtomically(filePath: string, content: string): Promise<boolean> {
  const tempPath = `${filePath}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(tempPath, 'wx', FILE_MODE);
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(tempPath, filePath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(tempPath);
  }
}
