import type { ComponentDefinition } from './component.ts';
import { storageKindOfType } from './field-type-registry.ts';
import type { FieldType } from './field-types.ts';
import type { ComponentScope } from './validation-scope.ts';

const isNumericFieldType = (type: FieldType) => storageKindOfType(type, false) === 'number';

/** Aggregates that add or compare numbers: the looked-up field must be numeric. */
const NUMERIC_AGGREGATES = new Set(['sum', 'min', 'max']);
/** Aggregates that count: a number whatever the source field's type. */
const COUNTING_AGGREGATES = new Set(['count', 'countFilled']);

/**
 * A lookup field reads a GENERIC_ITEM_TYPE field of its own component, and a field of the component that
 * field references (when that component is in the same definition: one elsewhere is checked at import).
 * sum/min/max need a numeric field on both sides, count a numeric field here.
 */
export function checkLookups(
  scope: ComponentScope,
  componentsById: ReadonlyMap<number, ComponentDefinition>,
): void {
  scope.component.fields.forEach((field, index) => {
    const lookup = field.lookup;
    if (!lookup) return;
    const path = [...scope.path, 'fields', index, 'lookup'];
    const reference = scope.component.fields.find((candidate) => candidate.key === lookup.reference);
    if (reference?.type !== 'GENERIC_ITEM_TYPE') {
      scope.collector.report(
        [...path, 'reference'],
        `'${lookup.reference}' is not a GENERIC_ITEM_TYPE field of the component`,
      );
      return;
    }
    if (reference.lookup)
      scope.collector.report([...path, 'reference'], 'a lookup cannot read another lookup');
    const needsNumber = NUMERIC_AGGREGATES.has(lookup.aggregate) || COUNTING_AGGREGATES.has(lookup.aggregate);
    if (needsNumber && !isNumericFieldType(field.type))
      scope.collector.report(
        [...path, 'aggregate'],
        `'${lookup.aggregate}' gives a number: the field must be numeric`,
      );
    const target = componentsById.get(reference.targetComponentId ?? 0);
    if (!target) return;
    const source = target.fields.find((candidate) => candidate.key === lookup.field);
    if (!source) {
      scope.collector.report([...path, 'field'], `no field '${lookup.field}' in component ${target.id}`);
      return;
    }
    if (NUMERIC_AGGREGATES.has(lookup.aggregate) && !isNumericFieldType(source.type))
      scope.collector.report(
        [...path, 'field'],
        `'${lookup.aggregate}' needs a numeric field, '${source.key}' is ${source.type}`,
      );
  });
}
