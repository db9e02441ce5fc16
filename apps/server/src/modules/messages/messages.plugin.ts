import { messageRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../infra/auth/auth.plugin.ts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { registerRoute } from '../../infra/http/register-route.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { PushService } from '../push/push.service.ts';
import type { MessageService } from './messages.service.ts';

const SUCCESS = { success: true } as const;

/** Spec §7.5: the caller's own messages and push devices, and an administrator's message to users and groups. */
export const messagesPlugin: FastifyPluginAsync<{
  service: MessageService;
  push: PushService;
  audit: AuditService;
  db: Db;
  /** Accept http:// push endpoints (tests, a local push service); browsers' push services are https. */
  allowHttpPushEndpoints: boolean;
}> = async (app, { service, push, audit, db, allowHttpPushEndpoints }) => {
  registerRoute(app, messageRoutes.getMessages, (request) => service.listMessages(sessionOf(request).userId));

  registerRoute(app, messageRoutes.getVapidPublicKey, async () => ({
    publicKey: (await push.getVapidKeys()).publicKey,
  }));

  registerRoute(app, messageRoutes.createDevice, async (request) => {
    const { userId } = sessionOf(request);
    if (!allowHttpPushEndpoints && !request.body.pushEndpoint.startsWith('https://')) {
      // The message is a key of VALIDATION_MESSAGES: the error handler translates it.
      throw new AppError('VALIDATION_FAILED', [{ field: 'body.pushEndpoint', message: 'invalidValue' }]);
    }
    await push.upsertDevice(userId, request.body, app.now());
    return SUCCESS;
  });

  registerRoute(app, messageRoutes.setReaded, async (request) => {
    await service.markRead(sessionOf(request).userId, request.body.ids);
    return SUCCESS;
  });
  registerRoute(app, messageRoutes.setAllReaded, async (request) => {
    await service.markRead(sessionOf(request).userId, 'all');
    return SUCCESS;
  });
  registerRoute(app, messageRoutes.delete, async (request) => {
    await service.remove(sessionOf(request).userId, request.body.ids);
    return SUCCESS;
  });
  registerRoute(app, messageRoutes.deleteAllMessages, async (request) => {
    await service.remove(sessionOf(request).userId, 'all');
    return SUCCESS;
  });

  registerRoute(app, messageRoutes.sendMessage, async (request) => {
    const session = sessionOf(request);
    const { title, messageText, userIds, groupIds } = request.body;
    const sent = await db.transaction(async (tx) => {
      const result = await service.send(tx, { title, messageText, userIds, groupIds });
      await audit.append(tx, {
        action: 'admin.message.sent',
        actorUserId: session.userId,
        ip: request.ip,
        // Who it went to, not what it says.
        details: { userIds, groupIds, recipients: result.recipients.length, pushes: result.pushes },
      });
      return result;
    });
    return { recipients: sent.recipients.length };
  });
};
