import { jwtVerify, SignJWT } from 'jose';

/**
 * Session tokens: a JWT signed with HS256 and the instance's key (see infra/crypto/app-secrets.ts). The
 * token only says who and which session; whether that session is still open is checked against the
 * database on every request, so logout and password changes take effect at once.
 */
export interface SessionClaims {
  /** The user id, as text (JWT `sub` is a string). */
  sub: string;
  /** The session id: the key of the database row that can be revoked. */
  sid: string;
  /** Issued at, seconds since the epoch: renewal looks at it (TOKEN_RENEWAL_THRESHOLD_SECONDS). */
  iat: number;
  /** Expires at, seconds since the epoch: the web app compares it with the clock (spec §4). */
  exp: number;
  iss: string;
}

export interface SessionTokenService {
  sign(subject: { userId: string | number; sessionId: string }): Promise<string>;
  /** The claims of a valid token, or null for anything else: forged, expired, foreign, malformed. */
  verify(token: string): Promise<SessionClaims | null>;
}

// Pinned: the header's `alg` is attacker-controlled, so only this one is ever accepted (no `none`, no RS256
// with the HMAC key as "public key").
const ALGORITHM = 'HS256';
// A JWT this product issues is ~250 characters; refusing much larger input spares parsing junk.
const MAX_TOKEN_LENGTH = 4096;

export function createSessionTokenService(deps: {
  key: Uint8Array;
  issuer: string;
  /** Lifetime of one token. Renewal after TOKEN_RENEWAL_THRESHOLD_SECONDS keeps active users signed in. */
  ttlSeconds: number;
  now: () => Date;
}): SessionTokenService {
  if (deps.key.byteLength < 32) throw new Error('The session signing key must be at least 32 bytes');
  if (!Number.isInteger(deps.ttlSeconds) || deps.ttlSeconds <= 0)
    throw new Error('ttlSeconds must be positive');
  const nowSeconds = () => Math.floor(deps.now().getTime() / 1000);

  return {
    async sign({ userId, sessionId }) {
      const iat = nowSeconds();
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(deps.issuer)
        .setIssuedAt(iat)
        .setExpirationTime(iat + deps.ttlSeconds)
        .sign(deps.key);
    },

    async verify(token) {
      if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
      try {
        const { payload } = await jwtVerify(token, deps.key, {
          algorithms: [ALGORITHM],
          issuer: deps.issuer,
          typ: 'JWT',
          currentDate: deps.now(),
          requiredClaims: ['sub', 'sid', 'iat', 'exp', 'iss'],
        });
        const { sub, sid, iat, exp, iss } = payload;
        if (typeof sub !== 'string' || sub === '' || typeof sid !== 'string' || sid === '') return null;
        if (typeof iat !== 'number' || typeof exp !== 'number' || typeof iss !== 'string') return null;
        // jose accepts a token "issued" in the future; a clock that far ahead means a forged or broken token.
        if (iat > nowSeconds() + 60) return null;
        return { sub, sid, iat, exp, iss };
      } catch {
        return null;
      }
    },
  };
}
