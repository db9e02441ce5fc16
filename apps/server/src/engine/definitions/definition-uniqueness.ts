import type { ApplicationDefinition, DefinitionIssue } from '@der/contracts';
import { ne } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { applicationDefinitions } from './definitions.table.ts';

/**
 * The parts with author-chosen ids that routes name without their component (`kanban/{viewID}`,
 * `report/{reportID}` …): like component ids they are unique across the platform, so one application's ids
 * may not reuse another's. (validateApplicationDefinition checks them within one document.)
 */
const ID_LISTS = {
  forms: 'form',
  listViews: 'list view',
  queries: 'saved query',
  kanbanViews: 'kanban view',
  scheduleViews: 'schedule view',
  calendarViews: 'calendar view',
  printLayouts: 'print layout',
  reports: 'report',
} as const;
type IdList = keyof typeof ID_LISTS;

/** The ids of every part of the other installed applications, by list, with the application that owns each. */
async function idsOfOtherApplications(tx: Db, key: string): Promise<Map<string, string>> {
  const others = await tx
    .select({ document: applicationDefinitions.document })
    .from(applicationDefinitions)
    .where(ne(applicationDefinitions.key, key));
  const owners = new Map<string, string>();
  for (const { document } of others) {
    for (const component of document.components) {
      for (const list of Object.keys(ID_LISTS) as IdList[]) {
        for (const entry of component[list] ?? []) owners.set(`${list}:${entry.id}`, document.name);
      }
    }
  }
  return owners;
}

/** Problems of a definition whose form, view, query, print layout or report ids belong to another application. */
export async function partIdClashes(tx: Db, definition: ApplicationDefinition): Promise<DefinitionIssue[]> {
  const owners = await idsOfOtherApplications(tx, definition.key);
  const issues: DefinitionIssue[] = [];
  definition.components.forEach((component, componentIndex) => {
    for (const [list, label] of Object.entries(ID_LISTS) as Array<[IdList, string]>) {
      component[list].forEach((entry, index) => {
        const owner = owners.get(`${list}:${entry.id}`);
        if (owner)
          issues.push({
            path: `components[${componentIndex}].${list}[${index}].id`,
            message: `${label} id ${entry.id} belongs to the application "${owner}"`,
          });
      });
    }
  });
  return issues;
}
