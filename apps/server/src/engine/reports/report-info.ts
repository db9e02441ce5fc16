import {
  type ColumnDefinition,
  type ComponentDefinition,
  fieldTypeTraits,
  type Language,
  localize,
  type ReportChoice,
  type ReportInfo,
  type ReportMeasure,
  type ReportMeasureInfo,
  type ReportNumberFormat,
  type ReportParameter,
} from '@der/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { runtimeItems } from '../items/items.table.ts';
import { isProjectItem } from '../projects/item-access.ts';
import { type ItemViewer, visibleItemCondition } from '../query/item-visibility.ts';
import { listColumns, picklistItems, statusItems } from '../query/list-columns.ts';
import type { ReportSource } from './report-source.ts';
import { AGGREGATE_TEXTS, REPORT_TEXTS } from './report-texts.ts';

/** Most choices a user or project parameter offers. */
const MAX_CHOICES = 500;

function columnHeader(columns: readonly ColumnDefinition[], name: string): string {
  return columns.find((column) => column.name === name)?.header ?? name;
}

/** How a measure's numbers read: counts are whole, an average of whole numbers is not. */
function measureFormat(component: ComponentDefinition, measure: ReportMeasure): ReportNumberFormat {
  if (measure.aggregate === 'count' || measure.field === undefined) return 'integer';
  const field = component.fields.find((candidate) => candidate.key === measure.field);
  const format = field ? (fieldTypeTraits(field.type).number ?? 'decimal') : 'decimal';
  return measure.aggregate === 'avg' && format === 'integer' ? 'decimal' : format;
}

export function measureInfo(
  component: ComponentDefinition,
  measure: ReportMeasure,
  columns: readonly ColumnDefinition[],
  language: Language,
): ReportMeasureInfo {
  const label =
    measure.label !== undefined
      ? localize(measure.label, language)
      : measure.aggregate === 'count' || measure.field === undefined
        ? REPORT_TEXTS[language].count
        : `${AGGREGATE_TEXTS[language][measure.aggregate]} ${columnHeader(columns, measure.field)}`;
  return { aggregate: measure.aggregate, label, format: measureFormat(component, measure) };
}

/** The choices of a picklist, user or project parameter (null for the types typed in). */
async function choicesOf(
  db: Db,
  viewer: ItemViewer,
  component: ComponentDefinition,
  parameter: ReportParameter,
  language: Language,
): Promise<ReportChoice[] | null> {
  switch (parameter.type) {
    case 'picklist': {
      const field = component.fields.find((candidate) => candidate.key === parameter.field);
      const items =
        field?.type === 'PICKLIST' ? picklistItems(field, language) : statusItems(component, language);
      return items.map((item) => ({ value: item.value, label: item.text }));
    }
    case 'user': {
      const rows = await db
        .select({ value: users.id, label: users.name })
        .from(users)
        .where(and(eq(users.kind, 'staff'), eq(users.activated, true), eq(users.disabled, false)))
        .orderBy(asc(users.name))
        .limit(MAX_CHOICES);
      return rows;
    }
    case 'project': {
      // Only projects the viewer sees: a project's title is no business of someone outside it.
      const rows = await db
        .select({ value: runtimeItems.id, label: runtimeItems.title })
        .from(runtimeItems)
        .where(and(isProjectItem, visibleItemCondition(viewer)))
        .orderBy(desc(runtimeItems.id))
        .limit(MAX_CHOICES);
      return rows;
    }
    case 'string':
    case 'number':
    case 'date':
    case 'dateRange':
    case 'boolean':
      return null;
  }
}

/** getReport: the report as the viewer's parameters form, chart and table need it, in their language. */
export async function reportInfo(
  db: Db,
  viewer: ItemViewer,
  source: ReportSource,
  language: Language,
): Promise<ReportInfo> {
  const { report, component } = source;
  const { definition } = component;
  const columns = listColumns(definition, language);
  return {
    id: report.id,
    name: localize(report.name, language),
    description: report.description ? localize(report.description, language) : null,
    componentId: definition.id,
    applicationId: component.applicationId,
    parameters: await Promise.all(
      report.parameters.map(async (parameter) => ({
        key: parameter.key,
        label: localize(parameter.label, language),
        type: parameter.type,
        required: parameter.required,
        choices: await choicesOf(db, viewer, definition, parameter, language),
      })),
    ),
    groups: report.groupBy.map((group) => ({ label: columnHeader(columns, group.field), by: group.by })),
    measures: report.measures.map((measure) => measureInfo(definition, measure, columns, language)),
    chart: report.chart,
    columns: report.columns
      .map((name) => columns.find((column) => column.name === name))
      .filter((c) => c !== undefined),
    itemFormId: report.itemFormId ?? null,
  };
}
