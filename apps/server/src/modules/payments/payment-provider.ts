import { z } from 'zod';
import { AppError } from '../../infra/http/app-error.ts';
import type { PaymentMethod } from './payments.table.ts';
import { SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from './webhook-signature.ts';

/** Where the payment provider is and the secret shared with it (PAYMENT_PROVIDER_URL, PAYMENT_WEBHOOK_SECRET). */
export interface PaymentProviderSettings {
  url: string;
  secret: string;
}

/** The provider's answer to a new charge: its id, and the PIX key and txid or the slip's line. */
const CreatedChargeSchema = z.object({
  id: z.string().min(1).max(100),
  pix: z.object({ key: z.string().min(1).max(77), txid: z.string().min(1).max(25) }).optional(),
  boleto: z.object({ linhaDigitavel: z.string().regex(/^[\d. ]{47,60}$/) }).optional(),
});
export type CreatedCharge = z.infer<typeof CreatedChargeSchema>;

export interface ChargeRequest {
  /** Our reference of the charge (the item's protocol number): the provider echoes it on the slip/PIX. */
  reference: string;
  amount: number;
  method: PaymentMethod;
  description: string;
  /** Where the provider notifies the payment. */
  callbackUrl: string;
}

/** The payment provider's HTTP interface: POST {url}/charges, signed the way its notifications are. */
export interface PaymentProvider {
  createCharge(request: ChargeRequest): Promise<CreatedCharge>;
}

export function httpPaymentProvider(
  settings: PaymentProviderSettings,
  now: () => Date,
  fetchImpl: typeof fetch = fetch,
): PaymentProvider {
  return {
    async createCharge(request) {
      const body = JSON.stringify(request);
      const timestamp = Math.floor(now().getTime() / 1000);
      let answer: unknown;
      try {
        const response = await fetchImpl(`${settings.url.replace(/\/+$/, '')}/charges`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [TIMESTAMP_HEADER]: String(timestamp),
            [SIGNATURE_HEADER]: signWebhook(settings.secret, timestamp, body),
          },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`provider answered ${response.status}`);
        answer = await response.json();
      } catch (error) {
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', undefined, { cause: error });
      }
      const parsed = CreatedChargeSchema.safeParse(answer);
      if (!parsed.success || (request.method === 'pix' ? !parsed.data.pix : !parsed.data.boleto))
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', undefined, {
          cause: new Error('provider answered an unexpected charge'),
        });
      return parsed.data;
    },
  };
}
