import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import type { RequestSession } from '../sessions/sessions.service.ts';
import type { AuthServiceDeps, AuthShared, RequestContext } from './auth-deps.ts';

/** users/acceptTermsOfUse: only for oneself, and only a yes. */
export function createTermsAcceptance(deps: AuthServiceDeps, shared: AuthShared) {
  return async function acceptTerms(
    session: RequestSession,
    body: { accept: boolean; userId: number; browserInfo: string },
    ctx: RequestContext,
  ): Promise<void> {
    if (body.userId !== session.userId) throw new AppError('FORBIDDEN');
    if (!body.accept) throw new AppError('AUTH_TERMS_MUST_BE_ACCEPTED');
    await deps.db.transaction(async (txHandle) => {
      const tx = txHandle as unknown as Db;
      const version = await deps.terms.recordAcceptance(tx, {
        userId: session.userId,
        ip: ctx.ip,
        browserInfo: body.browserInfo,
      });
      await shared.audit(
        { action: 'auth.terms.accepted', actorUserId: session.userId, ip: ctx.ip, details: { version } },
        tx,
      );
    });
  };
}
