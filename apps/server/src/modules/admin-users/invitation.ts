import type { Language } from '@der/contracts';
import { randomToken, sha256Hex } from '../../infra/crypto/tokens.ts';
import type { Db } from '../../infra/db/database.ts';
import { createPasswordResetRepo } from '../auth/password-reset.repo.ts';
import type { AdminUsersDeps } from './admin-users-deps.ts';

/** An invitation's link works for a week: the new user may not read the mail the day the account is made. */
export const INVITATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;

const resetLinks = createPasswordResetRepo();

/**
 * Invites the user an administrator just created: a single-use link (a password-reset token, stored hashed) to
 * the page where the owner chooses the first password. Nobody — the administrator included — ever knows a
 * password of the account before that; the e-mail is sealed in the outbox like a reset link.
 */
export async function sendInvitation(
  deps: Pick<AdminUsersDeps, 'outbox' | 'platformBrand' | 'publicUrl' | 'now'>,
  tx: Db,
  user: { id: number; name: string; login: string; email: string },
  language: Language,
): Promise<void> {
  const token = randomToken();
  const now = deps.now();
  await resetLinks.replaceToken(tx, {
    userId: user.id,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(now.getTime() + INVITATION_TOKEN_TTL_MS),
    createdAt: now,
  });
  await deps.outbox.enqueueEmail(
    tx,
    {
      to: user.email,
      template: 'invitation',
      language,
      data: {
        platformName: await deps.platformBrand(),
        publicUrl: deps.publicUrl,
        name: user.name,
        login: user.login,
        token,
        validDays: INVITATION_TOKEN_TTL_MS / (24 * 60 * 60_000),
      },
    },
    { sensitive: true },
  );
}
