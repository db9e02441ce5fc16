import { z } from 'zod';

/** A CEP as typed: 8 digits, with or without the hyphen ('01310-100' or '01310100'). */
export const ZipQuerySchema = z.object({
  zip: z
    .string({ error: 'invalidCep' })
    .trim()
    .regex(/^\d{5}-?\d{3}$/, { error: 'invalidCep' })
    .transform((zip) => zip.replace('-', '')),
});

/** The address of a CEP (spec §7.6 getAddressByZipCode), ready to fill the form's address block. */
export const AddressByZipSchema = z.object({
  /** 8 digits. */
  cep: z.string(),
  street: z.string(),
  complement: z.string(),
  district: z.string(),
  city: z.string(),
  /** UF, e.g. 'SP'. */
  state: z.string(),
});
export type AddressByZip = z.infer<typeof AddressByZipSchema>;
