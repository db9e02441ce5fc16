import { formatValidationMessage, type Language, type LoggedUser } from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { uniqueViolation } from '../../infra/db/unique-violation.ts';
import { AppError } from '../../infra/http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { AVATAR_MAX_BYTES, AVATAR_MAX_PIXELS, checkAvatar } from './avatar.ts';
import type { ProfileRepo } from './profile.repo.ts';

export interface ProfileInput {
  name: string;
  /** Already trimmed and lower-cased by the contract. */
  email: string;
  /** A data:image URL, or '' for no picture. */
  avatar: string;
}

export function createProfileService(deps: {
  db: Db;
  repo: ProfileRepo;
  audit: AuditService;
  now: () => Date;
}) {
  const { db, repo } = deps;

  function avatarOrThrow(avatar: string, language: Language): string {
    if (avatar === '') return '';
    const checked = checkAvatar(avatar);
    if (checked.ok) return checked.dataUrl;
    const message =
      checked.reason === 'too-large'
        ? formatValidationMessage('avatarTooLarge', language, {
            maxKb: AVATAR_MAX_BYTES / 1024,
            maxPx: AVATAR_MAX_PIXELS,
          })
        : formatValidationMessage('avatarInvalid', language);
    throw new AppError('VALIDATION_FAILED', [{ field: 'body.avatar', message }]);
  }

  return {
    async updateProfile(
      userId: number,
      input: ProfileInput,
      meta: { ip: string; language: Language },
    ): Promise<LoggedUser> {
      const avatar = avatarOrThrow(input.avatar, meta.language);
      try {
        return await db.transaction(async (tx) => {
          const user = await repo.findUser(tx, userId);
          if (!user) throw new AppError('UNAUTHENTICATED');
          const emailChanged = user.email.toLowerCase() !== input.email;
          if (emailChanged && (await repo.isEmailTaken(tx, input.email, userId))) {
            throw new AppError('ACCOUNT_DUPLICATE_EMAIL');
          }
          // Permissionários and requerentes sign in with their e-mail: the login follows it.
          const loginFollowsEmail =
            user.kind !== 'staff' && user.login.toLowerCase() === user.email.toLowerCase();
          const updated = await repo.update(tx, userId, {
            name: input.name,
            email: input.email,
            avatar,
            ...(loginFollowsEmail ? { login: input.email } : {}),
            updatedAt: deps.now(),
          });
          if (!updated) throw new AppError('UNAUTHENTICATED');
          await deps.audit.append(tx, {
            action: 'account.profile.updated',
            actorUserId: userId,
            ip: meta.ip,
            target: `user:${userId}`,
            // Which fields changed, never their values (personal data).
            details: { emailChanged, loginChanged: loginFollowsEmail && emailChanged },
          });
          return updated;
        });
      } catch (error) {
        // Two accounts taking the same address at the same moment: the unique index decides.
        const constraint = uniqueViolation(error);
        if (constraint === 'users_email_unique' || constraint === 'users_login_unique') {
          throw new AppError('ACCOUNT_DUPLICATE_EMAIL');
        }
        throw error;
      }
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
