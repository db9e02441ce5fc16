import type { ComponentDefinition } from '@der/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import { runtimeComponents } from '../../engine/definitions/definitions.table.ts';
import { valuesOfItem } from '../../engine/forms/form-items.ts';
import type { ItemActor } from '../../engine/items/item-actor.ts';
import { lockItemForSave } from '../../engine/items/locked-item.ts';
import { saveItem } from '../../engine/items/save-item.ts';
import { type SystemAccount, systemAccountActor } from '../../engine/workflow/system-account.ts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { pixPayload } from './br-code.ts';
import {
  chargeIsFor,
  isPayableComponent,
  type PayableProcess,
  payableProcessOf,
} from './payable-processes.ts';
import { httpPaymentProvider, type PaymentProvider } from './payment-provider.ts';
import {
  type PaymentChargeRow,
  type PaymentMethod,
  paymentCharges,
  paymentWebhookEvents,
} from './payments.table.ts';
import {
  PAYMENT_WEBHOOK_PATH,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifyWebhook,
} from './webhook-signature.ts';

/** The account a provider's confirmation is recorded under in the item's history. */
export const PAYMENTS_ACCOUNT: SystemAccount = {
  login: 'pagamentos',
  name: 'Sistema (provedor de pagamento)',
};

export interface PaymentsDeps {
  db: Db;
  now: () => Date;
  /** null: no provider configured (payments are confirmed by an analyst only). */
  provider: { client: PaymentProvider; secret: string } | null;
  merchant: { name: string; city: string };
  /** Where the provider posts its notifications. */
  webhookUrl: string;
}

/** What the payer sees: the charge's method, amount and the PIX payload with its QR, or the slip's line. */
export interface ChargeView {
  method: PaymentMethod;
  amount: number;
  pixPayload: string | null;
  pixQrDataUrl: string | null;
  boletoLine: string | null;
  paid: boolean;
}

export interface PaymentState {
  providerConfigured: boolean;
  awaitingPayment: boolean;
  /** The fee owed now: the payer sees it before choosing PIX or slip. */
  amount: number | null;
  charge: ChargeView | null;
}

/** The provider's notification: the event (its id refuses a replay), the charge and what happened to it. */
const WebhookBodySchema = z.object({
  eventId: z.string().min(8).max(100),
  chargeId: z.string().min(1).max(100),
  status: z.literal('paid'),
});

async function componentById(db: Db, componentId: number): Promise<ComponentDefinition | null> {
  const [row] = await db
    .select({ definition: runtimeComponents.definition })
    .from(runtimeComponents)
    .where(and(eq(runtimeComponents.id, componentId), isNull(runtimeComponents.removedAt)))
    .limit(1);
  return row?.definition ?? null;
}

async function viewOf(charge: PaymentChargeRow): Promise<ChargeView> {
  return {
    method: charge.method,
    amount: Number(charge.amount),
    pixPayload: charge.pixPayload,
    pixQrDataUrl: charge.pixPayload
      ? await QRCode.toDataURL(charge.pixPayload, { errorCorrectionLevel: 'M', margin: 2, width: 280 })
      : null,
    boletoLine: charge.boletoLine,
    paid: charge.paidAt !== null,
  };
}

