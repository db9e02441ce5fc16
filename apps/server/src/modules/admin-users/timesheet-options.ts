import { AUTO_TIMESHEET_TYPES, type Language, TIMESHEET_TYPES } from '@der/contracts';

const TIMESHEET_LABELS: Record<(typeof TIMESHEET_TYPES)[number], Record<Language, string>> = {
  '0': { 'pt-BR': 'Padrão', en: 'Default' },
  '1': { 'pt-BR': 'Apontamento em tarefa e atividade', en: 'Entry in task and activity' },
  '2': { 'pt-BR': 'Somente atividade', en: 'Activity only' },
  '3': { 'pt-BR': 'Somente tarefa', en: 'Task only' },
  '4': { 'pt-BR': 'Sem apontamento manual', en: 'No manual entry' },
};
const AUTO_TIMESHEET_LABELS: Record<(typeof AUTO_TIMESHEET_TYPES)[number], Record<Language, string>> = {
  '0': { 'pt-BR': 'Não se aplica', en: 'Not applicable' },
  '1': { 'pt-BR': 'Apontamento automático', en: 'Automatic note' },
  '2': { 'pt-BR': 'Apontamento manual', en: 'Manual note' },
};

/** The timesheet choices of the user form, in the caller's language. */
export function timesheetOptions(language: Language) {
  return {
    timesheetTypes: TIMESHEET_TYPES.map((value) => ({ value, text: TIMESHEET_LABELS[value][language] })),
    autoTimesheetTypes: AUTO_TIMESHEET_TYPES.map((value) => ({
      value,
      text: AUTO_TIMESHEET_LABELS[value][language],
    })),
  };
}

/** The stored value when it is one of the options, else the first (default) option. */
export function asOption<T extends string>(options: readonly T[], value: string): T {
  return (options as readonly string[]).includes(value) ? (value as T) : options[0]!;
}
