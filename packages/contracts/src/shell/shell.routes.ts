import { z } from 'zod';
import { defineRoute } from '../common/route.ts';
import { LoggedUserSchema, SuccessSchema } from '../identity/users.schemas.ts';
import { AppIdQuerySchema, ApplicationMenuSchema, ApplicationSchema } from './applications.schemas.ts';
import {
  MessageIdsBodySchema,
  MessageSchema,
  PushDeviceBodySchema,
  SendMessageBodySchema,
  SentMessageSchema,
  VapidPublicKeySchema,
} from './messages.schemas.ts';
import { UpdateProfileBodySchema } from './profile.schemas.ts';

/** Spec §7.3: the applications the user may open, and an application's menu. */
export const applicationRoutes = {
  getAllowedApplications: defineRoute({
    method: 'GET',
    path: '/application/getAllowedApplications',
    access: 'session',
    summary: 'The applications the signed-in user may open',
    tags: ['applications'],
    response: z.array(ApplicationSchema),
  }),
  getApplicationMenu: defineRoute({
    method: 'POST',
    path: '/application/getApplicationMenu',
    access: 'session',
    summary: 'The menu tree and the application, as a pair; refused for an application not granted',
    tags: ['applications'],
    querystring: AppIdQuerySchema,
    response: ApplicationMenuSchema,
  }),
};

/** Spec §7.5: the caller's own messages and push devices. */
export const messageRoutes = {
  getMessages: defineRoute({
    method: 'GET',
    path: '/message/getMessages',
    access: 'session',
    summary: "The caller's messages, newest first",
    tags: ['messages'],
    response: z.array(MessageSchema),
  }),
  getVapidPublicKey: defineRoute({
    method: 'GET',
    path: '/message/getVapidPublicKey',
    access: 'session',
    summary: 'The VAPID public key for push subscriptions',
    tags: ['messages'],
    response: VapidPublicKeySchema,
  }),
  createDevice: defineRoute({
    method: 'POST',
    path: '/message/createDevice',
    access: 'session',
    summary: "Registers a push subscription of the caller's browser",
    tags: ['messages'],
    body: PushDeviceBodySchema,
    response: SuccessSchema,
  }),
  setReaded: defineRoute({
    method: 'POST',
    path: '/message/setReaded',
    access: 'session',
    summary: 'Marks messages read',
    tags: ['messages'],
    body: MessageIdsBodySchema,
    response: SuccessSchema,
  }),
  delete: defineRoute({
    method: 'POST',
    path: '/message/delete',
    access: 'session',
    summary: 'Deletes messages',
    tags: ['messages'],
    body: MessageIdsBodySchema,
    response: SuccessSchema,
  }),
  deleteAllMessages: defineRoute({
    method: 'POST',
    path: '/message/deleteAllMessages',
    access: 'session',
    summary: "Deletes all the caller's messages",
    tags: ['messages'],
    response: SuccessSchema,
  }),
  setAllReaded: defineRoute({
    method: 'POST',
    path: '/message/setAllReaded',
    access: 'session',
    summary: "Marks all the caller's messages read",
    tags: ['messages'],
    response: SuccessSchema,
  }),
  sendMessage: defineRoute({
    method: 'POST',
    path: '/message/sendMessage',
    access: 'admin',
    summary: 'An administrator sends a message to users and groups',
    tags: ['messages'],
    body: SendMessageBodySchema,
    response: SentMessageSchema,
  }),
};

export const profileRoutes = {
  updateProfile: defineRoute({
    method: 'POST',
    path: '/users/updateProfile',
    access: 'session',
    summary: "Updates the signed-in user's name, e-mail and avatar",
    tags: ['identity'],
    body: UpdateProfileBodySchema,
    response: LoggedUserSchema,
  }),
};
