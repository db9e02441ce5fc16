import type { Language } from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { readablePassword } from '../auth/readable-password.ts';
import type { AdminUsersDeps } from './admin-users-deps.ts';

/** A temporary password, already expired (the next login goes through the change dialog), e-mailed. */
export async function issueTemporaryPassword(
  deps: Pick<AdminUsersDeps, 'repo' | 'hasher' | 'outbox' | 'platformBrand' | 'publicUrl' | 'now'>,
  tx: Db,
  user: { id: number; name: string; login: string; email: string },
  language: Language,
): Promise<void> {
  const newPassword = readablePassword();
  const passwordHash = await deps.hasher.hash(newPassword);
  await deps.repo.setExpiredPassword(tx, user.id, passwordHash, deps.now());
  await deps.outbox.enqueueEmail(
    tx,
    {
      to: user.email,
      template: 'newPassword',
      language,
      data: {
        platformName: await deps.platformBrand(),
        publicUrl: deps.publicUrl,
        name: user.name,
        login: user.login,
        newPassword,
      },
    },
    { sensitive: true },
  );
}
