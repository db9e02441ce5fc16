import { defineRoute } from '../common/route.ts';
import {
  EmailServerSaveBodySchema,
  EmailServerSendTestBodySchema,
  EmailServerSendTestResultSchema,
  EmailServerSettingsSchema,
} from './email-server.schemas.ts';

/** The e-mail server of the administration area (`/administration/emailServer`). */
export const adminEmailServerRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/admin/emailServer/get',
    access: 'admin',
    summary: 'SMTP settings in force (the password is never returned, only hasPassword)',
    tags: ['administration'],
    response: EmailServerSettingsSchema,
  }),
  save: defineRoute({
    method: 'POST',
    path: '/admin/emailServer/save',
    access: 'admin',
    summary: 'Saves the SMTP settings (sealed password; empty keeps it); the outbox uses them from then on',
    tags: ['administration'],
    body: EmailServerSaveBodySchema,
    response: EmailServerSettingsSchema,
  }),
  sendTest: defineRoute({
    method: 'POST',
    path: '/admin/emailServer/sendTest',
    access: 'admin',
    summary:
      'Sends the test e-mail now with the settings in force; answers ok and the SMTP reply or the error',
    tags: ['administration'],
    body: EmailServerSendTestBodySchema,
    response: EmailServerSendTestResultSchema,
  }),
};
