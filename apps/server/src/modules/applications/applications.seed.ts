import { seedDemoDefinitions } from '../../engine/definitions/demo-definitions.seed.ts';
import type { Db } from '../../infra/db/database.ts';
import type { SeedContext } from '../../seed/seed-context.ts';

/**
 * Demo step (after the groups): the three demo applications with their menus and group grants, imported from
 * their definition files (apps/definitions, through the runtime engine's importer) — ids 1 AET, 2 Faixa de
 * Domínio, 3 Gestão de Projetos on a fresh database; menu links name the components 1 (AET request), 2 (TPEU
 * request), 3 (project) and 4 (task).
 */
export async function seedDemoApplications(tx: Db, context: SeedContext): Promise<void> {
  await seedDemoDefinitions(tx, context);
}
