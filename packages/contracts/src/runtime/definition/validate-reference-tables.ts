import { referencedTableKeys } from '../rules/rule-functions.ts';
import type { ApplicationDefinition } from './application.ts';
import type { ErrorCollector } from './validation-scope.ts';

/**
 * Every `$table('key')` of a component (rules, forms' indicators, workflow) or an operation names a reference
 * table of the definition: caught at import rather than as a rule that fails closed on every save.
 */
export function checkReferenceTableUses(definition: ApplicationDefinition, collector: ErrorCollector): void {
  const known = new Set(definition.referenceTables.map((table) => table.key));
  const check = (part: unknown, path: Array<string | number>) => {
    for (const key of referencedTableKeys(part))
      if (!known.has(key))
        collector.report(path, `$table('${key}'): the definition has no reference table '${key}'`);
  };
  definition.components.forEach((component, index) => {
    check(component, ['components', index]);
  });
  definition.operations.forEach((operation, index) => {
    check(operation, ['operations', index]);
  });
}
