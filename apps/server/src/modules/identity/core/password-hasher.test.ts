import * as argon2 from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { ARGON2_PARAMS, type Argon2Primitives, createPasswordHasher } from './password-hasher.ts';

/** Real parsing, fake hashing: each call waits for the test to release it, so concurrency can be counted. */
function createSlowFakeArgon2() {
  let running = 0;
  let maxRunning = 0;
  const verifiedAgainst: string[] = [];
  const pending: Array<() => void> = [];
  const slow = async <T>(value: T) => {
    running += 1;
    maxRunning = Math.max(maxRunning, running);
    await new Promise<void>((resolve) => pending.push(resolve));
    running -= 1;
    return value;
  };
  const realHash = argon2.hashSync('dummy-shape', { ...ARGON2_PARAMS, algorithm: 2 as argon2.Algorithm });
  const primitives: Argon2Primitives = {
    hash: () => slow(realHash),
    verify: (hashed, password) => {
      verifiedAgainst.push(hashed);
      return slow(password === 'right');
    },
    parseOptions: (hashed) => argon2.parseOptions(hashed),
  };
  return {
    primitives,
    verifiedAgainst,
    get maxRunning() {
      return maxRunning;
    },
    get running() {
      return running;
    },
    async releaseAll() {
      while (running > 0 || pending.length > 0) {
        pending.splice(0).forEach((release) => {
          release();
        });
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    realHash,
  };
}

describe('password hasher, concurrency', () => {
  it('never runs more than the limit at once and still finishes every queued request', async () => {
    const fake = createSlowFakeArgon2();
    const hasher = createPasswordHasher({ argon2: fake.primitives, maxConcurrent: 2 });
    const results = Promise.all([
      ...Array.from({ length: 6 }, () => hasher.verify(fake.realHash, 'right')),
      ...Array.from({ length: 4 }, () => hasher.hash('x')),
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(fake.running).toBe(2);
    await fake.releaseAll();
    const answers = await results;
    expect(answers.slice(0, 6)).toEqual([true, true, true, true, true, true]);
    expect(fake.maxRunning).toBe(2);
  });

  it('honours a limit of one', async () => {
    const fake = createSlowFakeArgon2();
    const hasher = createPasswordHasher({ argon2: fake.primitives, maxConcurrent: 1 });
    const results = Promise.all(Array.from({ length: 3 }, () => hasher.verify(fake.realHash, 'wrong')));
    await fake.releaseAll();
    expect(await results).toEqual([false, false, false]);
    expect(fake.maxRunning).toBe(1);
  });

  it('makes the dummy verify do a real verify against a hash with the current parameters', async () => {
    const fake = createSlowFakeArgon2();
    const hasher = createPasswordHasher({ argon2: fake.primitives });
    const result = hasher.dummyVerify('right');
    await fake.releaseAll();
    expect(await result).toBe(false);
    expect(fake.verifiedAgainst).toHaveLength(1);
    expect(argon2.parseOptions(fake.verifiedAgainst[0] ?? '')).toMatchObject(ARGON2_PARAMS);
  });
});

describe('password hasher, real Argon2id', () => {
  const hasher = createPasswordHasher();

  it('hashes with Argon2id at the chosen cost and verifies only the right password', async () => {
    const stored = await hasher.hash('correct horse battery staple');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(stored, 'correct horse battery staple')).toBe(true);
    expect(await hasher.verify(stored, 'Correct horse battery staple')).toBe(false);
    expect(await hasher.hash('same')).not.toBe(await hasher.hash('same'));
  });

  it('answers false, without throwing, for a stored value that is not an Argon2 hash', async () => {
    expect(await hasher.verify('plain-text-password', 'plain-text-password')).toBe(false);
    expect(await hasher.verify('', '')).toBe(false);
  });

  it('answers false from a dummy verify whatever the password', async () => {
    expect(await hasher.dummyVerify('anything')).toBe(false);
  });

  it('asks for a re-hash only when the stored hash is weaker than the current parameters', async () => {
    expect(hasher.needsRehash(await hasher.hash('pw'))).toBe(false);
    const weaker = await argon2.hash('pw', { memoryCost: 8_192, timeCost: 1, parallelism: 1 });
    expect(hasher.needsRehash(weaker)).toBe(true);
    const argon2i = await argon2.hash('pw', { ...ARGON2_PARAMS, algorithm: 1 as argon2.Algorithm });
    expect(hasher.needsRehash(argon2i)).toBe(true);
    expect(hasher.needsRehash('$2b$10$legacybcrypthashlegacybcrypthashlegacybcrypthash12')).toBe(true);
  });
});
