import type { Language } from '@der/contracts';
import { AppError } from '../../infra/http/app-error.ts';

type Localized = Record<Language, string>;

/** The refusals of time entry, in both languages; `{month}` is 'MM/YYYY'. */
export const TIMESHEET_REFUSALS = {
  noteOrder: {
    'pt-BR': 'Um apontamento deve começar antes de terminar.',
    en: 'A time-entry note must start before its end.',
  },
  noteIncomplete: {
    'pt-BR': 'Informe o início e o fim do apontamento, ou só as horas.',
    en: 'Give the note both a start and an end, or the hours alone.',
  },
  minutesMissing: { 'pt-BR': 'Informe as horas apontadas.', en: 'Fill in the hours worked.' },
  monthClosed: {
    'pt-BR': 'O mês {month} está fechado para apontamentos.',
    en: 'The month {month} is closed for time entry.',
  },
  itemUnknown: {
    'pt-BR': 'Esta tarefa ou atividade não existe ou você não tem acesso a ela.',
    en: 'This task or activity does not exist or you have no access to it.',
  },
  kindNotAdmitted: {
    'pt-BR': 'O seu tipo de apontamento não admite horas neste tipo de item.',
    en: 'Your time-entry type does not admit hours on this kind of item.',
  },
  noManualEntry: {
    'pt-BR': 'O seu perfil não permite apontamento manual de horas.',
    en: 'Your profile does not allow entering hours by hand.',
  },
  dayOverfull: {
    'pt-BR': 'O dia passa de 24 horas apontadas.',
    en: 'The day exceeds 24 hours entered.',
  },
  notesOverlap: {
    'pt-BR': 'Dois apontamentos do dia se sobrepõem no horário.',
    en: 'Two notes of the day overlap in time.',
  },
  noAutomaticNotes: {
    'pt-BR': 'O seu perfil não tem apontamento automático.',
    en: 'Your profile has no automatic notes.',
  },
  futureMonth: {
    'pt-BR': 'Só se fecha um mês já iniciado.',
    en: 'Only a month already begun can be closed.',
  },
  notClosed: { 'pt-BR': 'Este mês não está fechado.', en: 'This month is not closed.' },
} as const satisfies Record<string, Localized>;

export type TimesheetRefusal = keyof typeof TIMESHEET_REFUSALS;

/** 'YYYY-MM' as 'MM/YYYY'. */
export const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** A field's refusal (400 naming it), in the caller's language. */
export function refusal(
  language: Language,
  field: string,
  reason: TimesheetRefusal,
  params: Record<string, string> = {},
): AppError {
  const message = Object.entries(params).reduce(
    (text, [key, value]) => text.replaceAll(`{${key}}`, value),
    TIMESHEET_REFUSALS[reason][language] as string,
  );
  return new AppError('VALIDATION_FAILED', [{ field, message }]);
}
