import { readFileSync } from 'node:fs';
import type { ValidationMessageKey } from '@der/contracts';

/**
 * The password rules, after NIST SP 800-63B §5.1.1.2: a minimum length and a list of passwords attackers try
 * first, and no composition rules (they push users to 'Senha@123', which every cracking list already holds).
 */
export const DEFAULT_MIN_PASSWORD_LENGTH = 8;

export type PasswordPolicyResult =
  | { ok: true }
  | { ok: false; key: Extract<ValidationMessageKey, 'passwordTooShort'>; params: { min: number } }
  | { ok: false; key: Extract<ValidationMessageKey, 'passwordTooCommon'>; params: Record<string, never> };

export interface PasswordContext {
  /** From the platform settings; DEFAULT_MIN_PASSWORD_LENGTH when not given. */
  minLength?: number;
  /** The account's login and e-mail: a password equal to them is the first thing an attacker tries. */
  login?: string | null;
  email?: string | null;
}

export function checkPassword(
  password: string,
  context: PasswordContext = {},
  commonPasswords: ReadonlySet<string> = loadCommonPasswords(),
): PasswordPolicyResult {
  const min = context.minLength ?? DEFAULT_MIN_PASSWORD_LENGTH;
  // Counted in code points, so 'ação' is 4 characters as the user sees it, not 6 UTF-8 bytes.
  if ([...password].length < min) return { ok: false, key: 'passwordTooShort', params: { min } };

  const candidate = normalize(password);
  if (
    commonPasswords.has(candidate) ||
    isOneRepeatedCharacter(candidate) ||
    matchesIdentity(candidate, context)
  ) {
    return { ok: false, key: 'passwordTooCommon', params: {} };
  }
  return { ok: true };
}

/** Case and Unicode form do not make a password less guessable: 'SENHA123' is 'senha123'. */
function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

function isOneRepeatedCharacter(candidate: string): boolean {
  return new Set(candidate).size === 1;
}

function matchesIdentity(candidate: string, context: PasswordContext): boolean {
  const identities = [context.login, context.email, context.email?.split('@')[0]]
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
    .map((value) => normalize(value.trim()));
  return identities.includes(candidate.trim());
}

let cached: ReadonlySet<string> | undefined;

/** The shipped list, read once per process (about 13,000 entries; see the file's header for its sources). */
export function loadCommonPasswords(): ReadonlySet<string> {
  cached ??= parseCommonPasswords(readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8'));
  return cached;
}

export function parseCommonPasswords(text: string): ReadonlySet<string> {
  const entries = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const entry = line.trim();
    if (entry !== '' && !entry.startsWith('#')) entries.add(normalize(entry));
  }
  return entries;
}
