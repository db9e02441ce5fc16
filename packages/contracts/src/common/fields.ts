import { z } from 'zod';
import { isValidCnpj, normalizeCnpj } from './br-documents.ts';

/** E-mail of spec §5: a basic address pattern with a 2–4 letter top-level domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[a-zA-Z]{2,4}$/;

/** A required text: trimmed, and empty counts as missing ('Obrigatório'). */
export const requiredText = (max = 200) =>
  z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });

export const optionalText = (max = 200) =>
  z.string().trim().max(max, { error: 'tooLong' }).optional().default('');

export const EmailSchema = requiredText(254)
  .transform((value) => value.toLowerCase())
  .refine((value) => EMAIL_PATTERN.test(value), { error: 'invalidEmail' });

export const CnpjSchema = requiredText(20)
  .refine(isValidCnpj, { error: 'invalidCnpj' })
  .transform(normalizeCnpj);
