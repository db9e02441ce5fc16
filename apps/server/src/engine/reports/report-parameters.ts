import {
  assertNever,
  type ComponentDefinition,
  type FilterCondition,
  type ReportDefinition,
  type ReportParameter,
  type ValidationMessageKey,
} from '@der/contracts';
import { AppError } from '../../infra/http/app-error.ts';
import { fromSaoPauloWallClock } from '../excel/sao-paulo-time.ts';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MAX_TEXT = 200;

/** 400 VALIDATION_FAILED naming `parameters.<key>`: "Dados inválidos nos campos: parameters.periodo". */
export function parameterError(key: string, message: ValidationMessageKey): AppError {
  return new AppError('VALIDATION_FAILED', [{ field: `parameters.${key}`, message }]);
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** The instant a São Paulo calendar day starts ('YYYY-MM-DD'), `days` later; null for no such day. */
function dayStart(text: unknown, days = 0): string | null {
  if (typeof text !== 'string') return null;
  const match = DAY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const wall = new Date(Date.UTC(year, month - 1, day));
  if (wall.getUTCFullYear() !== year || wall.getUTCMonth() !== month - 1 || wall.getUTCDate() !== day)
    return null;
  wall.setUTCDate(wall.getUTCDate() + days);
  return fromSaoPauloWallClock(wall).toISOString();
}

/** The days [from, to] (both included, either open) as conditions on the field. */
function dayRange(parameter: ReportParameter, from: unknown, to: unknown): FilterCondition[] {
  const conditions: FilterCondition[] = [];
  if (!isBlank(from)) {
    const start = dayStart(from);
    if (start === null) throw parameterError(parameter.key, 'incorrectDate');
    conditions.push({ field: parameter.field, operator: 'gte', value: start });
  }
  if (!isBlank(to)) {
    const end = dayStart(to, 1);
    if (end === null) throw parameterError(parameter.key, 'incorrectDate');
    conditions.push({ field: parameter.field, operator: 'lt', value: end });
  }
  return conditions;
}

/** The values a picklist parameter accepts: its field's options, or the workflow's statuses. */
function choiceValues(component: ComponentDefinition, fieldKey: string): Set<string> {
  const field = component.fields.find((candidate) => candidate.key === fieldKey);
  if (field?.type === 'PICKLIST') return new Set((field.options ?? []).map((option) => option.value));
  return new Set((component.workflow?.statuses ?? []).map((status) => status.key));
}

function positiveId(parameter: ReportParameter, value: unknown): number {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0)
    throw parameterError(parameter.key, 'invalidValue');
  return id;
}

/** One parameter's value as filter conditions on its field (none when left blank and not required). */
function conditionsOf(
  component: ComponentDefinition,
  parameter: ReportParameter,
  value: unknown,
): FilterCondition[] {
  const { field, key } = parameter;
  switch (parameter.type) {
    case 'string': {
      if (typeof value !== 'string') throw parameterError(key, 'invalidValue');
      if (value.length > MAX_TEXT) throw parameterError(key, 'tooLong');
      return [{ field, operator: 'contains', value: value.trim() }];
    }
    case 'number': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number)) throw parameterError(key, 'invalidValue');
      return [{ field, operator: 'eq', value: number }];
    }
    case 'date':
      return dayRange(parameter, value, value);
    case 'dateRange': {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw parameterError(key, 'invalidValue');
      const { from, to } = value as { from?: unknown; to?: unknown };
      if (isBlank(from) && isBlank(to) && parameter.required) throw parameterError(key, 'required');
      const conditions = dayRange(parameter, from, to);
      if (!isBlank(from) && !isBlank(to) && String(from) > String(to))
        throw parameterError(key, 'invalidValue');
      return conditions;
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw parameterError(key, 'invalidValue');
      return [{ field, operator: 'eq', value }];
    case 'picklist':
      if (typeof value !== 'string' || !choiceValues(component, field).has(value))
        throw parameterError(key, 'invalidValue');
      return [{ field, operator: 'eq', value }];
    case 'user':
    case 'project':
      return [{ field, operator: 'eq', value: positiveId(parameter, value) }];
    default:
      return assertNever(parameter.type);
  }
}

/**
 * The parameters' values as filter conditions (ANDed), every value checked against its parameter: a required one
 * left blank, a value of the wrong type, a day that does not exist, an option the field does not have, or a key
 * the report does not declare is refused with 400 naming `parameters.<key>`.
 */
export function parameterConditions(
  component: ComponentDefinition,
  report: ReportDefinition,
  values: Record<string, unknown>,
): FilterCondition[] {
  const declared = new Set(report.parameters.map((parameter) => parameter.key));
  for (const key of Object.keys(values)) if (!declared.has(key)) throw parameterError(key, 'unknownField');
  return report.parameters.flatMap((parameter) => {
    const value = values[parameter.key];
    if (isBlank(value)) {
      if (parameter.required) throw parameterError(parameter.key, 'required');
      return [];
    }
    return conditionsOf(component, parameter, value);
  });
}
