import { z } from 'zod';
import { EmailSchema, requiredText } from '../common/fields.ts';

/** Spec §3 "Profile". The avatar is a data:image URL (PNG/JPEG/WebP), checked by content and size on the server. */
export const UpdateProfileBodySchema = z.object({
  name: requiredText(200),
  email: EmailSchema,
  avatar: z.string().max(3_000_000).default(''),
});
