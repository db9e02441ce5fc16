import { z } from 'zod';
import { requiredText } from '../common/fields.ts';

/** Spec §3 "Message". */
export const MessageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  messageText: z.string(),
  /** ISO instant. */
  creationDate: z.string(),
  readed: z.boolean(),
});
export type Message = z.infer<typeof MessageSchema>;

export const MessageIdsBodySchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(1000) });

/** Spec §3 "Push device": a Push API subscription. */
export const PushDeviceBodySchema = z.object({
  deviceName: z.string().trim().max(200).default(''),
  pushEndpoint: z.url({ protocol: /^https?$/ }).max(2000),
  pushP256DH: z.string().min(1).max(200),
  pushAuth: z.string().min(1).max(100),
});

export const VapidPublicKeySchema = z.object({ publicKey: z.string() });

/** An administrator's message to users and/or groups. */
export const SendMessageBodySchema = z
  .object({
    title: requiredText(200),
    messageText: requiredText(4000),
    userIds: z.array(z.number().int().positive()).default([]),
    groupIds: z.array(z.number().int().positive()).default([]),
  })
  .refine((body) => body.userIds.length + body.groupIds.length > 0, { error: 'required', path: ['userIds'] });

export const SentMessageSchema = z.object({ recipients: z.number().int() });
