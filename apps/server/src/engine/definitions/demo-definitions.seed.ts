import { DEMO_DEFINITIONS } from '@der/definitions';
import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { createAuditService } from '../../modules/audit/audit.service.ts';
import type { SeedContext } from '../../seed/seed-context.ts';
import { importApplicationDefinition } from './definition-import.ts';
import { applicationDefinitions } from './definitions.table.ts';

/**
 * Demo step: the shipped definitions of apps/definitions (AET, Faixa de Domínio, Gestão de Projetos), imported
 * in that order — on a fresh database they become applications 1, 2 and 3, with their menus and group grants.
 * A definition already installed at the same or a newer version (imported by hand before the first start
 * with demo data) is left as it is.
 */
export async function seedDemoDefinitions(tx: Db, context: SeedContext): Promise<void> {
  const audit = createAuditService({ now: context.now });
  for (const definition of DEMO_DEFINITIONS) {
    const [installed] = await tx
      .select({ version: applicationDefinitions.version })
      .from(applicationDefinitions)
      .where(eq(applicationDefinitions.key, definition.key));
    if (installed && installed.version >= definition.version) continue;
    const result = await importApplicationDefinition(tx, definition, {
      actorUserId: null,
      publicUrl: context.publicUrl,
      now: context.now(),
      audit,
    });
    context.log?.info(
      { definition: result.key, version: result.version, applicationId: result.applicationId },
      'demo application definition imported',
    );
  }
}
