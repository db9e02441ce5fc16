import { bigint, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { runtimeItems } from '../../engine/items/items.table.ts';

export const PAYMENT_METHODS = ['pix', 'boleto'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * A charge created at the payment provider for an item's fee: the amount charged (the item's fee may change
 * later: a charge for another amount is not reused), what the payer needs (the PIX BR Code, or the slip's
 * linha digitável) and when the provider confirmed it.
 */
export const paymentCharges = pgTable(
  'payment_charges',
  {
    id: serial('id').primaryKey(),
    componentId: integer('component_id').notNull(),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => runtimeItems.id, { onDelete: 'cascade' }),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** The provider's id of the charge: what its webhook names. */
    providerChargeId: text('provider_charge_id').notNull().unique(),
    pixPayload: text('pix_payload'),
    boletoLine: text('boleto_line'),
    /** The fee charged: the awaiting status of its payable process (payable-processes.ts); null: the first fee. */
    stage: text('stage'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [index('payment_charges_item_idx').on(table.itemId)],
);
export type PaymentChargeRow = typeof paymentCharges.$inferSelect;

/** The provider's notifications already applied, by their event id: a replayed one is refused. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  providerChargeId: text('provider_charge_id').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
