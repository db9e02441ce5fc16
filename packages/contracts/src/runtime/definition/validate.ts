import { type ApplicationDefinition, ApplicationDefinitionSchema } from './application.ts';
import { formatDefinitionPath, type PathSegment } from './definition-path.ts';
import { checkRules, checkWorkflow } from './validate-behaviour.ts';
import { checkBoardViews, checkFields, checkForms, checkListViewsAndQueries } from './validate-component.ts';
import { checkLookups } from './validate-lookups.ts';
import { checkMenu } from './validate-menu.ts';
import { checkOperations } from './validate-operations.ts';
import { checkPrintLayouts } from './validate-print-layouts.ts';
import { checkReferenceTableUses } from './validate-reference-tables.ts';
import { checkReports } from './validate-reports.ts';
import { checkRepositories } from './validate-repositories.ts';
import {
  createComponentScope,
  createErrorCollector,
  type DefinitionError,
  type ErrorCollector,
} from './validation-scope.ts';

export type { DefinitionError } from './validation-scope.ts';

export type DefinitionValidationResult =
  | { ok: true; definition: ApplicationDefinition }
  | { ok: false; errors: DefinitionError[] };

/**
 * Validates an application definition document (parsed JSON): first its shape (zod), then the references
 * between its parts: unique ids and names, field keys named by forms, views, queries and rules, menu targets,
 * workflow statuses. Every error names the exact path, e.g. `components[0].fields[3].type`. Pure: the
 * importer, the CLI and the tests share it.
 */
export function validateApplicationDefinition(doc: unknown): DefinitionValidationResult {
  const parsed = ApplicationDefinitionSchema.safeParse(doc);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((issue) => ({
        path: formatDefinitionPath(issue.path),
        message: issue.message,
      })),
    };
  }
  const definition = parsed.data;
  const collector = createErrorCollector();
  checkUniqueIds(definition, collector);
  const operationIds = new Set(definition.operations.map((operation) => operation.id));
  const componentsById = new Map(definition.components.map((component) => [component.id, component]));
  definition.components.forEach((component, index) => {
    const scope = createComponentScope(component, ['components', index], collector);
    checkFields(scope);
    checkLookups(scope, componentsById);
    checkForms(scope);
    checkListViewsAndQueries(scope);
    checkBoardViews(scope);
    checkWorkflow(scope, operationIds);
    checkRules(scope);
    checkReports(scope);
    checkPrintLayouts(scope, componentsById);
  });
  checkOperations(definition, collector);
  checkReferenceTableUses(definition, collector);
  checkRepositories(definition, collector);
  checkMenu(definition, collector);
  return collector.errors.length === 0 ? { ok: true, definition } : { ok: false, errors: collector.errors };
}

/** The parts with ids, and how messages name them. */
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

/**
 * Component ids and names, and the ids of each kind of part, are unique in the whole definition: routes name
 * forms, queries, views and reports without their component. (Uniqueness across applications is the importer's.)
 */
function checkUniqueIds(definition: ApplicationDefinition, collector: ErrorCollector): void {
  const firstSeen = new Map<string, string>();
  const claim = (namespace: string, value: string | number, path: PathSegment[], what: string) => {
    const claimKey = `${namespace}:${value}`;
    const first = firstSeen.get(claimKey);
    if (first !== undefined)
      collector.report(path, `duplicate ${what} ${JSON.stringify(value)} (also at ${first})`);
    else firstSeen.set(claimKey, formatDefinitionPath(path));
  };
  definition.components.forEach((component, index) => {
    claim('component', component.id, ['components', index, 'id'], 'component id');
    claim('componentName', component.name, ['components', index, 'name'], 'component name');
    for (const [list, label] of Object.entries(ID_LISTS) as Array<[keyof typeof ID_LISTS, string]>) {
      component[list].forEach((entry, entryIndex) => {
        claim(list, entry.id, ['components', index, list, entryIndex, 'id'], `${label} id`);
      });
    }
  });
}