export function createPaymentsService(deps: PaymentsDeps) {
  const { db } = deps;

  /** The item as the actor may see it, with its payable process; 404 alike for unknown and not visible. */
  async function payableItem(
    tx: Db,
    actor: ItemActor,
    componentId: number,
    itemId: number,
    // The component when the caller read it already (state reads it first to answer 'nothing owed').
    known?: ComponentDefinition | null,
  ) {
    const component = known === undefined ? await componentById(tx, componentId) : known;
    const payable = component !== null && isPayableComponent(component.name);
    const locked = payable ? await lockItemForSave(tx, actor, componentId, itemId) : null;
    const process = component && locked ? payableProcessOf(component.name, locked.item.status) : undefined;
    if (!component || !process || !locked) throw new AppError('NOT_FOUND');
    const amount = valuesOfItem(locked.item)[process.amountField];
    return {
      component,
      process,
      item: locked.item,
      amount: typeof amount === 'number' ? amount : amount == null ? null : Number(amount),
    };
  }

  /**
   * The latest charge of the item for this fee and its current amount (a fee changed since is charged anew; a
   * renewal of the same amount is another fee, not the first one paid again).
   */
  async function currentCharge(
    tx: Db,
    itemId: number,
    process: PayableProcess,
    amount: number | null,
    method?: PaymentMethod,
  ) {
    if (amount === null) return null;
    const charges = await tx
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.itemId, itemId))
      .orderBy(desc(paymentCharges.id));
    return (
      charges.find(
        (charge) =>
          chargeIsFor(process, charge.stage) &&
          Number(charge.amount) === amount &&
          (method === undefined || charge.method === method),
      ) ?? null
    );
  }

  return {
    providerConfigured: deps.provider !== null,

    async state(actor: ItemActor, componentId: number, itemId: number): Promise<PaymentState> {
      // An item of a process that charges no fee owes nothing, whichever it is: the same answer for every id
      // tells nothing of the item, and the forms of such items ask without a 404 to handle.
      const component = await componentById(db, componentId);
      if (component && !isPayableComponent(component.name))
        return {
          providerConfigured: deps.provider !== null,
          awaitingPayment: false,
          amount: null,
          charge: null,
        };
      return db.transaction(async (tx) => {
        const { process, item, amount } = await payableItem(tx, actor, componentId, itemId, component);
        const charge = await currentCharge(tx, itemId, process, amount);
        return {
          providerConfigured: deps.provider !== null,
          awaitingPayment: item.status === process.awaitingStatus,
          amount,
          charge: charge ? await viewOf(charge) : null,
        };
      });
    },

    /** A charge of the item's fee by PIX or slip (the same one again while it stands), for whoever sees the item. */
    async charge(
      actor: ItemActor,
      componentId: number,
      itemId: number,
      method: PaymentMethod,
    ): Promise<ChargeView> {
      const provider = deps.provider;
      if (!provider) throw new AppError('PAYMENT_PROVIDER_NOT_CONFIGURED');
      const { process, item, amount } = await db.transaction((tx) =>
        payableItem(tx, actor, componentId, itemId),
      );
      if (item.status !== process.awaitingStatus) throw new AppError('PAYMENT_NOT_AWAITING');
      if (amount === null || !(amount > 0)) throw new AppError('PAYMENT_FEE_MISSING');
      const existing = await currentCharge(db, itemId, process, amount, method);
      if (existing) return viewOf(existing);
      // The provider is called outside any transaction: no lock is held while it answers.
      const reference = item.formattedId ?? String(item.id);
      const created = await provider.client.createCharge({
        reference,
        amount,
        method,
        description: process.description.replace('{id}', reference),
        callbackUrl: deps.webhookUrl,
      });
      const [row] = await db
        .insert(paymentCharges)
        .values({
          componentId,
          itemId,
          method,
          amount: amount.toFixed(2),
          providerChargeId: created.id,
          pixPayload: created.pix
            ? pixPayload({
                key: created.pix.key,
                txid: created.pix.txid,
                amount,
                merchantName: deps.merchant.name,
                merchantCity: deps.merchant.city,
              })
            : null,
          boletoLine: created.boleto?.linhaDigitavel ?? null,
          stage: process.awaitingStatus,
        })
        .returning();
      return viewOf(row!);
    },

    /**
     * The provider's signed notification: verified (signature, age, not seen before), then the charge marked paid
     * and the item moved on by its process's confirm action, all in one transaction. Anything refused changes
     * nothing.
     */
    async webhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<void> {
      const provider = deps.provider;
      if (!provider) throw new AppError('PAYMENT_WEBHOOK_REFUSED');
      const header = (name: string) => {
        const value = headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const now = deps.now();
      const verdict = verifyWebhook(
        provider.secret,
        { signature: header(SIGNATURE_HEADER), timestamp: header(TIMESTAMP_HEADER) },
        rawBody,
        now,
      );
      if (verdict !== 'valid') throw new AppError('PAYMENT_WEBHOOK_REFUSED');
      let body: z.infer<typeof WebhookBodySchema>;
      try {
        body = WebhookBodySchema.parse(JSON.parse(rawBody.toString('utf8')));
      } catch {
        throw new AppError('BAD_REQUEST');
      }
      await db.transaction(async (tx) => {
        const [fresh] = await tx
          .insert(paymentWebhookEvents)
          .values({ eventId: body.eventId, providerChargeId: body.chargeId, receivedAt: now })
          .onConflictDoNothing()
          .returning();
        if (!fresh) throw new AppError('PAYMENT_WEBHOOK_REFUSED');
        const [charge] = await tx
          .select()
          .from(paymentCharges)
          .where(eq(paymentCharges.providerChargeId, body.chargeId))
          .for('update');
        if (!charge) throw new AppError('NOT_FOUND');
        if (charge.paidAt) return;
        await tx.update(paymentCharges).set({ paidAt: now }).where(eq(paymentCharges.id, charge.id));
        const component = await componentById(tx, charge.componentId);
        const process = component ? payableProcessOf(component.name, charge.stage) : undefined;
        if (!component || !process) return;
        await confirmIfAwaiting(tx, component, process, charge, now);
      });
    },
  };

  /** Moves the item on as the payments account, unless an analyst confirmed it by hand already. */
  async function confirmIfAwaiting(
    tx: Db,
    component: ComponentDefinition,
    process: PayableProcess,
    charge: PaymentChargeRow,
    now: Date,
  ) {
    const actor = await systemAccountActor(tx, PAYMENTS_ACCOUNT);
    const locked = await lockItemForSave(tx, actor, component.id, charge.itemId);
    if (!locked || locked.item.status !== process.awaitingStatus) return;
    const method = charge.method === 'pix' ? 'PIX' : 'boleto';
    await saveItem(
      tx,
      actor,
      {
        componentId: component.id,
        itemId: charge.itemId,
        changes: {},
        transition: {
          action: process.confirmAction,
          reason: `Pagamento confirmado pelo provedor (${method}, cobrança ${charge.providerChargeId}, R$ ${Number(charge.amount).toFixed(2).replace('.', ',')}).`,
        },
      },
      { now, component, locked },
    );
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * The service as the configuration sets it up: with PAYMENT_PROVIDER_URL, charges at that provider; without,
 * none (said once at start, and to the analysts on each request awaiting payment), manual confirmation only.
 */
export function paymentsServiceFromConfig(
  config: Pick<AppConfig, 'payments' | 'publicUrl'>,
  db: Db,
  now: () => Date,
  warn: (message: string) => void,
  fetchImpl?: typeof fetch,
): PaymentsService {
  const { provider, merchantName, merchantCity } = config.payments;
  if (!provider)
    warn('No payment provider configured (PAYMENT_PROVIDER_URL): fees are confirmed by analysts by hand');
  return createPaymentsService({
    db,
    now,
    provider: provider
      ? { client: httpPaymentProvider(provider, now, fetchImpl), secret: provider.secret }
      : null,
    merchant: { name: merchantName, city: merchantCity },
    webhookUrl: `${config.publicUrl}${PAYMENT_WEBHOOK_PATH}`,
  });
}
