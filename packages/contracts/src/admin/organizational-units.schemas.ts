import { z } from 'zod';
import { requiredText } from '../common/fields.ts';

/** One unit of the organisational structure; the tree comes flat, each unit naming its parent. */
export const OrganizationalUnitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The sigla (DO, DFD …), upper-case; '' when the unit has none. */
  acronym: z.string(),
  parentId: z.number().int().nullable(),
  active: z.boolean(),
  /** Goes back on save (409 when someone else saved in between). */
  version: z.number().int(),
});
export type OrganizationalUnit = z.infer<typeof OrganizationalUnitSchema>;

/** Sigla: letters, digits and a few separators, stored upper-case. */
const ACRONYM_PATTERN = /^[A-Z0-9À-Ü./-]*$/;

/**
 * id 0 creates. The parent must exist and be neither the unit nor one of its descendants (400 naming
 * `body.parentId`); the name is unique among its siblings whatever the case (400 naming `body.name`).
 */
export const SaveOrganizationalUnitBodySchema = z.object({
  id: z.number().int().min(0),
  name: requiredText(200),
  acronym: z
    .string()
    .trim()
    .max(20, { error: 'tooLong' })
    .transform((value) => value.toLocaleUpperCase('pt-BR'))
    .refine((value) => ACRONYM_PATTERN.test(value), { error: 'invalidValue' })
    .optional()
    .default(''),
  parentId: z.number().int().positive().nullable().optional().default(null),
  active: z.boolean().optional().default(true),
  /** 0 for a new unit. */
  version: z.number().int().min(0).optional().default(0),
});
export type SaveOrganizationalUnitBody = z.input<typeof SaveOrganizationalUnitBodySchema>;

export const SaveOrganizationalUnitResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
  version: z.number().int(),
});

export const DeleteOrganizationalUnitBodySchema = z.object({ id: z.number().int().positive() });

/** How a unit is named wherever it is shown or typed (lists, choosers, spreadsheets): 'DFD — Divisão de …'. */
export function organizationalUnitLabel(unit: { name: string; acronym?: string | null }): string {
  return unit.acronym ? `${unit.acronym} — ${unit.name}` : unit.name;
}
