import { type FieldRuleResult, OK, refuse } from './field-rule-types.ts';
import { parseRuleInstant } from './rule-values.ts';

/** An 'HH:mm' time of day (minutes since midnight) or an ISO instant (epoch ms); null if neither. */
function timePoint(value: unknown): { kind: 'time' | 'instant'; at: number } | null {
  if (typeof value !== 'string') return null;
  const time = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  if (time) return { kind: 'time', at: Number(time[1]) * 60 + Number(time[2]) };
  const instant = parseRuleInstant(value);
  return instant ? { kind: 'instant', at: instant.getTime() } : null;
}

/**
 * Spec §5 "a time-entry note must start before its end": both 'HH:mm' times of one day or both ISO instants.
 * The issue belongs to the end; unreadable or mixed values are 'invalidTime'.
 */
export function checkTimeEntryNote(note: { start: unknown; end: unknown }): FieldRuleResult {
  const start = timePoint(note.start);
  const end = timePoint(note.end);
  if (start === null || end === null || start.kind !== end.kind) return refuse('invalidTime');
  return start.at < end.at ? OK : refuse('startBeforeEnd');
}
