export interface JwtClaims {
  /** Expiry, seconds since the epoch. */
  exp?: number;
  /** Issued at, seconds since the epoch. */
  iat?: number;
  [claim: string]: unknown;
}

/**
 * Reads the payload of a JWT without verifying it: the browser only needs `exp` and `iat` to decide when to
 * renew or leave; the server verifies every request. Returns null for anything that is not a JWT.
 */
export function decodeJwtPayload(token: string): JwtClaims | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as JwtClaims) : null;
  } catch {
    return null;
  }
}
