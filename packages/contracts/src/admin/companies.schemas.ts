import { z } from 'zod';
import { CnpjSchema, optionalText, requiredText } from '../common/fields.ts';
import { AdditionalFieldValuesSchema } from './additional-fields.schemas.ts';

/** A row of the companies list. `cnpj` is normalised (14 characters, alphanumeric-ready, no punctuation). */
export const CompanyRowSchema = z.object({
  id: z.number().int(),
  cnpj: z.string(),
  name: z.string(),
  tradeName: z.string(),
  userCount: z.number().int(),
});
export type CompanyRow = z.infer<typeof CompanyRowSchema>;

export const CompanyIdQuerySchema = z.object({ CompanyId: z.coerce.number().int().positive() });

export const CompanyUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  login: z.string(),
  active: z.boolean(),
});
export type CompanyUser = z.infer<typeof CompanyUserSchema>;

/** A company with its users (users.company_id); `version` goes back on save. */
export const CompanySchema = z.object({
  id: z.number().int(),
  cnpj: z.string(),
  name: z.string(),
  tradeName: z.string(),
  users: z.array(CompanyUserSchema),
  /** Values of the administrator-defined fields of entity 'company' (inactive fields' values included). */
  additionalFields: AdditionalFieldValuesSchema,
  version: z.number().int(),
});
export type Company = z.infer<typeof CompanySchema>;

/** id 0 creates. CNPJ is validated (check digits, alphanumeric format) and unique (409). */
export const SaveCompanyBodySchema = z.object({
  id: z.number().int().min(0),
  cnpj: CnpjSchema,
  name: requiredText(200),
  tradeName: optionalText(200),
  /** Checked by the server against the active 'company' definitions (400 names `body.additionalFields.<name>`). */
  additionalFields: AdditionalFieldValuesSchema.optional().default({}),
  /** 0 for a new company. */
  version: z.number().int().min(0).optional().default(0),
});
export type SaveCompanyBody = z.input<typeof SaveCompanyBodySchema>;

export const SaveCompanyResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
  version: z.number().int(),
});
