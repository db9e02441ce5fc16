import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { tiposRequerente } from './accounts.table.ts';

/** The requester types of the AET portal, in the order the registration list shows them. */
export const DEFAULT_TIPOS_REQUERENTE = [
  'Transportador',
  'Embarcador',
  'Despachante',
  'Fabricante de veículos/implementos',
  'Órgão público',
] as const;

/**
 * Required rows (the AET registration cannot work without a type), written at every start but only into an
 * empty table: administrators edit the list afterwards, and a renamed or removed type must not come back.
 * Returns whether the types were created.
 */
export async function ensureTiposRequerente(db: Db): Promise<boolean> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(tiposRequerente);
  if ((existing?.count ?? 0) > 0) return false;
  const inserted = await db
    .insert(tiposRequerente)
    .values(DEFAULT_TIPOS_REQUERENTE.map((nome, index) => ({ nome, active: true, position: index + 1 })))
    // Two instances starting together: the second one's rows conflict and are skipped.
    .onConflictDoNothing({ target: tiposRequerente.nome })
    .returning({ id: tiposRequerente.id });
  return inserted.length > 0;
}
