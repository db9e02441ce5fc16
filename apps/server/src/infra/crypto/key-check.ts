import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { type AppSecrets, SECRETS_FILE_NAME } from './app-secrets.ts';
import { keyChecks } from './key-check.table.ts';
import { createSecretBox, SecretBoxError } from './secret-box.ts';

const ROW_ID = 1;
const KNOWN_TEXT = 'der-portal-key-check-v1';
const ENCRYPTION_CONTEXT = 'key-check:encryption';

/** The keys do not match the database's: an operator's problem, reported as one line without a stack. */
export class KeyMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyMismatchError';
  }
}

function jwtKeyCheck(key: Uint8Array): string {
  return createHmac('sha256', key).update(KNOWN_TEXT).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.byteLength === right.byteLength && timingSafeEqual(left, right);
}

function whereFrom(secrets: AppSecrets, key: 'jwtSigningKey' | 'encryptionKey', dataDir: string): string {
  const variable = key === 'jwtSigningKey' ? 'JWT_SECRET' : 'ENCRYPTION_KEY';
  return secrets.sources[key] === 'env'
    ? `${variable} from the environment`
    : `${variable} unset, so the key of ${path.join(dataDir, SECRETS_FILE_NAME)}`;
}

/**
 * Checks at start-up that this server's keys are the ones the database was first used with; the first start
 * records them. Every instance on one PostgreSQL must share both keys: another encryption key cannot open
 * the sealed secrets (TOTP, SMTP password, VAPID key), another JWT key signs sessions the others refuse.
 *
 * `probeSealedSecrets` reads a secret sealed before this check existed (a database of an older version has
 * no check row yet): a SecretBoxError from it means the key is not the database's.
 * Returns warnings to log (a JWT_SECRET changed on purpose).
 */
export async function verifyInstanceKeys(options: {
  db: Db;
  secrets: AppSecrets;
  dataDir: string;
  probeSealedSecrets?: () => Promise<unknown>;
}): Promise<{ recorded: boolean; warnings: string[] }> {
  const { db, secrets, dataDir } = options;
  const box = createSecretBox(secrets.encryptionKey);
  const encryptionMismatch = () =>
    new KeyMismatchError(
      'The database holds secrets encrypted with another key than this server’s ' +
        `(${whereFrom(secrets, 'encryptionKey', dataDir)}): set ENCRYPTION_KEY (and JWT_SECRET) to the ` +
        'values of the server that first used this database, or restore its DATA_DIR/secrets.json ' +
        'into this DATA_DIR.',
    );

  let [row] = await db.select().from(keyChecks).where(eq(keyChecks.id, ROW_ID));
  let recorded = false;
  if (!row) {
    try {
      await options.probeSealedSecrets?.();
    } catch (error) {
      if (error instanceof SecretBoxError) throw encryptionMismatch();
      throw error;
    }
    // Of several instances starting together on a new database, the first insert wins; the others check it.
    const inserted = await db
      .insert(keyChecks)
      .values({
        id: ROW_ID,
        encryptionKeyCheck: box.seal(KNOWN_TEXT, ENCRYPTION_CONTEXT),
        jwtKeyCheck: jwtKeyCheck(secrets.jwtSigningKey),
      })
      .onConflictDoNothing({ target: keyChecks.id })
      .returning({ id: keyChecks.id });
    recorded = inserted.length > 0;
    [row] = await db.select().from(keyChecks).where(eq(keyChecks.id, ROW_ID));
    if (!row) throw new Error('The key check row was not stored');
  }

  let opened: string;
  try {
    opened = box.open(row.encryptionKeyCheck, ENCRYPTION_CONTEXT);
  } catch (error) {
    if (error instanceof SecretBoxError) throw encryptionMismatch();
    throw error;
  }
  if (opened !== KNOWN_TEXT) throw encryptionMismatch();

  const warnings: string[] = [];
  const expectedJwt = jwtKeyCheck(secrets.jwtSigningKey);
  if (!sameText(row.jwtKeyCheck, expectedJwt)) {
    if (secrets.sources.jwtSigningKey !== 'env') {
      throw new KeyMismatchError(
        'The database was first used with another JWT signing key than this server’s ' +
          `(${whereFrom(secrets, 'jwtSigningKey', dataDir)}): set JWT_SECRET to the value of the server ` +
          'that first used this database, or restore its DATA_DIR/secrets.json into this DATA_DIR.',
      );
    }
    // A JWT_SECRET set in the environment is the operator's choice: a key rotation signs everyone out.
    await db
      .update(keyChecks)
      .set({ jwtKeyCheck: expectedJwt, updatedAt: sql`now()` })
      .where(eq(keyChecks.id, ROW_ID));
    warnings.push(
      'JWT_SECRET differs from the key this database was used with: sessions signed before end now; ' +
        'every server on this database must use the new JWT_SECRET',
    );
  }
  return { recorded, warnings };
}
