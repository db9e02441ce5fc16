import { assertNever } from '../../common/route.ts';
import type { PathSegment } from './definition-path.ts';
import type { FieldType } from './field-types.ts';
import { AGGREGATABLE_FIELD_TYPES, type ReportParameterType } from './report.ts';
import {
  type ComponentScope,
  checkFieldRef,
  checkIdRef,
  DATE_SYSTEM_FIELD_KEYS,
  type FieldRefOptions,
} from './validation-scope.ts';

const DATE_FIELD: FieldRefOptions = {
  types: ['DATE_TIME'],
  systemKeys: [...DATE_SYSTEM_FIELD_KEYS, 'DueDate'],
};
const USER_SYSTEM_KEYS = ['CreatorName', 'ModifierName', 'ResponsibleName', 'ProjectManager'];

/** The fields a parameter of each type may filter: its value must compare with the field's. */
function parameterFieldOptions(type: ReportParameterType): FieldRefOptions {
  switch (type) {
    case 'string':
      return { types: ['STRING'], systemKeys: ['Title', 'FormattedID', 'Reason'] };
    case 'number':
      return { types: [...AGGREGATABLE_FIELD_TYPES], systemKeys: ['ID'] };
    case 'date':
    case 'dateRange':
      return DATE_FIELD;
    case 'boolean':
      return { types: ['BOOLEAN'], systemKeys: 'none' };
    case 'picklist':
      return { types: ['PICKLIST', 'ITEM_TYPE_STATUS'], systemKeys: ['StatusName'] };
    case 'user':
      return { types: ['USERS'], systemKeys: USER_SYSTEM_KEYS };
    case 'project':
      return { types: ['PROJECT'], systemKeys: ['ProjectName'] };
    default:
      return assertNever(type);
  }
}

/** Groups hold one value per item: lists (files, several users) and long texts cannot be grouped. */
const GROUPABLE_TYPES: readonly FieldType[] = [
  'STRING',
  'INTEGER',
  'DECIMAL',
  'CURRENCY',
  'PERCENTILE',
  'DURATION',
  'BOOLEAN',
  'DATE_TIME',
  'PICKLIST',
  'ITEM_TYPE_STATUS',
  'USERS',
  'GROUPS',
  'COMPANY',
  'PROJECT',
  'ORGANIZATIONAL_STRUCTURE',
  'GENERIC_ITEM_TYPE',
];
const GROUPABLE_SYSTEM_KEYS = [
  'StatusName',
  'ProjectName',
  'CreatorName',
  'ResponsibleName',
  'ProjectManager',
];

/**
 * Reports: the saved query exists; parameters filter a field their type compares with; groups name one-value
 * fields (a month or year only of a date); aggregates other than count name a numeric, currency or duration
 * field; the table's columns exist. Every problem is reported at its path.
 */
export function checkReports(scope: ComponentScope): void {
  const { component } = scope;
  component.reports.forEach((report, index) => {
    const path: PathSegment[] = ['reports', index];
    checkIdRef(scope, 'saved query', report.queryId, component.queries, [...path, 'queryId']);
    checkIdRef(scope, 'form', report.itemFormId, component.forms, [...path, 'itemFormId']);
    report.parameters.forEach((parameter, parameterIndex) => {
      checkFieldRef(
        scope,
        parameter.field,
        [...path, 'parameters', parameterIndex, 'field'],
        parameterFieldOptions(parameter.type),
      );
    });
    report.groupBy.forEach((group, groupIndex) => {
      const groupPath = [...path, 'groupBy', groupIndex, 'field'];
      if (group.by === 'value') {
        checkFieldRef(scope, group.field, groupPath, {
          types: GROUPABLE_TYPES,
          systemKeys: GROUPABLE_SYSTEM_KEYS,
        });
      } else {
        checkFieldRef(scope, group.field, groupPath, DATE_FIELD);
      }
    });
    report.measures.forEach((measure, measureIndex) => {
      const measurePath = [...path, 'measures', measureIndex, 'field'];
      if (measure.field !== undefined) {
        checkFieldRef(scope, measure.field, measurePath, {
          types: AGGREGATABLE_FIELD_TYPES,
          systemKeys: 'none',
        });
      } else if (measure.aggregate !== 'count') {
        scope.collector.report(
          [...scope.path, ...measurePath],
          `the ${measure.aggregate} aggregate needs a field`,
        );
      }
    });
    report.columns.forEach((key, columnIndex) => {
      checkFieldRef(scope, key, [...path, 'columns', columnIndex]);
    });
  });
}
