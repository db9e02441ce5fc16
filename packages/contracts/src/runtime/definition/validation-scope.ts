import { SYSTEM_FIELD_KEYS } from '../query/filter.ts';
import type { ComponentDefinition } from './component.ts';
import { formatDefinitionPath, type PathSegment } from './definition-path.ts';
import type { FieldDefinition } from './field.ts';
import type { FieldType } from './field-types.ts';

export interface DefinitionError {
  /** Where the problem is, e.g. `components[0].fields[3].type`. */
  path: string;
  message: string;
}

/** Collects the problems found while checking one definition. */
export interface ErrorCollector {
  errors: DefinitionError[];
  report(path: readonly PathSegment[], message: string): void;
}

export function createErrorCollector(): ErrorCollector {
  const errors: DefinitionError[] = [];
  return { errors, report: (path, message) => errors.push({ path: formatDefinitionPath(path), message }) };
}

const SYSTEM_KEYS: ReadonlySet<string> = new Set(SYSTEM_FIELD_KEYS);
export const isSystemFieldKey = (key: string) => SYSTEM_KEYS.has(key);

/** System keys holding instants, usable where a date field is expected. */
export const DATE_SYSTEM_FIELD_KEYS: readonly string[] = ['CreationDate', 'LastModify'];

/** What the checks of one component need: the component, where it is, and its fields by key. */
export interface ComponentScope {
  component: ComponentDefinition;
  path: readonly PathSegment[];
  fields: ReadonlyMap<string, FieldDefinition>;
  collector: ErrorCollector;
}

export function createComponentScope(
  component: ComponentDefinition,
  path: readonly PathSegment[],
  collector: ErrorCollector,
): ComponentScope {
  // The first field with a key wins; duplicates are reported by the field checks.
  const fields = new Map<string, FieldDefinition>();
  for (const field of component.fields) if (!fields.has(field.key)) fields.set(field.key, field);
  return { component, path, fields, collector };
}

export interface FieldRefOptions {
  /** Accepted configured types (any when absent). */
  types?: readonly FieldType[];
  /** Accepted system keys: all (default), none, or these. */
  systemKeys?: 'all' | 'none' | readonly string[];
}

/**
 * Reports `key` at `path` (relative to the component) unless it names a configured field of the component (of
 * an accepted type) or an accepted system key. Returns the configured field when there is one.
 */
export function checkFieldRef(
  scope: ComponentScope,
  key: string,
  path: readonly PathSegment[],
  options: FieldRefOptions = {},
): FieldDefinition | undefined {
  const fullPath = [...scope.path, ...path];
  const field = scope.fields.get(key);
  if (field) {
    if (options.types && !options.types.includes(field.type)) {
      scope.collector.report(
        fullPath,
        `field '${key}' is ${field.type}; expected ${options.types.join(' or ')}`,
      );
    }
    return field;
  }
  const systemKeys = options.systemKeys ?? 'all';
  if (isSystemFieldKey(key)) {
    if (systemKeys === 'all' || (systemKeys !== 'none' && systemKeys.includes(key))) return undefined;
    scope.collector.report(fullPath, `system field '${key}' cannot be used here`);
    return undefined;
  }
  scope.collector.report(fullPath, `unknown field '${key}' in component '${scope.component.name}'`);
  return undefined;
}

/** Reports an id at `path` when it is not among `known`. */
export function checkIdRef(
  scope: ComponentScope,
  what: string,
  id: number | undefined,
  known: ReadonlyArray<{ id: number }>,
  path: readonly PathSegment[],
): void {
  if (id === undefined || known.some((entry) => entry.id === id)) return;
  scope.collector.report(
    [...scope.path, ...path],
    `unknown ${what} ${id} in component '${scope.component.name}'`,
  );
}
