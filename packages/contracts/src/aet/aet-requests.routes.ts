import { z } from 'zod';
import { defineRoute } from '../common/route.ts';

/** The AET request component's name (apps/definitions aet/solicitacao.ts), unique across applications. */
export const AET_REQUEST_COMPONENT_NAME = 'SolicitacaoAET';

/** The AET request's initial status (apps/definitions aet/solicitacao-workflow.ts): a draft not yet sent. */
export const AET_DRAFT_STATUS = 'rascunho';

/** The statuses of an issued AET that a renewal accepts (in force, suspended, expired: not a cancelled one). */
export const RENEWABLE_AET_STATUSES: readonly string[] = ['emitida', 'suspensa', 'expirada'];

/**
 * Whether renovarAet accepts the request: an issued AET (a renewable status and its number) for a period
 * (tipoAutorizacao 'periodo'; a single trip is not renewed).
 */
export function isRenewableAet(status: string | null, values: Readonly<Record<string, unknown>>): boolean {
  return (
    RENEWABLE_AET_STATUSES.includes(status ?? '') &&
    values.tipoAutorizacao === 'periodo' &&
    typeof values.numeroAet === 'string'
  );
}

/** An AET request of the caller's, by item id. */
export const AetRequestRefSchema = z.object({
  itemId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type AetRequestRef = z.input<typeof AetRequestRefSchema>;

/** The new draft: open it with the request form (componentId, itemId). */
export const AetDraftCreatedSchema = z.object({
  componentId: z.number().int(),
  itemId: z.number().int(),
  formattedId: z.string(),
});
export type AetDraftCreated = z.infer<typeof AetDraftCreatedSchema>;

/** The requerente's own AET requests (domain.md "Copy a request; renew a period AET"). */
export const aetRequestRoutes = {
  copiarSolicitacao: defineRoute({
    method: 'POST',
    path: '/aet/copiarSolicitacao',
    access: 'session',
    summary:
      "A new draft with the data of one of the caller's AET requests (no numbers, payment, issuance or status)",
    tags: ['aet'],
    body: AetRequestRefSchema,
    response: AetDraftCreatedSchema,
  }),
  renovarAet: defineRoute({
    method: 'POST',
    path: '/aet/renovarAet',
    access: 'session',
    summary: "A new draft renewing one of the caller's issued period AETs, linked to it",
    tags: ['aet'],
    body: AetRequestRefSchema,
    response: AetDraftCreatedSchema,
  }),
};
