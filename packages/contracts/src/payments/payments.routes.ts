import { z } from 'zod';
import { defineRoute } from '../common/route.ts';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** An item whose fee is paid through the payment provider (an AET or TPEU request). */
export const PayableItemRefSchema = z.object({ componentId: id, itemId: id });

export const PaymentChargeSchema = z.object({
  method: z.enum(['pix', 'boleto']),
  amount: z.number(),
  /** The PIX "copia e cola" (BR Code) and its QR as a PNG data URL. */
  pixPayload: z.string().nullable(),
  pixQrDataUrl: z.string().nullable(),
  /** The bank slip's linha digitável. */
  boletoLine: z.string().nullable(),
  paid: z.boolean(),
});
export type PaymentCharge = z.infer<typeof PaymentChargeSchema>;

export const PaymentStateSchema = z.object({
  /** false: no provider is configured; an analyst confirms payments by hand. */
  providerConfigured: z.boolean(),
  awaitingPayment: z.boolean(),
  /** The fee the item owes now (its amount field), shown before any charge exists; null while none is fixed. */
  amount: z.number().nullable(),
  charge: PaymentChargeSchema.nullable(),
});
export type PaymentState = z.infer<typeof PaymentStateSchema>;

/** Payment of an item's fee: its charge (PIX or slip) at the payment provider. */
export const paymentRoutes = {
  paymentState: defineRoute({
    method: 'GET',
    path: '/payments/state',
    access: 'session',
    summary:
      "The item's current charge and whether a payment provider is configured (an item of a process without a fee: nothing owed)",
    tags: ['payments'],
    querystring: PayableItemRefSchema,
    response: PaymentStateSchema,
  }),
  createCharge: defineRoute({
    method: 'POST',
    path: '/payments/charge',
    access: 'session',
    summary:
      "Charges the item's fee by PIX or bank slip at the provider (the same charge again while it stands)",
    tags: ['payments'],
    body: PayableItemRefSchema.extend({ method: z.enum(['pix', 'boleto']) }),
    response: PaymentChargeSchema,
  }),
};
