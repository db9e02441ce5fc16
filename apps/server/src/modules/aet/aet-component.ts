import { AET_REQUEST_COMPONENT_NAME, type ComponentDefinition } from '@der/contracts';
import { findActiveComponentByName } from '../../engine/definitions/components.repo.ts';
import type { Db } from '../../infra/db/database.ts';

/** The AET request component of the AET application (apps/definitions aet/solicitacao.ts) and its AET layout. */
export const AET_REQUEST_COMPONENT = AET_REQUEST_COMPONENT_NAME;
export const AET_PRINT_LAYOUT_ID = 1;

/** The workflow statuses of an issued AET (apps/definitions aet/emissao.ts AET_VALIDITY_STATUS_KEYS). */
export const ISSUED_STATUSES = ['emitida', 'suspensa', 'cancelada', 'expirada'] as const;
export type IssuedStatus = (typeof ISSUED_STATUSES)[number];

/**
 * The installed AET request component, as its administrators keep it; null when no AET application is
 * installed (component names are unique across applications).
 */
export function findAetRequestComponent(db: Db): Promise<ComponentDefinition | null> {
  return findActiveComponentByName(db, AET_REQUEST_COMPONENT);
}
