import { randomBytes } from 'node:crypto';
import type { Algorithm, Options } from '@node-rs/argon2';
import * as argon2 from '@node-rs/argon2';
import { createConcurrencyLimit } from './concurrency-limit.ts';

/**
 * Argon2id cost: OWASP's first recommended configuration, m=19 MiB, t=2, p=1 — about 15 ms per hash on this
 * product's 2-core server. The identity issue asks for ≥ 50 logins/s on that machine with the other routes
 * still answering in < 100 ms; with two hashes at once, 46 MiB (≈ 35 ms) would cap logins near that target
 * with no headroom. p=1: parallelism would only split the same work across threads that the concurrency limit
 * already keeps for other requests. Stored hashes carry their parameters; needsRehash moves old ones over.
 */
export const ARGON2_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export type Argon2Params = { memoryCost: number; timeCost: number; parallelism: number };

/** Two hashes at once on two cores: a burst of logins queues instead of starving every other route. */
export const DEFAULT_MAX_CONCURRENT_HASHES = 2;

// `Algorithm` is a const enum in the package's types and erased at run time; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;
// Version 0x13 (the current Argon2 version) is the package's `Version.V0x13` = 1.
const ARGON2_VERSION_0X13 = 1;
const OUTPUT_BYTES = 32;

/** The three primitives used, so tests can count concurrency without burning CPU. */
export interface Argon2Primitives {
  hash(password: string, options: Options): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
  parseOptions(hashed: string): {
    algorithm: number;
    version: number;
    memoryCost: number;
    timeCost: number;
    parallelism: number;
    outputLen: number;
  };
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a stored value that is not an Argon2 hash (never throws). */
  verify(storedHash: string, password: string): Promise<boolean>;
  /** True when the stored hash is weaker than the current parameters: re-hash after a successful login. */
  needsRehash(storedHash: string): boolean;
  /**
   * Costs the same as a real verify and always answers false. Call it when the login does not exist, so an
   * unknown login and a wrong password take the same time and cannot be told apart.
   */
  dummyVerify(password: string): Promise<false>;
}

export function createPasswordHasher(
  deps: { params?: Argon2Params; maxConcurrent?: number; argon2?: Argon2Primitives } = {},
): PasswordHasher {
  const params = deps.params ?? ARGON2_PARAMS;
  const primitives = deps.argon2 ?? argon2;
  const limit = createConcurrencyLimit(deps.maxConcurrent ?? DEFAULT_MAX_CONCURRENT_HASHES);
  const options: Options = { ...params, algorithm: ARGON2ID, outputLen: OUTPUT_BYTES };
  // Made on first need and kept: a hash of a random password with the current parameters, so a dummy verify
  // runs exactly the work of a real one.
  let dummyHash: Promise<string> | undefined;

  const verifyLimited = (storedHash: string, password: string) =>
    limit.run(() => primitives.verify(storedHash, password));

  const dummyVerify = async (password: string): Promise<false> => {
    dummyHash ??= limit
      .run(() => primitives.hash(randomBytes(16).toString('base64'), options))
      .catch((error: unknown) => {
        dummyHash = undefined; // try again next time rather than fail every unknown login forever
        throw error;
      });
    await verifyLimited(await dummyHash, password);
    return false;
  };

  return {
    hash: (password) => limit.run(() => primitives.hash(password, options)),

    async verify(storedHash, password) {
      if (!isArgon2Hash(primitives, storedHash)) {
        // A broken row must not answer faster than a wrong password.
        return dummyVerify(password);
      }
      try {
        return await verifyLimited(storedHash, password);
      } catch {
        return false;
      }
    },

    needsRehash(storedHash) {
      try {
        const stored = primitives.parseOptions(storedHash);
        return (
          stored.algorithm !== ARGON2ID ||
          stored.version !== ARGON2_VERSION_0X13 ||
          stored.memoryCost < params.memoryCost ||
          stored.timeCost < params.timeCost ||
          stored.parallelism !== params.parallelism ||
          stored.outputLen < OUTPUT_BYTES
        );
      } catch {
        return true;
      }
    },

    dummyVerify,
  };
}

function isArgon2Hash(primitives: Argon2Primitives, storedHash: string): boolean {
  try {
    primitives.parseOptions(storedHash);
    return true;
  } catch {
    return false;
  }
}
